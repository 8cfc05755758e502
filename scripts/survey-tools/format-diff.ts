import { isEmptyDiff } from './diff-bundles';
import type { RedirectChange, RouteChange, SurveyDiff, TranslationsDiff } from './diff-types';
import { formatFlowDiff, quote, section } from './format-flow-diff';

/** What formatDiff prints when nothing changed. */
export const NO_CHANGES = 'no changes to the survey flow';

function routeLines(change: RouteChange): string[] {
  const page = `/cancel/${change.route}`;
  switch (change.change) {
    case 'added':
      return [`  + ${page}: survey '${change.survey}', toolkit ${change.toolkit}`];
    case 'removed':
      return [`  - ${page}: survey '${change.survey}', toolkit ${change.toolkit}`];
    case 'changed':
      return change.fields.map((field) => `  ~ ${page}: ${field.field} now ${quote(field.after)} (was ${quote(field.before)})`);
  }
}

function redirectLine(change: RedirectChange): string {
  switch (change.change) {
    case 'added':
      return `  + /cancel/${change.from} → /cancel/${change.to}`;
    case 'removed':
      return `  - /cancel/${change.from} → /cancel/${change.to}`;
    case 'changed':
      return `  ~ /cancel/${change.from}: now → /cancel/${change.after} (was /cancel/${change.before})`;
  }
}

/**
 * The languages that miss exactly the same texts, together: a new text is missing in all 14 catalogs
 * at once, and one block naming the languages says so without repeating the text 14 times. Groups keep
 * the order of their first language.
 */
export function groupMissing(missing: TranslationsDiff['missing']): { languages: string[]; texts: string[] }[] {
  const groups = new Map<string, { languages: string[]; texts: string[] }>();
  for (const { language, texts } of missing) {
    const key = JSON.stringify(texts);
    const group = groups.get(key);
    if (group) group.languages.push(language);
    else groups.set(key, { languages: [language], texts });
  }
  return [...groups.values()];
}

function translationLines(diff: TranslationsDiff): string[] {
  const missing = groupMissing(diff.missing).flatMap(({ languages, texts }) => [
    `  missing in ${languages.join(', ')} (${texts.length} text${texts.length === 1 ? '' : 's'}):`,
    ...texts.map((text) => `    ${quote(text)}`),
  ]);
  const none = diff.missing.length === 0 && diff.checked.length > 0 ? [`  none became missing (checked: ${diff.checked.join(', ')})`] : [];
  const skipped = diff.skipped.length > 0 ? [`  not checked, no catalog file yet: ${diff.skipped.join(', ')}`] : [];
  return ['Translations', ...missing, ...none, ...skipped];
}

/** The diff as text a product manager reads: one section per survey, then pages, redirects and translations. */
export function formatDiff(diff: SurveyDiff): string {
  if (isEmptyDiff(diff)) return NO_CHANGES;
  const blocks: string[][] = [
    ...diff.surveysAdded.map((s) => [`Survey '${s.survey}' added: ${s.steps.length} step${s.steps.length === 1 ? '' : 's'} (${s.steps.join(', ')})`]),
    ...diff.surveysRemoved.map((s) => [`Survey '${s.survey}' removed`]),
    ...diff.surveys.map(formatFlowDiff),
    section('Toolkit pages', diff.routes.flatMap(routeLines)),
    section('Redirects', diff.redirects.map(redirectLine)),
    diff.translations ? translationLines(diff.translations) : [],
  ];
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join('\n'))
    .join('\n\n');
}
