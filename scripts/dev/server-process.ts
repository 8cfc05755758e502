// The reference server of the development build, as a child process (scripts may not import src/server).
// A restart starts the new server first and stops the old one once the new one listens, so a page that
// reloads never meets a closed port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A running server: where it listens, and how to stop it. */
export interface AppServer {
  readonly origin: string;
  stop(): Promise<void>;
}

/** Starts a server; the development session calls it again on every restart. */
export type StartServer = () => Promise<AppServer>;

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

/**
 * `node serverFile` on a free port of 127.0.0.1, serving `appDir`, with `publicUrl` as its own origin
 * (the development front's address: the API checks the Origin of writes against it). NODE_ENV is left
 * out, so the development routes are on. Other lines the server prints go to `log`.
 */
export function nodeServer(options: { root: string; serverFile: string; appDir: string; publicUrl: string; log: (line: string) => void }): StartServer {
  return () =>
    new Promise<AppServer>((resolve, reject) => {
      const { NODE_ENV: _production, ...env } = process.env;
      const child = spawn(process.execPath, ['--enable-source-maps', options.serverFile], {
        cwd: options.root,
        env: { ...env, PORT: '0', HOST: '127.0.0.1', APP_DIR: options.appDir, PUBLIC_URL: options.publicUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let origin: string | undefined;
      const errors: string[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        const listening = LISTENING.exec(line);
        if (listening?.[1] && origin === undefined) {
          origin = listening[1];
          resolve({ origin, stop: () => stopped(child) });
        } else if (!BANNER.test(line)) {
          options.log(`server: ${line}`);
        }
      });
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (origin === undefined) errors.push(line);
        else options.log(`server: ${line}`);
      });
      child.once('exit', (code, signal) => {
        if (origin === undefined) reject(new Error(`the server stopped before it listened (${signal ?? `exit ${code}`}):\n${errors.join('\n')}`));
        else if (signal === null && code !== 0) options.log(`server: stopped with exit status ${code}`);
      });
    });
}

/** The server the front forwards to, and its restarts. */
export class ServerSwitch {
  private current: AppServer | undefined;

  constructor(private readonly start: StartServer) {}

  /** Where requests go now; undefined before the first start. */
  get origin(): string | undefined {
    return this.current?.origin;
  }

  /** Starts a new server and sends requests to it; the old one finishes what it has in hand and stops. */
  async restart(): Promise<void> {
    const next = await this.start();
    const previous = this.current;
    this.current = next;
    void previous?.stop();
  }

  async stop(): Promise<void> {
    await this.current?.stop();
    this.current = undefined;
  }
}
