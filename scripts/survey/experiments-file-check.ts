// experiments.yaml on its own: ids written twice, days that are no days or end before they start, and
// two experiments on one survey that share a day. Read leniently, so these run beside the schema check.
import { reporterFor } from './load-yaml';
import type { Report, YamlFile, YamlPath } from './load-yaml';
import type { Problem } from './problems';
import { asBlock, asList, named } from './read-helpers';
import type { Named } from './survey-def';

/** What the checks need of one experiment block, each part where it is well-formed. */
interface ExperimentEntry {
  id?: Named;
  survey?: string;
  start?: Named;
  end?: Named;
  variants: Named[];
  /** The `overlay` written on the first variant, the control, if any. */
  controlOverlay?: YamlPath;
}

function experimentEntries(data: unknown): ExperimentEntry[] {
  return asList(asBlock(data)?.experiments).map((value, index) => {
    const path = ['experiments', index];
    const block = asBlock(value) ?? {};
    const control = asBlock(asList(block.variants)[0]);
    return {
      id: named(block, 'id', path),
      survey: named(block, 'survey', path)?.name,
      start: named(block, 'start', path),
      end: named(block, 'end', path),
      variants: asList(block.variants).flatMap((variant, position) => {
        const id = named(asBlock(variant) ?? {}, 'id', [...path, 'variants', position]);
        return id ? [id] : [];
      }),
      controlOverlay: control && 'overlay' in control ? [...path, 'variants', 0, 'overlay'] : undefined,
    };
  });
}

/** Reports each name written a second time among `names`, naming the line of the first. */
function checkRepeats(yaml: YamlFile, report: Report, names: readonly Named[], code: 'duplicate-experiment' | 'duplicate-variant', noun: string): void {
  const lines = new Map<string, number>();
  for (const id of names) {
    const first = lines.get(id.name);
    if (first === undefined) lines.set(id.name, yaml.locate(id.path).line);
    else report(id.path, code, `'${id.name}' is already the id of the ${noun} on line ${first}`);
  }
}

/** Whether YYYY-MM-DD names a day of the calendar (the schema checks the shape; 2026-02-30 fits it). */
function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined) return false;
  const time = Date.UTC(year, month - 1, date);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** An experiment's days, when both are days of the calendar and the end is not before the start. */
interface Days {
  entry: ExperimentEntry;
  start: Named;
  end: Named;
}

/** The day, when it is written as YYYY-MM-DD and is a day of the calendar; one that is not is reported. */
function soundDay(day: Named | undefined, report: Report): Named | undefined {
  // A day of another shape is the schema check's to report.
  if (!day || !DAY_SHAPE.test(day.name)) return undefined;
  if (isCalendarDay(day.name)) return day;
  report(day.path, 'experiment-dates', `${day.name} is no day of the calendar`);
  return undefined;
}

/** Reports days that are no days and an end before its start; returns the experiments whose days are sound. */
function checkDays(entries: readonly ExperimentEntry[], report: Report): Days[] {
  return entries.flatMap((entry): Days[] => {
    const start = soundDay(entry.start, report);
    const end = soundDay(entry.end, report);
    if (!start || !end) return [];
    if (end.name < start.name) {
      report(end.path, 'experiment-dates', `the experiment ends on ${end.name}, before its start on ${start.name}: \`end\` is its last day, on or after \`start\``);
      return [];
    }
    return [{ entry, start, end }];
  });
}

/** Reports an experiment that shares a day with an earlier one on the same survey, at its start. */
function checkOverlaps(yaml: YamlFile, days: readonly Days[], report: Report): void {
  days.forEach((later, index) => {
    const earlier = days.slice(0, index).find(
      (other) => other.entry.survey !== undefined && other.entry.survey === later.entry.survey && other.start.name <= later.end.name && later.start.name <= other.end.name,
    );
    if (!earlier) return;
    const name = earlier.entry.id ? `'${earlier.entry.id.name}'` : 'the experiment';
    const line = yaml.locate(earlier.entry.id?.path ?? earlier.start.path).line;
    report(
      later.start.path,
      'experiment-overlap',
      `experiment ${name} (line ${line}) runs on survey '${later.entry.survey ?? ''}' from ${earlier.start.name} to ${earlier.end.name}; ` +
        `two experiments on one survey cannot share a day: start this one after ${earlier.end.name}, or end it before ${earlier.start.name}`,
    );
  });
}

/**
 * Checks experiments.yaml on its own: an experiment id written twice (`duplicate-experiment`, at the
 * second), a variant id written twice in one experiment (`duplicate-variant`, at the second), an
 * `overlay` on the control (`unknown-key`, as the schema reports a key a block does not have), a day
 * that is no day or an end before its start (`experiment-dates`, at the day), and an experiment that
 * shares a day with an earlier one on the same survey (`experiment-overlap`, at its start).
 */
export function checkExperimentsFile(yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);
  const entries = experimentEntries(yaml.data);
  checkRepeats(
    yaml,
    report,
    entries.flatMap((entry) => (entry.id ? [entry.id] : [])),
    'duplicate-experiment',
    'experiment',
  );
  for (const entry of entries) {
    checkRepeats(yaml, report, entry.variants, 'duplicate-variant', 'variant');
    // The schema cannot say that only the first item lacks a key (draft-07's tuples are all or nothing).
    if (entry.controlOverlay) {
      report(entry.controlOverlay, 'unknown-key', "'overlay' is not a key of the control, the first variant, which is the survey as it is: put the variant after it", 'key');
    }
  }
  checkOverlaps(yaml, checkDays(entries, report), report);
  return problems;
}
