// The figures of /dev/insights: how many survey submissions gave each step-1 reason and took each path,
// in a date range. It only reads the submissions (through the store's submission table).
import { submissionPath, submissionReason, type SurveyPayload } from '../../model';
import type { SubmissionTable, TimeRange } from './submissions';

export type { TimeRange } from './submissions';

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
  insights(range: TimeRange, toolkit?: string): Promise<Insights>;
  /** The toolkits that have any submission, sorted. */
  toolkits(): Promise<string[]>;
}

/** The counts of some submissions' payloads; `pathOf` names a submission's path. */
export function insightsOfPayloads(payloads: readonly SurveyPayload[], pathOf: (payload: SurveyPayload) => string = submissionPath): Insights {
  return { total: payloads.length, reasons: counted(payloads.map(submissionReason)), paths: counted(payloads.map(pathOf)) };
}

/** The insights of the stored submissions; `pathOf` names a submission's path. */
export function insightsOf(submissions: Pick<SubmissionTable, 'payloadsIn' | 'toolkits'>, pathOf: (payload: SurveyPayload) => string = submissionPath): InsightsStore {
  return {
    insights: async (range, toolkit) => insightsOfPayloads(await submissions.payloadsIn(range, toolkit), pathOf),
    toolkits: () => submissions.toolkits(),
  };
}
