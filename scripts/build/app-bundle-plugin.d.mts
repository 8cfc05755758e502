import type { Plugin } from 'esbuild';

/** The keys of the compiled bundle the app never reads. */
export const SERVER_ONLY_KEYS: readonly string[];
/** What the server hands each customer or records, and the app never reads: the experiments and the commit. */
export const SERVER_RECORD_KEYS: readonly string[];
/** The members of a compiled survey the app never reads. */
export const SURVEY_SERVER_KEYS: readonly string[];
export function appBundlePlugin(): Plugin;
