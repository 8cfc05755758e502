import type { Db } from '../db';
import { randomToken } from '../tokens';

/**
 * The session-signing secret: SESSION_SECRET when given, otherwise a random one created on the
 * first start and kept in the database so sessions survive restarts.
 */
export function sessionSecret(db: Db, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run('session_secret', randomToken());
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get('session_secret') as { value: string };
  return row.value;
}
