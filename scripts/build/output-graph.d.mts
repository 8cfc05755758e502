import type { Metafile } from 'esbuild';

/** The output files `file` imports statically, itself included, transitively: what loads with it. */
export function staticClosure(outputs: Metafile['outputs'], file: string, seen?: Set<string>): Set<string>;
