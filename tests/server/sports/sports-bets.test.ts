import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer, fundedPlayers } from '../helpers';
import { buildSportsApp, manualClock } from './sports-helpers';
import { auditLedger } from '../../../server/platform/money/ledger-audit';
import { playerBalances } from '../../../server/platform/money/ledger';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { dayOf } from '../../../server/modules/sports/sim/clock';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { parseMarketId, settleLeg } from '../../../domain/sports/markets';
import type { SportKey } from '../../../domain/sports/sports';
import { returnCents } from '../../../domain/sports/settlement';
import { isLadderPrice } from '../../../domain/sports/ladder';
import { BetResult, MatchTime } from '../../../domain/codes';

/** Saturday 7 March 2026, 10:00 in São Paulo: a football day of the seeded world. */
const START = Date.UTC(2026, 2, 7, 13, 0);
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
const key = () => `sp-${Date.now()}-${counter++}`;

type Leg = { fixtureId: string; marketId: string; outcomeId: string; odds: number };

function placeBet(token: string, body: { stake?: unknown; legs: Leg[]; oddsChange?: string }, idem = key()) {
  return call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': idem },
    payload: body,
  });
}

/** A pre-match football fixture that will be played normally, starting later than `after`. */
function upcomingFixture(after = clock.now(), skip = 0) {
  const found = feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > after)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
  return found[skip]!;
}

