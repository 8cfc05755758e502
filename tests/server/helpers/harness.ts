import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServerConfig } from '../../../src/server/config';
import type { MailboxEntry } from '../../../src/server/routes/dev';
import type { MailTransport } from '../../../src/server/mail';
import { SESSION_COOKIE } from '../../../src/server/sessions';
import { buildServer } from '../../../src/server/server';
import { testBundle } from './bundle';
import { APP_FILES } from './fixtures';

/** The tables whose row counts the tests compare ("nothing stored"). */
export const TABLES = [
  'sessions',
  'cancellation_requests',
  'confirmation_keys',
  'survey_submissions',
  'outbox',
  'accepted_offers',
  'downgrades',
  'idempotency_records',
] as const;

export type Counts = Record<(typeof TABLES)[number], number>;

export interface HarnessOptions {
  production?: boolean;
  /** false: no built app (the "run npm run build" page). */
  withApp?: boolean;
  publicUrl?: string;
  mailTransport?: MailTransport;
  confirmKeyTtlSeconds?: number;
}

interface RequestOptions {
  headers?: Record<string, string>;
  /** true (default on writes): send this session's token; a string: send that instead; false: none. */
  csrf?: boolean | string;
}

/** A signed-in browser: its cookie and CSRF token. */
export class Client {
  constructor(
    private readonly harness: Harness,
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  private headers(options: RequestOptions, write: boolean): Record<string, string> {
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${this.cookie}`, ...options.headers };
    const csrf = options.csrf ?? write;
    if (csrf === true) headers['x-csrftoken'] = this.csrfToken;
    if (typeof csrf === 'string') headers['x-csrftoken'] = csrf;
    return headers;
  }

  get(url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    return this.harness.app.inject({ method: 'GET', url, headers: this.headers(options, false) });
  }

  post(url: string, body: unknown, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers = { 'content-type': 'application/json', ...this.headers(options, true) };
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return this.harness.app.inject({ method: 'POST', url, headers, payload });
  }
}

/** A controllable clock in epoch milliseconds. */
export class Clock {
  constructor(public ms = Date.parse('2025-05-01T10:00:00Z')) {}
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** A server on a temp directory with its own database, app files and clock. */
export class Harness {
  app!: FastifyInstance;
  readonly clock = new Clock();
  readonly dir = mkdtempSync(join(tmpdir(), 'cancel-server-'));
  readonly dbFile = join(this.dir, 'data', 'cancel.sqlite');
  readonly appDir = join(this.dir, 'app');

  constructor(private readonly options: HarnessOptions = {}) {
    if (options.withApp !== false) {
      for (const [file, text] of Object.entries(APP_FILES)) {
        mkdirSync(dirname(join(this.appDir, file)), { recursive: true });
        writeFileSync(join(this.appDir, file), text);
      }
    }
  }

  async start(): Promise<this> {
    const config: Partial<ServerConfig> = {
      dbFile: this.dbFile,
      appDir: this.appDir,
      production: this.options.production ?? false,
      publicUrl: this.options.publicUrl ?? 'http://cancel.test',
      sessionSecret: undefined,
      smtpUrl: undefined,
      confirmKeyTtlSeconds: this.options.confirmKeyTtlSeconds ?? 24 * 60 * 60,
    };
    this.app = await buildServer({
      config,
      bundle: testBundle(),
      now: this.clock.now,
      mailTransport: this.options.mailTransport,
    });
    await this.app.ready();
    return this;
  }

  /** Close and reopen on the same database file, as a process restart would. */
  async restart(): Promise<void> {
    await this.app.close();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.app.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A plain GET, with the session cookie when given (pages, dev routes, headers). */
  get(url: string, cookie?: string): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` } });
  }

  /** Signs in through the dev route and fetches the CSRF token, as the app does. */
  async signIn(persona: string, lang = 'en'): Promise<Client> {
    const response = await this.app.inject({ method: 'GET', url: `/dev/sign-in?persona=${persona}&lang=${lang}` });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (response.statusCode !== 302 || cookie === undefined) {
      throw new Error(`sign-in as ${persona} failed: ${response.statusCode} ${response.body}`);
    }
    const token = await this.app.inject({
      method: 'GET',
      url: '/cancel/api/get-csrf-token/',
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
    });
    return new Client(this, cookie.value, (token.json() as { csrf_token: string }).csrf_token);
  }

  /** Row counts of every table, read through a separate connection. */
  counts(): Counts {
    const db = new Database(this.dbFile, { readonly: true });
    try {
      const entries = TABLES.map((table) => {
        const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
        return [table, row.n] as const;
      });
      return Object.fromEntries(entries) as Counts;
    } finally {
      db.close();
    }
  }

  /** Rows of one table (for asserting what was stored). */
  rows<T>(sql: string, ...params: unknown[]): T[] {
    const db = new Database(this.dbFile, { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }
}

/** Builds and starts a harness. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  return new Harness(options).start();
}

/** The mailbox as the dev route returns it. */
export async function mailbox(harness: Harness): Promise<MailboxEntry[]> {
  const response = await harness.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  return response.json() as MailboxEntry[];
}

/** The confirmation key of the newest mail. */
export async function latestKey(harness: Harness): Promise<string> {
  const [mail] = await mailbox(harness);
  const link = mail?.links.find((l) => l.includes('confirm-unsubscribe'));
  const key = link === undefined ? null : new URL(link).searchParams.get('key');
  if (key === null) throw new Error('no confirmation link in the newest mail');
  return key;
}
