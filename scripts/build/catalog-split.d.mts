import type { Metafile } from 'esbuild';

/** The entry modules whose loaders load the later part of the catalogs with them. */
export const LATER_ENTRIES: string[];
/** The source files (paths from the project root) that only the later entries reach. */
export function laterOnlySources(metafile: Metafile, laterEntries?: string[]): string[];
