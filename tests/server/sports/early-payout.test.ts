import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer } from '../helpers';
import {
  afterStartOf,
  buildSportsApp,
  manualClock,
  operatorHeaders,
  placeSportsBet,
  type BetLeg,
} from './sports-helpers';
import { auditLedger } from '../../../server/platform/money/ledger-audit';
import { playerBalances } from '../../../server/platform/money/ledger';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { payEarly } from '../../../server/modules/sports/early-payout.service';
import { feedPump } from '../../../server/modules/sports/live';
import { BetResult, MatchTime } from '../../../domain/codes';
import { nextLadderPrice } from '../../../domain/sports/ladder';

/**
 * Pagamento Antecipado (issue 16, decision 86): in a listed competition, a Resultado Final single
 * is paid as won once its team goes two goals ahead, and nothing the match does afterwards takes
 * it back; other bets, other competitions and bets placed with the lead already there wait for the
 * result as usual. Runs on PGlite and PostgreSQL (tests/server/sports).
 */

/** Friday 6 March 2026, 10:00 in São Paulo. */
const START = Date.UTC(2026, 2, 6, 13, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let operator: Record<string, string>;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  operator = await operatorHeaders(app);
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
type Leg = BetLeg;
const placeBet = (token: string, legs: Leg[], stake = 10) => placeSportsBet(app, token, legs, stake);

/** Football fixtures of `competition` still to start, played normally. */
function upcoming(competition: string): FixtureSnapshot[] {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.competition === competition)
    .filter((f) => f.state.phase === 'pre' && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
}

function legOf(snap: FixtureSnapshot, outcomeId: string, marketId = 'match_winner:full'): Leg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

async function betsOf(token: string) {
  const list = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(token) })).body
    .data.list as Array<{
    betId: string;
    state: string;
    result: number;
    payout: number;
    resultText: string;
    earlyPaid: boolean;
  }>;
  return new Map(list.map((b) => [b.betId, b]));
}

const enter = (fixtureId: string, payload: object) =>
  call(app, {
    method: 'POST',
    url: `/api/admin/sports/fixtures/${fixtureId}/result`,
    headers: operator,
    payload,
  });

