import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { EARLY_PAYOUT_LEAD, EARLY_PAYOUT_MARKET } from '../../../domain/sports/early-payout';

/** A fixture's sport and competition, as its row was written at the first bet on it. */
export async function fixtureCompetition(db: Db, fixtureId: string) {
  return db
    .selectFrom('sports_fixtures')
    .select(['sport', 'competition'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
}

/**
 * The open singles on `side` to win `fixtureId` that Pagamento Antecipado pays now: not yet paid
 * early, placed before the match or in play while `side` led by less than the lead that pays.
 */
export async function earlyPayoutCandidates(db: Db, fixtureId: string, side: 'home' | 'away') {
  const ahead =
    side === 'home'
      ? sql<number>`sports_bet_legs.score_home_at - sports_bet_legs.score_away_at`
      : sql<number>`sports_bet_legs.score_away_at - sports_bet_legs.score_home_at`;
  const rows = await db
    .selectFrom('sports_bets')
    .innerJoin('sports_bet_legs', 'sports_bet_legs.bet_id', 'sports_bets.id')
    .select('sports_bets.id')
    .where('sports_bets.kind', '=', 'single')
    .where('sports_bets.state', '=', 'open')
    .where('sports_bets.early_paid_at', 'is', null)
    // A Super Odd is paid at its boosted price on the result, never early as well (decision 88).
    .where('sports_bets.boost_id', 'is', null)
    .where('sports_bet_legs.fixture_id', '=', fixtureId)
    .where('sports_bet_legs.market_id', '=', EARLY_PAYOUT_MARKET)
    .where('sports_bet_legs.outcome_id', '=', side)
    .where((eb) =>
      eb.or([eb('sports_bet_legs.score_home_at', 'is', null), eb(ahead, '<', EARLY_PAYOUT_LEAD)]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Marks an open bet paid early; false when it was not open or already marked (a race lost). */
export async function markEarlyPaid(trx: Trx, betId: string, at: Date): Promise<boolean> {
  const done = await trx
    .updateTable('sports_bets')
    .set({ early_paid_at: at })
    .where('id', '=', betId)
    .where('state', '=', 'open')
    .where('early_paid_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
