// Runs the built reference server (dist/server/main.mjs, as `npm start` serves it) on a free
// loopback port with a database of its own: for `npm run bench`, and for browser tests that must
// own the server's records (tests/e2e/resilience*.spec.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  base: string;
  dbFile: string;
  stop: () => Promise<void>;
}

/** The built server's entry, as `npm start` runs it. */
export const BUILT_SERVER = 'dist/server/main.mjs';

/**
 * Starts the built server (dist/server/main.mjs unless told otherwise; APP_DIR in `env` picks the
 * app it serves) with the development routes on (/dev/sign-in, /dev/mailbox.json) and resolves
 * once it prints the URL it serves. `npm run build` must have run.
 */
export async function startBuiltServer(dbFile: string, env: Record<string, string> = {}, serverFile = BUILT_SERVER): Promise<RunningServer> {
  const { NODE_ENV: _production, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverFile], {
    cwd: ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DB_FILE: dbFile, LOG_LEVEL: 'warn', SMTP_URL: '', PUBLIC_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Cancellation area: (http:\/\/127\.0\.0\.1:\d+)\/cancel/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${String(code)} before listening:\n${output}`));
    });
  });
  return {
    base,
    dbFile,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The session cookie of `persona` (and its page language), from the development sign-in. */
export async function signInCookie(base: string, persona: string, lang?: string): Promise<{ name: string; value: string }> {
  const query = new URLSearchParams({ persona, ...(lang ? { lang } : {}) });
  const response = await fetch(`${base}/dev/sign-in?${query.toString()}`, { redirect: 'manual' });
  const pair = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const at = pair.indexOf('=');
  if (response.status !== 302 || at <= 0) throw new Error(`sign-in as ${persona} failed with ${response.status}`);
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
}

/** A customer signed in for API calls: the cookie header and the session's CSRF token. */
export interface SignedInCustomer {
  cookie: string;
  csrfToken: string;
}

/** A customer signed in as `persona`, from the development sign-in and get-csrf-token. */
export async function signedInCustomer(base: string, persona: string): Promise<SignedInCustomer> {
  const { name, value } = await signInCookie(base, persona);
  const cookie = `${name}=${value}`;
  const token = await fetch(`${base}/cancel/api/get-csrf-token/`, { headers: { cookie } });
  const body: unknown = await token.json();
  if (typeof body !== 'object' || body === null || !('csrf_token' in body) || typeof body.csrf_token !== 'string') {
    throw new Error(`get-csrf-token answered ${token.status} without a token`);
  }
  return { cookie, csrfToken: body.csrf_token };
}

/** The headers of `customer`'s JSON write to the API: its session, its CSRF token and the body's type. */
export function writeHeaders(customer: SignedInCustomer): Record<string, string> {
  return { cookie: customer.cookie, 'x-csrftoken': customer.csrfToken, 'content-type': 'application/json' };
}

/**
 * Runs a load bench from the command line (`tsx <script> [connections] [seconds]`), each argument
 * falling back to its default unless a positive whole number, and prints its lines.
 */
export function runLoadBenchFromCommandLine(
  bench: (connections: number, seconds: number) => Promise<string[]>,
  defaults: { connections: number; seconds: number },
): void {
  const positive = (value: string | undefined, fallback: number) => {
    const number = Number(value ?? fallback);
    return Number.isInteger(number) && number > 0 ? number : fallback;
  };
  bench(positive(process.argv[2], defaults.connections), positive(process.argv[3], defaults.seconds)).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
