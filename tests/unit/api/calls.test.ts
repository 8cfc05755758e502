import { describe, expect, it } from 'vitest';
import { ApiError, CALLS, createApi, csrfToken, labelFor } from '../../../src/api';
import type { SurveyPayload } from '../../../src/model';
import { json, sent, stubFetch } from './fetch-stub';

const payload: SurveyPayload = { timestamp: '2026-01-01T00:00:00.000Z', name: 'Ann', email: 'a@b.example', accepted_terms: true, toolkit: 'seo', survey: {}, path: [{ step: 'final' }] };

describe('the call table', () => {
  it('labels every call as spec §8 says', () => {
    expect(Object.fromEntries(Object.entries(CALLS).map(([name, call]) => [name, call.label]))).toEqual({
      getContext: "User data wasn't received",
      getCsrfToken: "CSRF token wasn't received",
      sendConfirmationEmail: 'Send confirmation email was failed',
      isConfirmed: "Cancellation wasn't confirmed",
      confirm: 'Confirm unsubscribe request was failed',
      eligibleForOffer: "Eligible for offer wasn't set",
      acceptOffer: 'Accept offer was failed',
      downgrade: 'Downgrade subscription was failed',
      storeSurvey: "Survey didn't send to survey storage",
    });
  });

  it('prefixes labels for the sst and trends variants', () => {
    expect(labelFor('Send confirmation email was failed', 'SST')).toBe('SST: Send confirmation email was failed');
    expect(labelFor('Send confirmation email was failed')).toBe('Send confirmation email was failed');
  });
});

describe('createApi', () => {
  it('addresses every call of spec §7 with the page segment, CSRF on writes and on confirm', async () => {
    stubFetch((r) => (r.url.endsWith('get-csrf-token/') ? json({ csrf_token: 'tok-1' }) : json({ result: true })));
    const api = createApi({ segment: 'marketlane' });
    await api.getCsrfToken();
    expect(csrfToken()).toBe('tok-1');
    await api.getContext().catch(() => undefined);
    await api.sendConfirmationEmail('idem-1');
    await api.isConfirmed();
    await api.confirm('a b&c');
    expect(await api.eligibleForOffer()).toBe(true);
    await api.acceptOffer('discount-offer', 'idem-3');
    await api.downgrade('lite', 'idem-4');
    await api.storeSurvey(payload, 'idem-2');

    expect(sent.map((r) => `${r.method} ${r.url} ${r.headers['X-CSRFToken'] ?? '-'}`)).toEqual([
      'GET /cancel/api/get-csrf-token/ -',
      'GET /cancel/api/get-context/ -',
      'POST /cancel/api/marketlane/send-confirmation-email/ tok-1',
      'GET /cancel/api/marketlane/is-confirmed/ -',
      'GET /cancel/api/marketlane/confirm/?key=a%20b%26c tok-1',
      'GET /cancel/api/marketlane/eligible-for-offer/ -',
      'POST /cancel/api/marketlane/accept-offer/ tok-1',
      'GET /cancel/api/marketlane/downgrade/?to=lite tok-1',
      'POST /cancel/api/survey-storage/survey-monitoring/ tok-1',
    ]);
    expect(sent[2]?.headers['Idempotency-Key']).toBe('idem-1');
    expect(sent[8]?.body).toEqual(payload);
    expect(sent[8]?.headers['Idempotency-Key']).toBe('idem-2');
  });

  it('names the offer step in the accept-offer body and sends each retention action’s Idempotency-Key', async () => {
    stubFetch(() => json({}));
    const api = createApi({ segment: 'seo' });
    await api.acceptOffer('discount-offer', 'idem-offer');
    await api.downgrade('guru', 'idem-plan');
    expect(sent.map((r) => [r.url, r.body, r.headers['Idempotency-Key']])).toEqual([
      ['/cancel/api/seo/accept-offer/', { offer: 'discount-offer' }, 'idem-offer'],
      ['/cancel/api/seo/downgrade/?to=guru', undefined, 'idem-plan'],
    ]);
  });

  it('wraps a failure with the prefixed label and keeps the request error as the cause', async () => {
    stubFetch(() => json({ error: 'server' }, 500));
    const error = (await createApi({ segment: 'sst', labelPrefix: 'SST' }).sendConfirmationEmail('k').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.label).toBe('SST: Send confirmation email was failed');
    expect(error.message).toBe(
      'SST: Send confirmation email was failed: Request was failed: url: /cancel/api/sst/send-confirmation-email/, status: 500',
    );
  });

  it('treats an answer without the expected field as a failure of that call', async () => {
    stubFetch(() => json({}));
    await expect(createApi({ segment: 'seo' }).getCsrfToken()).rejects.toMatchObject({ label: "CSRF token wasn't received" });
    await expect(createApi({ segment: 'seo' }).getContext()).rejects.toMatchObject({ label: "User data wasn't received" });
  });

  it('reads a visitor without a session (401) as no user, not as a failure', async () => {
    stubFetch(() => json({ error: 'not-signed-in', message: 'You are not signed in.' }, 401));
    await expect(createApi({ segment: 'seo' }).getContext()).resolves.toEqual({ user: null });
    await expect(createApi({ segment: 'seo' }).isConfirmed()).rejects.toBeInstanceOf(ApiError);
  });

  it('reads a null user as no user', async () => {
    stubFetch(() => json({ user: null }));
    await expect(createApi({ segment: 'seo' }).getContext()).resolves.toEqual({ user: null });
  });
});
