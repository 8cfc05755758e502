import type { Plugin } from 'esbuild';

/** The keys of the compiled bundle the app never reads. */
export const SERVER_ONLY_KEYS: readonly string[];
export function appBundlePlugin(): Plugin;
