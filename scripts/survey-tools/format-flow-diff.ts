import type { Audience } from '../../src/model';
import type { AnswerChange, DetailChange, FieldChange, LimitChange, NextChange, OrderChange, PathChange, StepChange, SurveyFlowDiff } from './diff-types';

/** ` (trial users only)` for a change one audience only sees; nothing for both. */
export function who(audiences: readonly Audience[]): string {
  return audiences.length === 1 ? ` (${audiences[0] ?? ''} users only)` : '';
}

/** A survey text in quotes. */
export function quote(text: string | undefined): string {
  return text === undefined ? 'none' : `"${text}"`;
}

const rewording = (before: string | undefined, after: string | undefined): string[] => [
  `        was: ${quote(before)}`,
  `        now: ${quote(after)}`,
];

function stepLines(change: StepChange): string[] {
  switch (change.change) {
    case 'added':
      return [`    + ${change.step} (${change.type}): ${quote(change.text)}${who(change.audiences)}`];
    case 'removed':
      return [`    - ${change.step} (${change.type}): ${quote(change.text)}${who(change.audiences)}`];
    case 'reworded':
      if (change.before === undefined) return [`    ~ ${change.step}: ${change.part} added: ${quote(change.after)}${who(change.audiences)}`];
      if (change.after === undefined) return [`    ~ ${change.step}: ${change.part} removed (was ${quote(change.before)})${who(change.audiences)}`];
      return [`    ~ ${change.step}: ${change.part} reworded${who(change.audiences)}`, ...rewording(change.before, change.after)];
  }
}

function answerLines(change: AnswerChange): string[] {
  const at = `${change.step} › ${change.answer}`;
  switch (change.change) {
    case 'added':
      return [`    + ${at}: ${quote(change.text)}, goes to '${change.next}'${who(change.audiences)}`];
    case 'removed':
      return [`    - ${at}: ${quote(change.text)}${who(change.audiences)}`];
    case 'reworded':
      return [`    ~ ${at} reworded${who(change.audiences)}`, ...rewording(change.before, change.after)];
  }
}

function nextLine(change: NextChange): string {
  const at = change.answer === undefined ? change.step : `${change.step} › ${change.answer}`;
  return `    ${at}: now goes to '${change.after}' (was '${change.before}')${who(change.audiences)}`;
}

function orderLine(change: OrderChange): string {
  return `    ${change.step}: now ${change.after.join(', ')} (was ${change.before.join(', ')})${who(change.audiences)}`;
}

function detailLine(change: DetailChange): string {
  if (change.before === undefined) return `    + ${change.step}: ${quote(change.after)}${who(change.audiences)}`;
  if (change.after === undefined) return `    - ${change.step}: ${quote(change.before)}${who(change.audiences)}`;
  return `    ~ ${change.step}: now ${quote(change.after)} (was ${quote(change.before)})${who(change.audiences)}`;
}

function fieldLines(change: FieldChange): string[] {
  const at = `${change.step} › ${change.field}`;
  switch (change.change) {
    case 'added':
      return [`    + ${at}: ${quote(change.label)}${who(change.audiences)}`];
    case 'removed':
      return [`    - ${at}: ${quote(change.label)}${who(change.audiences)}`];
    case 'relabelled':
      return [`    ~ ${at} relabelled${who(change.audiences)}`, ...rewording(change.before, change.after)];
  }
}

function limitLine(change: LimitChange): string {
  if (change.before === undefined) return `    + ${change.limit}: ${change.after ?? ''}`;
  if (change.after === undefined) return `    - ${change.limit} (was ${change.before})`;
  return `    ${change.limit}: now ${change.after} (was ${change.before})`;
}

function pathLines(change: PathChange): string[] {
  const counts = [
    change.appeared.length > 0 ? `${change.appeared.length} appeared` : '',
    change.disappeared.length > 0 ? `${change.disappeared.length} disappeared` : '',
  ].filter(Boolean);
  return [
    `  Paths of ${change.audience} users: ${change.after} (was ${change.before}); ${counts.join(', ')}`,
    ...change.appeared.map((path) => `    + ${path}`),
    ...change.disappeared.map((path) => `    - ${path}`),
  ];
}

/** A titled section, or nothing when it has no lines. */
export function section(title: string, lines: readonly string[]): string[] {
  return lines.length > 0 ? [title, ...lines] : [];
}

/** The changes of one survey, section by section. */
export function formatFlowDiff(diff: SurveyFlowDiff): string[] {
  return [`Survey '${diff.survey}'`, ...flowDiffSections(diff)];
}

/** The sections of a survey's changes, each indented under a heading of the caller's. */
export function flowDiffSections(diff: SurveyFlowDiff): string[] {
  return [
    ...section('  Steps', diff.steps.flatMap(stepLines)),
    ...section('  Answers', diff.answers.flatMap(answerLines)),
    ...section('  Where answers lead', diff.next.map(nextLine)),
    ...section('  Answer order', diff.order.map(orderLine)),
    ...section('  Details', diff.details.map(detailLine)),
    ...section('  Form fields', diff.fields.flatMap(fieldLines)),
    ...section('  Limits', diff.limits.map(limitLine)),
    ...diff.paths.flatMap(pathLines),
  ];
}
