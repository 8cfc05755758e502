import { describe, expect, it, vi } from 'vitest';
import { newAttempt, submitSurvey } from '../../../src/app/submission';
import type { SurveyPayload } from '../../../src/model';

const payload: SurveyPayload = { timestamp: '2026-11-21T10:00:00.000Z', name: 'Ann', email: 'ann@example.com', accepted_terms: true, toolkit: 'seo', survey: {}, path: [{ step: 'final' }] };
let counter = 0;
const key = () => `key-${++counter}`;

function api(failures: { store?: number; email?: number } = {}) {
  const left = { store: failures.store ?? 0, email: failures.email ?? 0 };
  return {
    storeSurvey: vi.fn(async () => (left.store-- > 0 ? Promise.reject(new Error('store failed')) : { stored: true })),
    sendConfirmationEmail: vi.fn(async () => (left.email-- > 0 ? Promise.reject(new Error('email failed')) : { sent: true })),
  };
}

describe('submitSurvey', () => {
  it('stores the survey, then asks for the confirmation email', async () => {
    const calls = api();
    const attempt = newAttempt(key);
    await submitSurvey(calls, attempt, payload, true, key);
    expect(calls.storeSurvey).toHaveBeenCalledWith(payload, attempt.surveyKey);
    expect(calls.sendConfirmationEmail).toHaveBeenCalledWith(attempt.emailKey);
  });

  it('sends no email for a page without email confirmation', async () => {
    const calls = api();
    await submitSurvey(calls, newAttempt(key), payload, false, key);
    expect(calls.sendConfirmationEmail).not.toHaveBeenCalled();
  });

  it('does not store the survey again when a retry follows a failed email', async () => {
    const calls = api({ email: 1 });
    const attempt = newAttempt(key);
    await expect(submitSurvey(calls, attempt, payload, true, key)).rejects.toThrow('email failed');
    await submitSurvey(calls, attempt, payload, true, key);
    expect(calls.storeSurvey).toHaveBeenCalledOnce();
    expect(calls.sendConfirmationEmail).toHaveBeenCalledTimes(2);
    expect(calls.sendConfirmationEmail.mock.calls[0]).toEqual(calls.sendConfirmationEmail.mock.calls[1]);
  });

  it('retries a failed storage with the same key, and with a new one when the answers changed', async () => {
    const calls = api({ store: 2 });
    const attempt = newAttempt(key);
    await expect(submitSurvey(calls, attempt, payload, true, key)).rejects.toThrow('store failed');
    await expect(submitSurvey(calls, attempt, payload, true, key)).rejects.toThrow('store failed');
    const [first, second] = calls.storeSurvey.mock.calls as unknown as [SurveyPayload, string][];
    expect(second?.[1]).toBe(first?.[1]);
    await submitSurvey(calls, attempt, { ...payload, name: 'Anne' }, true, key);
    expect((calls.storeSurvey.mock.calls as unknown as [SurveyPayload, string][])[2]?.[1]).not.toBe(first?.[1]);
  });
});
