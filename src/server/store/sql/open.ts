import type { ServerConfig } from '../../config';
import type { SqlDatabase } from './database';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

/**
 * The database the configuration names, migrated: PostgreSQL when DATABASE_URL is set (several
 * server processes may share it), else the embedded SQLite file DB_FILE.
 */
export async function openConfiguredDatabase(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl' | 'databasePoolSize'>): Promise<SqlDatabase> {
  return config.databaseUrl === undefined ? openSqlite(config.dbFile) : openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize });
}

/** Where the data is, for the start-up banner: the file, or the PostgreSQL URL without its password. */
export function databaseLabel(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl'>): string {
  if (config.databaseUrl === undefined) return config.dbFile;
  const url = new URL(config.databaseUrl);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
