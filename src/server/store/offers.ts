import type { Db } from '../db';

/**
 * Accepted retention offers and plan downgrades, at most one of each per user and toolkit. A confirmed
 * cancellation withdraws them (decision 74): a withdrawn one no longer counts as accepted.
 */
export interface OfferTables {
  acceptedOffer(userId: string, toolkit: string): boolean;
  acceptOffer(userId: string, toolkit: string, offer: string, now: number): number;
  downgrade(userId: string, toolkit: string): { toPlan: string } | undefined;
  addDowngrade(userId: string, toolkit: string, fromGroup: string, toPlan: string, now: number): number;
  /** Withdraws the offers and downgrades accepted on these toolkits. */
  withdraw(userId: string, toolkits: readonly string[], now: number): void;
  /** The toolkits with an offer accepted or a plan downgraded, not withdrawn. */
  retainedToolkits(userId: string): string[];
  /** The downgrades not withdrawn: each toolkit's plan now. */
  downgrades(userId: string): { toolkit: string; plan: string }[];
}

/** The queries over accepted_offers and downgrades. */
export function offerTables(db: Db): OfferTables {
  const selectOffer = db.prepare('SELECT 1 FROM accepted_offers WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL');
  const insertOffer = db.prepare(
    'INSERT INTO accepted_offers (user_id, toolkit, offer, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectDowngrade = db.prepare(
    'SELECT to_plan AS toPlan FROM downgrades WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL',
  );
  const withdrawOffer = db.prepare('UPDATE accepted_offers SET withdrawn_at = ? WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL');
  const withdrawDowngrade = db.prepare('UPDATE downgrades SET withdrawn_at = ? WHERE user_id = ? AND toolkit = ? AND withdrawn_at IS NULL');
  const selectRetained = db.prepare(
    `SELECT toolkit FROM accepted_offers WHERE user_id = ? AND withdrawn_at IS NULL
     UNION SELECT toolkit FROM downgrades WHERE user_id = ? AND withdrawn_at IS NULL`,
  );
  const selectDowngrades = db.prepare('SELECT toolkit, to_plan AS plan FROM downgrades WHERE user_id = ? AND withdrawn_at IS NULL ORDER BY id');
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
    withdraw: (userId, toolkits, now) => {
      for (const toolkit of toolkits) {
        withdrawOffer.run(now, userId, toolkit);
        withdrawDowngrade.run(now, userId, toolkit);
      }
    },
    retainedToolkits: (userId) => (selectRetained.all(userId, userId) as { toolkit: string }[]).map((row) => row.toolkit),
    downgrades: (userId) => selectDowngrades.all(userId) as { toolkit: string; plan: string }[],
  };
}
