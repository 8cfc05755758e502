import type { Plugin } from 'esbuild';

/** The brotli and gzip encodings of `data`, at the highest levels. */
export function compressed(data: Buffer): Promise<{ br: Buffer; gzip: Buffer }>;
export function compressPlugin(): Plugin;
