// Which methods serve an API path: a request whose path names a call, but in another method, is
// answered 405 with the methods it takes (Allow), not 404 "there is no such call".
import type { FastifyInstance } from 'fastify';

const API_PREFIX = '/cancel/api/';

/** A route's URL (`/cancel/api/:toolkit/downgrade/`) as a pattern of the paths it serves. */
function patternOf(url: string): RegExp {
  const parts = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

/**
 * Notes every API route as it is registered (call it before registering them), and answers which
 * methods serve a path, sorted; none for a path no API route serves.
 */
export function apiRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX)) routes.push({ pattern: patternOf(route.url), methods: [route.method].flat() });
  });
  return (path) => [...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))].sort();
}
