// The figures of /dev/insights: how many survey submissions gave each step-1 reason and took each path,
// counted from the payloads the submission table gives (`storedIn`).
import { submissionPath, submissionReason, type SurveyPayload } from '../../model';

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

/** The counts of some submissions' payloads; `pathOf` names a submission's path. */
export function insightsOfPayloads(payloads: readonly SurveyPayload[], pathOf: (payload: SurveyPayload) => string = submissionPath): Insights {
  return { total: payloads.length, reasons: counted(payloads.map(submissionReason)), paths: counted(payloads.map(pathOf)) };
}
