import type { Db } from '../db';

/** Requests counted per user, call and fixed window, in the database so every server process shares the count. */
export interface RequestCounts {
  /** Counts one request; returns how many the window holds now, and when the window ends. */
  hit(userId: string, call: string, windowMs: number, now: number): { count: number; windowEnds: number };
}

/** The request_counts table's queries; windows older than the current one are dropped as new ones start. */
export function requestCounts(db: Db): RequestCounts {
  const upsert = db.prepare(
    `INSERT INTO request_counts (user_id, call, window_start, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (user_id, call, window_start) DO UPDATE SET count = count + 1
     RETURNING count`,
  );
  const prune = db.prepare('DELETE FROM request_counts WHERE user_id = ? AND call = ? AND window_start < ?');
  const hit = db.transaction((userId: string, call: string, windowMs: number, now: number) => {
    const windowStart = now - (now % windowMs);
    const { count } = upsert.get(userId, call, windowStart) as { count: number };
    if (count === 1) prune.run(userId, call, windowStart);
    return { count, windowEnds: windowStart + windowMs };
  });
  return { hit: (userId, call, windowMs, now) => hit(userId, call, windowMs, now) };
}
