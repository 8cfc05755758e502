// The reference server of the development build, as a child process (scripts may not import src/server).
// A restart starts the new server first and stops the old one once the new one listens, so a page that
// reloads never meets a closed port; the next server waits ready, its packages already loaded.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A running server: where it listens, and how to stop it. */
export interface AppServer {
  readonly origin: string;
  stop(): Promise<void>;
}


/** The banner line src/server/main.ts prints once it listens. */
const LISTENING = /^Cancellation area: (http:\/\/\S+)\/cancel\s*$/;
/** The rest of that banner: the development front prints its own addresses instead. */
const BANNER = /^(Cancellation area|API|Dev sign-in|Mailbox|Database):/;

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts servers; the development session starts a new one on every restart. */
export interface ServerLauncher {
  start(): Promise<AppServer>;
  /** Ends what the launcher keeps ready. */
  dispose(): Promise<void>;
}

/** How long after a start the next server is made ready: the page reload comes first. */
const STANDBY_DELAY_MS = 1_500;
const STANDBY_SCRIPT = fileURLToPath(new URL('server-standby.mjs', import.meta.url));

interface Spawned {
  child: ChildProcess;
  listening: Promise<AppServer>;
}

/**
 * `node serverFile` on a free port of 127.0.0.1, serving `appDir`, with `publicUrl` as its own origin
 * (the development front's address: the API checks the Origin of writes against it). NODE_ENV is left
 * out, so the development routes are on. Each server is prepared beforehand (server-standby.mjs: its
 * packages imported, waiting on stdin), so a restart takes only the server's own start. Other lines
 * the server prints go to `log`.
 */
export function nodeServer(options: {
  root: string;
  serverFile: string;
  appDir: string;
  publicUrl: string;
  log: (line: string) => void;
  /** More environment for the server (tests give it its own database). */
  env?: Record<string, string>;
}): ServerLauncher {
  const spawnServer = (): Spawned => {
    const { NODE_ENV: _production, ...env } = process.env;
    const child = spawn(process.execPath, ['--enable-source-maps', '--import', pathToFileURL(STANDBY_SCRIPT).href, options.serverFile], {
      cwd: options.root,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', APP_DIR: options.appDir, PUBLIC_URL: options.publicUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const listening = new Promise<AppServer>((resolve, reject) => {
      let origin: string | undefined;
      const errors: string[] = [];
      createInterface({ input: child.stdout as Readable }).on('line', (line) => {
        const match = LISTENING.exec(line);
        if (match?.[1] && origin === undefined) {
          origin = match[1];
          resolve({ origin, stop: () => stopped(child) });
        } else if (!BANNER.test(line)) {
          options.log(`server: ${line}`);
        }
      });
      createInterface({ input: child.stderr as Readable }).on('line', (line) => {
        if (origin === undefined) errors.push(line);
        else options.log(`server: ${line}`);
      });
      child.once('exit', (code, signal) => {
        if (origin === undefined) reject(new Error(`the server stopped before it listened (${signal ?? `exit ${code}`}):\n${errors.join('\n')}`));
        else if (signal === null && code !== 0) options.log(`server: stopped with exit status ${code}`);
      });
    });
    // A server kept ready may never be started; its failure is reported when it is.
    listening.catch(() => undefined);
    return { child, listening };
  };

  let ready: Spawned | undefined;
  let timer: NodeJS.Timeout | undefined;
  const alive = (spawned: Spawned | undefined): spawned is Spawned => spawned !== undefined && spawned.child.exitCode === null && spawned.child.signalCode === null;

  return {
    async start() {
      if (timer) clearTimeout(timer);
      const next = alive(ready) ? ready : spawnServer();
      ready = undefined;
      next.child.stdin?.write('start\n');
      const server = await next.listening;
      timer = setTimeout(() => {
        ready = spawnServer();
      }, STANDBY_DELAY_MS);
      timer.unref();
      return server;
    },
    async dispose() {
      if (timer) clearTimeout(timer);
      if (ready) await stopped(ready.child);
      ready = undefined;
    },
  };
}

/** The server the front forwards to, and its restarts. */
export class ServerSwitch {
  private current: AppServer | undefined;

  constructor(private readonly launcher: ServerLauncher) {}

  /** Where requests go now; undefined before the first start. */
  get origin(): string | undefined {
    return this.current?.origin;
  }

  /** Starts a new server and sends requests to it; the old one finishes what it has in hand and stops. */
  async restart(): Promise<void> {
    const next = await this.launcher.start();
    const previous = this.current;
    this.current = next;
    void previous?.stop();
  }

  async stop(): Promise<void> {
    await Promise.all([this.current?.stop(), this.launcher.dispose()]);
    this.current = undefined;
  }
}
