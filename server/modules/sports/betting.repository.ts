import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { Database } from '../../infra/db/schema';
import type { BetRow } from './bets.repository';

/**
 * The queries of placing sports bets and deciding live ones (betting.service.ts): the player's
 * day total, the bet and leg rows written at placement, and the pending bet a live decision locks,
 * refuses or accepts.
 */

/** A bet row as placement writes it. */
export type NewBet = Insertable<Database['sports_bets']>;
/** A leg row as placement writes it. */
export type NewLeg = Insertable<Database['sports_bet_legs']>;

/**
 * What the player's bets placed since `since` could return in all (refused and cancelled ones
 * return nothing), for the daily payout limit. Read after the stake locked the wallet rows, it
 * counts every earlier bet of the player.
 */
export async function potentialSince(trx: Trx, userId: number, since: Date): Promise<number> {
  const today = await trx
    .selectFrom('sports_bets')
    .select(sql<string>`coalesce(sum(potential_cents), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('placed_at', '>=', since)
    .where('state', 'not in', ['refused', 'cancelled'])
    .executeTakeFirstOrThrow();
  return Number(today.total);
}

/** Writes a new bet's row. */
export async function insertBet(trx: Trx, bet: NewBet): Promise<void> {
  await trx.insertInto('sports_bets').values(bet).execute();
}

/** Writes a new bet's legs, in one statement. */
export async function insertLegs(trx: Trx, legs: NewLeg[]): Promise<void> {
  await trx.insertInto('sports_bet_legs').values(legs).execute();
}

/**
 * A bet still waiting for its live decision, its row locked for the rest of the transaction (so
 * it is decided exactly once); undefined once decided.
 */
export async function lockPendingBet(trx: Trx, betId: string): Promise<BetRow | undefined> {
  return trx
    .selectFrom('sports_bets')
    .selectAll()
    .where('id', '=', betId)
    .where('state', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/** Closes a live bet refused in its delay, recording the stake it returns. */
export async function saveRefusal(
  trx: Trx,
  betId: string,
  refusal: { resultCode: number; orderStatus: number; payoutCents: number; settledAt: Date },
): Promise<void> {
  await trx
    .updateTable('sports_bets')
    .set({
      state: 'refused',
      result_code: refusal.resultCode,
      order_status: refusal.orderStatus,
      payout_cents: refusal.payoutCents,
      settled_at: refusal.settledAt,
    })
    .where('id', '=', betId)
    .execute();
}

/** Sets the price a live leg was accepted at. */
export async function repriceLeg(trx: Trx, betId: string, idx: number, oddsMilli: number): Promise<void> {
  await trx
    .updateTable('sports_bet_legs')
    .set({ odds_milli: oddsMilli })
    .where('bet_id', '=', betId)
    .where('idx', '=', idx)
    .execute();
}

/** Opens a live bet accepted after its delay, at its accepted odds and return. */
export async function saveAcceptance(
  trx: Trx,
  betId: string,
  accepted: { combinedOddsMilli: number; potentialCents: number },
): Promise<void> {
  await trx
    .updateTable('sports_bets')
    .set({
      state: 'open',
      combined_odds_milli: accepted.combinedOddsMilli,
      potential_cents: accepted.potentialCents,
    })
    .where('id', '=', betId)
    .execute();
}

/** Ids of up to `limit` live bets whose delay ended by `now`, oldest first. */
export async function dueLiveBetIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sports_bets')
    .select('id')
    .where('state', '=', 'pending')
    .where('accept_at', '<=', now)
    .orderBy('accept_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
