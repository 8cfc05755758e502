import type { Plugin } from 'esbuild';

/** Each lazily loaded module (a path from the project root, or a pattern of them) and what it is only loaded after. */
export const LOADED_AFTER: { module: string | RegExp; after: string }[];
/** The source path (from the project root) of an output's entry point, wrapped by the plugin or not. */
export function entrySource(entryPoint: string | undefined): string | undefined;
export function loadedAfterPlugin(rules?: { module: string | RegExp; after: string }[]): Plugin;
