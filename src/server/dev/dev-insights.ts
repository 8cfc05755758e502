// GET /dev/insights?from=YYYY-MM-DD&to=YYYY-MM-DD[&toolkit=ID] (development only): counts of the stored
// survey submissions per step-1 reason and per path in a date range, as bar charts with their tables.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { submissionPathOf, surveyOfToolkit } from '../../engine';
import { insightsOf } from '../store/insights';
import { insightsPage, type InsightsView } from './dev-insights-page';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The range shown when none is chosen: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a `YYYY-MM-DD` day, or undefined when it is not a real calendar date. */
export function dayStart(value: string): number | undefined {
  const match = DATE.exec(value);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : undefined;
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The range of the form's days, both included, or what is wrong with them. */
export function parseRange(query: Record<string, unknown>, now: number): { from: string; to: string; range?: { from: number; to: number }; error?: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = typeof query.from === 'string' && query.from !== '' ? query.from : isoDay(today - (DEFAULT_DAYS - 1) * DAY_MS);
  const to = typeof query.to === 'string' && query.to !== '' ? query.to : isoDay(today);
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === undefined) return { from, to, error: `From: '${from}' is not a date written as YYYY-MM-DD.` };
  if (end === undefined) return { from, to, error: `To: '${to}' is not a date written as YYYY-MM-DD.` };
  if (end < start) return { from, to, error: `To (${to}) is before From (${from}).` };
  return { from, to, range: { from: start, to: end + DAY_MS } };
}

/** Registers /dev/insights; the caller does so only outside production. */
export function devInsightsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // A record's path is read from its ids, named by the texts of the survey its toolkit's page shows.
  const store = insightsOf(ctx.store.submissions, (payload) => submissionPathOf(surveyOfToolkit(ctx.bundle, payload.toolkit), payload));

  app.get('/dev/insights', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const toolkits = await store.toolkits();
    const toolkit = typeof query.toolkit === 'string' && query.toolkit !== '' ? query.toolkit : undefined;
    const { from, to, range, error } = parseRange(query, ctx.now());
    const view: InsightsView = { from, to, toolkit, toolkits, error };
    if (range !== undefined) view.insights = await store.insights(range, toolkit);
    return reply
      .code(error === undefined ? 200 : 400)
      .type('text/html; charset=utf-8')
      .send(insightsPage(view));
  });
}
