import type { Plugin } from 'esbuild';

/** The step types the surveys of a compiled bundle use. */
export function usedStepTypes(bundle: { surveys: Record<string, { audiences: Record<string, { steps: Record<string, { type: string }> }> }> }): Set<string>;
/** A kinds table's source without the imports and rows of kinds not in `used`. */
export function keepKinds(source: string, used: ReadonlySet<string>): string;
export function unusedKindsPlugin(): Plugin;
