import type { FastifyInstance } from 'fastify';
import { toolkitDiscounts, toolkitDowngradePlans, toolkitHasOffers } from '../../engine';
import type { ToolkitBinding, User } from '../../model';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { customerSurvey } from '../experiments';
import { policyOf } from '../policies';
import { endsEverything } from '../subscriptions';
import { cancellationState, requireObjectBody, toolkitCall, type ToolkitCall } from './toolkit-call';

const DOWNGRADE_QUERY = {
  type: 'object',
  required: ['to'],
  properties: { to: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * The cancellation under way for the subscription a toolkit page offers to keep: its own, or the
 * cancellation of everything (all-at-once), pending or confirmed. A subscription is never both kept
 * and cancelled (decision 74), so an offer is refused while one is under way.
 */
async function cancellationUnderWay(ctx: ServerContext, userId: string, binding: ToolkitBinding): Promise<'pending' | 'confirmed' | undefined> {
  const everything = ctx.bundle.toolkits.filter(endsEverything);
  const states = await Promise.all([binding, ...everything].map((b) => cancellationState(ctx, userId, b)));
  return states.includes('confirmed') ? 'confirmed' : states.includes('pending') ? 'pending' : undefined;
}

/**
 * One retention action per user and toolkit: eligible until the offer is accepted or the plan
 * downgraded, and while no cancellation of it is under way; never where the customer's variant of a
 * running experiment lists no offer on the page (a holdout). The /dev/survey preview asks the same,
 * to show what the page would.
 */
export async function isEligible(ctx: ServerContext, user: User, binding: ToolkitBinding): Promise<boolean> {
  const userId = String(user.user_id);
  return (
    user.eligible_for_offer &&
    policyOf(ctx.bundle, user, binding).offers !== 'withheld' &&
    toolkitHasOffers(customerSurvey(ctx.bundle, binding, userId, ctx.now()).survey, binding.toolkit) &&
    (await ctx.offers.acceptedOffer(userId, binding.toolkit)) === undefined &&
    (await ctx.offers.downgrade(userId, binding.toolkit)) === undefined &&
    (await cancellationUnderWay(ctx, userId, binding)) === undefined
  );
}

/** Refuses an offer on a subscription being cancelled with 409, saying which. */
async function refuseIfCancelling(ctx: ServerContext, { userId, binding }: ToolkitCall): Promise<void> {
  const state = await cancellationUnderWay(ctx, userId, binding);
  if (state === 'confirmed') {
    throw new ApiError(409, 'already-cancelled', `The cancellation of ${binding.name} is confirmed; it can no longer be kept with an offer.`);
  }
  if (state === 'pending') {
    throw new ApiError(
      409,
      'cancellation-pending',
      `The cancellation of ${binding.name} waits for its emailed link; an offer cannot be accepted while it does.`,
    );
  }
}

async function requireEligible(ctx: ServerContext, call: ToolkitCall): Promise<void> {
  const policy = policyOf(ctx.bundle, call.user, call.binding);
  if (policy.offers === 'withheld') {
    throw new ApiError(409, 'offers-withheld', `The cancellation policy ${policy.id} of this account's country allows no retention offer.`);
  }
  if (!(await isEligible(ctx, call.user, call.binding))) {
    throw new ApiError(403, 'not-eligible', `This account is not eligible for an offer on ${call.binding.name}.`);
  }
}

/**
 * The discount offer being accepted: the body's `offer` (the survey step that showed it) when given,
 * else the toolkit's only discount offer.
 */
function acceptedOfferId({ survey, binding: { toolkit } }: ToolkitCall, body: unknown): string {
  const discounts = toolkitDiscounts(survey, toolkit);
  const named = typeof body === 'object' && body !== null ? (body as { offer?: unknown }).offer : undefined;
  if (named === undefined) {
    const [only] = discounts;
    if (only === undefined || discounts.length > 1) {
      throw new ApiError(400, 'invalid-body', `offer: required, one of ${discounts.join(', ') || 'none'}.`);
    }
    return only;
  }
  const offered = discounts.join(', ') || 'none';
  // Quoted only as the text it is: a number, null or an object read as text ('[object Object]') was never sent.
  if (typeof named !== 'string') {
    throw new ApiError(400, 'invalid-body', `offer: must be a string, the id of a discount offered on ${toolkit} (offered: ${offered}).`);
  }
  if (!discounts.includes(named)) {
    throw new ApiError(400, 'invalid-body', `offer: '${named}' is not a discount offered on ${toolkit} (offered: ${offered}).`);
  }
  return named;
}

/**
 * One retention action per user and toolkit (decision 18): a second, of either kind, is refused with
 * 409 naming what was taken (`offer` or `plan`), so the page of another tab can show it (decision 195).
 */
async function refuseIfRetained(ctx: ServerContext, { binding, userId }: ToolkitCall): Promise<void> {
  const accepted = await ctx.offers.acceptedOffer(userId, binding.toolkit);
  if (accepted !== undefined) {
    throw new ApiError(409, 'offer-already-accepted', `The offer on ${binding.name} was already accepted.`, {}, { offer: accepted });
  }
  const done = await ctx.offers.downgrade(userId, binding.toolkit);
  if (done !== undefined) {
    throw new ApiError(409, 'already-downgraded', `${binding.name} was already downgraded to ${done.toPlan}.`, {}, { plan: done.toPlan });
  }
}

/** eligible-for-offer/, accept-offer/ and downgrade/ for the toolkits whose YAML declares offers (seo, all-at-once). */
export function offerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/:toolkit/eligible-for-offer/', async (request) => {
    const call = await toolkitCall(ctx, request, 'offers');
    const { survey, binding, user } = call;
    const result = await isEligible(ctx, user, binding);
    return { result, downgrade_plans: result ? toolkitDowngradePlans(survey, binding.toolkit, user.product_group) : [] };
  });

  app.post('/:toolkit/accept-offer/', async (request, reply) => {
    const call = await toolkitCall(ctx, request, 'offers');
    requireObjectBody(request.body);
    const { binding, userId } = call;
    const offer = acceptedOfferId(call, request.body);
    const outcome = await ctx.idempotent(request, reply, { userId, call: 'accept-offer', toolkit: binding.toolkit }, async () => {
      await refuseIfRetained(ctx, call);
      await refuseIfCancelling(ctx, call);
      await requireEligible(ctx, call);
      await ctx.offers.acceptOffer(userId, binding.toolkit, offer, ctx.now());
      return { status: 200, body: { accepted: true, offer, toolkit: binding.toolkit } };
    });
    return reply.code(outcome.status).send(outcome.body);
  });

  // A GET that changes state (spec §7): it needs the CSRF header like a POST.
  app.get(
    '/:toolkit/downgrade/',
    { schema: { querystring: DOWNGRADE_QUERY }, config: { csrf: true } },
    async (request, reply) => {
      const call = await toolkitCall(ctx, request, 'offers');
      const { binding, survey, user, userId } = call;
      const { to } = request.query as { to: string };
      const outcome = await ctx.idempotent(request, reply, { userId, call: 'downgrade', toolkit: binding.toolkit }, async () => {
        await refuseIfRetained(ctx, call);
        await refuseIfCancelling(ctx, call);
        await requireEligible(ctx, call);
        const plans = toolkitDowngradePlans(survey, binding.toolkit, user.product_group);
        if (!plans.includes(to)) {
          const offered = plans.length === 0 ? 'none is offered' : `offered: ${plans.join(', ')}`;
          throw new ApiError(400, 'plan-not-offered', `to: '${to}' is not a plan offered to this account (${offered}).`);
        }
        await ctx.offers.addDowngrade(userId, binding.toolkit, user.product_group, to, ctx.now());
        return { status: 200, body: { downgraded: true, toolkit: binding.toolkit, plan: to } };
      });
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
