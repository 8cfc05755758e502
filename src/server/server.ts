import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { CompiledBundle } from '../model';
import { userOfAccount } from './account-users';
import { bootFailureHtml } from './boot-failure';
import { loadBundle } from './bundle';
import { earlyErrorOptions } from './early-errors';
import { validatorsBeside } from './step-validators';
import { loadConfig, type ServerConfig } from './config';
import { DEFAULT_LANGUAGE, isLanguage } from './languages';
import { i18nFor } from './mail-i18n';
import type { ServerContext } from './context';
import { apiGuard } from './csrf';
import { hideDevelopmentAssets } from './dev-assets';
import { devRoutes } from './dev/dev';
import { installErrorHandler } from './errors';
import { installJsonParser } from './json-body';
import { idempotent } from './idempotency';
import { createMailer, senderOf, smtpTransport, type MailTransport } from './mail';
import { listeningOrigin } from './origin';
import { pageMeta } from './page-meta';
import { contextOf, contextRoutes } from './routes/api-context';
import { confirmationRoutes } from './routes/api-confirmation';
import { declarationRoutes } from './routes/declarations';
import { offerRoutes } from './routes/api-offers';
import { visitEventRoutes } from './routes/visit-events';
import { surveyRoutes } from './routes/api-survey';
import { installSecurityHeaders } from './security-headers';
import { createSessions } from './sessions';
import { apiRouteMethods } from './route-methods';
import { withRequestSerializer } from './request-log';
import { registerApp } from './static';
import { openStore } from './store/store';
import { createToolkitRegistry } from './toolkits';
import { compileValidator } from './validation';

/** The largest request body accepted (64 KiB); larger ones get 413. */
export const BODY_LIMIT = 64 * 1024;

/** What tests and main.ts may set; everything else comes from the environment (loadConfig). */
export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** The compiled survey bundle; default: read from `config.bundleFile`. */
  bundle?: CompiledBundle;
  /** Clock in epoch milliseconds (tests move it to expire keys and pass the resend window). */
  now?: () => number;
  /** Mail transport; default: SMTP when SMTP_URL is set, else outbox only. */
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** How long a request may take to arrive whole; default REQUEST_TIMEOUT_MS (tests shorten it). */
  requestTimeoutMs?: number;
}

/**
 * How long a request may take to arrive whole, headers and body. A client that trickles its body is
 * answered 408 and dropped, so it cannot hold a connection for ever (Fastify's own default is no
 * limit); the page gives up on a call after 15 s (REQUEST_TIMEOUT_MS of src/api/request.ts).
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past their time: its default, 30 s, would let one run a minute. */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * Builds the reference server (not listening): the app under /cancel, the API of spec §7, the
 * development routes outside production, the store (the SQLite file, or PostgreSQL with
 * DATABASE_URL) and the mail outbox. Closing the instance waits for requests and mail deliveries in
 * flight, then closes the database.
 */
export async function buildServer(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...loadConfig(process.env), ...options.config };
  const bundle = options.bundle ?? loadBundle(config.bundleFile);
  const now = options.now ?? Date.now;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const security = { https, sentryDsn: config.sentryDsn };
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // A request's query can hold a confirmation or undo key: the log names its parameters only.
    logger: withRequestSerializer(options.logger ?? false),
    bodyLimit: BODY_LIMIT,
    requestTimeout,
    // Node enforces the request's limit only while the headers' (60 s by default) is no longer.
    http: { connectionsCheckingInterval: TIMEOUT_CHECK_MS, headersTimeout: requestTimeout },
    ...earlyErrorOptions(security),
  });
  const store = await openStore(config);

  await app.register(fastifyCookie, { secret: await store.sessionSecret(config.sessionSecret) });
  installJsonParser(app);
  app.setValidatorCompiler(compileValidator);
  installErrorHandler(app);
  installSecurityHeaders(app, security);

  const sessions = createSessions(store.sessions, store.accounts, {
    secure: https,
    now,
    userOf: userOfAccount(bundle, store.cancellations, store.offers),
  });
  const mailer = createMailer({
    store,
    from: senderOf(bundle.provider.name, bundle.provider.supportEmail),
    replyTo: bundle.provider.supportEmail,
    retryForMs: config.confirmKeyTtlSeconds * 1000,
    transport: options.mailTransport ?? smtpTransport(config.smtpUrl),
    now,
    log: app.log,
  });
  const ctx: ServerContext = {
    config,
    bundle,
    toolkits: createToolkitRegistry(bundle),
    sessions,
    mailer,
    store,
    idempotent: idempotent(store, now),
    cancellations: store.cancellations,
    records: store.records,
    submissions: store.submissions,
    visits: store.visits,
    offers: store.offers,
    accounts: store.accounts,
    requestCounts: store.requestCounts,
    transaction: (work) => store.transaction(work),
    now,
    validateStep: validatorsBeside(config.bundleFile),
    publicOrigin: () => config.publicUrl ?? listeningOrigin(app, config.host, config.port),
  };

  await store.visits.recordVersions(
    Object.values(bundle.surveys).map((survey) => ({ version: survey.version, survey: survey.id, commit: bundle.commit })),
    now(),
  );
  const apiMethods = apiRouteMethods(app);
  await app.register(
    async (api) => {
      api.addHook('onRequest', apiGuard(sessions, ctx.publicOrigin));
      contextRoutes(api, ctx);
      surveyRoutes(api, ctx);
      confirmationRoutes(api, ctx);
      declarationRoutes(api, ctx);
      offerRoutes(api, ctx);
      visitEventRoutes(api, ctx);
    },
    { prefix: '/cancel/api' },
  );
  if (!config.production) devRoutes(app, ctx);
  else hideDevelopmentAssets(app);
  await registerApp(app, {
    apiMethods,
    appDir: config.appDir,
    sessions,
    pageMeta: (request) => pageMeta(config, request),
    bootFailure: (language, url) => bootFailureHtml(language, url, bundle.provider),
    // The app's screens load with the first page the server renders: a process that only answers the
    // API never loads React or them (nor needs their Lingui macros compiled, as the build does).
    firstScreen: async (language, url, session) =>
      (await import('../ssr/render')).renderFirstScreen({
        url,
        i18n: i18nFor(isLanguage(language) ? language : DEFAULT_LANGUAGE),
        context: session ? await contextOf(ctx, session.user) : null,
        now: new Date(now()),
        versionOf: (surveyId) => bundle.surveys[surveyId]?.version,
        seed: session?.idHash ?? '',
      }),
  });

  app.addHook('onClose', async () => {
    await mailer.drain();
    await store.close();
  });
  return app;
}
