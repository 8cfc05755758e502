import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from './errors';
import type { Session, Sessions } from './sessions';
import { sameSecret } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (confirm, downgrade) and so needs the CSRF header like a POST. */
    csrf?: boolean;
    /**
     * A write whose token may come in the body instead (`csrf_token`): navigator.sendBeacon cannot set a
     * header. The route checks it with `requireCsrfToken` once the body is parsed.
     */
    csrfInBody?: boolean;
  }
}

/** The header that carries the session's CSRF token on writes (spec §6). */
export const CSRF_HEADER = 'x-csrftoken';

function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && origin === `${request.protocol}://${host}`;
}

/** Refuses requests a browser marks as coming from another site, or whose Origin is not ours. */
function refuseCrossSite(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw new ApiError(403, 'cross-site-request', `Requests from another site are refused (Sec-Fetch-Site: ${site}).`);
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(request, origin, publicOrigin)) {
    throw new ApiError(403, 'cross-site-request', `Requests from another origin are refused (Origin: ${origin}).`);
  }
}

/** Refuses a write without the session's CSRF token: the header's, or `fromBody` where the route allows it. */
export function requireCsrfToken(request: FastifyRequest, session: Session, body?: { token: unknown }): void {
  const header = request.headers[CSRF_HEADER] ?? (typeof body?.token === 'string' ? body.token : undefined);
  if (header === undefined || header === '') {
    const where = body === undefined ? 'X-CSRFToken: the header is missing' : 'X-CSRFToken: neither the header nor the body\'s csrf_token is there';
    throw new ApiError(403, 'csrf-token-missing', `${where}; get the token from /cancel/api/get-csrf-token/.`);
  }
  if (typeof header !== 'string' || !sameSecret(header, session.csrfToken)) {
    throw new ApiError(403, 'csrf-token-invalid', "X-CSRFToken: the token does not belong to this session.");
  }
}

/**
 * The guard in front of every /cancel/api/ route, before the body is read: same-site only, a
 * session (401), and the session's CSRF token on POSTs and on the GETs marked `config.csrf`.
 */
export function apiGuard(sessions: Sessions, publicOrigin: () => string): onRequestHookHandler {
  return async (request) => {
    refuseCrossSite(request, publicOrigin());
    const session = await sessions.of(request);
    if (session === undefined) {
      throw new ApiError(401, 'not-signed-in', 'You are not signed in (no valid session cookie).');
    }
    // A GET that changes state (downgrade/) would change it on the HEAD Fastify answers for every GET.
    if (request.method === 'HEAD' && request.routeOptions.config.csrf === true) {
      throw new ApiError(405, 'method-not-allowed', `${request.url.split('?')[0] ?? ''}: this call changes the subscription; send it as GET.`, { allow: 'GET' });
    }
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    const inBody = request.routeOptions.config.csrfInBody === true && request.headers[CSRF_HEADER] === undefined;
    if ((isWrite && !inBody) || request.routeOptions.config.csrf === true) requireCsrfToken(request, session);
  };
}
