import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { Database } from '../../infra/db/schema';
import { BetResult } from '../../../domain/codes';

/** The queries of Super Odds (boosts.service.ts, decision 88). */

export type BoostRow = Selectable<Database['sports_boosts']>;

/** Stores a boost; null when the selection already has one running (the partial unique index). */
export async function insertBoost(
  trx: Trx,
  row: Insertable<Database['sports_boosts']>,
): Promise<BoostRow | null> {
  return (
    (await trx
      .insertInto('sports_boosts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['fixture_id', 'market_id', 'outcome_id']).where('ended_at', 'is', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Ends a running boost; null when it was not running. */
export async function endBoost(trx: Trx, id: number, at: Date): Promise<BoostRow | null> {
  return (
    (await trx
      .updateTable('sports_boosts')
      .set({ ended_at: at })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/**
 * A boost that is still running, or null; read under a share lock in the bet's transaction, so a
 * trader ending it (an update of the row) waits for bets already taking it and no bet commits at
 * its price after it ended (an outside review's finding).
 */
export async function findRunningBoost(trx: Trx, id: number): Promise<BoostRow | null> {
  return (
    (await trx
      .selectFrom('sports_boosts')
      .selectAll()
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .forShare()
      .executeTakeFirst()) ?? null
  );
}

/** Running boosts of fixtures that start after `now`, soonest first. */
export async function runningBoosts(db: Db, now: Date): Promise<BoostRow[]> {
  return db
    .selectFrom('sports_boosts')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('starts_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/**
 * Adds `cents` to what a player has staked on a boost if the total stays within `maxCents`, in
 * one statement: concurrent bets of one player serialise on the counter's row (or its insert),
 * and the second sees the first's stake. Answers the new total, or null when it would pass the
 * limit (nothing written).
 */
export async function reserveBoostStake(
  trx: Trx,
  boostId: number,
  userId: number,
  cents: number,
  maxCents: number,
): Promise<number | null> {
  if (cents > maxCents) return null;
  const row = await trx
    .insertInto('sports_boost_stakes')
    .values({ boost_id: boostId, user_id: userId, staked_cents: cents })
    .onConflict((oc) =>
      oc
        .columns(['boost_id', 'user_id'])
        .doUpdateSet({ staked_cents: sql`sports_boost_stakes.staked_cents + excluded.staked_cents` })
        .where(sql<boolean>`sports_boost_stakes.staked_cents + excluded.staked_cents <= ${maxCents}`),
    )
    .returning('staked_cents')
    .executeTakeFirst();
  return row ? Number(row.staked_cents) : null;
}

/** What a player has staked on a boost so far. */
export async function boostStakeOf(db: Db | Trx, boostId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sports_boost_stakes')
    .select('staked_cents')
    .where('boost_id', '=', boostId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.staked_cents) : 0;
}

/**
 * Every boost with its figures, newest first: bets, players, stakes, what was paid, and what the
 * boost itself cost — on each winning bet, the payout above what the book's price then (`was`)
 * would have paid.
 */
export async function boostFigures(db: Db) {
  return db
    .selectFrom('sports_boosts as b')
    .leftJoin('sports_bets as sb', 'sb.boost_id', 'b.id')
    .selectAll('b')
    .select([
      sql<string>`count(sb.id)`.as('bets'),
      sql<string>`count(distinct sb.user_id)`.as('players'),
      sql<string>`coalesce(sum(sb.stake_cents), 0)`.as('stakes'),
      sql<string>`coalesce(sum(sb.payout_cents) filter (where sb.state = 'settled'), 0)`.as('paid'),
      sql<string>`coalesce(sum(sb.stake_cents) filter (where sb.state = 'settled'), 0)`.as('settled_stakes'),
      sql<string>`coalesce(sum(sb.payout_cents * (b.odds_milli - b.was_milli) / b.odds_milli)
        filter (where sb.state = 'settled' and sb.result_code = ${BetResult.won}), 0)`.as('boost_cost'),
    ])
    .groupBy('b.id')
    .orderBy('b.id', 'desc')
    .limit(200)
    .execute();
}
