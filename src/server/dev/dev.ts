import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '../languages';
import { PERSONAS, findPersona } from '../personas';
import { devInsightsRoutes } from './dev-insights';
import { devIndexPage, mailboxPage } from './dev-pages';
import { devSentryRoutes } from './dev-sentry';
import { devSurveyRoutes } from './dev-survey';
import { safeNext } from './safe-next';

const MAILBOX_LIMIT = 200;
const ACCOUNTS_LIMIT = 50;

/** One JSON mailbox entry (DESIGN §7, contract): exactly these fields. */
export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The signed-in account's id when the query asks for its mail only (`account=mine`). */
async function mineOnly(ctx: ServerContext, request: FastifyRequest): Promise<string | undefined> {
  if ((request.query as Record<string, unknown>).account !== 'mine') return undefined;
  const session = await ctx.sessions.of(request);
  if (session === undefined) throw new ApiError(401, 'not-signed-in', 'account=mine: you are not signed in (no valid session cookie).');
  return String(session.user.user_id);
}

/** The development routes (DESIGN §7); the server registers them only outside production. */
export function devRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/dev', async (_request, reply) => reply.redirect('/dev/'));

  app.get('/dev/', async (request, reply) => {
    const session = await ctx.sessions.of(request);
    const signedInAs = session === undefined ? undefined : `${session.personaId} (user ${session.user.user_id})`;
    // The sign-in page of provider.yaml's `signIn`: a `next` the area can come back to is kept in each link.
    const { next } = request.query as Record<string, unknown>;
    const back = next === undefined ? undefined : safeNext(next);
    return reply.type('text/html; charset=utf-8').send(devIndexPage(PERSONAS, signedInAs, await ctx.accounts.list(ACCOUNTS_LIMIT), back));
  });

  // The reset form posts no fields; its urlencoded body is read as nothing, in this plugin only.
  void app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    forms.post('/dev/accounts/:id/reset', async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || (await ctx.accounts.find(id)) === undefined) {
        throw new ApiError(404, 'unknown-account', `id: no demo account ${(request.params as { id: string }).id}.`);
      }
      await ctx.accounts.reset(id);
      return reply.redirect('/dev/', 303);
    });
  });

  app.get('/dev/sign-in', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const persona = typeof query.persona === 'string' ? findPersona(query.persona) : undefined;
    if (persona === undefined) {
      throw new ApiError(
        400,
        'unknown-persona',
        `persona: must be one of ${PERSONAS.map((p) => p.id).join(', ')}.`,
      );
    }
    const lang = query.lang ?? DEFAULT_LANGUAGE;
    if (!isLanguage(lang)) {
      throw new ApiError(400, 'unknown-language', `lang: must be one of ${LANGUAGES.join(', ')}.`);
    }
    await ctx.sessions.signIn(request, reply, persona.id, lang);
    return reply.redirect(safeNext(query.next), 302);
  });

  app.get('/dev/mailbox', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(mailboxPage(await ctx.mailer.list(MAILBOX_LIMIT))),
  );

  // `?account=mine`: only the mail of the signed-in account (demo accounts of one persona share its address).
  app.get('/dev/mailbox.json', async (request) =>
    (await ctx.mailer.list(MAILBOX_LIMIT, await mineOnly(ctx, request))).map(
      (mail): MailboxEntry => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: mail.links,
        sentAt: new Date(mail.sentAt).toISOString(),
      }),
    ),
  );

  devSurveyRoutes(app, ctx);
  devInsightsRoutes(app, ctx);
  devSentryRoutes(app, ctx);
}
