import { createHash } from 'node:crypto';
import { canonicalJson, sortKeys } from '../../src/model/canonical-json';

export { canonicalJson, sortKeys };

/** Pretty, sorted JSON with a final newline, for generated files that people diff. */
export function stableJsonFile(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** A short stable hash of a value: the first 12 hex digits of the sha256 of its canonical JSON. */
export function shortHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 12);
}
