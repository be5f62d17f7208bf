import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer } from '../helpers';
import { buildSportsApp, manualClock } from './sports-helpers';
import { auditLedger } from '../../../server/modules/wallet/audit';
import { playerBalances } from '../../../server/modules/wallet/ledger';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { runSettlement } from '../../../server/modules/sports/jobs';
import {
  rollbackResult,
  settleFixture,
  storeResult,
} from '../../../server/modules/sports/settlement.service';
import { parseMarketId, settleLeg, type FixtureResult } from '../../../domain/sports/markets';
import { legResultCode, returnCents } from '../../../domain/sports/settlement';
import type { SportKey } from '../../../domain/sports/sports';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * Results beyond a football full time: the operator's entry for every sport's facts, the window
 * after which a postponed or interrupted fixture is voided or settled as it stood, and the feed's
 * rollback of a settlement.
 */

/** Friday 6 March 2026, 10:00 in São Paulo: boxing, motor racing and tennis are listed. */
const START = Date.UTC(2026, 2, 6, 13, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let operator: Record<string, string>;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  const login = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
  });
  operator = auth(login.body.data.access_token);
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
let counter = 0;
type Leg = { fixtureId: string; marketId: string; outcomeId: string; odds: number };

async function placeBet(token: string, legs: Leg[], stake = 10) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': `rs-${Date.now()}-${counter++}` },
    payload: { stake, legs, oddsChange: 'none' },
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data.betId as string;
}

/** Upcoming fixtures of a sport that the feed will play normally. */
function upcoming(sport: SportKey): FixtureSnapshot[] {
  return feed()
    .listFixtures({ sport }, clock.now())
    .filter((f) => f.state.phase === 'pre' && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
}

function legOf(snap: FixtureSnapshot, marketId: string, outcomeId: string): Leg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

const enter = (fixtureId: string, payload: object) =>
  call(app, {
    method: 'POST',
    url: `/api/admin/sports/fixtures/${fixtureId}/result`,
    headers: operator,
    payload,
  });

async function betsOf(token: string) {
  const list = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(token) })).body
    .data as Array<{
    betId: string;
    state: string;
    result: number;
    payout: number;
    legs: Array<{ result: number }>;
  }>;
  return new Map(list.map((b) => [b.betId, b]));
}

const paid = (leg: Leg, result: FixtureResult, sport: SportKey, stakeCents = 1_000) =>
  returnCents(stakeCents, [
    {
      oddsMilli: Math.round(leg.odds * 1000),
      settlement: settleLeg(
        { ...parseMarketId(leg.marketId)!, outcome: leg.outcomeId, scoreAtPlacement: null },
        result,
        sport,
      )!,
    },
  ]);

describe('an operator enters any sport’s result', () => {
  it('settles a tennis retirement, a motor-racing head-to-head and a fight’s total rounds', async () => {
    const p = await fundedPlayer(app, 100);
    const tennis = upcoming('tennis')[0]!;
    const setsLine = tennis.markets.find((m) => m.key.type === 'asian_handicap')!;
    const games = tennis.markets.find((m) => m.key.type === 'games_handicap')!;
    const tennisLegs = [
      legOf(tennis, 'moneyline:full', 'home'),
      legOf(tennis, setsLine.id, 'home'),
      legOf(tennis, games.id, 'home'),
    ];
    const motor = upcoming('motor_racing')[0]!;
    const h2h = legOf(motor, 'head_to_head:full', 'away');
    const boxing = upcoming('boxing')[0]!;
    const rounds = boxing.markets.find((m) => m.key.type === 'rounds_totals')!;
    const over = legOf(boxing, rounds.id, 'over');
    const under = legOf(boxing, rounds.id, 'under');
    const legs = [...tennisLegs, h2h, over, under];
    const ids = [];
    for (const leg of legs) ids.push(await placeBet(p.token, [leg]));
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 * legs.length);

    // Tennis: the away player retires at 6-4 2-1 (rule (b)): the match bet stands, the rest void.
    const retired = {
      status: MatchTime.cutInHalf,
      retired: 'away',
      full: { home: 1, away: 0, complete: false },
      firstSet: { home: 1, away: 0 },
      games: { home: 8, away: 5, complete: false },
    };
    expect((await enter(tennis.id, retired)).code).toBe(200);
    // Motor racing: neither finishes; the second driver did more laps.
    const race = {
      status: MatchTime.finished,
      race: { home: { position: null, laps: 30 }, away: { position: null, laps: 45 } },
    };
    expect((await enter(motor.id, race)).code).toBe(200);
    // Boxing: stopped 1:31 into the round after the line's half-way mark: over wins.
    const line = rounds.key.lineQ! / 4;
    const fight = {
      status: MatchTime.finished,
      full: { home: 1, away: 0 },
      rounds: { round: line + 0.5, seconds: 91 },
    };
    expect((await enter(boxing.id, fight)).code).toBe(200);

    const bets = await betsOf(p.token);
    const codes = ids.map((id) => bets.get(id)!.result);
    expect(codes).toEqual([
      BetResult.won,
      BetResult.refund,
      BetResult.refund,
      BetResult.won,
      BetResult.won,
      BetResult.lost,
    ]);
    const tennisResult: FixtureResult = {
      status: MatchTime.cutInHalf,
      retired: 'away',
      scores: {
        full: retired.full,
        first_set: { ...retired.firstSet, complete: true },
        games: retired.games,
      },
    };
    const expected =
      paid(tennisLegs[0]!, tennisResult, 'tennis') +
      2 * 1_000 +
      Math.floor(h2h.odds * 1000) +
      Math.floor(over.odds * 1000);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 6_000 + expected);

    // A malformed fact is refused and changes nothing.
    expect((await enter(boxing.id, { status: -1, rounds: { round: 0, seconds: 10 } })).code).toBe(400);
    expect((await enter(boxing.id, { status: -1, innings: 4.3 })).code).toBe(400);
  });
});

