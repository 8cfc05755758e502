// Built files that only development uses: the pseudo-locale's catalog chunks (its first part and its later one). The build writes it
// like any other chunk (the browser tests use it), and a production server refuses to serve it.
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

const DEVELOPMENT_ASSET = /^\/cancel\/assets\/chunks\/pseudo-LOCALE(?:\.later)?-[A-Za-z0-9]+\.js(?:\.(?:br|gz))?$/;

/** Whether a request path is a development-only asset. */
export function isDevelopmentAsset(path: string): boolean {
  return DEVELOPMENT_ASSET.test(path);
}

/** Answers 404 for development-only assets (installed in production). */
export function hideDevelopmentAssets(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isDevelopmentAsset(path)) return sendError(reply, 404, 'not-found', `GET ${path}: there is no such page or call.`);
    return undefined;
  });
}
