// Cancellations under a policy (survey/policies.yaml): the declaration from the policy's screen, the
// audit trail every cancellation writes, and the receipt's undo. Our additions to spec §7.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { audienceOf } from '../../engine';
import { DECLARATION_SCREEN, declaresOnPage, type DeclarationReceipt, type DeclarationRequest, type EffectRule } from '../../model';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { languageOf } from '../languages';
import { policyOf } from '../policies';
import { receiptMail } from '../receipt-mail';
import type { CancellationRecord } from '../store/cancellation-records';
import { recordOnLatestVisit } from '../store/visits';
import { toolkitsEndedBy } from '../subscriptions';
import { randomToken, sha256 } from '../tokens';
import { mailConfirmation } from './api-confirmation';
import { cancellationState, toolkitCall, type ToolkitCall } from './toolkit-call';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh reference for a cancellation record, e.g. C-7K2M9Q4T. */
function newReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `C-${code}`;
}

const DECLARATION_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'screens'],
  properties: {
    // Something to read, and no control character: the name goes into the receipt's text and HTML.
    name: { type: 'string', minLength: 1, maxLength: 80, pattern: '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001f\\u007f]*$' },
    screens: { type: 'array', maxItems: 30, items: { type: 'string', minLength: 1, maxLength: 64 } },
  },
};

const UNDO_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 256 } },
};

/**
 * Records a declared cancellation in the audit trail under the policy of the customer's country,
 * first deleting the records older than the retention period (AUDIT_RETENTION_DAYS).
 */
export async function declare(ctx: ServerContext, call: ToolkitCall, effect: EffectRule, screens: string[], now: number): Promise<CancellationRecord> {
  const policy = policyOf(ctx.bundle, call.user, call.binding);
  await ctx.records.purgeBefore(now - ctx.config.auditRetentionDays * DAY_MS);
  return ctx.records.insert({
    reference: newReference(),
    userId: call.userId,
    toolkit: call.binding.toolkit,
    policy: policy.id,
    policyVersion: policy.version,
    effect,
    screens,
    declaredAt: now,
    effectiveAt: effect === 'immediate' ? now : null,
  });
}

/** The screens a declaration names, each a step of the survey the customer's audience sees. */
function checkedScreens(call: ToolkitCall, screens: readonly string[]): string[] {
  const flow = call.survey.audiences[audienceOf(call.user)];
  const unknown = screens.find((id) => !Object.hasOwn(flow.steps, id));
  if (unknown !== undefined) throw new ApiError(400, 'invalid-body', `screens: '${unknown}' is not a step of the ${call.binding.name} survey.`);
  return [...screens, DECLARATION_SCREEN];
}

/** Cancels at once: the request confirmed now, offers withdrawn, the record, the undo key and the receipt. */
async function cancelNow(
  ctx: ServerContext,
  call: ToolkitCall,
  body: DeclarationRequest,
  rule: { undoDays: number; withdrawal: boolean },
): Promise<{ receipt: DeclarationReceipt; mailId: number }> {
  const { binding, userId, user } = call;
  if ((await cancellationState(ctx, userId, binding)) === 'confirmed') {
    throw new ApiError(409, 'already-confirmed', `The cancellation of ${binding.name} is already confirmed.`);
  }
  const now = ctx.now();
  const request = await ctx.cancellations.openRequest(userId, binding.toolkit, now);
  await ctx.cancellations.confirm(request.id, now);
  await recordOnLatestVisit(ctx.visits, userId, binding.toolkit, { id: randomUUID(), type: 'confirmed' }, now);
  await ctx.offers.withdraw(userId, toolkitsEndedBy(binding, ctx.bundle.toolkits), now);
  const record = await declare(ctx, call, 'immediate', checkedScreens(call, body.screens), now);
  const key = randomToken();
  const undoUntil = now + rule.undoDays * DAY_MS;
  await ctx.records.addUndoKey(sha256(key), { recordId: record.id, userId, expiresAt: undoUntil });
  // The confirm page undoes with `undo` as it confirms with `key` (decision 87).
  const undoLink = `${ctx.publicOrigin()}/cancel/${binding.confirmRoute ?? binding.route}/confirm-unsubscribe?undo=${key}`;
  const language = languageOf(call.session.lang, undoLink);
  const mail = receiptMail({
    provider: ctx.bundle.provider,
    binding,
    to: user.email,
    name: body.name.trim(),
    reference: record.reference,
    declaredAt: now,
    undoLink,
    undoUntil,
    language,
    withdrawal: rule.withdrawal,
  });
  const mailId = await ctx.mailer.record({ ...mail, secrets: [key], userId });
  const at = new Date(now).toISOString();
  return {
    receipt: {
      effect: 'immediate',
      reference: record.reference,
      declared_at: at,
      effective_at: at,
      undo_until: new Date(undoUntil).toISOString(),
      email: user.email,
      ...(rule.withdrawal ? { declares: 'withdrawal' as const } : {}),
    },
    mailId,
  };
}

