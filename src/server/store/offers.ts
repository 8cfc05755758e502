import type { SqlDatabase } from './sql/database';

/**
 * Accepted retention offers and plan downgrades, at most one of each per user and toolkit. A confirmed
 * cancellation withdraws them (decision 74): a withdrawn one no longer counts as accepted, and one
 * accepted again (the cancellation undone) takes the withdrawn one's row (decision 155).
 */
export interface OfferTables {
  /** The offer accepted on the toolkit and not withdrawn, if any. */
  acceptedOffer(userId: string, toolkit: string): Promise<string | undefined>;
  acceptOffer(userId: string, toolkit: string, offer: string, now: number): Promise<number>;
  downgrade(userId: string, toolkit: string): Promise<{ toPlan: string } | undefined>;
  addDowngrade(userId: string, toolkit: string, fromGroup: string, toPlan: string, now: number): Promise<number>;
  /** Withdraws the offers and downgrades accepted on these toolkits. */
  withdraw(userId: string, toolkits: readonly string[], now: number): Promise<void>;
  /** The toolkits with an offer accepted or a plan downgraded, not withdrawn. */
  retainedToolkits(userId: string): Promise<string[]>;
  /** The downgrades not withdrawn: each toolkit's plan now. */
  downgrades(userId: string): Promise<{ toolkit: string; plan: string }[]>;
}

/** The id an INSERT … RETURNING id gave. */
function insertedId(row: { id: number } | undefined): number {
  if (row === undefined) throw new Error('the row was not stored');
  return row.id;
}

/** The queries over accepted_offers and downgrades. */
export function offerTables(db: SqlDatabase): OfferTables {
  return {
    acceptedOffer: async (userId, toolkit) =>
      (await db.get<{ offer: string }>('SELECT offer FROM accepted_offers WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL', [userId, toolkit]))?.offer,
    acceptOffer: async (userId, toolkit, offer, now) =>
      insertedId(
        await db.get<{ id: number }>(
          `INSERT INTO accepted_offers (user_id, toolkit, offer, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (user_id, toolkit) DO UPDATE SET offer = excluded.offer, created_at = excluded.created_at, withdrawn_at = NULL
           WHERE accepted_offers.withdrawn_at IS NOT NULL RETURNING id`,
          [userId, toolkit, offer, now],
        ),
      ),
    downgrade: (userId, toolkit) =>
      db.get<{ toPlan: string }>('SELECT to_plan AS "toPlan" FROM downgrades WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL', [
        userId,
        toolkit,
      ]),
    addDowngrade: async (userId, toolkit, fromGroup, toPlan, now) =>
      insertedId(
        await db.get<{ id: number }>(
          `INSERT INTO downgrades (user_id, toolkit, from_group, to_plan, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id, toolkit) DO UPDATE SET from_group = excluded.from_group, to_plan = excluded.to_plan, created_at = excluded.created_at, withdrawn_at = NULL
           WHERE downgrades.withdrawn_at IS NOT NULL RETURNING id`,
          [userId, toolkit, fromGroup, toPlan, now],
        ),
      ),
    async withdraw(userId, toolkits, now) {
      for (const toolkit of toolkits) {
        await db.run('UPDATE accepted_offers SET withdrawn_at = ? WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL', [now, userId, toolkit]);
        await db.run('UPDATE downgrades SET withdrawn_at = ? WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL', [now, userId, toolkit]);
      }
    },
    async retainedToolkits(userId) {
      const rows = await db.all<{ toolkit: string }>(
        `SELECT toolkit FROM accepted_offers WHERE user_id = ? AND withdrawn_at IS NULL
         UNION SELECT toolkit FROM downgrades WHERE user_id = ? AND withdrawn_at IS NULL`,
        [userId, userId],
      );
      return rows.map((row) => row.toolkit);
    },
    downgrades: (userId) =>
      db.all<{ toolkit: string; plan: string }>('SELECT toolkit, to_plan AS plan FROM downgrades WHERE user_id = ? AND withdrawn_at IS NULL ORDER BY id', [userId]),
  };
}
