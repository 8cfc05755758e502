// Writes under way outlive a reload: the attempt is saved before each call goes out, and a
// submission repeated after a reload (a new timestamp, the same answers) is the same request.
import { describe, expect, it, vi } from 'vitest';
import { dropAttempt, readAttempt, saveAttempt } from '../../../src/app/pending-attempts';
import { newAttempt, submitSurvey, type SubmissionAttempt } from '../../../src/app/submission';
import type { SurveyPayload } from '../../../src/model';

function memoryStore(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const payload = (timestamp: string, name = 'Ann'): SurveyPayload => ({ timestamp, name, email: 'ann@example.com', accepted_terms: true, toolkit: 'seo', survey: {}, path: [{ step: 'final' }] });

describe('pending attempts', () => {
  it('keeps an attempt per kind and page until it is dropped', () => {
    const store = memoryStore();
    saveAttempt('resend', 'seo', 'key-1', store);
    saveAttempt('resend', 'all', 'key-2', store);
    expect(readAttempt<string>('resend', 'seo', store)).toBe('key-1');
    expect(readAttempt<string>('retention', 'seo', store)).toBeNull();
    dropAttempt('resend', 'seo', store);
    expect(readAttempt<string>('resend', 'seo', store)).toBeNull();
    expect(readAttempt<string>('resend', 'all', store)).toBe('key-2');
  });

  it('reads nothing from a broken entry or without storage', () => {
    const store = memoryStore();
    store.setItem('cancel:attempt:submission:seo', '{not json');
    expect(readAttempt('submission', 'seo', store)).toBeNull();
    expect(readAttempt('submission', 'seo', null)).toBeNull();
  });
});

describe('a submission across a reload', () => {
  it('is saved before the call goes out, and after each success', async () => {
    const saved: SubmissionAttempt[] = [];
    let seenBeforeCall: SubmissionAttempt | undefined;
    const api = {
      storeSurvey: vi.fn(async () => {
        seenBeforeCall = structuredClone(saved[saved.length - 1]);
        return { stored: true };
      }),
      sendConfirmationEmail: vi.fn(async () => ({ sent: true })),
    };
    const attempt = newAttempt(() => 'k');
    await submitSurvey(api, attempt, payload('2026-11-21T10:00:00.000Z'), true, () => 'k2', (a) => saved.push(structuredClone(a)));
    expect(seenBeforeCall).toMatchObject({ surveyKey: 'k', surveyStored: false });
    expect(seenBeforeCall?.surveyBody).toContain('"name":"Ann"');
    expect(saved.map((a) => [a.surveyStored, a.emailSent])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
  });

  it('sends the first payload again under the same key when only the timestamp changed', async () => {
    let calls = 0;
    const api = {
      storeSurvey: vi.fn(async () => (calls++ === 0 ? Promise.reject(new Error('no answer')) : { stored: true })),
      sendConfirmationEmail: vi.fn(async () => ({ sent: true })),
    };
    const attempt = newAttempt(() => 'first');
    const before = payload('2026-11-21T10:00:00.000Z');
    await expect(submitSurvey(api, attempt, before, false, () => 'new')).rejects.toThrow('no answer');
    // The reload: the attempt comes back from storage, the user is loaded again with a new timestamp.
    const restored = JSON.parse(JSON.stringify(attempt)) as SubmissionAttempt;
    await submitSurvey(api, restored, payload('2026-11-21T10:05:00.000Z'), false, () => 'new');
    expect(api.storeSurvey).toHaveBeenLastCalledWith(before, 'first');
  });

  it('makes a new key when the answers changed', async () => {
    const api = { storeSurvey: vi.fn(async () => Promise.reject(new Error('no answer'))), sendConfirmationEmail: vi.fn() };
    const attempt = newAttempt(() => 'first');
    await submitSurvey(api, attempt, payload('t1'), false, () => 'second').catch(() => undefined);
    await submitSurvey(api, attempt, payload('t2', 'Bea'), false, () => 'second').catch(() => undefined);
    expect(api.storeSurvey).toHaveBeenLastCalledWith(payload('t2', 'Bea'), 'second');
  });
});
