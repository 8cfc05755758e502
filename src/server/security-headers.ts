import type { FastifyInstance } from 'fastify';

/**
 * The app's policy: only our own scripts, styles, fonts and calls; no inline script, no eval, no
 * framing. Error reports are the one call that may leave: to the origin of `reportTo` (the Sentry
 * DSN), when it is another origin than ours.
 */
export function contentSecurityPolicy(reportTo?: string): string {
  const reportOrigin = originOf(reportTo);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    reportOrigin ? `connect-src 'self' ${reportOrigin}` : "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The origin of an absolute http(s) URL (a DSN's user part dropped); undefined for anything else. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

const HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'x-frame-options': 'DENY',
};

/** What decides the security headers: HTTPS (for HSTS) and where error reports may go. */
export interface SecurityOptions {
  https: boolean;
  sentryDsn?: string;
}

/** The security headers every response carries, the policy letting error reports reach `sentryDsn`'s origin. */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    ...HEADERS,
    'content-security-policy': contentSecurityPolicy(options.sentryDsn),
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Adds the security headers to every response (errors and 404s included). Responses that did not
 * choose their own caching (API, dev pages, errors) get `no-store`; static files set theirs.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (!reply.hasHeader('cache-control') || request.url.startsWith('/cancel/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
