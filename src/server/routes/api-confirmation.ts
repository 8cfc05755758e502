import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { recordOnVisitAwaitingLink } from '../store/visits';
import { confirmationMail } from '../confirmation-mail';
import { ApiError } from '../errors';
import { languageOf } from '../languages';
import { toolkitsEndedBy } from '../subscriptions';
import { randomToken, sha256 } from '../tokens';
import type { CancellationRecord } from '../store/cancellation-records';
import { declare } from './declarations';
import { cancellationState, requireObjectBody, toolkitCall, type ToolkitCall } from './toolkit-call';

const CONFIRM_QUERY = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 256 } },
};

/** Refuses a resend inside the countdown window (429 with Retry-After in whole seconds). */
async function checkResendWindow(ctx: ServerContext, call: ToolkitCall, now: number): Promise<void> {
  const last = await ctx.cancellations.lastKeyAt(call.userId, call.binding.toolkit);
  const windowMs = ctx.bundle.provider.resendCountdownSeconds * 1000;
  if (last === undefined || now - last >= windowMs) return;
  const retryAfter = Math.max(1, Math.ceil((last + windowMs - now) / 1000));
  throw new ApiError(
    429,
    'resend-too-soon',
    `The confirmation email was sent less than ${windowMs / 1000} seconds ago; try again in ${retryAfter} seconds.`,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Opens (or keeps) the cancellation request, mails a fresh confirmation key and records the declaration
 * in the audit trail (once per cancellation: a resend declares nothing new). Runs inside the caller's
 * idempotent transaction; returns the recorded mail's id and the audit record, for delivery after the commit.
 */
export async function mailConfirmation(
  ctx: ServerContext,
  call: ToolkitCall,
  screens: () => Promise<string[]>,
  /** The name the customer declared with, which the mail greets (a declaration's); else the account's. */
  declaredName?: string,
): Promise<{ mailId: number; record: CancellationRecord }> {
  const { binding, userId } = call;
  const user = declaredName === undefined ? call.user : { ...call.user, name: declaredName };
  if ((await cancellationState(ctx, userId, binding)) === 'confirmed') {
    throw new ApiError(409, 'already-confirmed', `The cancellation of ${binding.name} is already confirmed.`);
  }
  const now = ctx.now();
  await checkResendWindow(ctx, call, now);
  const cancellation = await ctx.cancellations.openRequest(userId, binding.toolkit, now);
  const key = randomToken();
  const ttlSeconds = ctx.config.confirmKeyTtlSeconds;
  await ctx.cancellations.addKey({
    keyHash: sha256(key),
    requestId: cancellation.id,
    userId,
    toolkit: binding.toolkit,
    createdAt: now,
    expiresAt: now + ttlSeconds * 1000,
  });
  const link = `${ctx.publicOrigin()}/cancel/${binding.confirmRoute ?? binding.route}/confirm-unsubscribe?key=${key}`;
  // The session's language, by the page's own rule (English on a plan page): the page the link opens for the signed-in customer.
  const language = languageOf(call.session.lang, link);
  const mail = confirmationMail({ provider: ctx.bundle.provider, binding, user, link, validSeconds: ttlSeconds, language, origin: ctx.publicOrigin() });
  const mailId = await ctx.mailer.record({ ...mail, secrets: [key], userId });
  const record = (await ctx.records.awaitingEffect(userId, binding.toolkit)) ?? (await declare(ctx, call, 'email-link', await screens(), now));
  return { mailId, record };
}

/** send-confirmation-email/, is-confirmed/ and confirm/ for every toolkit with email confirmation. */
export function confirmationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/:toolkit/send-confirmation-email/', async (request, reply) => {
    const call = await toolkitCall(ctx, request, 'confirmation');
    requireObjectBody(request.body);
    const { binding, userId } = call;
    let mailId: number | undefined;
    const outcome = await ctx.idempotent(request, reply, { userId, call: 'send-confirmation-email', toolkit: binding.toolkit }, async () => {
      // Set only by the attempt that commits (a PostgreSQL transaction may run again).
      mailId = undefined;
      // The screens the stored survey showed (its path); the spec's flow has no other way here.
      ({ mailId } = await mailConfirmation(ctx, call, () => ctx.submissions.firstPath(userId, binding.toolkit)));
      return { status: 200, body: { sent: true } };
    });
    // After the commit: a rolled-back request never reaches SMTP.
    if (mailId !== undefined) ctx.mailer.deliver(mailId);
    return reply.code(outcome.status).send(outcome.body);
  });

  app.get('/:toolkit/is-confirmed/', async (request) => {
    const { binding, userId } = await toolkitCall(ctx, request, 'confirmation');
    const state = await cancellationState(ctx, userId, binding);
    return { confirmed: state === 'confirmed', state };
  });

  app.get(
    '/:toolkit/confirm/',
    { schema: { querystring: CONFIRM_QUERY }, config: { csrf: true } },
    async (request) => {
      const { binding, userId } = await toolkitCall(ctx, request, 'confirmation');
      const { key } = request.query as { key: string };
      return ctx.transaction(async () => {
        const record = await ctx.cancellations.keyByHash(sha256(key));
        if (record === undefined) {
          throw new ApiError(404, 'key-not-found', 'key: this confirmation link is not valid.');
        }
        // Checked first so nothing about another account's key (used, expired) is revealed.
        if (record.userId !== userId) {
          throw new ApiError(403, 'key-wrong-user', 'key: this confirmation link was sent to another account.');
        }
        if (record.toolkit !== binding.toolkit) {
          throw new ApiError(
            400,
            'key-wrong-toolkit',
            `key: this confirmation link is for the ${record.toolkit} subscription, not ${binding.toolkit}.`,
          );
        }
        if (record.usedAt !== null) {
          throw new ApiError(410, 'key-used', 'key: this confirmation link was already used.');
        }
        const now = ctx.now();
        if (now >= record.expiresAt) {
          throw new ApiError(410, 'key-expired', 'key: this confirmation link has expired; ask for a new email.');
        }
        await ctx.cancellations.useKey(record.id, now);
        await ctx.cancellations.confirm(record.requestId, now);
        await recordOnVisitAwaitingLink(ctx.visits, userId, binding.toolkit, { id: randomUUID(), type: 'confirmed' }, now);
        const declared = await ctx.records.awaitingEffect(userId, binding.toolkit);
        if (declared !== undefined) await ctx.records.takeEffect(declared.id, now);
        // A cancellation wins over an offer accepted before it (decision 74); all-at-once ends every subscription.
        await ctx.offers.withdraw(userId, toolkitsEndedBy(binding, ctx.bundle.toolkits), now);
        return { confirmed: true, toolkit: binding.toolkit };
      });
    },
  );
}
