import type { AppContext } from '../../platform/context';
import { cashoutValues } from './cashout.service';
import type { Sports } from './sports.module';
import { centsToBrl } from '../../../domain/money';
import { oddsFromMilli } from '../../../domain/sports/ladder';
import { RESULT_LABELS } from '../../../domain/sports/labels';
import { shownCombinedOdds } from '../../../domain/sports/settlement';
import { countPlayerBets, findLegsOf, findPlayerBets, type BetsFilter } from './bets.repository';

/**
 * "Minhas apostas" (API.md `GET /sports/bets`): the player's open bets (waiting for the live
 * delay or for results) and settled ones (paid, lost, refunded, refused, cancelled), each with
 * its result in words and in the specification's codes.
 */

/**
 * One page of a player's sports bets, newest first, with how many there are in all: the page of
 * "Minhas apostas" and of the records' sports history alike.
 */
export async function sportsBetsPage(
  ctx: AppContext,
  sports: Sports,
  userId: number,
  filter: BetsFilter,
  paging: { page: number; size: number },
) {
  const [bets, total] = await Promise.all([
    findPlayerBets(ctx.db, userId, filter, paging),
    countPlayerBets(ctx.db, userId, filter),
  ]);
  const legs = await findLegsOf(
    ctx.db,
    bets.map((b) => b.id),
  );
  const legsOf = (betId: string) => legs.filter((l) => l.bet_id === betId);
  // An open bet shows what it can be cashed out for now (null while unavailable).
  const cashouts = await cashoutValues(
    ctx,
    sports,
    ctx.db,
    bets.map((bet) => ({ bet, legs: legsOf(bet.id) })),
  );
  const list = [];
  for (const b of bets) {
    const mine = legsOf(b.id);
    const cashout = cashouts.get(b.id) ?? null;
    list.push({
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
      resultText:
        b.state === 'cashed_out'
          ? 'Encerrada (cash-out)'
          : b.early_paid_at && b.state === 'settled'
            ? 'Ganha (Pagamento Antecipado)'
            : (RESULT_LABELS[b.result_code] ?? ''),
      orderStatus: b.order_status,
      oddsChange: b.odds_change,
      placedAt: new Date(b.placed_at).toISOString(),
      acceptAt: b.accept_at ? new Date(b.accept_at).toISOString() : null,
      settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
      earlyPaid: b.early_paid_at !== null,
      boosted: b.boost_id !== null,
      legs: mine.map((l) => ({
        fixtureId: l.fixture_id,
        sport: l.sport,
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
  return { list, total, page: paging.page, size: paging.size };
}
