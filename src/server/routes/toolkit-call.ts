import type { FastifyRequest } from 'fastify';
import { toolkitHasOffers } from '../../engine';
import type { CompiledSurvey, ToolkitBinding, User } from '../../model';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import type { Session } from '../sessions';
import type { CancellationState } from '../store/cancellations';
import { endsEverything } from '../subscriptions';
import { canCancel } from '../toolkits';

/** What a /cancel/api/{toolkit}/... handler works with. */
export interface ToolkitCall {
  session: Session;
  user: User;
  /** The user id as the database keys it. */
  userId: string;
  binding: ToolkitBinding;
  /** The survey the toolkit's page renders: the offer calls answer for its offer steps. */
  survey: CompiledSurvey;
}

/** Which family of calls the route belongs to: the confirmation calls or the seo/all-at-once offers. */
export type CallFamily = 'confirmation' | 'offers';

/** The signed-in session; the API guard has already refused requests without one. */
export async function sessionOf(ctx: ServerContext, request: FastifyRequest): Promise<Session> {
  const session = await ctx.sessions.of(request);
  if (session === undefined) throw new ApiError(401, 'not-signed-in', 'You are not signed in (no valid session cookie).');
  return session;
}

/** Refuses a toolkit the user cannot cancel (no active subscription, toolkit not active, no SST permission). */
export function requireAccess(user: User, binding: ToolkitBinding): void {
  if (!canCancel(user, binding)) {
    throw new ApiError(
      403,
      'toolkit-not-available',
      `toolkit: this account has no active ${binding.name} subscription it may cancel.`,
    );
  }
}

/**
 * Resolves the `{toolkit}` path segment: unknown → 404, a toolkit without this family of calls → 404,
 * a toolkit the user cannot cancel → 403.
 */
export async function toolkitCall(ctx: ServerContext, request: FastifyRequest, family: CallFamily): Promise<ToolkitCall> {
  const session = await sessionOf(ctx, request);
  const { toolkit: segment } = request.params as { toolkit: string };
  const binding = ctx.toolkits.bySegment(segment);
  if (binding === undefined) {
    throw new ApiError(
      404,
      'unknown-toolkit',
      `toolkit: '${segment}' is not a toolkit segment (known: ${ctx.toolkits.segments().join(', ')}).`,
    );
  }
  if (family === 'confirmation' && binding.confirmRoute === undefined) {
    throw new ApiError(404, 'not-available', `toolkit: ${binding.toolkit} has no email confirmation.`);
  }
  const survey = surveyOfBinding(ctx, binding);
  if (family === 'offers' && !toolkitHasOffers(survey, binding.toolkit)) {
    throw new ApiError(404, 'not-available', `toolkit: ${binding.toolkit} has no offer or downgrade.`);
  }
  const userId = String(session.user.user_id);
  // A confirmed cancellation ends the subscription, but its calls still answer for it: is-confirmed
  // says so, a used link says it was used, an offer says it is too late (409, not 403).
  if ((await cancellationState(ctx, userId, binding)) !== 'confirmed') requireAccess(session.user, binding);
  return { session, user: session.user, userId, binding, survey };
}

/**
 * Where the cancellation of a toolkit's subscription stands: its own request, or confirmed when the
 * cancellation of everything (all-at-once) is (decision 73).
 */
export async function cancellationState(ctx: ServerContext, userId: string, binding: ToolkitBinding): Promise<CancellationState> {
  const own = (await ctx.cancellations.request(userId, binding.toolkit))?.state ?? 'none';
  if (own === 'confirmed' || binding.confirmRoute === undefined) return own;
  const everything = ctx.bundle.toolkits.find(endsEverything);
  const all = everything === undefined ? 'none' : ((await ctx.cancellations.request(userId, everything.toolkit))?.state ?? 'none');
  return all === 'confirmed' ? 'confirmed' : own;
}

/** The survey a toolkit page renders. The compiler refuses a binding to a survey that does not exist, so a missing one is a broken bundle. */
export function surveyOfBinding(ctx: ServerContext, binding: ToolkitBinding): CompiledSurvey {
  const survey = ctx.bundle.surveys[binding.survey];
  if (survey === undefined) throw new Error(`the compiled bundle has no survey '${binding.survey}'`);
  return survey;
}

/** A write body whose contents the spec leaves open: absent, or a JSON object. */
export function requireObjectBody(body: unknown): void {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new ApiError(400, 'invalid-body', 'body: must be an object');
  }
}
