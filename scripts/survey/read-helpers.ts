import type { YamlPath } from './load-yaml';
import type { Named } from './survey-def';

/** A YAML mapping as plain data. */
export type Block = Record<string, unknown>;

/** The value as a mapping, or undefined when it is anything else. */
export function asBlock(value: unknown): Block | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;
}

/** The value as a list; anything else reads as an empty list. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value when it is a string. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The string under `key` of a block at `path`, with the path of that value. */
export function named(block: Block, key: string, path: YamlPath): Named | undefined {
  const value = block[key];
  return typeof value === 'string' ? { name: value, path: [...path, key] } : undefined;
}

/** The compiler runs only on checked files, so a value missing there is a bug in the checker, not in the YAML. */
export function checked<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`internal error: ${what} is missing from a checked file`);
  return value;
}
