import { describe, expect, it, vi } from 'vitest';
import { retentionAttempt, takeOffer } from '../../../src/app/retention';
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
