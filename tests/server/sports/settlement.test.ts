import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer } from '../helpers';
import { afterStartOf, buildSportsApp, manualClock } from './sports-helpers';
import { auditLedger } from '../../../server/platform/money/ledger-audit';
import { playerBalances } from '../../../server/platform/money/ledger';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { decideDueBets, runSettlement } from '../../../server/modules/sports/jobs';
import { settleFixture } from '../../../server/modules/sports/settlement.service';
import { feedPump } from '../../../server/modules/sports/live';
import { parseMarketId, settleLeg, type FixtureResult } from '../../../domain/sports/markets';
import { handicapKind, returnCents, type LegSettlement } from '../../../domain/sports/settlement';
import { BetResult, MatchTime } from '../../../domain/codes';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';

/** Wednesday 11 March 2026, 09:00 in São Paulo. */
const START = Date.UTC(2026, 2, 11, 12, 0);
const clock = manualClock(START);
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
let counter = 0;
const key = () => `st-${Date.now()}-${counter++}`;
type Leg = { fixtureId: string; marketId: string; outcomeId: string; odds: number };

function placeBet(token: string, legs: Leg[], stake: number = 10, oddsChange = 'none') {
  return call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': key() },
    payload: { stake, legs, oddsChange },
  });
}

/** Upcoming football fixtures of a fate, starting after the clock. */
function upcoming(fate: string) {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === fate);
}

function legOf(snap: FixtureSnapshot, marketId: string, outcomeId: string): Leg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

const realFinal = (id: string) => feed().clock.toReal(feed().timelineOf(id)!.finalAt!) + 1_000;

function legSettlement(leg: Leg, result: FixtureResult, at: { home: number; away: number } | null = null) {
  return settleLeg(
    { ...parseMarketId(leg.marketId)!, outcome: leg.outcomeId, scoreAtPlacement: at },
    result,
  )!;
}

const single = (stakeCents: number, leg: Leg, s: LegSettlement) =>
  returnCents(stakeCents, [{ oddsMilli: Math.round(leg.odds * 1000), settlement: s }]);

