// POST /cancel/api/visit-events/ (our addition to spec §7): the events of a visit of the survey screen,
// in batches, for retention insights. Ids only: a step, an answer, an offer; never a text typed.
import type { FastifyInstance } from 'fastify';
import { answerIdsOf, audienceOf, stepAt } from '../../engine';
import { LANGUAGES, VISIT_BATCH_MAX_EVENTS, VISIT_EVENT_TYPES, type VisitEventBatch } from '../../model';
import type { ServerContext } from '../context';
import { requireCsrfToken } from '../csrf';
import { ApiError } from '../errors';
import { customerSurvey } from '../experiments';
import { installJsonParser } from '../json-body';
import type { VisitRecord } from '../store/visits';
import { sessionOf } from './toolkit-call';

/** Batches an account may send in a window; more get 429 with Retry-After. */
export const VISIT_EVENTS_LIMIT = { requests: 120, windowMs: 60_000 } as const;
/** The largest body: 50 events of ids fit in a quarter of it. */
export const VISIT_EVENTS_BODY_LIMIT = 16 * 1024;
/** navigator.sendBeacon can only send JSON as text. */
const BEACON_BODY_TYPES = ['application/json', 'text/plain'] as const;

const ID = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' };
const UUID = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };

const BATCH_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['visit', 'toolkit', 'version', 'language', 'events'],
  properties: {
    visit: UUID,
    toolkit: ID,
    version: { type: 'string', pattern: '^[0-9a-f]{12}$' },
    language: { enum: [...LANGUAGES] },
    csrf_token: { type: 'string', maxLength: 200 },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: VISIT_BATCH_MAX_EVENTS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'type'],
        properties: { id: UUID, type: { enum: [...VISIT_EVENT_TYPES] }, step: ID, answer: ID },
      },
    },
  },
};

/**
 * Refuses an event naming a step the customer's survey does not have, or an answer its step does not,
 * and an event id given twice in the batch (the store keeps the first of an id, for a batch sent again,
 * so the second event would be dropped while the batch was answered as recorded).
 */
function checkIds(batch: VisitEventBatch, steps: (id: string) => Set<string> | undefined, surveyName: string): void {
  const firstOf = new Map<string, number>();
  batch.events.forEach((event, index) => {
    const first = firstOf.get(event.id);
    if (first !== undefined) throw new ApiError(400, 'invalid-events', `events[${index}].id: '${event.id}' is the id of events[${first}] too; each event needs its own.`);
    firstOf.set(event.id, index);
    if (event.step === undefined) {
      if (event.answer !== undefined) throw new ApiError(400, 'invalid-events', `events[${index}].answer: an answer needs its step.`);
      return;
    }
    const answers = steps(event.step);
    if (answers === undefined) throw new ApiError(400, 'invalid-events', `events[${index}].step: '${event.step}' is not a step of the ${surveyName} survey.`);
    if (event.answer !== undefined && !answers.has(event.answer)) {
      throw new ApiError(400, 'invalid-events', `events[${index}].answer: '${event.answer}' is not an answer of the step '${event.step}'.`);
    }
  });
}

/** Registers POST visit-events/, in a scope of its own that also reads a navigator.sendBeacon body (text/plain JSON). */
export function visitEventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app.register(async (scope) => {
    installJsonParser(scope, BEACON_BODY_TYPES);
    scope.post(
      '/visit-events/',
      { schema: { body: BATCH_BODY }, bodyLimit: VISIT_EVENTS_BODY_LIMIT, config: { csrfInBody: true, bodyTypes: BEACON_BODY_TYPES } },
      async (request, reply) => {
        const session = await sessionOf(ctx, request);
        const batch = request.body as VisitEventBatch;
        requireCsrfToken(request, session, { token: batch.csrf_token });
        const { user } = session;
        const binding = ctx.toolkits.byToolkit(batch.toolkit);
        if (binding === undefined) throw new ApiError(400, 'unknown-toolkit', `toolkit: '${batch.toolkit}' is not a toolkit.`);
        const userId = String(user.user_id);
        const now = ctx.now();
        const { count, windowEnds } = await ctx.requestCounts.hit(userId, 'visit-events', VISIT_EVENTS_LIMIT.windowMs, now);
        if (count > VISIT_EVENTS_LIMIT.requests) {
          const retryAfter = Math.max(1, Math.ceil((windowEnds - now) / 1000));
          throw new ApiError(429, 'too-many-events', `Too many event batches; try again in ${retryAfter} seconds.`, { 'retry-after': String(retryAfter) });
        }
        const shown = customerSurvey(ctx.bundle, binding, userId, now);
        const audience = audienceOf(user);
        const flow = shown.survey.audiences[audience];
        checkIds(batch, (id) => {
          const step = stepAt(flow, id);
          return step && answerIdsOf(step);
        }, binding.name);
        const known = (await ctx.store.visits.versions()).some((served) => served.version === batch.version && served.survey === shown.survey.id);
        if (!known) throw new ApiError(400, 'unknown-version', `version: '${batch.version}' is not a version of the ${binding.name} survey this server has served.`);

        const added = await ctx.transaction(async () => {
          let visit: VisitRecord | undefined = await ctx.store.visits.visit(batch.visit);
          if (visit === undefined && batch.events.some((event) => event.type === 'visit')) {
            visit = await ctx.store.visits.start(
              {
                visitId: batch.visit,
                userId,
                toolkit: binding.toolkit,
                survey: shown.survey.id,
                version: batch.version,
                audience,
                language: batch.language,
                experiment: shown.experiment,
                variant: shown.variant,
              },
              now,
            );
          }
          if (visit === undefined || visit.userId !== userId || visit.toolkit !== binding.toolkit) {
            throw new ApiError(404, 'unknown-visit', `visit: '${batch.visit}' is no visit of yours on ${binding.name}; a visit starts with a 'visit' event.`);
          }
          return ctx.store.visits.addEvents(visit, batch.events, now);
        });
        return reply.send({ recorded: added });
      },
    );
  });
}
