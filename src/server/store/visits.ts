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
 * Visits of a group with one outcome and last step, counted over the filter's days; `idle` of them were
 * left (their last event is `leave`) or had no event since the cut-off.
 */
export interface VisitCountRow extends VisitGroup {
  outcome: string;
  lastStep: string;
  visits: number;
  idle: number;
}

/** Visits of a toolkit, version and variant that started on a day, with one outcome. */
export interface DailyCountRow extends Pick<VisitGroup, 'toolkit' | 'version' | 'experiment' | 'variant'> {
  day: string;
  outcome: string;
  visits: number;
}

/** A counted event (`metric`: its type, or `move` from step to step) of a group, summed over the days; each once per visit. */
export interface EventCountRow extends VisitGroup {
  metric: string;
  step: string;
  answer: string;
  count: number;
}

/** How many customers an experiment's variant was shown to: each counted once, however often they came. */
export interface ExperimentCustomersRow {
  experiment: string;
  variant: string;
  customers: number;
}

/** How strongly an outcome holds: a later event only ever raises it (a saved customer who then cancels is cancelled). */
const OUTCOME_RANK: Record<VisitRecord['outcome'], number> = { '': 0, saved: 1, cancelled: 2, confirmed: 3 };

/** The state a visit is counted in: its outcome, its last step and whether the page was left. */
interface VisitState {
  outcome: string;
  lastStep: string;
  leftPage: 0 | 1;
}

const stateOf = (visit: Pick<VisitRecord, 'outcome' | 'lastStep' | 'lastType'>): VisitState => ({
  outcome: visit.outcome,
  lastStep: visit.lastStep,
  leftPage: visit.lastType === 'leave' ? 1 : 0,
});

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
  /** The user's latest visit of a toolkit; with `outcome`, the latest that ended so. */
  latest(userId: string, toolkit: string, outcome?: VisitRecord['outcome']): Promise<VisitRecord | undefined>;
  /** Records the events a visit has not recorded yet (by id), counts them and moves its outcome on; returns how many were new. */
  addEvents(visit: VisitRecord, events: readonly VisitEvent[], now: number): Promise<number>;
  /**
   * Visits per group, day, outcome and last step, summed from the day's states; `idle` of those not
   * ended were left or have had no event since `idleBefore` (every one of them but the few still going on).
   */
  visitCounts(filter: VisitFilter, idleBefore: number): Promise<VisitCountRow[]>;
  /** Visits per toolkit, version, variant, start day and outcome. */
  dailyCounts(filter: VisitFilter): Promise<DailyCountRow[]>;
  /** The counted events per group, over the filter's days. */
  eventCounts(filter: VisitFilter): Promise<EventCountRow[]>;
  /** The customers (not visits) with a visit in each variant of the named experiments, over the filter's days. */
  experimentCustomers(filter: VisitFilter, experiments: readonly string[]): Promise<ExperimentCustomersRow[]>;
  /** The toolkits that have any visit, sorted. */
  toolkits(): Promise<string[]>;
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

