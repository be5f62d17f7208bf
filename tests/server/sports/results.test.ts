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
import { decideDueBets, runSettlement } from '../../../server/modules/sports/jobs';
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
  operator = await operatorHeaders(app);
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
let counter = 0;
type Leg = BetLeg;
const placeBet = (token: string, legs: Leg[], stake = 10) => placeSportsBet(app, token, legs, stake);

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
    .data.list as Array<{
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
    // Placar em Sets 0-2 (passed once the home player has a set) and Método de Vitória.
    const awayInStraightSets = tennis.markets
      .find((m) => m.id === 'set_score:full')!
      .outcomes.find((o) => o.id.startsWith('0-'))!.id;
    const straightAway = legOf(tennis, 'set_score:full', awayInStraightSets);
    const stoppage = legOf(boxing, 'method:full', 'home_stoppage');
    const onPoints = legOf(boxing, 'method:full', 'home_points');
    const legs = [...tennisLegs, h2h, over, under, straightAway, stoppage, onPoints];
    const ids = [];
    for (const leg of legs) ids.push(await placeBet(p.token, [leg]));
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 * legs.length);

    afterStartOf(clock, [tennis, motor, boxing]);
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
      method: 'stoppage',
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
      BetResult.lost,
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
      Math.floor(over.odds * 1000) +
      Math.floor(stoppage.odds * 1000);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 9_000 + expected);

    // A malformed fact is refused and changes nothing.
    expect((await enter(boxing.id, { status: -1, rounds: { round: 0, seconds: 10 } })).code).toBe(400);
    expect((await enter(boxing.id, { status: -1, innings: 4.3 })).code).toBe(400);
    // A tennis score no match ends on (Placar em Sets would lose every bet on it) is refused;
    // 3-1 is best of five's.
    const another = upcoming('tennis')[1]!;
    afterStartOf(clock, [another]);
    for (const full of [
      { home: 1, away: 0 },
      { home: 4, away: 0 },
      { home: 4, away: 3 },
      { home: 0, away: 1 },
    ]) {
      const refused = await enter(another.id, { status: MatchTime.finished, full });
      expect(refused.code, JSON.stringify(full)).toBe(400);
      expect(refused.body.message).toBe(
        'Uma partida de tênis termina com o vencedor em 2 ou 3 sets e o perdedor com menos',
      );
    }
    // How a fight ended belongs to a fight with a winner: not to a draw, not to tennis.
    for (const [fixture, full] of [
      [boxing, { home: 0, away: 0 }],
      [another, { home: 2, away: 0 }],
    ] as const) {
      const refused = await enter(fixture.id, { status: MatchTime.finished, full, method: 'points' });
      expect(refused.code).toBe(400);
      expect(refused.body.message).toBe('Como terminou só vale para uma luta com vencedor');
    }
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

    // A postponement may be entered before the start; an interruption only once it has begun.
    expect((await enter(a!.id, { status: MatchTime.postponed })).code).toBe(200);
    afterStartOf(clock, [b!]);
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
    expect(bets.get(overBet)!.result).toBe(legResultCode(expected));
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
    await storeResult(app.ctx.db, f.id, result, true, 'feed');
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

