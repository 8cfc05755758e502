import type { FastifyInstance } from 'fastify';
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

/** One JSON mailbox entry (DESIGN §7, contract): exactly these fields. */
export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The development routes (DESIGN §7); the server registers them only outside production. */
export function devRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/dev', async (_request, reply) => reply.redirect('/dev/'));

  app.get('/dev/', async (request, reply) => {
    const signedInAs = (await ctx.sessions.of(request))?.personaId;
    return reply.type('text/html; charset=utf-8').send(devIndexPage(PERSONAS, signedInAs));
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

  app.get('/dev/mailbox.json', async () =>
    (await ctx.mailer.list(MAILBOX_LIMIT)).map(
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