async function ledgerKinds(betId: string) {
  const rows = await app.ctx.db
    .selectFrom('ledger_transactions')
    .select('kind')
    .where('reference', '=', betId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

describe('settlement exactly once', () => {
  it('pays each bet once when two settlement runs go at the same time', async () => {
    const f = upcoming('normal')[0]!;
    const players = await Promise.all([fundedPlayer(app, 100), fundedPlayer(app, 100)]);
    const legs = ['home', 'draw', 'away'].map((o) => legOf(f, 'match_winner:full', o));
    const betIds: string[] = [];
    for (const p of players) {
      for (const leg of legs) {
        const res = await placeBet(p.token, [leg]);
        expect(res.code).toBe(200);
        betIds.push(res.body.data.betId);
      }
    }
    clock.set(realFinal(f.id));
    const result = feed().result(f.id, clock.now())!.result;
    const runs = await Promise.all([runSettlement(app.ctx, app.sports), runSettlement(app.ctx, app.sports)]);
    expect(runs[0].length + runs[1].length).toBe(6);
    const won = legs.map((leg) => single(1_000, leg, legSettlement(leg, result)));
    for (const p of players) {
      expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(
        10_000 - 3_000 + won.reduce((a, b) => a + b),
      );
    }
    for (const id of betIds) {
      const kinds = await ledgerKinds(id);
      expect(kinds.filter((k) => k === 'sports_payout').length).toBeLessThanOrEqual(1);
      expect(kinds[0]).toBe('sports_stake');
    }
    // And once more, fixture by fixture, twice at once: nothing moves.
    const again = await Promise.all([
      settleFixture(app.ctx, app.sports, f.id),
      settleFixture(app.ctx, app.sports, f.id),
    ]);
    expect(again.flat()).toEqual([]);
    const fixture = await app.ctx.db
      .selectFrom('sports_fixtures')
      .selectAll()
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(fixture.done).toBe(true);
  });

  it('re-settles a corrected result with a reversal and new postings', async () => {
    // The day's correction may fall on another sport: look a few days ahead for a football one.
    let f: FixtureSnapshot | undefined;
    for (let day = 0; !f && day < 14; day++) {
      clock.set(START + day * 86_400_000);
      f = upcoming('corrected')[0];
    }
    if (!f) throw new Error('no corrected football fixture in two weeks of the seeded world');
    const tl = feed().timelineOf(f.id)!;
    const p = await fundedPlayer(app, 100);
    const legs = ['home', 'draw', 'away'].map((o) => legOf(f, 'match_winner:full', o));
    const total = f.markets.find((m) => m.key.type === 'totals' && m.key.period === 'full')!;
    // A goal taken away always flips odd/even, so some bets must change.
    legs.push(legOf(f, total.id, 'over'), legOf(f, total.id, 'under'));
    legs.push(legOf(f, 'odd_even:full', 'odd'), legOf(f, 'odd_even:full', 'even'));
    for (const leg of legs) expect((await placeBet(p.token, [leg])).code).toBe(200);

    clock.set(realFinal(f.id));
    const first = feed().result(f.id, clock.now())!.result;
    await runSettlement(app.ctx, app.sports);
    const paidFirst = legs
      .map((leg) => single(1_000, leg, legSettlement(leg, first)))
      .reduce((a, b) => a + b);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 7_000 + paidFirst);

    // The feed reports the corrected result (a second bet_settlement); settlement follows it.
    clock.set(feed().clock.toReal(tl.correctionAt!) + 1_000);
    await feedPump(app.ctx, app.sports)();
    const corrected = feed().result(f.id, clock.now())!.result;
    expect(corrected).not.toEqual(first);
    expect(corrected.scores.full!.home + corrected.scores.full!.away).toBe(
      first.scores.full!.home + first.scores.full!.away - 1,
    );
    const changed = await runSettlement(app.ctx, app.sports);
    expect(changed.length).toBeGreaterThan(0);
    const paidNow = legs
      .map((leg) => single(1_000, leg, legSettlement(leg, corrected)))
      .reduce((a, b) => a + b);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 7_000 + paidNow);
    const bets = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list;
    // Old postings stay; a changed bet has its reversal and its new payout after them.
    const reversed = [];
    for (const b of bets) {
      const kinds = await ledgerKinds(b.betId);
      if (kinds.includes('sports_reversal')) reversed.push(kinds);
    }
    expect(reversed.length).toBeGreaterThan(0);
    for (const kinds of reversed) expect(kinds.slice(0, 2)).toEqual(['sports_stake', 'sports_payout']);

    // /registros shows the same bets, re-settled, page by page (kind=sports).
    const records = async (page: number) =>
      (
        await call(app, {
          method: 'GET',
          url: `/api/app/user/records?kind=sports&page=${page}&size=2`,
          headers: auth(p.token),
        })
      ).body.data;
    const first2 = await records(1);
    expect(first2.total).toBe(bets.length);
    expect(first2.list.map((b: { betId: string }) => b.betId)).toEqual(
      bets.slice(0, 2).map((b: { betId: string }) => b.betId),
    );
    expect(first2.list[0]).toMatchObject({ payout: bets[0].payout, result: bets[0].result });
  });

  it('lets an operator enter and correct a result through the same path', async () => {
    clock.set(START + 86_400_000);
    const f = upcoming('normal')[0]!;
    const p = await fundedPlayer(app, 100);
    const home = legOf(f, 'match_winner:full', 'home');
    const bet = await placeBet(p.token, [home]);
    const url = `/api/admin/sports/fixtures/${f.id}/result`;
    expect((await call(app, { method: 'POST', url, payload: { status: -1 } })).code).toBe(401);
    expect(
      (await call(app, { method: 'POST', url, headers: auth(p.token), payload: { status: -1 } })).code,
    ).toBe(403);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const op = auth(login.body.data.access_token);
    const invalid = await call(app, { method: 'POST', url, headers: op, payload: { status: -1 } });
    expect(invalid.code).toBe(400);
    expect(invalid.body.message).toBe('Resultado inválido para este jogo');
    expect((await call(app, { method: 'POST', url, headers: op, payload: { status: 77 } })).code).toBe(400);
    // Before the start only a postponement or a cancellation may be entered (sportsbook fault 3).
    const early = await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 2, away: 1 } },
    });
    expect(early.code).toBe(409);
    expect(early.body.message).toBe(
      'Este jogo ainda não começou: só pode ser registrado como adiado (−14) ou cancelado (−10)',
    );
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);
    afterStartOf(clock, [f]);

    const won = await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: {
        status: -1,
        full: { home: 2, away: 1 },
        firstHalf: { home: 1, away: 0 },
        corners: { home: 6, away: 3 },
      },
    });
    expect(won.code).toBe(200);
    expect(won.body.data.settled).toEqual([
      {
        betId: bet.body.data.betId,
        result: BetResult.won,
        payout:
          single(
            1_000,
            home,
            legSettlement(home, { status: -1, scores: { full: { home: 2, away: 1, complete: true } } }),
          ) / 100,
      },
    ]);
    const paid = (await playerBalances(app.ctx.db, p.userId)).user_cash;
    expect(paid).toBe(9_000 + Math.floor(1_000 * home.odds));

    // Corrected to a draw: the payout is reversed, nothing new is paid.
    const draw = await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 1, away: 1 } },
    });
    expect(draw.body.data.settled).toEqual([
      { betId: bet.body.data.betId, result: BetResult.lost, payout: 0 },
    ]);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);
    expect(await ledgerKinds(bet.body.data.betId)).toEqual([
      'sports_stake',
      'sports_payout',
      'sports_reversal',
    ]);
    // Both entries are operator actions in the audit trail, each with the result before and after.
    const audited = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'before_state', 'after_state'])
      .where('object', '=', `fixture:${f.id}`)
      .orderBy('seq')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['sports.result', 'sports.result']);
    expect(JSON.parse(audited[1]!.after_state)).toMatchObject({ source: 'operator', settledBets: 1 });
    expect(JSON.parse(audited[1]!.before_state)).toMatchObject({ source: 'operator' });

    // The feed's own result later does not replace the operator's.
    clock.set(realFinal(f.id));
    await runSettlement(app.ctx, app.sports);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);

    // Abandoned with the first half played: first-half bets stand, full-time bets are void.
    clock.set(START + 86_400_000);
    const other = upcoming('normal').find((x) => x.id !== f.id)!;
    const q = await fundedPlayer(app, 100);
    const firstHalf = legOf(other, 'match_winner:first_half', 'away');
    const fullTime = legOf(other, 'match_winner:full', 'away');
    expect((await placeBet(q.token, [firstHalf])).code).toBe(200);
    expect((await placeBet(q.token, [fullTime])).code).toBe(200);
    afterStartOf(clock, [other]);
    await call(app, {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${other.id}/result`,
      headers: op,
      payload: {
        status: MatchTime.cutInHalf,
        firstHalf: { home: 0, away: 1 },
        full: { home: 1, away: 1, complete: false },
      },
    });
    expect((await playerBalances(app.ctx.db, q.userId)).user_cash).toBe(
      10_000 - 2_000 + Math.floor(1_000 * firstHalf.odds) + 1_000,
    );
    const settled = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=settled', headers: auth(q.token) })
    ).body.data.list;
    expect(settled.map((b: { result: number }) => b.result).sort()).toEqual(
      [BetResult.won, BetResult.refund].sort(),
    );
  });
});

describe('cancellations and exceptions', () => {
  it('voids bets placed inside a feed cancellation window with −10, and settles the others', async () => {
    let f: FixtureSnapshot | undefined;
    for (let day = 5; !f && day < 20; day++) {
      clock.set(START + day * 86_400_000);
      f = upcoming('corrected')[0];
    }
    const tl = feed().timelineOf(f!.id)!;
    const window = tl.cancels![0]!;
    const p = await fundedPlayer(app, 100);
    const before = await placeBet(p.token, [legOf(f!, 'match_winner:full', 'draw')], 10);
    expect(before.code).toBe(200);
    // A live bet inside the window, at a moment it will be accepted (nothing happens in its delay).
    const delay = app.sports.liveDelayMs('football');
    let at = feed().clock.toReal(window.from);
    const accepted = (t: number) => {
      const a = feed().snapshot(f!.id, t)!.state;
      const b = feed().snapshot(f!.id, t + delay)!.state;
      return !a.suspended && !b.suspended && a.stateSeq === b.stateSeq && a.stopSeq === b.stopSeq;
    };
    while (!accepted(at)) at += 2_000;
    expect(at).toBeLessThan(feed().clock.toReal(window.to));
    clock.set(at);
    const live = await placeBet(
      p.token,
      [legOf(feed().snapshot(f!.id, at)!, 'odd_even:full', 'odd')],
      20,
      'any',
    );
    expect(live.code).toBe(200);
    clock.set(at + delay);
    expect(await decideDueBets(app.ctx, app.sports)).toEqual([expect.objectContaining({ accepted: true })]);
    clock.set(feed().clock.toReal(window.at) + 1_000);
    await feedPump(app.ctx, app.sports)();
    await runSettlement(app.ctx, app.sports);
    const listed = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list;
    const cancelled = listed.find((b: { betId: string }) => b.betId === live.body.data.betId);
    expect(cancelled).toMatchObject({
      result: BetResult.cancelled,
      resultText: 'Cancelada',
      orderStatus: 8888,
      payout: 20,
    });
    expect(cancelled.legs[0].result).toBe(BetResult.cancelled);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000);
    clock.set(realFinal(f!.id));
    await runSettlement(app.ctx, app.sports);
    const bets = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list;
    const prematch = bets.find((b: { betId: string }) => b.betId === before.body.data.betId);
    expect([BetResult.won, BetResult.lost]).toContain(prematch.result);
  });

  it('holds a bet for review (−1) when the final result cannot settle it, until it can', async () => {
    clock.set(START + 86_400_000);
    const f = upcoming('normal').at(-1)!;
    const corners = f.markets.find((m) => m.key.type === 'corners_totals')!;
    const p = await fundedPlayer(app, 100);
    const bet = await placeBet(p.token, [legOf(f, corners.id, 'over')], 10);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const op = auth(login.body.data.access_token);
    const url = `/api/admin/sports/fixtures/${f.id}/result`;
    afterStartOf(clock, [f]);
    await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 1, away: 0 } },
    });
    let [held] = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=open', headers: auth(p.token) })
    ).body.data.list;
    expect(held).toMatchObject({
      betId: bet.body.data.betId,
      state: 'exception',
      result: BetResult.lotteryException,
      resultText: 'Em análise',
      orderStatus: 0,
    });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);
    await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 1, away: 0 }, corners: { home: 9, away: 8 } },
    });
    [held] = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=settled', headers: auth(p.token) })
    ).body.data.list;
    const line = corners.key.lineQ! / 4;
    expect(held.result).toBe(17 > line ? BetResult.won : BetResult.lost);
  });
});

describe('live bets', () => {
  /** A moment of a normal match's first half that satisfies `fits` at the sport's live delay. */
  function liveMoment(fits: (before: FixtureSnapshot, after: FixtureSnapshot) => boolean) {
    // Days no other test of this file touches (an operator's result would override the feed's).
    clock.set(START + 4 * 86_400_000);
    const delay = app.sports.liveDelayMs('football');
    for (const f of upcoming('normal')) {
      const tl = feed().timelineOf(f.id)!;
      const kickoff = feed().clock.toReal(tl.kickoff!);
      for (let t = kickoff + 2 * 60_000; t < kickoff + 40 * 60_000; t += 1_000) {
        const before = feed().snapshot(f.id, t)!;
        const after = feed().snapshot(f.id, t + delay)!;
        if (!before.state.suspended && fits(before, after)) return { at: t, before, delay };
      }
    }
    throw new Error('no such moment in the seeded world');
  }

  it('accepts a live bet after its delay when nothing happened, with the score at placement', async () => {
    const { at, before, delay } = liveMoment(
      (b, a) =>
        b.state.score.home + b.state.score.away > 0 &&
        !a.state.suspended &&
        a.state.stateSeq === b.state.stateSeq &&
        a.state.stopSeq === b.state.stopSeq,
    );
    clock.set(at);
    const p = await fundedPlayer(app, 100);
    const ah = before.markets.find((m) => m.key.type === 'asian_handicap' && m.key.period === 'full')!;
    const leg = legOf(before, ah.id, 'home');
    const res = await placeBet(p.token, [leg], 20, 'any');
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'pending', status: 1000 });
    expect(Date.parse(res.body.data.acceptAt)).toBe(at + delay);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(8_000);
    // Not decided before its delay.
    clock.set(at + delay - 1);
    expect(await decideDueBets(app.ctx, app.sports)).toEqual([]);
    clock.set(at + delay);
    expect(await decideDueBets(app.ctx, app.sports)).toEqual([
      expect.objectContaining({ betId: res.body.data.betId, accepted: true }),
    ]);
    const [bet] = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list;
    expect(bet.state).toBe('open');
    expect(bet.legs[0].scoreAtPlacement).toEqual(before.state.score);

    // Settled on the goals after the bet only (research §1.2 "In-play AH").
    clock.set(realFinal(before.id));
    await runSettlement(app.ctx, app.sports);
    const result = feed().result(before.id, clock.now())!.result;
    const accepted = { ...leg, odds: bet.legs[0].odds };
    const s = legSettlement(accepted, result, before.state.score);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(8_000 + single(2_000, accepted, s));
  });

  it('refuses a live bet with −11 and returns the stake when a bet stop comes in its delay', async () => {
    const { at, before, delay } = liveMoment((b, a) => a.state.stopSeq !== b.state.stopSeq);
    clock.set(at);
    const p = await fundedPlayer(app, 100);
    const res = await placeBet(p.token, [legOf(before, 'match_winner:full', 'draw')], 30, 'any');
    expect(res.body.data.state).toBe('pending');
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(7_000);
    clock.set(at + delay);
    const [decision] = await decideDueBets(app.ctx, app.sports);
    expect(decision).toMatchObject({ accepted: false });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000);
    const [bet] = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=settled', headers: auth(p.token) })
    ).body.data.list;
    expect(bet).toMatchObject({
      result: BetResult.refused,
      resultText: 'Recusada',
      orderStatus: 8888,
      payout: 30,
    });
    expect(await ledgerKinds(bet.betId)).toEqual(['sports_stake', 'sports_refund']);
  });
});

describe('live bets: prices moving in the delay, and other sports', () => {
  /** A live moment of a normal fixture of `sport` that satisfies `fits` at the sport's live delay. */
  function liveMomentOf(
    sport: FixtureSnapshot['sport'],
    fits: (before: FixtureSnapshot, after: FixtureSnapshot) => boolean,
  ) {
    clock.set(START + 6 * 86_400_000);
    const delay = app.sports.liveDelayMs(sport);
    const fixtures = feed()
      .listFixtures({ sport }, clock.now())
      .filter((f) => f.state.phase === 'pre' && feed().timelineOf(f.id)!.fixture.fate === 'normal');
    for (const f of fixtures) {
      const tl = feed().timelineOf(f.id)!;
      const kickoff = feed().clock.toReal(tl.kickoff!);
      for (let t = kickoff + 2 * 60_000; t < kickoff + 60 * 60_000; t += 1_000) {
        const before = feed().snapshot(f.id, t)!;
        if (before.state.phase !== 'live' || before.state.suspended) continue;
        const after = feed().snapshot(f.id, t + delay)!;
        const quiet =
          !after.state.suspended &&
          after.state.stateSeq === before.state.stateSeq &&
          after.state.stopSeq === before.state.stopSeq;
        if (quiet && fits(before, after)) return { at: t, before, after, delay };
      }
    }
    throw new Error(`no such ${sport} moment in the seeded world`);
  }

  const price = (snap: FixtureSnapshot, marketId: string, outcomeId: string) =>
    snap.markets.find((m) => m.id === marketId)?.outcomes.find((o) => o.id === outcomeId)?.oddsMilli ?? null;

  it('follows the odds-change preference when the price moves in the delay: none, higher, any', async () => {
    // The draw shortens and the sides drift as a goalless first half runs on, minute by minute.
    const moved = (b: FixtureSnapshot, a: FixtureSnapshot, outcome: string) => {
      const x = price(b, 'match_winner:full', outcome);
      const y = price(a, 'match_winner:full', outcome);
      return x !== null && y !== null && x !== y;
    };
    const { at, before, after, delay } = liveMomentOf(
      'football',
      (b, a) => moved(b, a, 'draw') && moved(b, a, 'home'),
    );
    clock.set(at);
    const p = await fundedPlayer(app, 100);
    const pick = (outcome: string) => legOf(before, 'match_winner:full', outcome);
    const direction = (outcome: string) =>
      price(after, 'match_winner:full', outcome)! > price(before, 'match_winner:full', outcome)!
        ? 'up'
        : 'down';
    const up = ['home', 'draw', 'away'].find((o) => moved(before, after, o) && direction(o) === 'up')!;
    const down = ['home', 'draw', 'away'].find((o) => moved(before, after, o) && direction(o) === 'down')!;
    expect(up).toBeDefined();
    expect(down).toBeDefined();
    const bets = {
      noneUp: await placeBet(p.token, [pick(up)], 10, 'none'),
      higherUp: await placeBet(p.token, [pick(up)], 10, 'higher'),
      higherDown: await placeBet(p.token, [pick(down)], 10, 'higher'),
      anyDown: await placeBet(p.token, [pick(down)], 10, 'any'),
    };
    for (const b of Object.values(bets)) expect(b.body.data.state).toBe('pending');
    clock.set(at + delay);
    const decided = new Map(
      (await decideDueBets(app.ctx, app.sports)).map((d) => [d.betId, d.accepted] as const),
    );
    expect(decided.get(bets.noneUp.body.data.betId)).toBe(false);
    expect(decided.get(bets.higherUp.body.data.betId)).toBe(true);
    expect(decided.get(bets.higherDown.body.data.betId)).toBe(false);
    expect(decided.get(bets.anyDown.body.data.betId)).toBe(true);
    const listed = new Map(
      (
        await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) })
      ).body.data.list.map((b: { betId: string }) => [b.betId, b]),
    ) as Map<string, { result: number; combinedOdds: number; legs: Array<{ odds: number }> }>;
    // Accepted at the price at acceptance, the refused ones −11 with the stake back.
    expect(listed.get(bets.higherUp.body.data.betId)!.legs[0]!.odds).toBe(
      price(after, 'match_winner:full', up)! / 1000,
    );
    expect(listed.get(bets.anyDown.body.data.betId)!.legs[0]!.odds).toBe(
      price(after, 'match_winner:full', down)! / 1000,
    );
    expect(listed.get(bets.noneUp.body.data.betId)!.result).toBe(BetResult.refused);
    expect(listed.get(bets.higherDown.body.data.betId)!.result).toBe(BetResult.refused);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 2_000);
  });

  it('settles a basketball spread taken in play on the whole game, as it was priced', async () => {
    // A moment where counting only the points after the bet would settle the spread otherwise.
    const differs = (b: FixtureSnapshot) => {
      const spread = b.markets.find((m) => m.key.type === 'asian_handicap');
      if (!spread) return false;
      const full = feed().result(b.id, realFinal(b.id))!.result.scores.full!;
      const lead = b.state.score.home - b.state.score.away;
      const whole = handicapKind(full.home - full.away, spread.key.lineQ!);
      return whole !== handicapKind(full.home - full.away - lead, spread.key.lineQ!);
    };
    const { at, before, delay } = liveMomentOf('basketball', differs);
    clock.set(at);
    const p = await fundedPlayer(app, 100);
    const spread = before.markets.find((m) => m.key.type === 'asian_handicap')!;
    const leg = legOf(before, spread.id, 'home');
    const res = await placeBet(p.token, [leg], 10, 'any');
    expect(res.body.data.state).toBe('pending');
    clock.set(at + delay);
    expect(await decideDueBets(app.ctx, app.sports)).toEqual([expect.objectContaining({ accepted: true })]);
    const [bet] = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list;
    expect(bet.legs[0].scoreAtPlacement).toEqual(before.state.score);

    clock.set(realFinal(before.id));
    await runSettlement(app.ctx, app.sports);
    const result = feed().result(before.id, clock.now())!.result;
    const full = result.scores.full!;
    // The listed line is on the final margin (the lead included): settled on it, not on what
    // was scored after the bet.
    const s = settleLeg({ ...spread.key, outcome: 'home', scoreAtPlacement: null }, result, 'basketball')!;
    const margin = full.home - full.away + spread.key.lineQ! / 4;
    expect(s.kind).toBe(margin > 0 ? 'won' : margin < 0 ? 'lost' : 'push');
    const accepted = { ...leg, odds: bet.legs[0].odds };
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000 + single(1_000, accepted, s));
  });
});

describe('parlays', () => {
  it('pays the product of the legs and enforces the parlay limits', async () => {
    clock.set(START + 2 * 86_400_000);
    const [a, b] = upcoming('normal');
    const p = await fundedPlayer(app, 100);
    const legs = [legOf(a!, 'match_winner:full', 'home'), legOf(b!, 'odd_even:full', 'even')];
    const res = await placeBet(p.token, legs, 10);
    expect(res.code).toBe(200);
    const combined = Math.floor(legs[0]!.odds * legs[1]!.odds * 100) / 100;
    expect(res.body.data.combinedOdds).toBeCloseTo(legs[0]!.odds * legs[1]!.odds, 3);

    const sameFixture = await placeBet(p.token, [legs[0]!, legOf(a!, 'odd_even:full', 'odd')]);
    expect(sameFixture.code).toBe(409);
    expect(sameFixture.body.message).toBe('Escolha apenas uma seleção por jogo na aposta múltipla');
    app.ctx.config.file.sports.maxLegs = 1;
    const tooMany = await placeBet(p.token, legs);
    expect(tooMany.body.message).toBe('A aposta múltipla atingiu o limite');
    app.ctx.config.file.sports.maxLegs = 20;
    app.ctx.config.file.sports.maxCombinedOdds = combined - 0.5;
    expect((await placeBet(p.token, legs)).body.message).toBe('A aposta múltipla atingiu o limite');
    // The slip reads the limits the server applies, so it can say them before placing.
    const limits = await call(app, { method: 'GET', url: '/api/app/sports/limits' });
    expect(limits.code).toBe(200);
    expect(limits.body.data).toEqual({
      minStake: app.ctx.config.file.sports.minStake,
      maxStake: app.ctx.config.file.sports.maxStake,
      maxLegs: 20,
      maxCombinedOdds: combined - 0.5,
      maxPayoutPerBet: app.ctx.config.file.sports.maxPayoutPerBet,
      cashoutMinPartial: app.ctx.config.file.sports.cashoutMinPartial,
    });
    app.ctx.config.file.sports.maxCombinedOdds = 1000;
    app.ctx.config.file.sports.maxPayoutPerDay = 10;
    expect((await placeBet(p.token, [legs[0]!], 5)).body.message).toBe('A aposta múltipla atingiu o limite');
    app.ctx.config.file.sports.maxPayoutPerDay = 1_000_000;
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);

    clock.set(Math.max(realFinal(a!.id), realFinal(b!.id)));
    await runSettlement(app.ctx, app.sports);
    const results = [a!, b!].map((f) => feed().result(f.id, clock.now())!.result);
    const expected = returnCents(
      1_000,
      legs.map((leg, i) => ({
        oddsMilli: Math.round(leg.odds * 1000),
        settlement: legSettlement(leg, results[i]!),
      })),
    );
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000 + expected);
  });
});
