import type { Audience, Language, VisitEvent, VisitOutcome } from '../../model';
import type { SqlDatabase, SqlValue } from './sql/database';

/** Who a visit is, as its first batch and the server's session say. */
export interface VisitStart {
  visitId: string;
  userId: string;
  toolkit: string;
  survey: string;
  version: string;
  audience: Audience;
  language: Language;
  /** The experiment the customer is in and their variant; empty strings outside one. */
  experiment: string;
  variant: string;
}

/** A stored visit. `outcome` is empty while it has neither been saved, cancelled nor confirmed. */
export interface VisitRecord extends VisitStart {
  day: string;
  startedAt: number;
  lastEventAt: number;
  lastStep: string;
  /** The type of the last event: `leave` when the page was left (abandoned at once, unless it goes on). */
  lastType: string;
  outcome: '' | Exclude<VisitOutcome, 'abandoned'>;
}

/** A version of a survey the server has served, and the commit it was compiled from. */
export interface ServedVersion {
  version: string;
  survey: string;
  commit: string | null;
  firstServedAt: number;
}

/** The columns a visit's figures are broken down by, in the order the queries group them. */
export const VISIT_GROUP_COLUMNS = ['toolkit', 'audience', 'language', 'version', 'experiment', 'variant'] as const;
export type VisitGroupColumn = (typeof VISIT_GROUP_COLUMNS)[number];
export type VisitGroup = Record<VisitGroupColumn, string>;

/** Which visits a query counts: by their start day (UTC, both days included) and any of the group columns. */
export interface VisitFilter {
  fromDay: string;
  toDay: string;
  where: Partial<VisitGroup>;
}

/**
 * Visits of a group and day with one outcome and last step, counted; `idle` of them were left (their
 * last event is `leave`) or had no event since the cut-off.
 */
export interface VisitCountRow extends VisitGroup {
  day: string;
  outcome: string;
  lastStep: string;
  visits: number;
  idle: number;
}

/** A counted event (`metric`: its type, or `move` from step to step) of a group, summed over the days. */
export interface EventCountRow extends VisitGroup {
  metric: string;
  step: string;
  answer: string;
  count: number;
}

/** How strongly an outcome holds: a later event only ever raises it (a saved customer who then cancels is cancelled). */
const OUTCOME_RANK: Record<VisitRecord['outcome'], number> = { '': 0, saved: 1, cancelled: 2, confirmed: 3 };

/** The outcome an event brings about, if any. */
const OUTCOME_OF: Partial<Record<VisitEvent['type'], VisitRecord['outcome']>> = {
  'offer-accepted': 'saved',
  stay: 'saved',
  submitted: 'cancelled',
  confirmed: 'confirmed',
};

/** The events whose counts the insights read, counted once per visit and key. */
const COUNTED: ReadonlySet<VisitEvent['type']> = new Set(['step', 'answer', 'offer-shown', 'offer-accepted', 'offer-declined', 'stay', 'cancel-now', 'submitted', 'email-sent', 'confirmed']);

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Visits, their events and the day's counts. */
export interface VisitTables {
  /** Records the survey versions the server serves (the first time each is seen). */
  recordVersions(versions: readonly { version: string; survey: string; commit?: string }[], now: number): Promise<void>;
  /** Every version served, oldest first. */
  versions(): Promise<ServedVersion[]>;
  /** Starts a visit, unless it exists; returns it as stored. */
  start(visit: VisitStart, now: number): Promise<VisitRecord>;
  visit(visitId: string): Promise<VisitRecord | undefined>;
  /** The user's latest visit of a toolkit. */
  latest(userId: string, toolkit: string): Promise<VisitRecord | undefined>;
  /** Records the events a visit has not recorded yet (by id), counts them and moves its outcome on; returns how many were new. */
  addEvents(visit: VisitRecord, events: readonly VisitEvent[], now: number): Promise<number>;
  /** Visits per group, day, outcome and last step; `idleBefore`: the cut-off for counting a visit idle. */
  visitCounts(filter: VisitFilter, idleBefore: number): Promise<VisitCountRow[]>;
  /** The counted events per group, over the filter's days. */
  eventCounts(filter: VisitFilter): Promise<EventCountRow[]>;
}

/** The filter as SQL over a table with the group columns and `day`. */
function whereOf(filter: VisitFilter): { sql: string; params: SqlValue[] } {
  const clauses = ['day >= ?', 'day <= ?'];
  const params: SqlValue[] = [filter.fromDay, filter.toDay];
  for (const column of VISIT_GROUP_COLUMNS) {
    const value = filter.where[column];
    if (value === undefined) continue;
    clauses.push(`${column} = ?`);
    params.push(value);
  }
  return { sql: clauses.join(' AND '), params };
}

const GROUP_LIST = VISIT_GROUP_COLUMNS.join(', ');

interface VisitRow {
  visit_id: string;
  user_id: string;
  toolkit: string;
  survey: string;
  version: string;
  audience: string;
  language: string;
  experiment: string;
  variant: string;
  day: string;
  started_at: number;
  last_event_at: number;
  last_step: string;
  last_type: string;
  outcome: string;
}

const recordOf = (row: VisitRow): VisitRecord => ({
  visitId: row.visit_id,
  userId: row.user_id,
  toolkit: row.toolkit,
  survey: row.survey,
  version: row.version,
  audience: row.audience as Audience,
  language: row.language as Language,
  experiment: row.experiment,
  variant: row.variant,
  day: row.day,
  startedAt: Number(row.started_at),
  lastEventAt: Number(row.last_event_at),
  lastStep: row.last_step,
  lastType: row.last_type,
  outcome: row.outcome as VisitRecord['outcome'],
});

