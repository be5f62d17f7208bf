import type { AppContext } from '../../platform/context';
import { earlyPayoutSide } from '../../../domain/sports/early-payout';
import { earlyPayoutCandidates, fixtureCompetition, markEarlyPaid } from './early-payout.repository';
import { settleBet, type SettledBet } from './settlement.service';
import type { Sports } from './sports.module';

/**
 * Pagamento Antecipado (issue 16, decision 86): when the feed reports a football score with a side
 * two goals ahead, in a competition the operator listed (`sports.earlyPayout`), the open Resultado
 * Final singles on that side are marked paid early and settled at once, each in its own
 * transaction under its row lock. The mark, not the score, decides them from then on
 * (settlement.service.ts settleBet), so a later equaliser or a corrected result takes nothing back.
 */
export async function payEarly(
  ctx: AppContext,
  sports: Sports,
  fixtureId: string,
  score: { home: number; away: number },
): Promise<SettledBet[]> {
  const side = earlyPayoutSide(score);
  if (!side) return [];
  const fixture = await fixtureCompetition(ctx.db, fixtureId);
  if (fixture?.sport !== 'football' || !ctx.config.file.sports.earlyPayout.includes(fixture.competition)) {
    return [];
  }
  const paid: SettledBet[] = [];
  for (const betId of await earlyPayoutCandidates(ctx.db, fixtureId, side)) {
    const now = sports.now();
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (!(await markEarlyPaid(trx, betId, new Date(now)))) return null;
      return settleBet(ctx, trx, betId, now);
    });
    if (done) paid.push(done);
  }
  return paid;
}
