// Personal data never leaves the browser (spec §4, §8): the confirmation key, the CSRF token, email
// addresses and free-text answers are taken out of every event, breadcrumb and span before Sentry
// sends it. Two layers: patterns (emails, `key=`/`token=` in URLs, secret-named fields) and the
// exact values the page holds (what is typed in its text boxes, the token), wherever they appear.
import type { Breadcrumb, BrowserOptions, ErrorEvent, Event } from '@sentry/react';

/** A span as Sentry streams it (the argument of `beforeSendSpan`). */
export type StreamedSpan = Parameters<NonNullable<BrowserOptions['beforeSendSpan']>>[0];

/** What replaces a secret. */
export const FILTERED = '[Filtered]';

/** Values shorter than this are not searched for: a two-letter answer would blank out half the event. */
const MIN_SECRET_LENGTH = 3;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** `key=…`, `token=…`, `csrf_token=…` in a URL or a message, also percent-encoded (`key%3D…`). */
const SECRET_PARAM = /(?:(?<![A-Za-z0-9_])|(?<=%3[Ff])|(?<=%26))((?:confirm(?:ation)?_?)?key|csrf_?token|csrftoken|token)(=|%3D)((?:(?!%26)[^&#\s"'<>,;)])*)/gi;
/** Fields whose value is a secret or personal whatever it looks like. */
const SECRET_FIELD = /^(?:x-csrftoken|csrf_?token|csrftoken|cookies?|set-cookie|authorization|e-?mail|comment|answers?_translated|password)$/i;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text with the given secret values, email addresses and secret URL parameters filtered out. */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret)) out = out.replace(new RegExp(escapeRegExp(secret), 'g'), FILTERED);
  }
  return out.replace(SECRET_PARAM, (_match, name: string, equals: string) => `${name}${equals}${FILTERED}`).replace(EMAIL, FILTERED);
}

/** Any JSON-like value with every string scrubbed and every secret-named field blanked; cycles are cut. */
export function scrubValue<T>(value: T, secrets: readonly string[] = [], seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubText(value, secrets) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return FILTERED as T;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item: unknown) => scrubValue(item, secrets, seen)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_FIELD.test(key) && item !== undefined && item !== null && item !== '' ? FILTERED : scrubValue(item, secrets, seen);
  }
  return out as T;
}

/** A breadcrumb without personal data; a console breadcrumb keeps only its (scrubbed) message. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb, secrets: readonly string[] = []): Breadcrumb {
  const crumb = { ...breadcrumb };
  if (crumb.category === 'console' && crumb.data) {
    const { arguments: _dropped, ...rest } = crumb.data as Record<string, unknown>;
    crumb.data = rest;
  }
  return scrubValue(crumb, secrets);
}

/**
 * An error event without personal data: no user, no cookies, no request body, no headers but the
 * browser's, and every remaining text scrubbed (message, exception values, URLs, breadcrumbs, tags).
 */
export function scrubEvent<E extends Event | ErrorEvent>(event: E, secrets: readonly string[] = []): E {
  const copy: Event = { ...event };
  delete copy.user;
  if (copy.request) {
    const { cookies: _cookies, data: _data, headers, ...request } = copy.request;
    const userAgent = headers?.['User-Agent'];
    const referer = headers?.Referer;
    copy.request = { ...request, headers: { ...(userAgent ? { 'User-Agent': userAgent } : {}), ...(referer ? { Referer: referer } : {}) } };
  }
  copy.breadcrumbs = copy.breadcrumbs?.map((crumb) => scrubBreadcrumb(crumb, secrets));
  return scrubValue(copy, secrets) as E;
}

/** A span (Sentry's streamed span format) with its name and attributes scrubbed. */
export function scrubSpan(span: StreamedSpan, secrets: readonly string[] = []): StreamedSpan {
  return { ...span, name: scrubText(span.name, secrets), attributes: scrubValue(span.attributes, secrets), links: scrubValue(span.links, secrets) };
}
