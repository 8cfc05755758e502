import { describe, expect, it, vi } from 'vitest';
import { ApiError, RequestError } from '../../../src/api';
import { retainedElsewhere, retentionAttempt, takeOffer, takenElsewhere } from '../../../src/app/retention';
import { isStepOfType, type CompiledStep, type OfferStep } from '../../../src/model';
import { cancellationSurvey } from '../engine/compiled';

function offer(step: CompiledStep | undefined): OfferStep {
  if (!isStepOfType(step, 'offer')) throw new Error(`not an offer step: ${step?.id ?? 'none'}`);
  return step;
}

const steps = cancellationSurvey().audiences.paid.steps;
const discount = offer(steps['discount-offer']);
const downgrade = offer(steps['downgrade-offer']);
let counter = 0;
const key = () => `key-${++counter}`;

function api(failures = 0) {
  let left = failures;
  const answer = async () => (left-- > 0 ? Promise.reject(new Error('failed')) : {});
  return { acceptOffer: vi.fn(answer), downgrade: vi.fn(answer) };
}

describe('retentionAttempt', () => {
  it('keeps the key for a retry of the same choice, and makes a new one for another', () => {
    const first = retentionAttempt(null, downgrade, 'guru', key);
    expect(retentionAttempt(first, downgrade, 'guru', key)).toBe(first);
    const other = retentionAttempt(first, downgrade, 'pro', key);
    expect(other.key).not.toBe(first.key);
    expect(retentionAttempt(other, discount, undefined, key).key).not.toBe(other.key);
  });
});

describe('takeOffer', () => {
  it('accepts a discount naming the offer step, with the attempt’s key', async () => {
    const calls = api();
    const attempt = retentionAttempt(null, discount, undefined, key);
    await takeOffer(calls, attempt, discount, undefined);
    expect(calls.acceptOffer).toHaveBeenCalledWith('discount-offer', attempt.key);
    expect(calls.downgrade).not.toHaveBeenCalled();
  });

  it('downgrades to the chosen plan, and refuses a downgrade without one', async () => {
    const calls = api();
    const attempt = retentionAttempt(null, downgrade, 'pro', key);
    await takeOffer(calls, attempt, downgrade, 'pro');
    expect(calls.downgrade).toHaveBeenCalledWith('pro', attempt.key);
    await expect(takeOffer(calls, attempt, downgrade, undefined)).rejects.toThrow(/downgrade-offer.*needs a plan/);
    expect(calls.acceptOffer).not.toHaveBeenCalled();
  });

  it('retries a failed acceptance with the same Idempotency-Key', async () => {
    const calls = api(1);
    let attempt = retentionAttempt(null, discount, undefined, key);
    await expect(takeOffer(calls, attempt, discount, undefined)).rejects.toThrow('failed');
    attempt = retentionAttempt(attempt, discount, undefined, key);
    await takeOffer(calls, attempt, discount, undefined);
    expect(calls.acceptOffer.mock.calls).toEqual([
      ['discount-offer', attempt.key],
      ['discount-offer', attempt.key],
    ]);
  });
});

/** The page's error for a call the server refused with `status` and `body`. */
const refused = (status: number, body: unknown) => new ApiError('Accept offer was failed', new RequestError('refused', '/x', status, body));

describe('takenElsewhere', () => {  const plans = ['guru', 'pro'];

  it('reads the same discount accepted in another tab as taken', () => {
    expect(takenElsewhere(refused(409, { error: 'offer-already-accepted', message: '…', offer: 'discount-offer' }), discount, plans)).toEqual({ choice: 'accepted' });
  });

  it('reads a downgrade made in another tab as taken with its plan, when the plan is one this offer has', () => {
    expect(takenElsewhere(refused(409, { error: 'already-downgraded', message: '…', plan: 'guru' }), downgrade, plans)).toEqual({ choice: 'accepted', plan: 'guru' });
    expect(takenElsewhere(refused(409, { error: 'already-downgraded', message: '…', plan: 'free' }), downgrade, plans)).toBeUndefined();
  });

  it('leaves every other failure a failure: another offer, a refusal without the detail, another code or status, no answer', () => {
    expect(takenElsewhere(refused(409, { error: 'offer-already-accepted', message: '…', offer: 'another-offer' }), discount, plans)).toBeUndefined();
    expect(takenElsewhere(refused(409, { error: 'offer-already-accepted', message: '…' }), discount, plans)).toBeUndefined();
    expect(takenElsewhere(refused(409, { error: 'already-downgraded', message: '…', plan: 'guru' }), discount, plans)).toBeUndefined();
    expect(takenElsewhere(refused(409, { error: 'cancellation-pending', message: '…' }), downgrade, plans)).toBeUndefined();
    expect(takenElsewhere(refused(500, { error: 'offer-already-accepted', offer: 'discount-offer' }), discount, plans)).toBeUndefined();
    expect(takenElsewhere(new ApiError('Accept offer was failed', new RequestError('no answer', '/x')), discount, plans)).toBeUndefined();
    expect(takenElsewhere(new Error('failed'), discount, plans)).toBeUndefined();
  });
});

describe('retainedElsewhere', () => {
  it('names the kind of retention a 409 says was taken, whichever offer it was', () => {
    expect(retainedElsewhere(refused(409, { error: 'offer-already-accepted', message: '…', offer: 'another-offer' }))).toBe('discount');
    expect(retainedElsewhere(refused(409, { error: 'offer-already-accepted', message: '…' }))).toBe('discount');
    expect(retainedElsewhere(refused(409, { error: 'already-downgraded', message: '…', plan: 'guru' }))).toBe('downgrade');
  });

  it('names nothing for any other failure', () => {
    expect(retainedElsewhere(refused(409, { error: 'cancellation-pending', message: '…' }))).toBeUndefined();
    expect(retainedElsewhere(refused(403, { error: 'offer-already-accepted' }))).toBeUndefined();
    expect(retainedElsewhere(refused(409, null))).toBeUndefined();
    expect(retainedElsewhere(new ApiError('Accept offer was failed', new RequestError('no answer', '/x')))).toBeUndefined();
    expect(retainedElsewhere(new Error('failed'))).toBeUndefined();
  });
});