const fixtureDetail = async (id: string) =>
  (await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${id}` })).body.data;

const priceOf = (
  detail: { markets: Array<{ id: string; outcomes: Array<{ id: string; odds: number }> }> },
  marketId: string,
  outcomeId: string,
) => detail.markets.find((m) => m.id === marketId)!.outcomes.find((o) => o.id === outcomeId)!.odds;

/** Real time at which a fixture's result is final. */
const finalAt = (id: string) => feed().clock.toReal(feed().timelineOf(id)!.finalAt!) + 1_000;

describe('sports reads', () => {
  it('lists the twelve sports with football fixtures, live and upcoming', async () => {
    const res = await call(app, { method: 'GET', url: '/api/app/sports/sports' });
    expect(res.code).toBe(200);
    expect(res.body.data).toHaveLength(12);
    const football = res.body.data.find((s: { key: string }) => s.key === 'football');
    expect(football).toMatchObject({ name: 'Futebol' });
    expect(football.competitions).toContain('Brasileirão Série A');
    expect(football.upcoming).toBeGreaterThan(5);

    const list = (await call(app, { method: 'GET', url: '/api/app/sports/fixtures?sport=football' })).body
      .data;
    expect(list.length).toBe(football.live + football.upcoming);
    const starts = list.map((f: { startsAt: string }) => Date.parse(f.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const upcoming = list.find((f: { periodCode: number }) => f.periodCode === 0);
    expect(upcoming).toMatchObject({ sport: 'football', live: false, score: { home: 0, away: 0 } });
    expect(upcoming.main.outcomes.map((o: { id: string }) => o.id)).toEqual(['home', 'draw', 'away']);
    expect(upcoming.main.outcomes[0].name).toBe(upcoming.home);
    expect(upcoming.main.outcomes[1].name).toBe('Empate');
    const brazilian = list.filter((f: { competition: string }) => f.competition.startsWith('Brasileirão'));
    expect(brazilian.length).toBeGreaterThan(0);
    // Other sports list their winner market inline.
    const tennis = (
      await call(app, { method: 'GET', url: '/api/app/sports/fixtures?sport=tennis&live=false' })
    ).body.data;
    expect(tennis.find((f: { main: unknown }) => f.main).main.id).toBe('moneyline:full');

    const live = (
      await call(app, { method: 'GET', url: '/api/app/sports/fixtures?sport=football&live=true' })
    ).body.data;
    expect(live.every((f: { live: boolean }) => f.live)).toBe(true);
    expect((await call(app, { method: 'GET', url: '/api/app/sports/fixtures?sport=curling' })).code).toBe(
      400,
    );
  });

  it('shows a fixture with every market grouped and priced on the ladder', async () => {
    const f = upcomingFixture();
    const detail = await fixtureDetail(f.id);
    const ids = detail.markets.map((m: { id: string }) => m.id);
    expect(ids).toContain('match_winner:full');
    expect(ids).toContain('odd_even:full');
    expect(ids).toContain('match_winner:first_half');
    expect(ids.filter((id: string) => id.startsWith('totals:full:')).length).toBeGreaterThanOrEqual(5);
    expect(ids.some((id: string) => /^totals:full:\d+\.(25|75)$/.test(id))).toBe(true);
    expect(ids.some((id: string) => id.startsWith('asian_handicap:full:'))).toBe(true);
    const groups = new Set(detail.markets.map((m: { group: string }) => m.group));
    for (const g of [
      'Resultado Final',
      'Handicap Asiático',
      'Handicap Europeu',
      'Total de Gols (Mais/Menos)',
      'Par/Ímpar',
      '1º Tempo',
      'Escanteios',
    ]) {
      expect(groups).toContain(g);
    }
    for (const m of detail.markets) {
      expect(m.status).toBe(1);
      for (const o of m.outcomes)
        if (o.odds !== null) expect(isLadderPrice(Math.round(o.odds * 1000))).toBe(true);
    }
    const total = detail.markets.find((m: { id: string }) => m.id === 'totals:full:2.5');
    if (total)
      expect(total.outcomes.map((o: { name: string }) => o.name)).toEqual(['Mais de 2,5', 'Menos de 2,5']);
    expect((await call(app, { method: 'GET', url: '/api/app/sports/fixtures/fb-000000-1-1-1' })).code).toBe(
      404,
    );
  });
});

describe('single bets', () => {
  it('debits the stake with the bet, replays its key, and settles 1X2 and totals by the result', async () => {
    const p = await fundedPlayer(app, 100);
    const f = upcomingFixture();
    const detail = await fixtureDetail(f.id);
    const totalsId = detail.markets.find((m: { id: string }) => /^totals:full:\d+\.(25|75)$/.test(m.id))
      .id as string;
    const legs: Leg[] = [
      {
        fixtureId: f.id,
        marketId: 'match_winner:full',
        outcomeId: 'home',
        odds: priceOf(detail, 'match_winner:full', 'home'),
      },
      { fixtureId: f.id, marketId: totalsId, outcomeId: 'over', odds: priceOf(detail, totalsId, 'over') },
      { fixtureId: f.id, marketId: totalsId, outcomeId: 'under', odds: priceOf(detail, totalsId, 'under') },
    ];
    const idem = key();
    const first = await placeBet(p.token, { stake: 10, legs: [legs[0]!] }, idem);
    expect(first.code).toBe(200);
    expect(first.body.data).toMatchObject({
      stake: 10,
      status: BetResult.placed,
      orderStatus: 0,
      state: 'open',
      legs: [{ fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'home', odds: legs[0]!.odds }],
    });
    const replay = await placeBet(p.token, { stake: 10, legs: [legs[0]!] }, idem);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.betId).toBe(first.body.data.betId);
    expect((await placeBet(p.token, { stake: 11, legs: [legs[0]!] }, idem)).code).toBe(422);
    for (const leg of legs.slice(1))
      expect((await placeBet(p.token, { stake: '12.50', legs: [leg] })).code).toBe(200);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 - 2 * 1_250);

    const open = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=open', headers: auth(p.token) })
    ).body.data.list;
    expect(open).toHaveLength(3);
    // Each leg says its sport: the page names the market from its id in the player's language.
    expect(open[0].legs[0].sport).toBe('football');
    // A page at a time, newest first, with the total: two, then the third.
    const pageOf = async (n: number) =>
      (
        await call(app, {
          method: 'GET',
          url: `/api/app/sports/bets?status=open&page=${n}&size=2`,
          headers: auth(p.token),
        })
      ).body.data;
    const [one, two] = [await pageOf(1), await pageOf(2)];
    expect([one.total, one.page, one.size, one.list.length, two.list.length]).toEqual([3, 1, 2, 2, 1]);
    expect([...one.list, ...two.list].map((b: { betId: string }) => b.betId)).toEqual(
      open.map((b: { betId: string }) => b.betId),
    );
    const tooBig = await call(app, {
      method: 'GET',
      url: '/api/app/sports/bets?size=101',
      headers: auth(p.token),
    });
    expect(tooBig.code).toBe(400);
    expect(open.find((b: { betId: string }) => b.betId === first.body.data.betId)).toMatchObject({
      result: 1000,
      resultText: 'Em aberto',
      orderStatus: 0,
      legs: [{ fixture: `${f.home} x ${f.away}`, outcome: f.home }],
    });

    clock.set(finalAt(f.id));
    const result = feed().result(f.id, clock.now())!;
    expect(result.final).toBe(true);
    const settledBets = await runSettlement(app.ctx, app.sports);
    expect(settledBets).toHaveLength(3);
    // What each bet must return, by the domain rules on the feed's final result.
    const expected = legs.map((leg, i) => {
      const spec = { ...parseMarketId(leg.marketId)!, outcome: leg.outcomeId, scoreAtPlacement: null };
      const s = settleLeg(spec, result.result)!;
      return returnCents(i === 0 ? 1_000 : 1_250, [
        { oddsMilli: Math.round(leg.odds * 1000), settlement: s },
      ]);
    });
    const paid = expected.reduce((a, b) => a + b, 0);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 3_500 + paid);
    // Over and under of a quarter line: one wins or half wins, the other loses or half loses.
    expect(expected[1]! + expected[2]!).toBeGreaterThan(0);

    const settled = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=settled', headers: auth(p.token) })
    ).body.data.list;
    expect(settled).toHaveLength(3);
    for (const b of settled) {
      expect(b.orderStatus).toBe(9999);
      expect([BetResult.won, BetResult.halfWon, BetResult.halfLost, BetResult.lost]).toContain(b.result);
      expect(b.legs[0].result).toBe(b.result);
    }
    const home = settled.find((b: { betId: string }) => b.betId === first.body.data.betId);
    const full = result.result.scores.full!;
    expect(home.result).toBe(full.home > full.away ? BetResult.won : BetResult.lost);
    expect(home.resultText).toBe(full.home > full.away ? 'Ganhou' : 'Aposta perdida');
    // A second run finds nothing to pay.
    expect(await runSettlement(app.ctx, app.sports)).toEqual([]);
  });

  it('refuses a bet 1 ms after the start, a closed option and a changed price, changing nothing', async () => {
    clock.set(START + 3 * 86_400_000);
    const p = await fundedPlayer(app, 50);
    const f = upcomingFixture();
    const detail = await fixtureDetail(f.id);
    const odds = priceOf(detail, 'match_winner:full', 'draw');
    const leg = { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'draw', odds };

    const unknownMarket = await placeBet(p.token, {
      stake: 5,
      legs: [{ ...leg, marketId: 'totals:full:17.5' }],
    });
    expect(unknownMarket.code).toBe(409);
    expect(unknownMarket.body.message).toBe('Opção não disponível para apostas');

    // A quote above the price now: refused unless the player accepts any change.
    const higherQuote = { ...leg, odds: Math.round((odds + 0.5) * 100) / 100 };
    const refused = await placeBet(p.token, { stake: 5, legs: [higherQuote] });
    expect(refused.code).toBe(409);
    expect(refused.body.message).toBe('As odds mudaram. Confira a nova cotação');
    expect((await placeBet(p.token, { stake: 5, legs: [higherQuote], oddsChange: 'higher' })).code).toBe(409);
    const any = await placeBet(p.token, { stake: 5, legs: [higherQuote], oddsChange: 'any' });
    expect(any.code).toBe(200);
    expect(any.body.data.legs[0].odds).toBe(odds);
    // A quote below the price now: 'higher' takes the better price.
    const lowerQuote = { ...leg, odds: 1.01 };
    expect((await placeBet(p.token, { stake: 5, legs: [lowerQuote] })).code).toBe(409);
    const higher = await placeBet(p.token, { stake: 5, legs: [lowerQuote], oddsChange: 'higher' });
    expect(higher.body.data.legs[0].odds).toBe(odds);

    clock.set(f.startsAt + 1);
    const late = await placeBet(p.token, { stake: 5, legs: [leg] });
    expect(late.code).toBe(409);
    expect(late.body.message).toBe('Opção não disponível para apostas');
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(5_000 - 1_000);

    const broke = await placeBet(p.token, { stake: 5, legs: [upcomingLeg()] });
    expect(broke.code).toBe(200);
    const tooMuch = await placeBet(p.token, { stake: 100, legs: [upcomingLeg()] });
    expect(tooMuch.code).toBe(402);
    expect(tooMuch.body.status).toBe(9999);
    expect((await placeBet(p.token, { stake: 0.5, legs: [upcomingLeg()] })).body.message).toBe(
      'Aposta mínima: R$ 1,00',
    );
    expect((await placeBet(p.token, { legs: [upcomingLeg()] })).body.message).toBe(
      'Preencha o valor da aposta',
    );
    expect((await placeBet(p.token, { stake: 5, legs: [] })).body.message).toBe(
      'Escolha ao menos uma seleção',
    );
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/app/sports/bet',
          headers: auth(p.token),
          payload: { stake: 1, legs: [leg] },
        })
      ).code,
    ).toBe(400);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(5_000 - 1_500);
  });
});

describe('the loss limit against simultaneous bets', () => {
  it('judges a burst of singles one at a time: the open stakes never pass the limit (a burst on PostgreSQL)', async () => {
    // Review of the lock order: the check was one statement that locked the player's row and
    // called loss_limit_left; on PostgreSQL that statement read the losses as they were before its
    // lock was granted, so a bet that waited for another's lock judged without it.
    const p = await fundedPlayer(app, 100);
    const limit = await call(app, {
      method: 'POST',
      url: '/api/app/user/protection/limit',
      headers: auth(p.token),
      payload: { kind: 'loss', period: 'day', amount: 10 },
    });
    expect(limit.code).toBe(200);
    const f = upcomingFixture(clock.now(), 1);
    const detail = await fixtureDetail(f.id);
    const leg: Leg = {
      fixtureId: f.id,
      marketId: 'match_winner:full',
      outcomeId: 'home',
      odds: priceOf(detail, 'match_winner:full', 'home'),
    };
    // Open stakes count whole: two of R$ 4 fit a R$ 10 limit, a third does not.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => placeBet(p.token, { stake: 4, legs: [leg] })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    expect(results.filter((r) => r.code !== 200).every((r) => r.code === 400)).toBe(true);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 800);
  });
});

describe('múltiplas at once over the same fixtures', () => {
  it('lock the fixtures in one order, so opposite orders never deadlock (a burst on PostgreSQL)', async () => {
    // Review: a bet locks each fixture's row (upsertFixtureForBet); it took them in the order of
    // its legs, so A+B and B+A placed at once by two players could each hold one and wait on the
    // other — PostgreSQL then aborts one of them and the player sees a 500.
    const [a, b] = [upcomingFixture(clock.now(), 3), upcomingFixture(clock.now(), 4)];
    const [da, db] = await Promise.all([fixtureDetail(a.id), fixtureDetail(b.id)]);
    const legA: Leg = {
      fixtureId: a.id,
      marketId: 'match_winner:full',
      outcomeId: 'home',
      odds: priceOf(da, 'match_winner:full', 'home'),
    };
    const legB: Leg = { ...legA, fixtureId: b.id, odds: priceOf(db, 'match_winner:full', 'home') };
    // Four players, two in each order, in several rounds.
    const players = await fundedPlayers(app, 4, 50);
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all(
        players.map((p, i) => placeBet(p.token, { stake: 1, legs: i % 2 ? [legA, legB] : [legB, legA] })),
      );
      expect(results.map((r) => r.code)).toEqual(players.map(() => 200));
    }
  });
});

describe('fixtures that cannot be bet, and the payout limit', () => {
  it('refuses a finished, a postponed or an unknown fixture, and a single over the payout per bet', async () => {
    clock.set(START + 5 * 86_400_000);
    const p = await fundedPlayer(app, 100);
    const f = upcomingFixture();
    const leg = {
      fixtureId: f.id,
      marketId: 'match_winner:full',
      outcomeId: 'home',
      odds: priceOf(await fixtureDetail(f.id), 'match_winner:full', 'home'),
    };
    // Over the payout per bet (the limit's message, as for a múltipla): nothing is taken.
    app.ctx.config.file.sports.maxPayoutPerBet = 10;
    const overLimit = await placeBet(p.token, { stake: 10, legs: [leg] });
    expect(overLimit.code).toBe(409);
    expect(overLimit.body.message).toBe('A aposta múltipla atingiu o limite');
    app.ctx.config.file.sports.maxPayoutPerBet = 500_000;

    const unavailable = 'Jogo indisponível para apostas no momento';
    clock.set(finalAt(f.id));
    const finished = await placeBet(p.token, { stake: 5, legs: [leg] });
    expect(finished.code).toBe(409);
    expect(finished.body.message).toBe(unavailable);
    const unknown = await placeBet(p.token, { stake: 5, legs: [{ ...leg, fixtureId: 'fb-000000-1-1-1' }] });
    expect(unknown.body.message).toBe(unavailable);

    // A football match postponed two hours before its start: priced a second before, not after.
    let postponed: ReturnType<SimulatedFeed['dayTimelines']>[number] | undefined;
    for (let day = dayOf(clock.now()); !postponed && day < dayOf(clock.now()) + 14; day++) {
      postponed = feed()
        .dayTimelines(day)
        .find(
          (tl) =>
            tl.fixture.sport === 'football' &&
            tl.events[0]?.kind === 'postponed' &&
            feed().clock.toReal(tl.events[0].at) > clock.now(),
        );
    }
    const postponedAt = feed().clock.toReal(postponed!.events[0]!.at);
    clock.set(postponedAt - 1_000);
    const snap = feed().snapshot(postponed!.fixture.id, clock.now())!;
    const postponedLeg = {
      fixtureId: snap.id,
      marketId: 'match_winner:full',
      outcomeId: 'draw',
      odds: snap.markets.find((m) => m.id === 'match_winner:full')!.outcomes[1]!.oddsMilli! / 1000,
    };
    clock.set(postponedAt + 1_000);
    expect(feed().snapshot(snap.id, clock.now())!.state.periodCode).toBe(MatchTime.postponed);
    const refusedPostponed = await placeBet(p.token, { stake: 5, legs: [postponedLeg] });
    expect(refusedPostponed.code).toBe(409);
    expect(refusedPostponed.body.message).toBe(unavailable);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000);
  });
});

describe('every sport', () => {
  it('takes a bet on each sport and settles it by the rules of that sport', async () => {
    clock.set(START + 8 * 86_400_000);
    const p = await fundedPlayer(app, 1_000);
    const placed: Array<{ leg: Leg; sport: SportKey; finalAt: number }> = [];
    const sports = new Set<string>();
    for (const f of feed().listFixtures({}, clock.now())) {
      const tl = feed().timelineOf(f.id)!;
      if (sports.has(f.sport) || f.state.phase !== 'pre' || tl.fixture.fate !== 'normal') continue;
      const market = f.markets.find((m) => m.outcomes.every((o) => o.oddsMilli !== null))!;
      const leg = {
        fixtureId: f.id,
        marketId: market.id,
        outcomeId: market.outcomes[0]!.id,
        odds: market.outcomes[0]!.oddsMilli! / 1000,
      };
      const res = await placeBet(p.token, { stake: 10, legs: [leg] });
      expect(res.code).toBe(200);
      sports.add(f.sport);
      placed.push({ leg, sport: f.sport, finalAt: feed().clock.toReal(tl.finalAt!) + 1_000 });
    }
    // The days ahead hold every sport but boxing and volleyball on some weekdays.
    expect(sports.size).toBeGreaterThanOrEqual(10);
    clock.set(Math.max(...placed.map((x) => x.finalAt)));
    await runSettlement(app.ctx, app.sports);
    let expected = 100_000 - 1_000 * placed.length;
    for (const { leg, sport } of placed) {
      const result = feed().result(leg.fixtureId, clock.now())!.result;
      const spec = { ...parseMarketId(leg.marketId)!, outcome: leg.outcomeId, scoreAtPlacement: null };
      const s = settleLeg(spec, result, sport)!;
      expect(s).not.toBeNull();
      expected += returnCents(1_000, [{ oddsMilli: Math.round(leg.odds * 1000), settlement: s }]);
    }
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(expected);
    const open = (
      await call(app, { method: 'GET', url: '/api/app/sports/bets?status=open', headers: auth(p.token) })
    ).body.data.list;
    expect(open).toEqual([]);
  });
});

/** A leg on the home side of the next upcoming fixture at its current price. */
function upcomingLeg(): Leg {
  const f = upcomingFixture();
  const market = f.markets.find((m) => m.id === 'match_winner:full')!;
  return {
    fixtureId: f.id,
    marketId: market.id,
    outcomeId: 'home',
    odds: market.outcomes[0]!.oddsMilli! / 1000,
  };
}
