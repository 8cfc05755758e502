// Read-only queries for /dev/insights: how many survey submissions gave each step-1 reason and took each
// path, in a date range. Its own read-only connection, so a dev page can never write to the database.
import Database from 'better-sqlite3';
import { submissionPath, submissionReason, type SurveyPayload } from '../../model';

/** A half-open time range in epoch milliseconds: `from` included, `to` excluded. */
export interface TimeRange {
  from: number;
  to: number;
}

/** One bar of a chart: a label and how many submissions have it. */
export interface Count {
  label: string;
  count: number;
}

/** The insights of a range: the number of submissions, and the counts per reason and per path, largest first. */
export interface Insights {
  total: number;
  reasons: Count[];
  paths: Count[];
}

function counted(labels: readonly string[]): Count[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** Read-only insights over the survey_submissions table. */
export interface InsightsStore {
  /** Counts of the submissions stored in `range`, of one toolkit or of all. */
  insights(range: TimeRange, toolkit?: string): Insights;
  /** The toolkits that have any submission, sorted. */
  toolkits(): string[];
  close(): void;
}

/**
 * Opens `dbFile` read-only. The server creates and migrates the file before any request reaches
 * a dev page, so the table is there; a missing file is an error.
 */
export function openInsights(dbFile: string, pathOf: (payload: SurveyPayload) => string = submissionPath): InsightsStore {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const inRange = db.prepare<[number, number], { payload: string }>(
    'SELECT payload FROM survey_submissions WHERE created_at >= ? AND created_at < ? ORDER BY id',
  );
  const inRangeOf = db.prepare<[number, number, string], { payload: string }>(
    'SELECT payload FROM survey_submissions WHERE created_at >= ? AND created_at < ? AND toolkit = ? ORDER BY id',
  );
  const toolkits = db.prepare<[], { toolkit: string }>('SELECT DISTINCT toolkit FROM survey_submissions ORDER BY toolkit');
  return {
    insights(range, toolkit) {
      const rows = toolkit === undefined ? inRange.all(range.from, range.to) : inRangeOf.all(range.from, range.to, toolkit);
      const payloads = rows.map((row) => JSON.parse(row.payload) as SurveyPayload);
      return {
        total: payloads.length,
        reasons: counted(payloads.map(submissionReason)),
        paths: counted(payloads.map(pathOf)),
      };
    },
    toolkits: () => toolkits.all().map((row) => row.toolkit),
    close: () => db.close(),
  };
}
