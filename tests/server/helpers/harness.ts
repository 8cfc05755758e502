import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { CompiledBundle } from '../../../src/model';
import type { ServerConfig } from '../../../src/server/config';
import type { MailboxEntry } from '../../../src/server/dev/dev';
import type { MailTransport } from '../../../src/server/mail';
import type { SqlDatabase, SqlValue } from '../../../src/server/store/sql/database';
import { SESSION_COOKIE } from '../../../src/server/sessions';
import { buildServer } from '../../../src/server/server';
import { testBundle } from './bundle';
import { createTestDatabase, type TestDatabase } from './databases';
import { writeAppFiles } from './fixtures';

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
  /** SMTP_URL, for tests of the real SMTP transport (mailTransport, when given, wins). */
  smtpUrl?: string;
  sentryDsn?: string;
  confirmKeyTtlSeconds?: number;
  /** Another harness's database: a second server process on the same data (it is not dropped by this harness). */
  sharedDatabase?: TestDatabase;
  /** Countries mapped to other policies than survey/policies.yaml maps them (e.g. `{ CH: 'us-mn' }`). */
  policyCountries?: Record<string, string>;
  /** AUDIT_RETENTION_DAYS. */
  auditRetentionDays?: number;
  /** Another compiled bundle than the test bundle (a changed survey: a new version of it). */
  bundle?: CompiledBundle;
  /** How long a request may take to arrive whole (the server's REQUEST_TIMEOUT_MS by default). */
  requestTimeoutMs?: number;
  /** The server's logger options (off by default). */
  logger?: FastifyServerOptions['logger'];
}

/** One cookie of a response's Set-Cookie headers. */
export interface ResponseCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** A response as the tests read it: the fields of Fastify's inject responses, which they were written against. */
export interface TestResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  cookies: ResponseCookie[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- like inject's json(): a test reads the fields of a body it knows
  json(): any;
}

/** A request as the tests write it (the options of Fastify's inject). */
export interface TestRequest {
  method?: string;
  /** Path and query, sent exactly as written (no normalising of `..` or escapes). */
  url: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else as JSON (with a JSON content type unless one is given). */
  payload?: unknown;
}

interface RequestOptions {
  headers?: Record<string, string>;
  /** true (default on writes): send this session's token; a string: send that instead; false: none. */
  csrf?: boolean | string;
}

/** One Set-Cookie header, read as a browser would (the value URL-decoded, as inject's parser does). */
function parseSetCookie(header: string): ResponseCookie {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const raw = pair.slice(eq + 1).trim();
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // Not URL-encoded: keep it as sent.
  }
  const cookie: ResponseCookie = { name: pair.slice(0, eq).trim(), value };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const text = rest.join('=').trim();
    switch (key.trim().toLowerCase()) {
      case 'path':
        cookie.path = text;
        break;
      case 'domain':
        cookie.domain = text;
        break;
      case 'max-age':
        cookie.maxAge = Number(text);
        break;
      case 'expires':
        cookie.expires = new Date(text);
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite = text;
        break;
    }
  }
  return cookie;
}

const hasHeader = (headers: Record<string, string>, name: string): boolean =>
  Object.keys(headers).some((header) => header.toLowerCase() === name);

