// Which source files only the screens after a survey page's first ones reach: the messages used
// nowhere else go to the later part of the app's catalogs (scripts/i18n/app-catalogs.ts), which those
// screens load with their code (src/i18n, loadLaterMessages), so a survey page's first screen does not
// carry them. Read from the app build's module graph (esbuild's metafile): a file any other entry
// reaches (the page's start, the survey page, the early script, a validator, error tracking, ...) is
// needed where the later part may not be loaded, so its messages stay in the first part.

import { entrySource } from './loaded-after-plugin.mjs';
import { staticClosure } from './output-graph.mjs';

/** The entry modules whose loaders load the later part of the catalogs with them. */
export const LATER_ENTRIES = ['src/app/survey/later-screens.ts', 'src/app/pages/MainPage.tsx', 'src/app/pages/NoSubscriptionPage.tsx', 'src/app/pages/ConfirmPage.tsx'];

/**
 * The source files (paths from the project root) that only the later entries reach.
 * @param {import('esbuild').Metafile} metafile
 * @param {string[]} [laterEntries]
 * @returns {string[]}
 */
export function laterOnlySources(metafile, laterEntries = LATER_ENTRIES) {
  const outputs = metafile.outputs;
  const sourcesOf = (files) => new Set([...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {})));
  const entries = Object.keys(outputs).filter((file) => outputs[file].entryPoint !== undefined);
  const reachedBy = (wanted) => sourcesOf(entries.filter((file) => wanted(entrySource(outputs[file].entryPoint))).flatMap((file) => [...staticClosure(outputs, file)]));
  const later = reachedBy((entry) => laterEntries.includes(entry));
  const elsewhere = reachedBy((entry) => !laterEntries.includes(entry));
  return [...later].filter((source) => !elsewhere.has(source)).sort();
}
