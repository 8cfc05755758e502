import type { ServerConfig } from '../../config';
import type { SqlDatabase } from './database';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

/**
 * The database the configuration names, migrated: PostgreSQL when DATABASE_URL is set (several
 * server processes may share it), else the embedded SQLite file DB_FILE. One that cannot be opened
 * fails with an error naming it (without its password) and the setting that chose it.
 */
export async function openConfiguredDatabase(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl' | 'databasePoolSize'>): Promise<SqlDatabase> {
  try {
    return config.databaseUrl === undefined ? openSqlite(config.dbFile) : await openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize });
  } catch (error) {
    const setting = config.databaseUrl === undefined ? 'DB_FILE' : 'DATABASE_URL';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The database ${databaseLabel(config)} (${setting}) could not be opened: ${reason}`, { cause: error });
  }
}

/** Where the data is, for the start-up banner: the file, or the PostgreSQL URL without its password. */
export function databaseLabel(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl'>): string {
  if (config.databaseUrl === undefined) return config.dbFile;
  const url = new URL(config.databaseUrl);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
