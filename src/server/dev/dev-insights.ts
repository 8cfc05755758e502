// GET /dev/insights?from=YYYY-MM-DD&to=YYYY-MM-DD[&toolkit=ID&audience=&language=&version=] (development
// only): counts of the stored survey submissions per step-1 reason and per path in a date range, as bar
// charts with their tables, and the retention figures of the visits (visit-insights.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { submissionPathOf, surveyOfToolkit } from '../../engine';
import { AUDIENCES, LANGUAGES, type SurveyPayload } from '../../model';
import { insightsOfPayloads, type TimeRange } from '../store/insights';
import type { StoredSubmission } from '../store/submissions';
import type { VisitFilter } from '../store/visits';
import { insightsPage, SUBMISSION_FIELDS, type InsightsView, type SubmissionField, type SubmissionInsights } from './dev-insights-page';
import { visitInsights } from './visit-insights';

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

const chosen = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The visits' filter of the form's fields; an audience or language it does not know is an error. */
export function visitFilterOf(query: Record<string, unknown>, from: string, to: string): { filter: VisitFilter; error?: string } {
  const where: VisitFilter['where'] = {};
  const toolkit = chosen(query.toolkit);
  const audience = chosen(query.audience);
  const language = chosen(query.language);
  const version = chosen(query.version);
  if (toolkit !== undefined) where.toolkit = toolkit;
  if (version !== undefined) where.version = version;
  if (audience !== undefined) where.audience = audience;
  if (language !== undefined) where.language = language;
  const filter = { fromDay: from, toDay: to, where };
  if (audience !== undefined && !(AUDIENCES as readonly string[]).includes(audience)) return { filter, error: `Audience: '${audience}' is none of ${AUDIENCES.join(', ')}.` };
  if (language !== undefined && !(LANGUAGES as readonly string[]).includes(language)) return { filter, error: `Language: '${language}' is none of ${LANGUAGES.join(', ')}.` };
  return { filter };
}

/** What is wrong with a toolkit the bundle and the records do not know, or a version never served, if the form names one. */
function unknownChoice(where: VisitFilter['where'], toolkits: readonly string[], versions: readonly { version: string }[]): string | undefined {
  if (where.toolkit !== undefined && !toolkits.includes(where.toolkit)) return `Toolkit: '${where.toolkit}' is none of ${toolkits.join(', ')}.`;
  if (where.version !== undefined && !versions.some((v) => v.version === where.version)) return `Version: '${where.version}' was never served.`;
  return undefined;
}

/** The filtered fields a submission does not record, which the filter therefore cannot judge it by. */
function unknownFields(submission: StoredSubmission, where: VisitFilter['where']): SubmissionField[] {
  return SUBMISSION_FIELDS.filter((field) => where[field] !== undefined && submission[field] === null);
}

/** Whether a submission is kept by the filter: every filtered field recorded, and of the value chosen (one not recorded is null, no value). */
function keptBy(submission: StoredSubmission, where: VisitFilter['where']): boolean {
  return SUBMISSION_FIELDS.every((field) => where[field] === undefined || submission[field] === where[field]);
}

/** How many of the submissions lack each filtered field, and how many lack any (those are left out). */
function unknownCounts(submissions: readonly StoredSubmission[], where: VisitFilter['where']): Pick<SubmissionInsights, 'unknown' | 'leftOut'> {
  const lacking = submissions.map((submission) => unknownFields(submission, where));
  const unknown = SUBMISSION_FIELDS.map((field) => ({ field, submissions: lacking.filter((fields) => fields.includes(field)).length })).filter((count) => count.submissions > 0);
  return { unknown, leftOut: lacking.filter((fields) => fields.length > 0).length };
}

/** Registers /dev/insights and /dev/insights.json; the caller does so only outside production. */
export function devInsightsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // A record's path is read from its ids, named by the texts of the survey its toolkit's page shows.
  const pathOf = (payload: SurveyPayload) => submissionPathOf(surveyOfToolkit(ctx.bundle, payload.toolkit), payload);

  /** The submissions' counts of the range under the form's filter, with those it could not judge left out and counted. */
  async function submissionInsights(range: TimeRange, where: VisitFilter['where']): Promise<SubmissionInsights> {
    const submissions = await ctx.submissions.storedIn(range, where.toolkit);
    const kept = submissions.filter((submission) => keptBy(submission, where)).map((submission) => submission.payload);
    return { ...insightsOfPayloads(kept, pathOf), ...unknownCounts(submissions, where) };
  }

  /** Every toolkit the form offers: the bundle's pages, and any with a submission or a visit. */
  async function toolkitsOfForm(): Promise<string[]> {
    const [submitted, visited] = await Promise.all([ctx.submissions.toolkits(), ctx.visits.toolkits()]);
    return [...new Set([...ctx.bundle.toolkits.map((binding) => binding.toolkit), ...submitted, ...visited])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The view of the form's query: the submissions' counts and the visits' figures, or what is wrong with the form. */
  async function viewOf(query: Record<string, unknown>): Promise<InsightsView> {
    const toolkits = await toolkitsOfForm();
    const toolkit = chosen(query.toolkit);
    const { from, to, range, error } = parseRange(query, ctx.now());
    const { filter, error: filterError } = visitFilterOf(query, from, to);
    const versions = await ctx.visits.versions();
    const view: InsightsView = { from, to, toolkit, toolkits, error: error ?? filterError ?? unknownChoice(filter.where, toolkits, versions), filter: filter.where, versions };
    if (range !== undefined && view.error === undefined) {
      view.insights = await submissionInsights(range, filter.where);
      view.visits = await visitInsights(ctx.visits, ctx.bundle, filter, ctx.now());
    }
    return view;
  }

  app.get('/dev/insights.json', async (request, reply) => {
    const view = await viewOf(request.query as Record<string, unknown>);
    if (view.error !== undefined) return reply.code(400).send({ error: 'invalid-range', message: view.error });
    return reply.send({ submissions: view.insights, ...view.visits });
  });

  app.get('/dev/insights', async (request, reply) => {
    const view = await viewOf(request.query as Record<string, unknown>);
    const error = view.error;
    return reply
      .code(error === undefined ? 200 : 400)
      .type('text/html; charset=utf-8')
      .send(insightsPage(view, ctx.bundle));
  });
}
