// Sentry with the app's options and reporter (startSentry), and a transport that keeps the envelopes: every failed call of
// spec §8 arrives as one event with its label, noise arrives not at all, secrets never.
import { createTransport, flush, init } from '@sentry/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CALLS, createApi } from '../../../src/api';
import { TRACES_SAMPLE_RATE } from '../../../src/monitoring/config';
import { IGNORED_ERRORS } from '../../../src/monitoring/ignore';
import { sendToSentry, sentryOptions } from '../../../src/monitoring/sentry';
import { json, stubFetch } from '../api/fetch-stub';

const TOKEN = 'csrf-token-for-the-test-0123456789';
const envelopes: string[] = [];
const report = sendToSentry;

beforeAll(() => {
  const options = sentryOptions(
    { dsn: 'http://public@collector.test/dev/sentry/1', environment: 'rc', ignoreErrors: IGNORED_ERRORS, tracesSampleRate: TRACES_SAMPLE_RATE },
    () => [TOKEN],
  );
  init({
    ...options,
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
        return { statusCode: 200 };
      }),
  });
});

afterEach(() => {
  envelopes.length = 0;
});

/** The error events sent so far. */
async function events(): Promise<{ tags?: Record<string, string>; environment?: string; exception?: { values: { value: string }[] } }[]> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  await flush(2000);
  return envelopes.flatMap((envelope) => {
    const lines = envelope.split('\n');
    return lines.flatMap((line, index) => (line === '{"type":"event"}' || /^\{"type":"event"/.test(line) ? [JSON.parse(lines[index + 1] ?? '{}')] : []));
  });
}

/** Calls every call of the API table against a server that answers 500, and reports each failure. */
async function failEveryCall(scope: { segment: string; labelPrefix?: string }): Promise<string[]> {
  stubFetch(() => json({ error: 'internal-error', message: 'Something went wrong on the server.' }, 500));
  const api = createApi(scope);
  const labels: string[] = [];
  const args: Record<keyof typeof CALLS, unknown[]> = {
    getContext: [],
    getCsrfToken: [],
    sendConfirmationEmail: ['idem-1'],
    isConfirmed: [],
    confirm: ['secret-confirmation-key-abcdef'],
    eligibleForOffer: [],
    acceptOffer: ['discount-offer', 'idem-2'],
    downgrade: ['pro', 'idem-3'],
    storeSurvey: [{ name: 'Mia' }, 'idem-4'],
  };
  for (const name of Object.keys(CALLS) as (keyof typeof CALLS)[]) {
    const call = api[name] as (...a: unknown[]) => Promise<unknown>;
    try {
      await call(...args[name]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      labels.push(error.label);
      report(error, error.label);
    }
  }
  return labels;
}

describe('reports to Sentry', () => {
  it('send one event per failed call of spec §8, tagged with its label, in environment rc', async () => {
    const labels = await failEveryCall({ segment: 'seo' });
    expect(labels).toEqual([
      "User data wasn't received",
      "CSRF token wasn't received",
      'Send confirmation email was failed',
      "Cancellation wasn't confirmed",
      'Confirm unsubscribe request was failed',
      "Eligible for offer wasn't set",
      'Accept offer was failed',
      'Downgrade subscription was failed',
      "Survey didn't send to survey storage",
    ]);
    const sent = await events();
    expect(sent.map((event) => event.tags?.label)).toEqual(labels);
    expect(sent.every((event) => event.environment === 'rc')).toBe(true);
    // The reported error comes last; Sentry lists its cause (the RequestError) before it.
    expect(sent.map((event) => event.exception?.values.at(-1)?.value.startsWith(event.tags?.label ?? '-'))).not.toContain(false);
  });

  it('use the prefixed labels of the sst and trends pages', async () => {
    const sst = await failEveryCall({ segment: 'sst', labelPrefix: 'SST' });
    const trends = await failEveryCall({ segment: 'traffic-and-market', labelPrefix: 'Trends' });
    const sent = await events();
    expect(sent.map((event) => event.tags?.label)).toEqual([...sst, ...trends]);
    expect(sst[2]).toBe('SST: Send confirmation email was failed');
    expect(trends[4]).toBe('Trends: Confirm unsubscribe request was failed');
  });

  it('start with the spec’s sample rate and ignore patterns', () => {
    const options = sentryOptions({ dsn: 'http://public@x.test/1', environment: 'production', ignoreErrors: IGNORED_ERRORS, tracesSampleRate: TRACES_SAMPLE_RATE }, () => []);
    expect(options).toMatchObject({ tracesSampleRate: 1, ignoreErrors: [...IGNORED_ERRORS], environment: 'production' });
  });

  it('drop errors that match the ignore patterns (Sentry’s own ignoreErrors)', async () => {
    report(new Error('Object Not Found Matching Id:3, MethodName:update, ParamCount:4'), 'Unhandled rejection');
    report(new TypeError('avast submit is not a function'), 'Uncaught error');
    report(new ReferenceError('globalThis is not defined'), 'Uncaught error');
    report(new ReferenceError('sm2 is not defined'), 'Uncaught error');
    report(new Error('control'), 'Uncaught error');
    expect((await events()).map((event) => event.exception?.values.at(-1)?.value)).toEqual(['control']);
  });

  it('carry neither the confirmation key nor the CSRF token nor an email address', async () => {
    stubFetch(() => json({ error: 'key-not-found', message: 'key: unknown; mail mia.monthly@example.com' }, 500));
    try {
      await createApi({ segment: 'seo' }).confirm('secret-confirmation-key-abcdef');
    } catch (error) {
      report(new Error(`${String(error)} sent with ${TOKEN} by mia.monthly@example.com`), 'Confirm unsubscribe request was failed');
    }
    await events();
    const all = envelopes.join('\n');
    expect(all).toContain('Confirm unsubscribe request was failed');
    expect(all).not.toContain('secret-confirmation-key');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toMatch(/mia\.monthly|@example\.com/);
  });
});