/** The queries over survey_versions, survey_visits, visit_events and visit_counts. */
export function visitTables(db: SqlDatabase): VisitTables {
  const visit = async (visitId: string) => {
    const row = await db.get<VisitRow>('SELECT * FROM survey_visits WHERE visit_id = ?', [visitId]);
    return row === undefined ? undefined : recordOf(row);
  };

  const count = (record: VisitRecord, metric: string, step: string, answer: string) =>
    db.run(
      `INSERT INTO visit_counts (day, ${GROUP_LIST}, metric, step, answer, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (day, ${GROUP_LIST}, metric, step, answer) DO UPDATE SET count = visit_counts.count + 1`,
      [record.day, ...VISIT_GROUP_COLUMNS.map((column) => record[column]), metric, step, answer],
    );

  return {
    async recordVersions(versions, now) {
      for (const { version, survey, commit } of versions) {
        await db.run('INSERT INTO survey_versions (version, survey, git_commit, first_served_at) VALUES (?, ?, ?, ?) ON CONFLICT (version) DO NOTHING', [
          version,
          survey,
          commit ?? null,
          now,
        ]);
      }
    },
    async versions() {
      const rows = await db.all<{ version: string; survey: string; git_commit: string | null; first_served_at: number }>(
        'SELECT version, survey, git_commit, first_served_at FROM survey_versions ORDER BY first_served_at, version',
      );
      return rows.map((row) => ({ version: row.version, survey: row.survey, commit: row.git_commit, firstServedAt: Number(row.first_served_at) }));
    },
    async start(start, now) {
      await db.run(
        `INSERT INTO survey_visits (visit_id, user_id, ${GROUP_LIST}, survey, day, started_at, last_event_at, last_step, last_type, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', '') ON CONFLICT (visit_id) DO NOTHING`,
        [start.visitId, start.userId, ...VISIT_GROUP_COLUMNS.map((column) => start[column]), start.survey, dayOf(now), now, now],
      );
      const stored = await visit(start.visitId);
      if (stored === undefined) throw new Error('the visit was not stored');
      return stored;
    },
    visit,
    async latest(userId, toolkit) {
      const row = await db.get<VisitRow>('SELECT * FROM survey_visits WHERE user_id = ? AND toolkit = ? ORDER BY started_at DESC LIMIT 1', [userId, toolkit]);
      return row === undefined ? undefined : recordOf(row);
    },
    async addEvents(record, events, now) {
      let added = 0;
      let { lastStep, lastType, outcome } = record;
      for (const event of events) {
        const step = event.step ?? '';
        const answer = event.answer ?? '';
        const inserted = await db.run('INSERT INTO visit_events (event_id, visit_id, type, step, answer, at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING', [
          event.id,
          record.visitId,
          event.type,
          step,
          answer,
          now,
        ]);
        if (inserted === 0) continue;
        added += 1;
        lastType = event.type;
        if (COUNTED.has(event.type)) {
          const seen = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visit_events WHERE visit_id = ? AND type = ? AND step = ? AND answer = ?', [
            record.visitId,
            event.type,
            step,
            answer,
          ]);
          if (Number(seen?.n ?? 0) === 1) await count(record, event.type, step, answer);
        }
        if (event.type === 'step') {
          if (lastStep !== '' && lastStep !== step) await count(record, 'move', lastStep, step);
          lastStep = step;
        }
        const reached = OUTCOME_OF[event.type];
        if (reached !== undefined && OUTCOME_RANK[reached] > OUTCOME_RANK[outcome]) outcome = reached;
      }
      await db.run('UPDATE survey_visits SET last_event_at = ?, last_step = ?, last_type = ?, outcome = ? WHERE visit_id = ?', [
        now,
        lastStep,
        lastType,
        outcome,
        record.visitId,
      ]);
      return added;
    },
    async visitCounts(filter, idleBefore) {
      const { sql, params } = whereOf(filter);
      const rows = await db.all<VisitGroup & { day: string; outcome: string; last_step: string; visits: number; idle: number }>(
        `SELECT day, ${GROUP_LIST}, outcome, last_step, COUNT(*) AS visits, SUM(CASE WHEN last_event_at < ? OR last_type = 'leave' THEN 1 ELSE 0 END) AS idle
         FROM survey_visits WHERE ${sql} GROUP BY day, ${GROUP_LIST}, outcome, last_step`,
        [idleBefore, ...params],
      );
      return rows.map(({ last_step, visits, idle, ...row }) => ({ ...row, lastStep: last_step, visits: Number(visits), idle: Number(idle) }));
    },
    async eventCounts(filter) {
      const { sql, params } = whereOf(filter);
      const rows = await db.all<EventCountRow>(
        `SELECT ${GROUP_LIST}, metric, step, answer, SUM(count) AS count FROM visit_counts WHERE ${sql} GROUP BY ${GROUP_LIST}, metric, step, answer`,
        params,
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}

/**
 * Records on the customer's latest visit of a toolkit what the server itself saw happen (the emailed
 * link confirmed, a policy's immediate effect): such a moment may come in another tab or days later,
 * where no page of the visit is open to tell.
 */
export async function recordOnLatestVisit(visits: VisitTables, userId: string, toolkit: string, event: VisitEvent, now: number): Promise<void> {
  const latest = await visits.latest(userId, toolkit);
  if (latest !== undefined) await visits.addEvents(latest, [event], now);
}