/** declare-cancellation/ and undo-cancellation/ for every toolkit with email confirmation. */
export function declarationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/:toolkit/declare-cancellation/', { schema: { body: DECLARATION_BODY } }, async (request, reply) => {
    const call = await toolkitCall(ctx, request, 'confirmation');
    const body = request.body as DeclarationRequest;
    const policy = policyOf(ctx.bundle, call.user, call.binding);
    let mailId: number | undefined;
    // Checked inside: a declaration already recorded under its key is answered again, whatever the policy is now.
    const outcome = await ctx.idempotent(request, reply, { userId: call.userId, call: 'declare-cancellation', toolkit: call.binding.toolkit }, async () => {
      mailId = undefined;
      if (!declaresOnPage(policy)) {
        throw new ApiError(409, 'declaration-not-offered', `Under the ${policy.id} policy a cancellation is asked for with the survey and confirmed by email.`);
      }
      if (policy.effect === 'immediate') {
        const done = await cancelNow(ctx, call, body, { undoDays: policy.undoDays ?? 14, withdrawal: policy.closingForm?.declares === 'withdrawal' });
        mailId = done.mailId;
        return { status: 200, body: done.receipt };
      }
      const screens = checkedScreens(call, body.screens);
      const sent = await mailConfirmation(ctx, call, async () => screens, body.name.trim());
      mailId = sent.mailId;
      const receipt: DeclarationReceipt = {
        effect: 'email-link',
        reference: sent.record.reference,
        declared_at: new Date(sent.record.declaredAt).toISOString(),
        email: call.user.email,
      };
      return { status: 200, body: receipt };
    });
    if (mailId !== undefined) ctx.mailer.deliver(mailId);
    return reply.code(outcome.status).send(outcome.body);
  });

  app.post('/:toolkit/undo-cancellation/', { schema: { body: UNDO_BODY } }, async (request) => {
    const { binding, userId } = await toolkitCall(ctx, request, 'confirmation');
    const { key } = request.body as { key: string };
    return ctx.transaction(async () => {
      const hash = sha256(key);
      const undoKey = await ctx.records.undoKeyByHash(hash);
      if (undoKey === undefined) throw new ApiError(404, 'key-not-found', 'key: this undo link is not valid.');
      if (undoKey.userId !== userId) throw new ApiError(403, 'key-wrong-user', 'key: this undo link was sent to another account.');
      const record = await ctx.records.byId(undoKey.recordId);
      if (record === undefined) throw new ApiError(404, 'key-not-found', 'key: this undo link is not valid.');
      if (record.toolkit !== binding.toolkit) {
        throw new ApiError(400, 'key-wrong-toolkit', `key: this undo link is for the ${record.toolkit} subscription, not ${binding.toolkit}.`);
      }
      if (undoKey.usedAt !== null || record.undoneAt !== null) throw new ApiError(410, 'key-used', 'key: this cancellation was already undone.');
      const now = ctx.now();
      if (now >= undoKey.expiresAt) throw new ApiError(410, 'key-expired', 'key: the time to undo this cancellation has passed.');
      await ctx.cancellations.undo(userId, binding.toolkit);
      await ctx.records.markUndone(record.id, now);
      await ctx.records.useUndoKey(hash, now);
      return { undone: true, toolkit: binding.toolkit, reference: record.reference };
    });
  });
}
