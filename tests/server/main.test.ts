import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECT, createTestDatabase, type TestDatabase } from './helpers/databases';

/** src/server/main.ts as `npm start` runs it (through tsx instead of the esbuild bundle). */
class MainProcess {
  readonly dir = mkdtempSync(join(tmpdir(), 'cancel-main-'));
  /** Its database: the SQLite file, or a PostgreSQL schema of its own when the tests run on PostgreSQL. */
  database: TestDatabase | undefined;
  child!: ChildProcess;
  output = '';

  async start(env: Record<string, string> = {}): Promise<string> {
    this.database ??= await createTestDatabase(this.dir);
    const database = { DB_FILE: this.database.file, DATABASE_URL: this.database.url ?? '' };
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...database, LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: '', SMTP_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer): void => {
      this.output += chunk.toString();
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const match = /Cancellation area: (http:\/\/127\.0\.0\.1:\d+)\/cancel\n/.exec(this.output);
      if (match?.[1] !== undefined) return match[1];
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the server did not start:\n${this.output}`);
  }

  /** Sends SIGTERM unless `signalled` (already sent), and resolves with the exit code. */
  async stop(signalled = false): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = once(this.child, 'exit');
      if (!signalled) this.child.kill('SIGTERM');
      await exited;
    }
    return this.child.exitCode;
  }

  async cleanup(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = once(this.child, 'exit');
      this.child.kill('SIGKILL');
      await exited;
    }
    await this.database?.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

let main: MainProcess | undefined;
afterEach(async () => {
  await main?.cleanup();
  main = undefined;
});

describe('src/server/main.ts', () => {
  it('prints the URLs it serves, finishes a request in flight on SIGTERM and closes the database cleanly', async () => {
    main = new MainProcess();
    const base = await main.start();
    expect(main.output).toContain(`Dev sign-in:       ${base}/dev/`);
    expect(main.output).toContain(`Mailbox:           ${base}/dev/mailbox`);

    const signIn = await fetch(`${base}/dev/sign-in?persona=paid-monthly`, { redirect: 'manual' });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { csrf_token: csrf } = (await (await fetch(`${base}/cancel/api/get-csrf-token/`, { headers: { cookie } })).json()) as {
      csrf_token: string;
    };

    // Send the headers and half the body, signal the shutdown, then finish the body.
    const body = '{"note": "graceful"}';
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${base}/cancel/api/seo/send-confirmation-email/`, {
        method: 'POST',
        headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        main?.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 150);
      }, 150);
    });
    const answered = await response;
    expect(answered).toEqual({ status: 200, text: '{"sent":true}' });
    expect(await main.stop(true)).toBe(0);

    // A clean close checkpoints the WAL and removes it; the mail of the last request is there.
    const database = main.database;
    if (database === undefined) throw new Error('the server had no database');
    if (DIALECT === 'sqlite') expect(existsSync(`${database.file}-wal`)).toBe(false);
    const db = await database.connection();
    if (DIALECT === 'sqlite') {
      expect(await db.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });
    }
    expect(await db.get('SELECT COUNT(*) AS n FROM outbox')).toEqual({ n: 1 });
  });

  it('in production prints no development URLs and serves no /dev routes', async () => {
    main = new MainProcess();
    const base = await main.start({ NODE_ENV: 'production' });
    expect(main.output).not.toContain('/dev/');
    expect((await fetch(`${base}/dev/`)).status).toBe(404);
    expect((await fetch(`${base}/cancel/api/get-context/`)).status).toBe(401);
    expect(await main.stop()).toBe(0);
  });

  it('refuses to start with a bad PORT, saying why', async () => {
    main = new MainProcess();
    await expect(main.start({ PORT: 'eighty' })).rejects.toThrow(/PORT must be an integer/);
  });

  it('refuses to start without its database, naming it (never its password) and why', async () => {
    main = new MainProcess();
    await expect(main.start({ DATABASE_URL: 'postgres://cancel:s3cret@127.0.0.1:1/cancel' })).rejects.toThrow(
      /The database postgres:\/\/cancel:\*\*\*@127\.0\.0\.1:1\/cancel \(DATABASE_URL\) could not be opened: connect ECONNREFUSED 127\.0\.0\.1:1/,
    );
    expect(main.output).not.toContain('s3cret');
    expect(main.child.exitCode).toBe(1);
    await main.cleanup();
    main = new MainProcess();
    await expect(main.start({ DATABASE_URL: '', DB_FILE: '/dev/null/cancel.sqlite' })).rejects.toThrow(
      /\nThe database \/dev\/null\/cancel\.sqlite \(DB_FILE\) could not be opened: EEXIST: file already exists, mkdir '\/dev\/null'\n/,
    );
    expect(main.child.exitCode).toBe(1);
  });
});
