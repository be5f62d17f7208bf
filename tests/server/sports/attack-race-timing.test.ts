import { describe, expect, it } from 'vitest';
import { call, fundedPlayer } from '../helpers';
import { placeSportsBet } from './sports-helpers';
import { legOf, RACE_WEEK, useRaceApp } from './race-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { runSettlement } from '../../../server/modules/sports/jobs';
import type { MotorTimeline } from '../../../server/modules/sports/sim/motor.sim';
import { marginFor } from '../../../domain/sports/book-margins';
import { cashoutValueCents } from '../../../domain/sports/cashout';
import { raceWinChances } from '../../../domain/sports/ratings';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * An outsider's attack on motor racing's Vencedor da Corrida at the edges of a race's start: bets
 * and cash-outs just before, at and after it, through a postponement and a rescheduling (the test
 * world's Stock Car race of 8 March is put off to the 9th) and a cancellation (Fórmula 1 of 15
 * March), and what the public can see of a race before it is over.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const { app, feed, clock, pairingsOf, timelineOf, post, enter, betsOf } = useRaceApp('attack-race-timing');

const snapOf = (id: string) => feed().snapshot(id, clock.now());
/** The first race's own fixture of a fate, listed from `from` on. */
function raceWith(from: number, fits: (tl: MotorTimeline) => boolean): MotorTimeline {
  for (let t = from; t < from + 21 * DAY; t += DAY)
    for (const f of feed().listFixtures({ sport: 'motor_racing' }, t)) {
      const tl = timelineOf(f.id);
      if (f.field && fits(tl)) return tl;
    }
  throw new Error('no such race in the test world');
}
const betOf = async (token: string, betId: string) => (await betsOf(token)).get(betId)!;
const resultsShow = async (id: string) =>
  (
    (await call(app(), { method: 'GET', url: '/api/app/sports/results?sport=motor_racing' })).body
      .data as Array<{
      id: string;
    }>
  ).some((r) => r.id === id);

describe('a race put off and run a day later', () => {
  it('sells its winner only before its published start, holds its bets through the wait and pays once', async () => {
    const tl = raceWith(RACE_WEEK, (t) => t.fixture.fate === 'postponed' && t.rescheduledAt !== null);
    const id = tl.fixture.id;
    const originalStart = tl.fixture.startsAt;
    const newStart = tl.kickoff!;
    expect(newStart).toBe(originalStart + DAY);
    const [winner] = tl.classification!.winners;
    const p = await fundedPlayer(app(), 200);

    // Before the postponement: a bet on the winner, and one on a long shot.
    clock.set(originalStart - 3 * HOUR);
    const early = legOf(snapOf(id)!, 'outright:full', winner!);
    const loser = snapOf(id)!.markets[0]!.outcomes.find((o) => o.id !== winner)!.id;
    const earlyBet = await placeSportsBet(app(), p.token, [early], 10);
    const loserBet = await placeSportsBet(app(), p.token, [legOf(snapOf(id)!, 'outright:full', loser)], 10);

    // Put off: nothing on sale, nothing cashed out.
    clock.set(originalStart - 90 * 60_000);
    expect(snapOf(id)!.state.periodCode).toBe(MatchTime.postponed);
    expect(snapOf(id)!.markets).toEqual([]);
    expect((await post(p.token, '/api/app/sports/bet', { stake: 5, legs: [early] })).code).toBe(409);
    expect((await betOf(p.token, earlyBet)).cashout?.available ?? false).toBe(false);
    expect((await post(p.token, '/api/app/sports/cashout', { betId: earlyBet })).code).toBe(409);

    // Rescheduled: the new start is published for the race and its pairings alike, so the múltipla
    // rule still sees them as one race.
    clock.set(originalStart - 30 * 60_000);
    const race = snapOf(id)!;
    expect(race.startsAt).toBe(feed().clock.toReal(newStart));
    const own = pairingsOf(race);
    expect(own.length).toBeGreaterThan(0);
    const together = await post(p.token, '/api/app/sports/bet', {
      stake: 5,
      legs: [legOf(race, 'outright:full', winner!), legOf(own[0]!, 'head_to_head:full', 'home')],
    });
    expect(together.code).toBe(409);

    // The original start passes: still before the race, bets taken, nothing settled, no result.
    clock.set(originalStart + 60_000);
    await runSettlement(app().ctx, app().sports);
    expect((await betOf(p.token, earlyBet)).state).toBe('open');
    expect(await resultsShow(id)).toBe(false);
    const detail = await call(app(), { method: 'GET', url: `/api/app/sports/fixtures/${id}` });
    expect(JSON.stringify(detail.body.data)).not.toContain('classification');
    expect(detail.body.data.markets).toHaveLength(1);
    // Nor may an operator settle it yet: its start is the new one.
    const tooSoon = await enter(id, { status: MatchTime.finished, classification: { winners: [loser] } });
    expect(tooSoon.code).toBe(409);
    expect((await betOf(p.token, loserBet)).state).toBe('open');

    // A millisecond before the new start a bet is taken; at it, and after, none; cash-out neither.
    clock.set(feed().clock.toReal(newStart) - 1);
    const last = await placeSportsBet(app(), p.token, [legOf(snapOf(id)!, 'outright:full', winner!)], 10);
    for (const at of [0, 1, 60_000]) {
      clock.set(feed().clock.toReal(newStart) + at);
      expect((await post(p.token, '/api/app/sports/bet', { stake: 5, legs: [early] })).code).toBe(409);
      expect((await post(p.token, '/api/app/sports/cashout', { betId: last })).code).toBe(409);
      expect(await resultsShow(id)).toBe(false);
    }

    // Over: paid once at its odds, the long shot lost; a second settlement pass changes nothing.
    clock.set(feed().clock.toReal(tl.finalAt!) + 1_000);
    await runSettlement(app().ctx, app().sports);
    await runSettlement(app().ctx, app().sports);
    expect(await betOf(p.token, earlyBet)).toMatchObject({ result: BetResult.won });
    expect(await betOf(p.token, loserBet)).toMatchObject({ result: BetResult.lost, payout: 0 });
    expect(await resultsShow(id)).toBe(true);
    const wonCents =
      Math.floor(early.odds * 1000) + Math.floor(legOf(race, 'outright:full', winner!).odds * 1000);
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(20_000 - 3_000 + wonCents);
  });
});

