import type { SqlDatabase } from './sql/database';

/** Accepted retention offers and plan downgrades, at most one of each per user and toolkit. */
export interface OfferTables {
  acceptedOffer(userId: string, toolkit: string): Promise<boolean>;
  acceptOffer(userId: string, toolkit: string, offer: string, now: number): Promise<number>;
  downgrade(userId: string, toolkit: string): Promise<{ toPlan: string } | undefined>;
  addDowngrade(userId: string, toolkit: string, fromGroup: string, toPlan: string, now: number): Promise<number>;
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
      (await db.get('SELECT 1 AS found FROM accepted_offers WHERE user_id = ? AND toolkit = ?', [userId, toolkit])) !== undefined,
    acceptOffer: async (userId, toolkit, offer, now) =>
      insertedId(
        await db.get<{ id: number }>('INSERT INTO accepted_offers (user_id, toolkit, offer, created_at) VALUES (?, ?, ?, ?) RETURNING id', [
          userId,
          toolkit,
          offer,
          now,
        ]),
      ),
    downgrade: (userId, toolkit) =>
      db.get<{ toPlan: string }>('SELECT to_plan AS "toPlan" FROM downgrades WHERE user_id = ? AND toolkit = ?', [userId, toolkit]),
    addDowngrade: async (userId, toolkit, fromGroup, toPlan, now) =>
      insertedId(
        await db.get<{ id: number }>(
          'INSERT INTO downgrades (user_id, toolkit, from_group, to_plan, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
          [userId, toolkit, fromGroup, toPlan, now],
        ),
      ),
  };
}
