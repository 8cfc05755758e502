import type { SqlDatabase } from './sql/database';

/** Requests counted per user, call and fixed window, in the database so every server process shares the count. */
export interface RequestCounts {
  /** Counts one request; returns how many the window holds now, and when the window ends. */
  hit(userId: string, call: string, windowMs: number, now: number): Promise<{ count: number; windowEnds: number }>;
}

/** The request_counts table's queries; windows older than the current one are dropped as new ones start. */
export function requestCounts(db: SqlDatabase): RequestCounts {
  return {
    hit: (userId, call, windowMs, now) =>
      db.transaction(async () => {
        const windowStart = now - (now % windowMs);
        const row = await db.get<{ count: number }>(
          `INSERT INTO request_counts (user_id, call, window_start, count) VALUES (?, ?, ?, 1)
           ON CONFLICT (user_id, call, window_start) DO UPDATE SET count = request_counts.count + 1
           RETURNING count`,
          [userId, call, windowStart],
        );
        const count = row?.count ?? 1;
        if (count === 1) await db.run('DELETE FROM request_counts WHERE user_id = ? AND call = ? AND window_start < ?', [userId, call, windowStart]);
        return { count, windowEnds: windowStart + windowMs };
      }),
  };
}
