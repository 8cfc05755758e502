import type { Metafile, Plugin } from 'esbuild';

/** V8's explicit compile hint: every function of the file is compiled eagerly. */
export const COMPILE_HINT: string;
/** Outputs smaller than this (bytes) go without the hint. */
export const MIN_HINTED_BYTES: number;
/** The JavaScript outputs of a build that get the hint: large chunks of code, not catalogs. */
export function hintedOutputs(outputs: Metafile['outputs']): string[];
export function compileHintsPlugin(): Plugin;
