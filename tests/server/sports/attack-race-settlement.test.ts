import { describe, expect, it } from 'vitest';
import { call, fundedPlayer } from '../helpers';
import { afterStartOf, placeSportsBet } from './sports-helpers';
import { legOf, RACE_WEEK, useRaceApp } from './race-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { auditLedger } from '../../../server/platform/money/ledger-audit';
import { runSettlement } from '../../../server/modules/sports/jobs';
import type { MotorTimeline } from '../../../server/modules/sports/sim/motor.sim';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * An outsider's attack on how a race's winner is settled: dead heats (never above stake × odds),
 * non-starters, an operator re-entering a different classification again and again, a race
 * cancelled after it was paid, with a partial cash-out before and a múltipla across races — the
 * money must follow the last result exactly once, the ledger stay sound, and the reports count
 * only what had action.
 */

const { app, feed, clock, operator, raceOf, post, enter, betsOf } = useRaceApp('attack-race-settle');

/** A bet's row: its stake, odds and what it is paid now. */
async function paidTo(betId: string) {
  return app()
    .ctx.db.selectFrom('sports_bets')
    .select(['payout_cents', 'stake_cents', 'combined_odds_milli'])
    .where('id', '=', betId)
    .executeTakeFirstOrThrow();
}

describe('a race’s winner re-settled', () => {
  it('follows each new classification exactly once, never paying above stake × odds', async () => {
    const p = await fundedPlayer(app(), 500);
    const race = raceOf('Fórmula 1');
    const other = raceOf('IndyCar');
    const ids = race.markets[0]!.outcomes.map((o) => o.id);
    const [a, b, c, d] = ids.map((id) => legOf(race, 'outright:full', id));
    const otherWinner = (feed().timelineOf(other.id) as MotorTimeline).classification!.winners[0]!;
    const singles = [];
    for (const leg of [a!, b!, c!, d!]) singles.push(await placeSportsBet(app(), p.token, [leg], 20));
    // A múltipla with the other race's winner, and a single cashed out in part.
    const parlay = await placeSportsBet(app(), p.token, [a!, legOf(other, 'outright:full', otherWinner)], 10);
    const partial = await placeSportsBet(app(), p.token, [b!], 40);
    const sold = await post(p.token, '/api/app/sports/cashout', { betId: partial, amount: 5 });
    expect(sold.code, sold.body.message).toBe(200);

    afterStartOf(clock, [race, other]);
    // The other race is over first (the feed settles it).
    const otherTl = feed().timelineOf(other.id)!;
    clock.set(Math.max(clock.now(), feed().clock.toReal(otherTl.finalAt!) + 1_000));
    const sequence = [
      { status: MatchTime.finished, classification: { winners: [a!.outcomeId] } },
      { status: MatchTime.finished, classification: { winners: [a!.outcomeId, b!.outcomeId, c!.outcomeId] } },
      { status: MatchTime.finished, classification: { winners: [b!.outcomeId], notStarted: [a!.outcomeId] } },
      { status: MatchTime.cancelled },
      { status: MatchTime.cutInHalf, classification: { winners: [a!.outcomeId, b!.outcomeId] } },
      { status: MatchTime.cutInHalf },
      { status: MatchTime.finished, classification: { winners: [d!.outcomeId], notStarted: [c!.outcomeId] } },
      { status: MatchTime.finished, classification: { winners: [d!.outcomeId], notStarted: [c!.outcomeId] } },
    ];
    await runSettlement(app().ctx, app().sports);
    for (const payload of sequence) {
      const res = await enter(race.id, payload);
      expect(res.code, JSON.stringify(payload)).toBe(200);
      expect(await auditLedger(app().ctx.db)).toEqual([]);
      // Never above stake × odds, whatever the result.
      for (const betId of [...singles, parlay, partial]) {
        const bet = await paidTo(betId);
        expect(Number(bet.payout_cents)).toBeLessThanOrEqual(
          Math.floor((Number(bet.stake_cents) * Number(bet.combined_odds_milli)) / 1000),
        );
      }
    }
    // The last word: d won, c did not start. Paid once, at the last result's terms.
    const bets = await betsOf(p.token);
    expect(bets.get(singles[0]!)).toMatchObject({ result: BetResult.lost, payout: 0 });
    expect(bets.get(singles[1]!)).toMatchObject({ result: BetResult.lost, payout: 0 });
    expect(bets.get(singles[2]!)).toMatchObject({ result: BetResult.refund, payout: 20 });
    const dWins = Math.floor(d!.odds * 1000) * 2;
    expect(bets.get(singles[3]!)).toMatchObject({ result: BetResult.won, payout: dWins / 100 });
    expect(bets.get(parlay)).toMatchObject({ result: BetResult.lost });
    expect(bets.get(partial)).toMatchObject({ result: BetResult.lost, payout: 0 });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(
      50_000 - 4 * 2_000 - 1_000 - 4_000 + 500 + 2_000 + dWins,
    );
  });

  it('keeps void bets out of the reports’ turnover: a race not run counts nothing', async () => {
    const p = await fundedPlayer(app(), 100);
    // Stock Car: its own race, so nothing else of this file is in its rows.
    clock.set(RACE_WEEK);
    const race = raceOf('Stock Car Pro Series');
    const betIds = [];
    for (const o of race.markets[0]!.outcomes.slice(0, 3))
      betIds.push(await placeSportsBet(app(), p.token, [legOf(race, 'outright:full', o.id)], 10));
    const tl = feed().timelineOf(race.id)!;
    clock.set(feed().clock.toReal(tl.finalAt ?? tl.fixture.startsAt) + 60_000);
    expect((await enter(race.id, { status: MatchTime.cancelled })).code).toBe(200);
    const bets = await betsOf(p.token);
    for (const id of betIds) expect(bets.get(id)).toMatchObject({ result: BetResult.refund });
    const day = new Date(clock.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const products = await call(app(), {
      method: 'GET',
      url: `/api/admin/reports/products?from=${day}&to=${day}`,
      headers: operator(),
    });
    expect(products.code).toBe(200);
    const motorRow = (products.body.data as Array<{ product: string; stakes: number }>).find(
      (r) => r.product === 'motor_racing',
    );
    // Three bets voided whole: their stakes came back and were never a wager.
    expect(motorRow?.stakes ?? 0).toBe(0);
    const margins = await call(app(), {
      method: 'GET',
      url: `/api/admin/reports/margins?from=${day}&to=${day}`,
      headers: operator(),
    });
    expect(margins.code).toBe(200);
    expect(margins.body.data.filter((r: { group: string }) => r.group === 'niche')).toEqual([]);
  });
});
