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

function translationLines(diff: TranslationsDiff): string[] {
  const missing = diff.missing.flatMap(({ language, texts }) => [
    `  missing in ${language} (${texts.length} text${texts.length === 1 ? '' : 's'}):`,
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
