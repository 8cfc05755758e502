import type { FastifyInstance } from 'fastify';
import type { ContextResponse, PendingCancellation, User } from '../../model';
import type { ServerContext } from '../context';
import { assignedVariants } from '../experiments';
import { policyOf } from '../policies';
import { sessionOf } from './toolkit-call';

/** The user's cancellations waiting for their emailed link, with the resend window's remaining seconds. */
async function pendingCancellations(ctx: ServerContext, userId: string): Promise<PendingCancellation[]> {
  const now = ctx.now();
  const windowMs = ctx.bundle.provider.resendCountdownSeconds * 1000;
  return (await ctx.cancellations.pendingRequests(userId)).map(({ toolkit, lastKeyAt }) => ({
    toolkit,
    email_sent_at: new Date(lastKeyAt).toISOString(),
    resend_in_seconds: Math.max(0, Math.ceil((lastKeyAt + windowMs - now) / 1000)),
  }));
}

/** What get-context answers for `user`: also what the server renders a page's first screen for (src/ssr). */
export async function contextOf(ctx: ServerContext, user: User): Promise<ContextResponse> {
  const userId = String(user.user_id);
  const body: ContextResponse = {
    user,
    pending_cancellations: await pendingCancellations(ctx, userId),
    downgrades: await ctx.offers.downgrades(userId),
    policy: policyOf(ctx.bundle, user),
  };
  const experiments = assignedVariants(ctx.bundle, userId, ctx.now());
  if (experiments.length > 0) body.experiments = experiments;
  return body;
}

/** GET get-context/ and get-csrf-token/ (spec §7). */
export function contextRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/get-context/', async (request) => contextOf(ctx, (await sessionOf(ctx, request)).user));

  app.get('/get-csrf-token/', async (request) => ({ csrf_token: (await sessionOf(ctx, request)).csrfToken }));
}
