import { randomToken } from '../tokens';
import type { SqlDatabase } from './sql/database';

/**
 * The session-signing secret: SESSION_SECRET when given, otherwise a random one created on the
 * first start and kept in the database so sessions survive restarts, and every server process on
 * the database signs alike (the first to start writes it, the others read it).
 */
export async function sessionSecret(db: SqlDatabase, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  await db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', ['session_secret', randomToken()]);
  const row = await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', ['session_secret']);
  if (row === undefined) throw new Error('the session secret was not stored');
  return row.value;
}
