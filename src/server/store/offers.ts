import type { Db } from '../db';

/** Accepted retention offers and plan downgrades, at most one of each per user and toolkit. */
export interface OfferTables {
  acceptedOffer(userId: string, toolkit: string): boolean;
  acceptOffer(userId: string, toolkit: string, offer: string, now: number): number;
  downgrade(userId: string, toolkit: string): { toPlan: string } | undefined;
  addDowngrade(userId: string, toolkit: string, fromGroup: string, toPlan: string, now: number): number;
}

/** The queries over accepted_offers and downgrades. */
export function offerTables(db: Db): OfferTables {
  const selectOffer = db.prepare('SELECT 1 FROM accepted_offers WHERE user_id = ? AND toolkit = ?');
  const insertOffer = db.prepare(
    'INSERT INTO accepted_offers (user_id, toolkit, offer, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectDowngrade = db.prepare('SELECT to_plan AS toPlan FROM downgrades WHERE user_id = ? AND toolkit = ?');
  const insertDowngrade = db.prepare(
    'INSERT INTO downgrades (user_id, toolkit, from_group, to_plan, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    acceptedOffer: (userId, toolkit) => selectOffer.get(userId, toolkit) !== undefined,
    acceptOffer: (userId, toolkit, offer, now) =>
      Number(insertOffer.run(userId, toolkit, offer, now).lastInsertRowid),
    downgrade: (userId, toolkit) => selectDowngrade.get(userId, toolkit) as { toPlan: string } | undefined,
    addDowngrade: (userId, toolkit, fromGroup, toPlan, now) =>
      Number(insertDowngrade.run(userId, toolkit, fromGroup, toPlan, now).lastInsertRowid),
  };
}
