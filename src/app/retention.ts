// Taking a retention offer (spec §7): accept-offer for a discount, downgrade/?to= for a smaller plan.
// Like the survey submission, a retry of the same choice keeps its Idempotency-Key, so an
// acceptance whose answer was lost is recorded once; a different choice is a new attempt.
import { ApiError, RequestError, type ApiClient } from '../api';
import type { OfferData } from '../engine';
import type { OfferStep } from '../model';
import { randomKey } from './submission';

/** One attempt to take an offer: its Idempotency-Key and what it asks for. */
export interface RetentionAttempt {
  readonly key: string;
  /** The offer step and plan the key was made for. */
  readonly request: string;
}

const requestOf = (step: OfferStep, plan: string | undefined) => `${step.id}:${plan ?? ''}`;

/** The attempt for taking `step` (with `plan` on a downgrade): `previous` when it asked the same, else a fresh key. */
export function retentionAttempt(
  previous: RetentionAttempt | null,
  step: OfferStep,
  plan: string | undefined,
  key: () => string = randomKey,
): RetentionAttempt {
  const request = requestOf(step, plan);
  return previous?.request === request ? previous : { key: key(), request };
}

/**
 * Takes the offer of `step`: accept-offer naming the step for a discount, downgrade to `plan` for a
 * downgrade. Rejects with the call's ApiError ('Accept offer was failed', 'Downgrade subscription
 * was failed'), and a downgrade without a plan with an Error.
 */
export async function takeOffer(
  api: Pick<ApiClient, 'acceptOffer' | 'downgrade'>,
  attempt: RetentionAttempt,
  step: OfferStep,
  plan: string | undefined,
): Promise<void> {
  if (step.offer.kind === 'discount') {
    await api.acceptOffer(step.id, attempt.key);
    return;
  }
  if (plan === undefined) throw new Error(`offer '${step.id}': a downgrade needs a plan`);
  await api.downgrade(plan, attempt.key);
}

/**
 * What the customer already took of `step` elsewhere (another tab), read from the server's refusal to
 * take it here: this discount (409 `offer-already-accepted` naming the step), or a downgrade to one of
 * `plans` (409 `already-downgraded` naming the plan). The customer then has what the success screen
 * says, so it shows; any other refusal, or another offer or plan, is a failure.
 */
export function takenElsewhere(error: unknown, step: OfferStep, plans: readonly string[]): OfferData | undefined {
  const body = conflictOf(error);
  if (body === undefined) return undefined;
  if (step.offer.kind === 'discount') return body.error === 'offer-already-accepted' && body.offer === step.id ? { choice: 'accepted' } : undefined;
  const plan = body.plan;
  return body.error === 'already-downgraded' && typeof plan === 'string' && plans.includes(plan) ? { choice: 'accepted', plan } : undefined;
}

/**
 * Which retention the customer took elsewhere when that refusal was not this step's own offer
 * (`takenElsewhere`): a discount (409 `offer-already-accepted`) or a plan change (409
 * `already-downgraded`). Only one offer is taken per subscription, so this one is no longer there.
 */
export function retainedElsewhere(error: unknown): 'discount' | 'downgrade' | undefined {
  const code = conflictOf(error)?.error;
  return code === 'offer-already-accepted' ? 'discount' : code === 'already-downgraded' ? 'downgrade' : undefined;
}

/** The body of a 409 the server answered a retention call with (what was taken); undefined for any other failure. */
function conflictOf(error: unknown): { error?: unknown; offer?: unknown; plan?: unknown } | undefined {
  const cause = error instanceof ApiError ? error.cause : error;
  if (!(cause instanceof RequestError) || cause.status !== 409) return undefined;
  return (cause.body ?? {}) as { error?: unknown; offer?: unknown; plan?: unknown };
}
