import type { AppContext } from '../../platform/context';
import { cashoutValue } from './cashout.service';
import type { Sports } from './sports.module';
import { centsToBrl } from '../../../domain/money';
import { oddsFromMilli } from '../../../domain/sports/ladder';
import { RESULT_LABELS } from '../../../domain/sports/labels';
import { shownCombinedOdds } from '../../../domain/sports/settlement';

/**
 * "Minhas apostas" (API.md `GET /sports/bets`): the player's open bets (waiting for the live
 * delay or for results) and settled ones (paid, lost, refunded, refused, cancelled), each with
 * its result in words and in the specification's codes.
 */

// A bet held for review (−1) is still open: its result is yet to come.
const OPEN_STATES = ['pending', 'open', 'exception'];
const CLOSED_STATES = ['settled', 'refused', 'cashed_out'];

/** A player's sports bets, newest first. */
export async function listSportsBets(
  ctx: AppContext,
  sports: Sports,
  userId: number,
  options: { status?: 'open' | 'settled'; page?: number; size?: number } = {},
) {
  const size = Math.min(Math.max(options.size ?? 50, 1), 100);
  const page = Math.max(options.page ?? 1, 1);
  let query = ctx.db.selectFrom('sports_bets').selectAll().where('user_id', '=', userId);
  if (options.status)
    query = query.where('state', 'in', options.status === 'open' ? OPEN_STATES : CLOSED_STATES);
  const bets = await query
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const legs = bets.length
    ? await ctx.db
        .selectFrom('sports_bet_legs')
        .selectAll()
        .where(
          'bet_id',
          'in',
          bets.map((b) => b.id),
        )
        .orderBy('idx')
        .execute()
    : [];
  const out = [];
  for (const b of bets) {
    const mine = legs.filter((l) => l.bet_id === b.id);
    // An open bet shows what it can be cashed out for now (null while unavailable).
    const cashout = b.state === 'open' ? await cashoutValue(ctx, sports, ctx.db, b, mine) : null;
    out.push({
      betId: b.id,
      kind: b.kind,
      state: b.state,
      stake: centsToBrl(Number(b.stake_cents)),
      stakeOpen: centsToBrl(b.stake_open_cents === null ? Number(b.stake_cents) : Number(b.stake_open_cents)),
      payout: centsToBrl(Number(b.payout_cents)),
      cashedOut: centsToBrl(Number(b.cashed_out_cents)),
      cashout:
        b.state === 'open'
          ? { available: cashout !== null, value: cashout === null ? null : centsToBrl(cashout) }
          : null,
      potentialReturn: centsToBrl(Number(b.potential_cents)),
      combinedOdds: shownCombinedOdds(Number(b.combined_odds_milli)),
      result: b.result_code,
      resultText: b.state === 'cashed_out' ? 'Encerrada (cash-out)' : (RESULT_LABELS[b.result_code] ?? ''),
      orderStatus: b.order_status,
      oddsChange: b.odds_change,
      placedAt: new Date(b.placed_at).toISOString(),
      acceptAt: b.accept_at ? new Date(b.accept_at).toISOString() : null,
      settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
      legs: mine.map((l) => ({
        fixtureId: l.fixture_id,
        fixture: l.fixture_label,
        marketId: l.market_id,
        market: l.market_label,
        outcomeId: l.outcome_id,
        outcome: l.outcome_label,
        odds: oddsFromMilli(l.odds_milli),
        live: l.live,
        scoreAtPlacement: l.score_home_at === null ? null : { home: l.score_home_at, away: l.score_away_at },
        result: l.result_code,
        resultText: RESULT_LABELS[l.result_code] ?? '',
      })),
    });
  }
  return out;
}