/** The body to send and the headers it needs. */
function encodeBody(request: TestRequest): { body?: Buffer; headers: Record<string, string> } {
  const headers = { ...request.headers };
  if (request.payload === undefined) return { headers };
  let body: Buffer;
  if (typeof request.payload === 'string') body = Buffer.from(request.payload);
  else if (Buffer.isBuffer(request.payload)) body = request.payload;
  else {
    body = Buffer.from(JSON.stringify(request.payload));
    if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
  }
  // A chunked body streams with no length; everything else says its length, as browsers do.
  if (!hasHeader(headers, 'content-length') && !hasHeader(headers, 'transfer-encoding')) headers['content-length'] = String(body.length);
  return { body, headers };
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

  get(url: string, options: RequestOptions = {}): Promise<TestResponse> {
    return this.harness.inject({ method: 'GET', url, headers: this.headers(options, false) });
  }

  post(url: string, body: unknown, options: RequestOptions = {}): Promise<TestResponse> {
    const headers = { 'content-type': 'application/json', ...this.headers(options, true) };
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return this.harness.inject({ method: 'POST', url, headers, payload });
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

/**
 * A server on a temp directory with its own database (a SQLite file there, or a PostgreSQL schema
 * of its own when DATABASE_URL is set), app files and clock, listening on a free loopback port: the
 * tests talk to it over real HTTP, as a browser would.
 */
export class Harness {
  app!: FastifyInstance;
  readonly clock = new Clock();
  readonly dir = mkdtempSync(join(tmpdir(), 'cancel-server-'));
  readonly dbFile = join(this.dir, 'data', 'cancel.sqlite');
  /** The test's database, created on the first start and dropped by stop(). */
  database: TestDatabase | undefined;
  readonly appDir = join(this.dir, 'app');
  /** Where the server listens now (a new port after each start). */
  origin = '';
  // Keep-alive connections: each request need not open its own, which keeps the suite fast.
  private agent: Agent | undefined;

  constructor(private readonly options: HarnessOptions = {}) {
    if (options.withApp !== false) writeAppFiles(this.appDir);
  }

  async start(): Promise<this> {
    this.database ??= this.options.sharedDatabase ?? (await createTestDatabase(this.dir));
    const config: Partial<ServerConfig> = {
      dbFile: this.database.file,
      databaseUrl: this.database.url,
      appDir: this.appDir,
      production: this.options.production ?? false,
      publicUrl: this.options.publicUrl ?? 'http://cancel.test',
      sessionSecret: undefined,
      smtpUrl: this.options.smtpUrl,
      sentryDsn: this.options.sentryDsn,
      confirmKeyTtlSeconds: this.options.confirmKeyTtlSeconds ?? 24 * 60 * 60,
      ...(this.options.auditRetentionDays === undefined ? {} : { auditRetentionDays: this.options.auditRetentionDays }),
    };
    const bundle = this.options.bundle ?? testBundle();
    const countries = this.options.policyCountries;
    this.app = await buildServer({
      config,
      bundle: countries ? { ...bundle, policies: { ...bundle.policies, countries: { ...bundle.policies.countries, ...countries } } } : bundle,
      now: this.clock.now,
      mailTransport: this.options.mailTransport,
      requestTimeoutMs: this.options.requestTimeoutMs,
      logger: this.options.logger,
    });
    await this.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = this.app.server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${port}`;
    // Connections to a server closed directly (harness.app.close()) are dead; start with new ones.
    this.agent?.destroy();
    this.agent = new Agent({ keepAlive: true });
    return this;
  }

  /** Close and reopen on the same database file, as a process restart would. */
  async restart(): Promise<void> {
    await this.app.close();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.app.close();
    this.agent?.destroy();
    if (this.options.sharedDatabase === undefined) await this.database?.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Sends one HTTP request to the server and reads the whole response. */
  inject(request: TestRequest): Promise<TestResponse> {
    const { body, headers } = encodeBody(request);
    const url = new URL(this.origin);
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        { host: url.hostname, port: url.port, method: request.method ?? 'GET', path: request.url, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: text,
              cookies: (response.headers['set-cookie'] ?? []).map(parseSetCookie),
              json: () => JSON.parse(text) as unknown,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** A plain GET, with the session cookie when given (pages, dev routes, headers). */
  get(url: string, cookie?: string): Promise<TestResponse> {
    return this.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` } });
  }

  /** Signs in through the dev route and fetches the CSRF token, as the app does. */
  async signIn(persona: string, lang = 'en'): Promise<Client> {
    const response = await this.get(`/dev/sign-in?persona=${persona}&lang=${lang}`);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (response.statusCode !== 302 || cookie === undefined) {
      throw new Error(`sign-in as ${persona} failed: ${response.statusCode} ${response.body}`);
    }
    const token = await this.get('/cancel/api/get-csrf-token/', cookie.value);
    return new Client(this, cookie.value, (token.json() as { csrf_token: string }).csrf_token);
  }

  /** The test's own connection to the server's database (SQLite or PostgreSQL). */
  async connection(): Promise<SqlDatabase> {
    if (this.database === undefined) throw new Error('the harness has not started');
    return this.database.connection();
  }

  /** Row counts of every table, read through a separate connection. */
  async counts(): Promise<Counts> {
    const db = await this.connection();
    const entries = await Promise.all(
      TABLES.map(async (table) => [table, (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0] as const),
    );
    return Object.fromEntries(entries) as Counts;
  }

  /** Rows of a query (for asserting what was stored); `?` placeholders on both databases. */
  async rows<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    return (await this.connection()).all<T>(sql, params);
  }

  /** Runs a statement on the server's database behind its back (as a crash or an operator would). */
  async exec(sql: string, ...params: SqlValue[]): Promise<void> {
    await (await this.connection()).run(sql, params);
  }

  /** The schema version the database records (SQLite's user_version, PostgreSQL's schema_version). */
  async schemaVersion(): Promise<number> {
    const db = await this.connection();
    const row =
      db.dialect === 'sqlite'
        ? (await db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version
        : (await db.get<{ version: number }>('SELECT version FROM schema_version'))?.version;
    return row ?? 0;
  }

  /** Sets the recorded schema version (to test what a server does with a database from elsewhere). */
  async setSchemaVersion(version: number): Promise<void> {
    const db = await this.connection();
    if (db.dialect === 'sqlite') await db.run(`PRAGMA user_version = ${Math.trunc(version)}`);
    else await db.run('UPDATE schema_version SET version = ?', [version]);
  }
}

/** Builds and starts a harness. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  return new Harness(options).start();
}

/** The mailbox as the dev route returns it. */
/** A paid-monthly account in `variant` of the experiment running now: accounts are assigned by id, so sign in until one is. */
export async function signInToVariant(harness: Harness, variant: string): Promise<Client> {
  for (let tries = 0; tries <= 200; tries += 1) {
    const client = await harness.signIn('paid-monthly');
    if ((await client.get('/cancel/api/get-context/')).json().experiments?.[0]?.variant === variant) return client;
  }
  throw new Error(`no account fell in ${variant}`);
}

export async function mailbox(harness: Harness): Promise<MailboxEntry[]> {
  const response = await harness.get('/dev/mailbox.json');
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