describe('Pagamento Antecipado', () => {
  it('pays a Resultado Final single two goals ahead, and a later comeback takes nothing back', async () => {
    expect(app.ctx.config.file.sports.earlyPayout).toContain('Brasileirão Série A');
    const p = await fundedPlayer(app, 100);
    const match = upcoming('Brasileirão Série A')[0]!;
    const other = upcoming('Brasileirão Série B')[0]!;
    const home = legOf(match, 'home');
    const ids = {
      home: await placeBet(p.token, [home]),
      away: await placeBet(p.token, [legOf(match, 'away')]),
      draw: await placeBet(p.token, [legOf(match, 'draw')]),
      // A múltipla and another market wait for the result: the offer is for Resultado Final singles.
      parlay: await placeBet(p.token, [home, legOf(other, 'home')]),
      // Série B is not listed.
      otherLeague: await placeBet(p.token, [legOf(other, 'home')]),
    };
    // Placed in play at 2-0 (as a live bet stores its score): the lead was already there.
    const atTwoNil = await placeBet(p.token, [home]);
    await app.ctx.db
      .updateTable('sports_bet_legs')
      .set({ score_home_at: 2, score_away_at: 0 })
      .where('bet_id', '=', atTwoNil)
      .execute();
    const fixtureView = await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${match.id}` });
    expect(fixtureView.body.data.earlyPayout).toBe(true);
    const otherView = await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${other.id}` });
    expect(otherView.body.data.earlyPayout).toBe(false);

    afterStartOf(clock, [match, other]);
    const cashBefore = (await playerBalances(app.ctx.db, p.userId)).user_cash;
    // One goal ahead pays nothing.
    expect(await payEarly(app.ctx, app.sports, match.id, { home: 1, away: 0 })).toEqual([]);
    expect(await payEarly(app.ctx, app.sports, other.id, { home: 2, away: 0 })).toEqual([]);
    // Two instances report the lead at once (the race an attacker would hope for): the mark is
    // taken in one conditional statement, so the bet is paid once.
    const paid = (
      await Promise.all([
        payEarly(app.ctx, app.sports, match.id, { home: 2, away: 0 }),
        payEarly(app.ctx, app.sports, match.id, { home: 2, away: 0 }),
      ])
    ).flat();
    expect(paid.map((s) => s.betId)).toEqual([ids.home]);
    const winnings = Math.floor(home.odds * 1000);
    expect(paid[0]).toMatchObject({ resultCode: BetResult.won, payoutCents: winnings });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(cashBefore + winnings);
    // A second report of the same lead, or a bigger one, pays nothing twice.
    expect(await payEarly(app.ctx, app.sports, match.id, { home: 3, away: 0 })).toEqual([]);

    let bets = await betsOf(p.token);
    expect(bets.get(ids.home)).toMatchObject({
      state: 'settled',
      result: BetResult.won,
      earlyPaid: true,
      resultText: 'Ganha (Pagamento Antecipado)',
    });
    for (const id of [ids.away, ids.draw, ids.parlay, ids.otherLeague, atTwoNil]) {
      expect(bets.get(id)).toMatchObject({ state: 'open', earlyPaid: false });
    }

    // The away side comes back to win 2-3: the early payout stands, the away single wins too.
    const final = { status: MatchTime.finished, full: { home: 2, away: 3 }, firstHalf: { home: 2, away: 0 } };
    expect((await enter(match.id, final)).code).toBe(200);
    bets = await betsOf(p.token);
    expect(bets.get(ids.home)).toMatchObject({
      state: 'settled',
      result: BetResult.won,
      payout: winnings / 100,
    });
    expect(bets.get(ids.away)).toMatchObject({ state: 'settled', result: BetResult.won });
    expect(bets.get(ids.draw)).toMatchObject({ result: BetResult.lost });
    expect(bets.get(atTwoNil)).toMatchObject({ result: BetResult.lost, earlyPaid: false });
    // A correction to 3-0 moves nothing on the bet already paid early.
    expect((await enter(match.id, { ...final, full: { home: 3, away: 0 } })).code).toBe(200);
    bets = await betsOf(p.token);
    expect(bets.get(ids.home)).toMatchObject({ result: BetResult.won, payout: winnings / 100 });
    expect(bets.get(atTwoNil)).toMatchObject({ result: BetResult.won });
  });

  it('the feed loop pays it when the simulated match reaches the lead, once, and a boosted one never', async () => {
    // A listed match whose simulation goes two goals ahead (the feed's own play, no hand-fed score).
    const goalsOf = (id: string) =>
      feed()
        .timelineOf(id)!
        .events.filter((e) => e.kind === 'goal');
    const leadAt = (id: string) => {
      const score = { home: 0, away: 0 };
      for (const g of goalsOf(id)) {
        score[g.team as 'home' | 'away']++;
        if (Math.abs(score.home - score.away) >= 2)
          return { at: g.at, side: score.home > score.away ? 'home' : 'away' };
      }
      return null;
    };
    const match = upcoming('Brasileirão Série A').find((f) => leadAt(f.id) !== null)!;
    const lead = leadAt(match.id)!;
    const p = await fundedPlayer(app, 100);
    const leg = legOf(match, lead.side);
    const betId = await placeBet(p.token, [leg]);
    // The same selection at a Super Odd (decision 88): paid on the result, never early.
    const boosted = nextLadderPrice(nextLadderPrice(Math.round(leg.odds * 1000)));
    const boost = await call(app, {
      method: 'POST',
      url: '/api/admin/sports/boosts',
      headers: operator,
      payload: {
        fixtureId: match.id,
        marketId: 'match_winner:full',
        outcomeId: lead.side,
        odds: boosted / 1000,
        maxStake: 10,
      },
    });
    expect(boost.code, boost.body.message).toBe(200);
    const boostedBet = await call(app, {
      method: 'POST',
      url: '/api/app/sports/bet',
      headers: { ...auth(p.token), 'idempotency-key': `ep-boost-${match.id}` },
      payload: { boostId: boost.body.data.id, stake: 10, legs: [{ ...leg, odds: boosted / 1000 }] },
    });
    expect(boostedBet.code, boostedBet.body.message).toBe(200);
    const pump = feedPump(app.ctx, app.sports);
    await pump();
    const before = (await playerBalances(app.ctx.db, p.userId)).user_cash;
    // Just before the goal that makes the lead: nothing paid.
    clock.set(feed().clock.toReal(lead.at) - 1_000);
    expect((await pump()).paidEarly).toEqual([]);
    clock.set(feed().clock.toReal(lead.at) + 1_000);
    const { paidEarly } = await pump();
    expect(paidEarly.map((b) => b.betId)).toEqual([betId]);
    const winnings = Math.floor(leg.odds * 1000);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(before + winnings);
    // Later ticks of the same match pay nothing again.
    clock.set(feed().clock.toReal(lead.at) + 120_000);
    expect((await pump()).paidEarly).toEqual([]);
    expect((await betsOf(p.token)).get(betId)).toMatchObject({ earlyPaid: true, state: 'settled' });
    expect((await betsOf(p.token)).get(boostedBet.body.data.betId)).toMatchObject({
      earlyPaid: false,
      state: 'open',
    });
  });
});