describe('results respect the clock (sportsbook issue, fault 3)', () => {
  it('closes the book of a fixture an operator enters a result for: no bet placed or accepted, markets suspended, no cash-out', async () => {
    clock.set(START + 4 * 86_400_000);
    const [f, g] = upcoming('football');
    const p = await fundedPlayer(app, 200);
    // A bet from before the start, to be held open by an interruption.
    const early = await placeBet(p.token, [legOf(f!, 'match_winner:full', 'home')]);
    const atG = await placeBet(p.token, [legOf(g!, 'match_winner:full', 'away')]);
    // Early, a made-up final score is refused and nothing is settled.
    const refused = await enter(f!.id, { status: -1, full: { home: 0, away: 5 } });
    expect(refused.code).toBe(409);
    expect((await betsOf(p.token)).get(early)!.state).toBe('open');

    // In play: a live bet waits for its delay; the operator interrupts the match meanwhile.
    const kickoff = feed().clock.toReal(feed().timelineOf(f!.id)!.kickoff!);
    let at = kickoff + 5 * 60_000;
    while (feed().snapshot(f!.id, at)!.state.suspended) at += 10_000;
    clock.set(at);
    const live = feed().snapshot(f!.id, at)!;
    const liveLeg = legOf(live, 'match_winner:full', 'draw');
    const pending = await placeBet(p.token, [liveLeg]);
    expect((await betsOf(p.token)).get(pending)!.state).toBe('pending');
    const score = live.state.score;
    expect(
      (await enter(f!.id, { status: MatchTime.interrupted, full: { ...score, complete: false } })).code,
    ).toBe(200);

    // Shown suspended at once, though the feed still prices it.
    expect(
      feed()
        .snapshot(f!.id, clock.now())!
        .markets.some((m) => m.status === 1),
    ).toBe(true);
    const detail = (await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${f!.id}` })).body.data;
    expect(detail.suspended).toBe(true);
    expect(detail.markets.every((m: { status: number }) => m.status === -1)).toBe(true);
    const listed = (
      await call(app, { method: 'GET', url: '/api/app/sports/fixtures?sport=football' })
    ).body.data.find((x: { id: string }) => x.id === f!.id);
    expect(listed.main.status).toBe(-1);

    // A new bet is refused; the waiting one is refused at its decision, its stake returned.
    const again = await call(app, {
      method: 'POST',
      url: '/api/app/sports/bet',
      headers: { ...auth(p.token), 'idempotency-key': `rs-late-${counter++}` },
      payload: { stake: 10, legs: [liveLeg], oddsChange: 'any' },
    });
    expect(again.code).toBe(409);
    expect(again.body.message).toBe('Opção não disponível para apostas');
    clock.set(at + app.sports.liveDelayMs('football') + 1);
    await decideDueBets(app.ctx, app.sports);
    expect((await betsOf(p.token)).get(pending)).toMatchObject({
      state: 'refused',
      result: BetResult.refused,
    });

    // The pre-match bet stays open (interrupted), and cannot be cashed out off the feed's prices.
    const openBet = (await betsOf(p.token)).get(early)!;
    expect(openBet.state).toBe('open');
    const cashout = await call(app, {
      method: 'POST',
      url: '/api/app/sports/cashout',
      headers: { ...auth(p.token), 'idempotency-key': `rs-co-${counter++}` },
      payload: { betId: early },
    });
    expect(cashout.code).toBe(409);
    expect(cashout.body.message).toBe('Encerrar aposta indisponível no momento');
    // Another fixture's book is untouched.
    expect((await betsOf(p.token)).get(atG)!.state).toBe('open');
  });

  it('refuses a result whose periods do not add up, in words, and changes nothing', async () => {
    clock.set(START + 5 * 86_400_000);
    const [basket] = upcoming('basketball');
    const [tennis] = upcoming('tennis');
    const [football] = upcoming('football');
    afterStartOf(clock, [basket!, tennis!, football!]);
    const cases: Array<[string, object, string]> = [
      [
        basket!.id,
        { status: -1, full: { home: 98, away: 100 }, regulation: { home: 99, away: 99 } },
        `O placar final de ${basket!.home} não pode ser menor que o do tempo regulamentar`,
      ],
      [
        basket!.id,
        { status: -1, full: { home: 110, away: 100 }, regulation: { home: 100, away: 98 } },
        'O tempo regulamentar terminou decidido: o placar final deve ser o mesmo',
      ],
      [
        basket!.id,
        { status: -1, full: { home: 100, away: 100 }, regulation: { home: 100, away: 100 } },
        'Este esporte não termina empatado: informe quem venceu',
      ],
      [
        tennis!.id,
        {
          status: -1,
          full: { home: 2, away: 1 },
          games: { home: 10, away: 14 },
          firstSet: { home: 1, away: 0 },
        },
        `Pelos sets vencidos, ${tennis!.home} precisa de ao menos 12 games`,
      ],
      [
        football!.id,
        { status: -1, full: { home: 1, away: 0 }, firstHalf: { home: 2, away: 0 } },
        `O placar de ${football!.home} no 1º tempo não pode passar o do jogo`,
      ],
    ];
    for (const [id, payload, message] of cases) {
      const res = await enter(id, payload);
      expect(res.code, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const stored = await app.ctx.db
      .selectFrom('sports_fixtures')
      .select('result')
      .where('id', 'in', [basket!.id, tennis!.id, football!.id])
      .execute();
    expect(stored.every((r) => r.result === null)).toBe(true);
  });
});