describe('the window of a postponed or interrupted fixture', () => {
  it('voids a postponed fixture not played within its window, and settles an interrupted one as it stood', async () => {
    clock.set(START + 86_400_000);
    const [a, b] = upcoming('football');
    const p = await fundedPlayer(app, 100);
    const postponedBet = await placeBet(p.token, [legOf(a!, 'match_winner:full', 'home')]);
    const totals =
      b!.markets.find((m) => m.id === 'totals:full:1.5') ?? b!.markets.find((m) => m.key.type === 'totals')!;
    const over = legOf(b!, totals.id, 'over');
    const winner = legOf(b!, 'match_winner:full', 'draw');
    const half = legOf(b!, 'match_winner:first_half', 'home');
    const [overBet, winnerBet, halfBet] = [
      await placeBet(p.token, [over]),
      await placeBet(p.token, [winner]),
      await placeBet(p.token, [half]),
    ];

    expect((await enter(a!.id, { status: MatchTime.postponed })).code).toBe(200);
    // Stopped in the second half at 2-0 after a 1-0 first half (over 1.5 already decided).
    expect(
      (
        await enter(b!.id, {
          status: MatchTime.interrupted,
          firstHalf: { home: 1, away: 0 },
          full: { home: 2, away: 0, complete: false },
        })
      ).code,
    ).toBe(200);
    let bets = await betsOf(p.token);
    // Held: only the first half, played to its end, is settled.
    expect(bets.get(postponedBet)!.state).toBe('open');
    expect(bets.get(winnerBet)!.state).toBe('open');
    expect(bets.get(overBet)!.state).toBe('open');
    expect(bets.get(halfBet)!.result).toBe(BetResult.won);

    // Still inside the window (48 h at speed 1): nothing more.
    const window = app.sports.windowMs('football');
    expect(window).toBe(48 * 3_600_000);
    clock.set(Math.max(a!.startsAt, b!.startsAt) + window - 1_000);
    await runSettlement(app.ctx, app.sports);
    expect((await betsOf(p.token)).get(postponedBet)!.state).toBe('open');

    clock.set(Math.max(a!.startsAt, b!.startsAt) + window);
    await runSettlement(app.ctx, app.sports);
    bets = await betsOf(p.token);
    expect(bets.get(postponedBet)).toMatchObject({ state: 'settled', result: BetResult.refund, payout: 10 });
    expect(bets.get(winnerBet)).toMatchObject({ state: 'settled', result: BetResult.refund, payout: 10 });
    // Two goals were in: over 1.5 had already won; a line at 2 or above is void (quarter lines
    // half and half).
    const asStopped: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: {
        first_half: { home: 1, away: 0, complete: true },
        full: { home: 2, away: 0, complete: false },
      },
    };
    const expected = settleLeg({ ...totals.key, outcome: 'over', scoreAtPlacement: null }, asStopped)!;
    if (totals.key.lineQ === 6) expect(expected.kind).toBe('won');
    expect(bets.get(overBet)!.result).toBe(legResultCode(expected.kind));
    expect((await runSettlement(app.ctx, app.sports)).length).toBe(0);
  });
});

describe('a rollback of the feed’s settlement', () => {
  it('takes the payout back with new postings and leaves the bet open until the feed settles again', async () => {
    clock.set(START + 2 * 86_400_000);
    const f = upcoming('football')[0]!;
    const p = await fundedPlayer(app, 100);
    const finalAt = feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000;
    // The side the seeded result pays, so there is a payout to take back.
    const full = feed().result(f.id, finalAt)!.result.scores.full!;
    const leg = legOf(f, 'odd_even:full', (full.home + full.away) % 2 === 0 ? 'even' : 'odd');
    const betId = await placeBet(p.token, [leg]);
    clock.set(finalAt);
    await runSettlement(app.ctx, app.sports);
    const result = feed().result(f.id, clock.now())!.result;
    const payout = paid(leg, result, 'football');
    expect(payout).toBe(Math.floor(leg.odds * 1000));
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000 + payout);

    expect(await rollbackResult(app.ctx, f.id)).toBe(true);
    await settleFixture(app.ctx, app.sports, f.id);
    expect((await betsOf(p.token)).get(betId)).toMatchObject({ state: 'open', result: BetResult.placed });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);

    // Settled again: paid once more under a new key, the first payout and its reversal kept.
    await storeResult(app.ctx, f.id, result, true, 'feed');
    await settleFixture(app.ctx, app.sports, f.id);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000 + payout);
    const kinds = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('reference', '=', betId)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'sports_stake',
      'sports_payout',
      'sports_reversal',
      'sports_payout',
    ]);
    // An operator's result is not the feed's to withdraw.
    expect((await enter(f.id, { status: -1, full: { home: 1, away: 1 } })).code).toBe(200);
    expect(await rollbackResult(app.ctx, f.id)).toBe(false);
  });
});