describe('a race put off and never run', () => {
  it('voids every bet once its window is over, cash-out off all the while', async () => {
    const tl = raceWith(RACE_WEEK + 5 * DAY, (t) => t.fixture.fate === 'postponed' && t.kickoff === null);
    const id = tl.fixture.id;
    const p = await fundedPlayer(app(), 100);
    clock.set(tl.fixture.startsAt - 3 * HOUR);
    const race = snapOf(id)!;
    const bets = [];
    for (const o of race.markets[0]!.outcomes.slice(0, 3))
      bets.push(await placeSportsBet(app(), p.token, [legOf(race, 'outright:full', o.id)], 10));
    for (const at of [tl.fixture.startsAt - HOUR, tl.fixture.startsAt + HOUR, tl.finalAt! - HOUR]) {
      clock.set(at);
      expect(snapOf(id)!.markets).toEqual([]);
      await runSettlement(app().ctx, app().sports);
      for (const betId of bets) {
        expect((await betOf(p.token, betId)).state).toBe('open');
        expect((await post(p.token, '/api/app/sports/cashout', { betId })).code).toBe(409);
      }
    }
    clock.set(tl.finalAt! + 1_000);
    await runSettlement(app().ctx, app().sports);
    for (const betId of bets)
      expect(await betOf(p.token, betId)).toMatchObject({ result: BetResult.refund, payout: 10 });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(10_000);
  });
});

describe('cash-out of a race’s winner', () => {
  it('never offers more than the fair value of any driver of any race, through the listing', async () => {
    const plan = app().ctx.config.file.sports.margins;
    const take = Math.round(app().ctx.config.file.sports.cashoutMargin * 1000);
    let checked = 0;
    for (let t = RACE_WEEK; t < RACE_WEEK + 14 * DAY; t += 6 * HOUR) {
      for (const race of feed().listFixtures({ sport: 'motor_racing' }, t)) {
        if (!race.field || race.markets.length === 0) continue;
        const tl = timelineOf(race.id);
        const chances = raceWinChances(tl.paces!, 0.08);
        const market = race.markets[0]!;
        const method = marginFor(plan, false, race.tier)(market.key).method;
        for (const o of market.outcomes) {
          if (o.oddsMilli === null) continue;
          // Without the take: the offer before the house's cut must already be at most fair.
          const value = cashoutValueCents(
            100_000,
            [
              {
                settlement: null,
                open: {
                  oddsMilli: o.oddsMilli,
                  outcomeId: o.id,
                  prices: market.outcomes.map((x) => ({ id: x.id, oddsMilli: x.oddsMilli })),
                  method,
                  refundShare: 0,
                },
              },
            ],
            0,
          );
          if (value === null) continue;
          const fair = 100_000 * (o.oddsMilli / 1000) * chances[Number(o.id.slice(1)) - 1]!;
          expect(value, `${race.id} ${o.id}`).toBeLessThanOrEqual(Math.ceil(fair));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(take).toBeGreaterThan(0);
  });
});
