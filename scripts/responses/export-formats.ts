// The two shapes of the export: JSON (every stored field, the payload exactly as posted, plus the path)
// and CSV (one row per submission, English texts, for spreadsheets).
import { PAYLOAD_SLOTS, submissionPath } from '../../src/model';
import { csvDocument } from './csv';
import type { StoredEvent } from './stored-events';
import type { StoredRecord } from './stored-records';
import type { StoredSubmission } from './stored-submissions';

/** How a submission's path is named: from its path ids through the compiled survey, or from its texts. */
export type PathOf = (payload: StoredSubmission['payload']) => string;

/** What the JSON export holds per submission. */
export interface ExportedSubmission {
  id: number;
  submittedAt: string;
  userId: string;
  toolkit: string;
  path: string;
  /** The survey version and experiment variant, for the submissions that recorded them. */
  version?: string;
  experiment?: string;
  variant?: string;
  payload: StoredSubmission['payload'];
}

/** The JSON export: an array, oldest first, indented, with a final newline. */
export function submissionsJson(submissions: readonly StoredSubmission[], pathOf: PathOf = submissionPath): string {
  const records: ExportedSubmission[] = submissions.map((s) => ({
    id: s.id,
    submittedAt: new Date(s.createdAt).toISOString(),
    userId: s.userId,
    toolkit: s.toolkit,
    path: pathOf(s.payload),
    ...(s.version ? { version: s.version } : {}),
    ...(s.experiment ? { experiment: s.experiment, variant: s.variant ?? '' } : {}),
    payload: s.payload,
  }));
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** The CSV columns, in order. Step N is the payload's Nth question (first_question … fourth_question). */
export const CSV_HEADER: readonly string[] = [
  'id',
  'submitted_at',
  'user_id',
  'toolkit',
  'path',
  ...PAYLOAD_SLOTS.flatMap((_, index) => [`step${index + 1}_question`, `step${index + 1}_answers`, `step${index + 1}_comment`]),
  'declined_offers',
  'name',
  'email',
  'accepted_terms',
  'survey_timestamp',
  'survey_version',
  'experiment',
  'variant',
];

/** The CSV export: a header, then one row per submission, oldest first. */
export function submissionsCsv(submissions: readonly StoredSubmission[], pathOf: PathOf = submissionPath): string {
  const rows = submissions.map((s) => {
    const { payload } = s;
    const questions = PAYLOAD_SLOTS.flatMap((slot) => {
      const entry = payload.survey[slot];
      return [entry?.question ?? '', entry?.answers.join('; ') ?? '', entry?.comment ?? ''];
    });
    const declined = (payload.retention ?? []).map((record) => `${record.offer} (${record.kind})`).join('; ');
    return [
      s.id,
      new Date(s.createdAt).toISOString(),
      s.userId,
      s.toolkit,
      pathOf(payload),
      ...questions,
      declined,
      payload.name,
      payload.email,
      payload.accepted_terms,
      payload.timestamp,
      s.version ?? '',
      s.experiment ?? '',
      s.variant ?? '',
    ];
  });
  return csvDocument(CSV_HEADER, rows);
}

const isoOrEmpty = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

/** The audit trail's CSV columns, in order. */
export const AUDIT_CSV_HEADER: readonly string[] = ['reference', 'user_id', 'toolkit', 'policy', 'policy_version', 'effect', 'screens', 'declared_at', 'effective_at', 'undone_at'];

/** The audit trail as CSV: one row per cancellation, oldest first, the screens joined with ' > '. */
export function recordsCsv(records: readonly StoredRecord[]): string {
  const rows = records.map((r) => [
    r.reference,
    r.userId,
    r.toolkit,
    r.policy,
    r.policyVersion,
    r.effect,
    r.screens.join(' > '),
    isoOrEmpty(r.declaredAt),
    isoOrEmpty(r.effectiveAt),
    isoOrEmpty(r.undoneAt),
  ]);
  return csvDocument(AUDIT_CSV_HEADER, rows);
}

/** The audit trail as JSON: an array, oldest first, times as ISO 8601 (null where not yet). */
export function recordsJson(records: readonly StoredRecord[]): string {
  const shaped = records.map((r) => ({
    reference: r.reference,
    userId: r.userId,
    toolkit: r.toolkit,
    policy: r.policy,
    policyVersion: r.policyVersion,
    effect: r.effect,
    screens: r.screens,
    declaredAt: isoOrEmpty(r.declaredAt),
    effectiveAt: r.effectiveAt === null ? null : isoOrEmpty(r.effectiveAt),
    undoneAt: r.undoneAt === null ? null : isoOrEmpty(r.undoneAt),
  }));
  return `${JSON.stringify(shaped, null, 2)}\n`;
}

/** The events' CSV columns, in order: the event, then the visit it belongs to. */
export const EVENTS_CSV_HEADER: readonly string[] = ['event_id', 'at', 'type', 'step', 'answer', 'visit_id', 'user_id', 'toolkit', 'audience', 'language', 'survey_version', 'experiment', 'variant'];

/** The visits' events as CSV: one row per event, oldest first. */
export function eventsCsv(events: readonly StoredEvent[]): string {
  const rows = events.map((v) => [v.eventId, new Date(v.at).toISOString(), v.type, v.step, v.answer, v.visitId, v.userId, v.toolkit, v.audience, v.language, v.version, v.experiment, v.variant]);
  return csvDocument(EVENTS_CSV_HEADER, rows);
}

/** The visits' events as JSON: an array, oldest first, times as ISO 8601. */
export function eventsJson(events: readonly StoredEvent[]): string {
  return `${JSON.stringify(
    events.map((v) => ({ ...v, at: new Date(v.at).toISOString() })),
    null,
    2,
  )}\n`;
}