/** The queries over survey_versions, survey_visits, visit_events, visit_moves and visit_counts. */
export function visitTables(db: SqlDatabase): VisitTables {
  const visit = async (visitId: string) => {
    const row = await db.get<VisitRow>('SELECT * FROM survey_visits WHERE visit_id = ?', [visitId]);
    return row === undefined ? undefined : recordOf(row);
  };

  /** Moves `by` visits of the record's group and day into or out of a state (outcome, last step, page left). */
  const moveState = (record: VisitRecord, state: VisitState, by: 1 | -1) =>
    db.run(
      `INSERT INTO visit_states (day, ${GROUP_LIST}, outcome, last_step, left_page, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (day, ${GROUP_LIST}, outcome, last_step, left_page) DO UPDATE SET count = visit_states.count + ?`,
      [record.day, ...VISIT_GROUP_COLUMNS.map((column) => record[column]), state.outcome, state.lastStep, state.leftPage, by, by],
    );

  const count = (record: VisitRecord, metric: string, step: string, answer: string) =>
    db.run(
      `INSERT INTO visit_counts (day, ${GROUP_LIST}, metric, step, answer, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (day, ${GROUP_LIST}, metric, step, answer) DO UPDATE SET count = visit_counts.count + 1`,
      [record.day, ...VISIT_GROUP_COLUMNS.map((column) => record[column]), metric, step, answer],
    );

  /** Records that a visit moved from one step to another; true the first time it does. */
  const firstMove = async (visitId: string, from: string, to: string): Promise<boolean> =>
    (await db.run('INSERT INTO visit_moves (visit_id, from_step, to_step) VALUES (?, ?, ?) ON CONFLICT (visit_id, from_step, to_step) DO NOTHING', [visitId, from, to])) > 0;

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
      const inserted = await db.run(
        `INSERT INTO survey_visits (visit_id, user_id, ${GROUP_LIST}, survey, day, started_at, last_event_at, last_step, last_type, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', '') ON CONFLICT (visit_id) DO NOTHING`,
        [start.visitId, start.userId, ...VISIT_GROUP_COLUMNS.map((column) => start[column]), start.survey, dayOf(now), now, now],
      );
      const stored = await visit(start.visitId);
      if (stored === undefined) throw new Error('the visit was not stored');
      if (inserted > 0) await moveState(stored, stateOf(stored), 1);
      return stored;
    },
    visit,
    async latest(userId, toolkit, outcome) {
      const row = await db.get<VisitRow>(
        `SELECT * FROM survey_visits WHERE user_id = ? AND toolkit = ?${outcome === undefined ? '' : ' AND outcome = ?'} ORDER BY started_at DESC LIMIT 1`,
        outcome === undefined ? [userId, toolkit] : [userId, toolkit, outcome],
      );
      return row === undefined ? undefined : recordOf(row);
    },
    async addEvents(record, events, now) {
      let added = 0;
      let { lastStep, lastType, outcome } = record;
      for (const [position, event] of events.entries()) {
        const step = event.step ?? '';
        const answer = event.answer ?? '';
        // A batch's events share `now`: their place in it keeps the order they happened in.
        const inserted = await db.run(
          'INSERT INTO visit_events (event_id, visit_id, type, step, answer, at, batch_position) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
          [event.id, record.visitId, event.type, step, answer, now, position],
        );
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
          if (lastStep !== '' && lastStep !== step && (await firstMove(record.visitId, lastStep, step))) await count(record, 'move', lastStep, step);
          lastStep = step;
        }
        const reached = OUTCOME_OF[event.type];
        if (reached !== undefined && OUTCOME_RANK[reached] > OUTCOME_RANK[outcome]) outcome = reached;
      }
      const before = stateOf(record);
      const after = stateOf({ outcome, lastStep, lastType });
      if (before.outcome !== after.outcome || before.lastStep !== after.lastStep || before.leftPage !== after.leftPage) {
        await moveState(record, before, -1);
        await moveState(record, after, 1);
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
      // Grouped without the day: the states of a range of a million visits are summed into a few rows.
      const [states, open] = await Promise.all([
        db.all<VisitGroup & { outcome: string; last_step: string; left_page: number; visits: number }>(
          `SELECT ${GROUP_LIST}, outcome, last_step, left_page, SUM(count) AS visits FROM visit_states WHERE ${sql}
           GROUP BY ${GROUP_LIST}, outcome, last_step, left_page`,
          params,
        ),
        // The visits that may still go on: recent, not left, not ended (few, found by the time of their last event).
        db.all<VisitGroup & { last_step: string; visits: number }>(
          `SELECT ${GROUP_LIST}, last_step, COUNT(*) AS visits FROM survey_visits
           WHERE last_event_at >= ? AND outcome = '' AND last_type <> 'leave' AND ${sql} GROUP BY ${GROUP_LIST}, last_step`,
          [idleBefore, ...params],
        ),
      ]);
      const key = (row: VisitGroup & { last_step: string }, outcome: string) => [...VISIT_GROUP_COLUMNS.map((column) => row[column]), outcome, row.last_step].join('\u0000');
      const rows = new Map<string, VisitCountRow>();
      for (const row of states) {
        const visits = Number(row.visits);
        if (visits === 0) continue;
        const { left_page: _left, last_step, visits: _visits, ...rest } = row;
        const counted = rows.get(key(row, row.outcome)) ?? { ...rest, lastStep: last_step, visits: 0, idle: 0 };
        counted.visits += visits;
        if (row.outcome === '') counted.idle += visits;
        rows.set(key(row, row.outcome), counted);
      }
      for (const row of open) {
        const counted = rows.get(key(row, ''));
        if (counted) counted.idle -= Number(row.visits);
      }
      return [...rows.values()];
    },
    async dailyCounts(filter) {
      const { sql, params } = whereOf(filter);
      const rows = await db.all<DailyCountRow>(
        `SELECT day, toolkit, version, experiment, variant, outcome, SUM(count) AS visits FROM visit_states WHERE ${sql}
         GROUP BY day, toolkit, version, experiment, variant, outcome`,
        params,
      );
      return rows.map((row) => ({ ...row, visits: Number(row.visits) })).filter((row) => row.visits > 0);
    },
    async eventCounts(filter) {
      const { sql, params } = whereOf(filter);
      const rows = await db.all<EventCountRow>(
        `SELECT ${GROUP_LIST}, metric, step, answer, SUM(count) AS count FROM visit_counts WHERE ${sql} GROUP BY ${GROUP_LIST}, metric, step, answer`,
        params,
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async experimentCustomers(filter, experiments) {
      if (experiments.length === 0) return [];
      const { sql, params } = whereOf(filter);
      // Read from the visits themselves (survey_visits_experiment): a customer is counted once, which the day's sums cannot tell.
      const rows = await db.all<ExperimentCustomersRow>(
        `SELECT experiment, variant, COUNT(DISTINCT user_id) AS customers FROM survey_visits
         WHERE experiment IN (${experiments.map(() => '?').join(', ')}) AND ${sql} GROUP BY experiment, variant`,
        [...experiments, ...params],
      );
      return rows.map((row) => ({ ...row, customers: Number(row.customers) }));
    },
    async toolkits() {
      // From the day's states, a few rows per day, not the visits; sorted here, whatever the database's collation.
      const rows = await db.all<{ toolkit: string }>('SELECT DISTINCT toolkit FROM visit_states');
      return rows.map((row) => row.toolkit).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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

/**
 * Records the emailed link's confirmation on the visit that sent the survey and waits for it (the
 * latest whose outcome is `cancelled`), not on a later tab left at a question; on the latest visit
 * where none did (its events were lost).
 */
export async function recordOnVisitAwaitingLink(visits: VisitTables, userId: string, toolkit: string, event: VisitEvent, now: number): Promise<void> {
  const awaiting = await visits.latest(userId, toolkit, 'cancelled');
  if (awaiting !== undefined) await visits.addEvents(awaiting, [event], now);
  else await recordOnLatestVisit(visits, userId, toolkit, event, now);
}
