import type { FastifyInstance } from 'fastify';
import type { ContextResponse } from '../../model';
import type { ServerContext } from '../context';
import { sessionOf } from './toolkit-call';

/** GET get-context/ and get-csrf-token/ (spec §7). */
export function contextRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/get-context/', async (request) => {
    const body: ContextResponse = { user: (await sessionOf(ctx, request)).user };
    return body;
  });

  app.get('/get-csrf-token/', async (request) => ({ csrf_token: (await sessionOf(ctx, request)).csrfToken }));
}
