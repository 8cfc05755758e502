// Nothing personal leaves: the key, the CSRF token, email addresses and what the customer typed.
import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { FILTERED, scrubBreadcrumb, scrubEvent, scrubSpan, scrubText, type StreamedSpan } from '../../../src/monitoring/scrub';

const KEY = 'k3y-VALUE_0123456789abcdef';
const TOKEN = 'csrf-TOKEN-abcdefghijklmnopqrstuvwxyz';
const TYPED = 'We moved to Rival Suite because of the price';
const EMAIL = 'mia.monthly@example.com';
const secrets = [TYPED, TOKEN];

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return [KEY, TOKEN, TYPED, EMAIL, 'Rival Suite'].filter((secret) => text.includes(secret)).concat(/@example\.com/.test(text) ? ['an email'] : []);
};

describe('scrubText', () => {
  it('filters key= and token= in URLs, also percent-encoded, emails and the given values', () => {
    expect(scrubText(`/cancel/api/seo/confirm/?key=${KEY}&x=1`)).toBe(`/cancel/api/seo/confirm/?key=${FILTERED}&x=1`);
    expect(scrubText(`/dev/sign-in?next=%2Fcancel%3Fkey%3D${KEY}%26a%3D1`)).toBe(`/dev/sign-in?next=%2Fcancel%3Fkey%3D${FILTERED}%26a%3D1`);
    expect(scrubText(`csrf_token=${TOKEN}`)).toBe(`csrf_token=${FILTERED}`);
    expect(scrubText(`write to ${EMAIL} now`)).toBe(`write to ${FILTERED} now`);
    expect(scrubText(`typed: ${TYPED}!`, secrets)).toBe(`typed: ${FILTERED}!`);
    expect(scrubText('Survey didn’t send: status: 500', secrets)).toBe('Survey didn’t send: status: 500');
  });
});

describe('scrubEvent', () => {
  const event: ErrorEvent = {
    type: undefined,
    message: `Confirm unsubscribe request was failed: Request was failed: url: /cancel/api/seo/confirm/?key=${KEY}, status: 500`,
    user: { email: EMAIL, ip_address: '10.0.0.1' },
    request: {
      url: `https://x.example/cancel/seo/confirm-unsubscribe?key=${KEY}`,
      cookies: { cancel_session: 'abc' },
      data: { comment: TYPED },
      headers: { 'User-Agent': 'Chrome', 'X-CSRFToken': TOKEN, Referer: `https://x.example/cancel/seo/confirm-unsubscribe?key=${KEY}` },
    },
    exception: { values: [{ type: 'ApiError', value: `Survey didn’t send to survey storage: ${TYPED}` }] },
    extra: { payload: { email: EMAIL, survey: { first_question: { comment: TYPED } } }, csrf_token: TOKEN },
    tags: { label: "Survey didn't send to survey storage" },
    breadcrumbs: [
      { category: 'navigation', data: { from: '/cancel/seo', to: `/cancel/seo/confirm-unsubscribe?key=${KEY}` } },
      { category: 'fetch', data: { url: `/cancel/api/seo/confirm/?key=${KEY}`, method: 'GET', status_code: 500 } },
      { category: 'console', message: `typed ${TYPED}`, data: { arguments: [{ text: TYPED, token: TOKEN }], logger: 'console' } },
    ],
  };

  it('leaves nothing personal anywhere', () => {
    const clean = scrubEvent(event, secrets);
    expect(leaks(clean)).toEqual([]);
    expect(clean.user).toBeUndefined();
    expect(clean.request).toEqual({ url: `https://x.example/cancel/seo/confirm-unsubscribe?key=${FILTERED}`, headers: { 'User-Agent': 'Chrome', Referer: `https://x.example/cancel/seo/confirm-unsubscribe?key=${FILTERED}` } });
  });

  it('keeps what the report is for: the label, the failed call and the status', () => {
    const clean = scrubEvent(event, secrets);
    expect(clean.tags).toEqual({ label: "Survey didn't send to survey storage" });
    expect(clean.message).toBe(`Confirm unsubscribe request was failed: Request was failed: url: /cancel/api/seo/confirm/?key=${FILTERED}, status: 500`);
    expect(clean.breadcrumbs?.[1]).toEqual({ category: 'fetch', data: { url: `/cancel/api/seo/confirm/?key=${FILTERED}`, method: 'GET', status_code: 500 } });
  });

  it('does not change the event it was given', () => {
    const before = JSON.stringify(event);
    scrubEvent(event, secrets);
    expect(JSON.stringify(event)).toBe(before);
  });
});

describe('scrubBreadcrumb', () => {
  it('keeps a console breadcrumb’s scrubbed message and drops its raw arguments', () => {
    const crumb = scrubBreadcrumb({ category: 'console', message: `token ${TOKEN}`, data: { arguments: [TOKEN], logger: 'console' } }, secrets);
    expect(crumb).toEqual({ category: 'console', message: `token ${FILTERED}`, data: { logger: 'console' } });
  });
});

describe('scrubSpan', () => {
  it('filters the key out of a span’s name and attributes', () => {
    const span = {
      trace_id: 't',
      span_id: 's',
      name: `GET /cancel/api/seo/confirm/?key=${KEY}`,
      start_timestamp: 1,
      status: 'ok',
      is_segment: false,
      attributes: { 'url.full': `https://x.example/cancel/api/seo/confirm/?key=${KEY}`, 'http.query': `?key=${KEY}` },
    } as unknown as StreamedSpan;
    expect(leaks(scrubSpan(span, secrets))).toEqual([]);
  });
});
