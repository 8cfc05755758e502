import { resolve } from 'node:path';
import { SURVEY_STORAGE_LIMIT } from './survey-limit';

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the SQLite file (the store when DATABASE_URL is not set). */
  dbFile: string;
  /** DATABASE_URL: a `postgres://` URL; set, the server keeps everything in that PostgreSQL database instead of the SQLite file. */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE: connections each server process opens to PostgreSQL at most. */
  databasePoolSize: number;
  /** SMTP connection URL; absent: mail stays in the database outbox only. */
  smtpUrl?: string;
  /** Origin used in mailed links and accepted as our own; absent: `http://HOST:PORT` of the listening socket. */
  publicUrl?: string;
  /** NODE_ENV=production: no /dev routes, Secure cookies on https. */
  production: boolean;
  /** Secret that signs the session cookie; absent: a random one persisted in the database. */
  sessionSecret?: string;
  /** Absolute path of the compiled survey bundle. */
  bundleFile: string;
  /** Absolute path of the built app (index.html and assets/). */
  appDir: string;
  /** How long a mailed confirmation key stays valid. */
  confirmKeyTtlSeconds: number;
  /** SURVEY_RATE_LIMIT: survey submissions one account may send a minute (default 30); the server bench raises it to measure the route itself. */
  surveyRateLimit: number;
  /** SENTRY_DSN: where the app reports errors; `off` for nowhere; absent: the dev collector outside production (page-meta.ts). */
  sentryDsn?: string;
  /**
   * AUDIT_RETENTION_DAYS: how long the audit trail keeps a cancellation's record (default 1827, five
   * years; at least 1096, three years, which California asks of consent records). Older ones are deleted.
   */
  auditRetentionDays: number;
}

/** The shortest retention of the audit trail the server accepts: three years (docs/compliance.md). */
export const MIN_AUDIT_RETENTION_DAYS = 1096;

const DEFAULT_KEY_TTL_SECONDS = 24 * 60 * 60;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function sessionSecretFrom(env: NodeJS.ProcessEnv): string | undefined {
  const secret = nonEmpty(env.SESSION_SECRET);
  // A short secret makes signed cookies guessable; refuse it rather than run weakly.
  if (secret !== undefined && secret.length < 32) {
    throw new Error('SESSION_SECRET must be at least 32 characters long');
  }
  return secret;
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = nonEmpty(env.PUBLIC_URL);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got '${raw}'`);
  }
  // Only the origin matters: links are built as `${origin}/cancel/...`.
  return url.origin;
}

function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = nonEmpty(env.DATABASE_URL);
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new Error('DATABASE_URL must be a postgres:// (or postgresql://) URL; leave it unset for the SQLite file DB_FILE');
  }
  return raw;
}

/** Reads the server settings from environment variables; relative paths resolve from the project root (cwd). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: integerFrom(env, 'PORT', 8080, 0, 65535),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dbFile: resolve(root, nonEmpty(env.DB_FILE) ?? 'data/cancel.sqlite'),
    databaseUrl: databaseUrlFrom(env),
    databasePoolSize: integerFrom(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    smtpUrl: nonEmpty(env.SMTP_URL),
    publicUrl: publicUrlFrom(env),
    production: env.NODE_ENV === 'production',
    sessionSecret: sessionSecretFrom(env),
    bundleFile: resolve(root, nonEmpty(env.BUNDLE_FILE) ?? 'src/generated/survey.json'),
    appDir: resolve(root, nonEmpty(env.APP_DIR) ?? 'dist/app'),
    confirmKeyTtlSeconds: integerFrom(env, 'CONFIRM_KEY_TTL_SECONDS', DEFAULT_KEY_TTL_SECONDS, 1, 365 * 24 * 60 * 60),
    surveyRateLimit: integerFrom(env, 'SURVEY_RATE_LIMIT', SURVEY_STORAGE_LIMIT.requests, 1, 1_000_000_000),
    sentryDsn: nonEmpty(env.SENTRY_DSN),
    auditRetentionDays: integerFrom(env, 'AUDIT_RETENTION_DAYS', 1827, MIN_AUDIT_RETENTION_DAYS, 100 * 366),
  };
}
