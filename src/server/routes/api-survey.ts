import type { FastifyInstance } from 'fastify';
import { audienceOf } from '../../engine';
import { applyOverlay } from '../../engine/overlay';
import type { SurveyPayload, ToolkitBinding, User } from '../../model';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { policyOf } from '../policies';
import { SURVEY_STORAGE_LIMIT } from '../survey-limit';
import { surveyAnswerProblem } from '../survey-answers';
import { SURVEY_PAYLOAD_SCHEMA_ID, schemaRef } from '../validation';
import { requireAccess, sessionOf } from './toolkit-call';
import { customerSurvey, visitedSurvey, type CustomerSurvey } from '../experiments';
import type { SubmissionContext } from '../store/submissions';

export { SURVEY_STORAGE_LIMIT };

/**
 * What a submission records beside its payload: the customer's latest visit of the toolkit's survey
 * (the page records it), whose version it answered, and the experiment variant the server assigns.
 */
async function submissionContext(ctx: ServerContext, userId: string, shown: CustomerSurvey): Promise<SubmissionContext> {
  const visit = await ctx.visits.latest(userId, shown.toolkit);
  const { experiment, variant } = shown;
  return visit === undefined ? { version: shown.survey.version, experiment, variant, visitId: null } : { version: visit.version, experiment, variant, visitId: visit.visitId };
}

/**
 * The survey the payload answers, as the customer was shown it: in the variant their visit recorded
 * (the page keeps the variant it loaded with, past the experiment's end), or in the one assigned now;
 * where their policy withholds offers, with every offer passed by, as the page passed them. The visit's
 * comes first, so that a payload both fit (a variant that only fixes the answer order) is recorded in
 * the variant of the visit it is recorded with. A payload that fits neither is refused with 400,
 * saying what does not fit the variant assigned now.
 */
async function answeredSurvey(ctx: ServerContext, user: User, binding: ToolkitBinding, payload: SurveyPayload): Promise<CustomerSurvey> {
  const userId = String(user.user_id);
  const withheld = policyOf(ctx.bundle, user, binding).offers === 'withheld';
  const problemOf = ({ survey }: CustomerSurvey) =>
    surveyAnswerProblem(withheld ? applyOverlay(survey, { holdout: true }) : survey, audienceOf(user), payload, { productGroup: user.product_group, validate: ctx.validateStep });
  const now = customerSurvey(ctx.bundle, binding, userId, ctx.now());
  const visit = await ctx.visits.latest(userId, binding.toolkit);
  const visited = visit && (visit.experiment !== now.experiment || visit.variant !== now.variant) ? visitedSurvey(ctx.bundle, binding, visit) : undefined;
  if (visited !== undefined && problemOf(visited) === undefined) return visited;
  const problem = problemOf(now);
  if (problem === undefined) return now;
  throw new ApiError(400, 'invalid-survey', `${problem}.`);
}

/**
 * POST survey-storage/survey-monitoring/: stores a payload valid against schemas/survey-payload.schema.json
 * whose answers fit the compiled survey of its toolkit, as the signed-in customer's audience sees it.
 */
export function surveyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post(
    '/survey-storage/survey-monitoring/',
    { schema: { body: schemaRef(SURVEY_PAYLOAD_SCHEMA_ID) } },
    async (request, reply) => {
      const { user } = await sessionOf(ctx, request);
      const payload = request.body as SurveyPayload;
      if (payload.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new ApiError(400, 'email-mismatch', "email: must be the signed-in user's email address.");
      }
      const binding = ctx.toolkits.byToolkit(payload.toolkit);
      if (binding === undefined) {
        const known = ctx.bundle.toolkits.map((b) => b.toolkit).join(', ');
        throw new ApiError(400, 'unknown-toolkit', `toolkit: '${payload.toolkit}' is not a toolkit (known: ${known}).`);
      }
      const userId = String(user.user_id);
      // Checked inside: a survey already stored under its key is answered again, whatever the survey and
      // the subscription are now (a retry whose answer was lost, after the cancellation took effect).
      const outcome = await ctx.idempotent(request, reply, { userId, call: 'survey-storage' }, async () => {
        requireAccess(user, binding);
        const shown = await answeredSurvey(ctx, user, binding, payload);
        const now = ctx.now();
        const { count, windowEnds } = await ctx.requestCounts.hit(userId, 'survey-storage', SURVEY_STORAGE_LIMIT.windowMs, now);
        if (count > ctx.config.surveyRateLimit) {
          const retryAfter = Math.max(1, Math.ceil((windowEnds - now) / 1000));
          throw new ApiError(429, 'too-many-submissions', `Too many surveys sent; try again in ${retryAfter} seconds.`, {
            'retry-after': String(retryAfter),
          });
        }
        // One submission per cancellation (decision 75): a repeat answers the first record and stores nothing.
        const first = await ctx.submissions.first(userId, binding.toolkit);
        return { status: 200, body: { stored: true, id: first ?? (await ctx.submissions.insert(userId, payload, now, await submissionContext(ctx, userId, shown))) } };
      });
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
