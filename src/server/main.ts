import { loadConfig } from './config';
import { listeningOrigin } from './origin';
import { buildServer } from './server';
import { databaseLabel } from './store/sql/open';

/** Starts the reference server, prints what it serves, and shuts down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildServer({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  await app.listen({ port: config.port, host: config.host });

  const base = listeningOrigin(app, config.host, config.port);
  const lines = [`Cancellation area: ${base}/cancel`, `API:               ${base}/cancel/api/`];
  if (!config.production) lines.push(`Dev sign-in:       ${base}/dev/`, `Mailbox:           ${base}/dev/mailbox`);
  lines.push(`Database:          ${databaseLabel(config)}`);
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight, then closing the database');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
