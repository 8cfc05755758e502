// The settings the server writes into the served page, for the app to read at start: where error
// reports go (spec §9), and, outside production, that the development pseudo-locale may be used.
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { escapeHtml } from './html';

/** The meta tag names; the app reads the same names (src/monitoring/config.ts, src/i18n/pseudo-switch.ts). */
export const SENTRY_DSN_META = 'sentry-dsn';
export const PSEUDO_LOCALE_META = 'i18n-pseudo-locale';
const PSEUDO_LOCALE = 'pseudo-LOCALE';

/** The value of SENTRY_DSN that turns error reports off, also in development. */
export const SENTRY_OFF = 'off';

/**
 * The DSN the page reports to: SENTRY_DSN when set; otherwise, outside production, the server's own
 * development collector at the page's origin (/dev/sentry); in production without SENTRY_DSN, none.
 */
export function sentryDsnFor(config: Pick<ServerConfig, 'sentryDsn' | 'production'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  if (config.sentryDsn === SENTRY_OFF) return undefined;
  if (config.sentryDsn) return config.sentryDsn;
  if (config.production) return undefined;
  return `${request.protocol}://public@${request.host}/dev/sentry/1`;
}

/** The `<meta>` tags of one page. */
export function pageMeta(config: Pick<ServerConfig, 'sentryDsn' | 'production'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  const tags: string[] = [];
  const dsn = sentryDsnFor(config, request);
  if (dsn) tags.push(`<meta name="${SENTRY_DSN_META}" content="${escapeHtml(dsn)}">`);
  if (!config.production) tags.push(`<meta name="${PSEUDO_LOCALE_META}" content="${PSEUDO_LOCALE}">`);
  return tags.join('\n');
}

/** Writes the tags at the end of the page's head (after its charset, before its scripts run). */
export function withPageMeta(html: string, tags: string): string {
  if (tags === '') return html;
  return html.replace(/<\/head>/i, (end) => `${tags}\n${end}`);
}
