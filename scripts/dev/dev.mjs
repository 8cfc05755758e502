// npm run dev: the reference server with the app rebuilt on every change of src/, survey/ or locales/,
// and the pages reloading by themselves (or showing the survey checker's problems). PORT and HOST as
// for npm start (default 127.0.0.1:8080); the development build goes to dist/dev/.
// The session is TypeScript (it compiles the survey in-process), so tsx loads it.
import { register } from 'tsx/esm/api';

register();
// The session loads the survey compiler, and with it the tables of step kinds: they are written first.
const { writeKindFiles } = await import('../kinds/write-kinds.ts');
writeKindFiles();
const { startDev } = await import('./dev-session.ts');

const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`npm run dev: PORT must be an integer from 0 to 65535, got '${process.env.PORT}'`);
  process.exit(2);
}
if (process.env.NODE_ENV === 'production') {
  console.error('npm run dev: NODE_ENV=production is ignored here: the development pages need the development routes');
}

const session = await startDev({ root: process.cwd(), port, host: process.env.HOST?.trim() || '127.0.0.1' }).catch((error) => {
  console.error(`npm run dev: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const db = process.env.DB_FILE?.trim() || 'data/cancel.sqlite';
console.log(`npm run dev: ${session.url}/cancel
  rebuilt on every change of src/, survey/ and locales/; the pages reload by themselves
  Survey preview:  ${session.url}/dev/survey
  Insights:        ${session.url}/dev/insights
  Dev sign-in:     ${session.url}/dev/
  Database:        ${db}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    session.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
