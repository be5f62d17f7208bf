import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer, operatorAuth } from '../helpers';
import { afterStartOf, buildSportsApp, manualClock } from './sports-helpers';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { marginGroup } from '../../../domain/sports/book-margins';
import { parseMarketId } from '../../../domain/sports/markets';
import { BetResult, MatchTime } from '../../../domain/codes';

/** Saturday 7 March 2026, 10:00 in São Paulo: a football day of the seeded world. */
const START = Date.UTC(2026, 2, 7, 13, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let opAuth: Record<string, string>;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
let counter = 0;

interface Market {
  id: string;
  outcomes: Array<{ id: string; odds: number }>;
}
const detailOf = async (id: string): Promise<{ markets: Market[] }> =>
  (await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${id}` })).body.data;
const overround = (m: Market) => m.outcomes.reduce((sum, o) => sum + 1 / o.odds, 0) - 1;
/** The São Paulo date of a moment (reports count São Paulo days). */
const spDay = (t: number) => new Date(t - 3 * 3_600_000).toISOString().slice(0, 10);

describe('the margin report', () => {
  it('sets each single’s book beside what it kept, by market group and tier, and the múltiplas apart', async () => {
    const upcoming = feed()
      .listFixtures({ sport: 'football' }, clock.now())
      .filter((f) => f.state.periodCode === MatchTime.notStarted)
      .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
    // Two singles on competitions of different tiers, a múltipla over a third fixture.
    const a = upcoming[0]!;
    const b = upcoming.find((f) => f.tier !== a.tier)!;
    const c = upcoming.find((f) => f !== a && f !== b)!;
    const fixtures = [a, b, c];
    const [da, db, dc] = await Promise.all([detailOf(a.id), detailOf(b.id), detailOf(c.id)]);
    const market = (d: { markets: Market[] }, prefix: string) =>
      d.markets.find((m) => m.id.startsWith(prefix))!;
    const p = await fundedPlayer(app, 200);
    const place = (legs: Array<{ fixtureId: string; m: Market }>, stake: number) =>
      call(app, {
        method: 'POST',
        url: '/api/app/sports/bet',
        headers: { ...auth(p.token), 'idempotency-key': `margin-${counter++}` },
        payload: {
          stake,
          legs: legs.map(({ fixtureId, m }) => ({
            fixtureId,
            marketId: m.id,
            outcomeId: m.outcomes[0]!.id,
            odds: m.outcomes[0]!.odds,
          })),
        },
      });
    const main = market(da, 'match_winner:full');
    const niche = market(db, 'corners_totals:full');
    const parlayLegs = [
      { fixtureId: a.id, m: market(da, 'totals:full') },
      { fixtureId: c.id, m: market(dc, 'match_winner:full') },
    ];
    for (const bet of [
      place([{ fixtureId: a.id, m: main }], 10),
      place([{ fixtureId: b.id, m: niche }], 20),
      place(parlayLegs, 5),
    ]) {
      expect((await bet).code).toBe(200);
    }
    // A fourth single, sold back at once: its cash-out is what it returned.
    const sold = await place([{ fixtureId: c.id, m: market(dc, 'match_winner:first_half') }], 8);
    const cashout = await call(app, {
      method: 'POST',
      url: '/api/app/sports/cashout',
      headers: { ...auth(p.token), 'idempotency-key': `margin-${counter++}` },
      payload: { betId: sold.body.data.betId },
    });
    expect(cashout.code).toBe(200);
    const soldFor = cashout.body.data.amount as number;
    // The shipped plan shows in the prices: corners carry more than the 1X2 of the same tier.
    expect(marginGroup(parseMarketId(niche.id)!)).toBe('niche');

    clock.set(
      Math.max(...fixtures.map((f) => feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!))) + 1_000,
    );
    await runSettlement(app.ctx, app.sports);
    const day = spDay(clock.now());
    const res = await call(app, {
      method: 'GET',
      url: `/api/admin/reports/margins?from=${day}&to=${day}`,
      headers: opAuth,
    });
    expect(res.code).toBe(200);
    type Row = {
      group: string;
      tier: number | null;
      bets: number;
      stakes: number;
      returns: number;
      ggr: number;
      marginBook: number | null;
      holdExpected: number | null;
      holdObserved: number | null;
    };
    const rows = res.body.data as Row[];
    const bets = await call(app, {
      method: 'GET',
      url: '/api/app/sports/bets?status=settled',
      headers: auth(p.token),
    });
    expect(bets.body.data.list).toHaveLength(4);
    const returned = (fixtureId: string, legs = 1) =>
      bets.body.data.list.find(
        (x: { legs: Array<{ fixtureId: string }> }) =>
          x.legs.length === legs && x.legs.some((l) => l.fixtureId === fixtureId),
      ).payout as number;
    const tierOf = (id: string) => feed().timelineOf(id)!.fixture.tier;
    const check = (row: Row | undefined, stake: number, back: number, book: number) => {
      expect(row).toMatchObject({ bets: 1, stakes: stake, returns: back });
      expect(row!.ggr).toBeCloseTo(stake - back, 2);
      expect(row!.marginBook).toBeCloseTo(book, 3);
      expect(row!.holdExpected).toBeCloseTo(1 - 1 / (1 + book), 3);
      expect(row!.holdObserved).toBeCloseTo(1 - back / stake, 3);
    };
    const rowOf = (group: string, tier: number | null) =>
      rows.find((r) => r.group === group && r.tier === tier);
    check(rowOf('main', tierOf(a.id)), 10, returned(a.id), overround(main));
    check(rowOf('niche', tierOf(b.id)), 20, returned(b.id), overround(niche));
    const parlayBook = parlayLegs.reduce((k, l) => k * (1 + overround(l.m)), 1) - 1;
    check(rowOf('parlay', null), 5, returned(c.id, 2), parlayBook);
    expect(rowOf('secondary', tierOf(c.id))).toMatchObject({ bets: 1, stakes: 8, returns: soldFor });
    // The report per sport counts the same bets, the cash-out among the returns.
    const products = await call(app, {
      method: 'GET',
      url: `/api/admin/reports/products?from=${day}&to=${day}`,
      headers: opAuth,
    });
    const football = products.body.data.find((r: { product: string }) => r.product === 'football');
    const sum = (k: 'stakes' | 'returns') => rows.reduce((t, r) => t + Math.round(r[k] * 100), 0);
    expect(Math.round(football.stakes * 100)).toBe(sum('stakes'));
    expect(Math.round(football.payouts * 100)).toBe(sum('returns'));
    expect(sum('stakes')).toBe(4_300);
    expect(overround(niche)).toBeGreaterThan(overround(market(db, 'match_winner:full')));

    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/margins?from=${day}&to=${day}&format=csv`,
      headers: opAuth,
    });
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFF"Grupo";"Nível";"Apostas";"Valor apostado (R$)";"Devolvido (R$)";"GGR (R$)";"Margem do livro";"Retenção esperada";"Retenção observada"',
    );
    expect(csv.body).toContain('"Múltiplas";"";"1";');

    // A bet void whole (its stake returned: a postponed match never played) had no action and
    // leaves the report, rather than reading as a hold of 0 in its group.
    const nicheBet = bets.body.data.list.find((x: { legs: Array<{ fixtureId: string }> }) =>
      x.legs.some((l) => l.fixtureId === b.id),
    );
    await app.ctx.db
      .updateTable('sports_bets')
      .set({ result_code: BetResult.refund, payout_cents: 2_000 })
      .where('id', '=', nicheBet.betId)
      .execute();
    const after = (
      await call(app, {
        method: 'GET',
        url: `/api/admin/reports/margins?from=${day}&to=${day}`,
        headers: opAuth,
      })
    ).body.data as Row[];
    expect(after.find((r) => r.group === 'niche' && r.tier === tierOf(b.id))).toBeUndefined();
    expect(after.find((r) => r.group === 'main' && r.tier === tierOf(a.id))).toEqual(
      rowOf('main', tierOf(a.id)),
    );
  });
});

/**
 * What had action, attacked from outside (review of the margin report): a push and a void return
 * the stake alike, a cash-out sold before a void was a real sale, a void leg of a múltipla has no
 * book in it, and a múltipla that returns exactly its stake through played legs was played.
 */
describe('the margin report counts only what had action', () => {
  const DAY = 86_400_000;
  const upcoming = (): FixtureSnapshot[] =>
    feed()
      .listFixtures({ sport: 'football' }, clock.now())
      .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
      .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
  const leg = (f: FixtureSnapshot, marketId: string, outcomeId: string) => ({
    fixtureId: f.id,
    marketId,
    outcomeId,
    odds:
      f.markets.find((m) => m.id === marketId)!.outcomes.find((o) => o.id === outcomeId)!.oddsMilli! / 1000,
  });
  const post = (token: string, url: string, payload: object) =>
    call(app, {
      method: 'POST',
      url,
      headers: { ...auth(token), 'idempotency-key': `margin-${counter++}` },
      payload,
    });
  const enter = (id: string, payload: object) =>
    call(app, { method: 'POST', url: `/api/admin/sports/fixtures/${id}/result`, headers: opAuth, payload });
  const oneAll = { status: MatchTime.finished, full: { home: 1, away: 1, complete: true } };
  const margins = async () => {
    const day = spDay(clock.now());
    const res = await call(app, {
      method: 'GET',
      url: `/api/admin/reports/margins?from=${day}&to=${day}`,
      headers: opAuth,
    });
    return res.body.data as Array<{
      group: string;
      bets: number;
      returns: number;
      marginBook: number | null;
    }>;
  };

  it('leaves out a push as it leaves out a void: both gave the stake back', async () => {
    clock.set(START + 2 * DAY);
    const has = (id: string) => (f: FixtureSnapshot) => f.markets.some((m) => m.id === id);
    const a = upcoming().find(has('draw_no_bet:full'))!;
    const b = upcoming().find((f) => f !== a && has('asian_handicap:full:0')(f))!;
    const p = await fundedPlayer(app, 100);
    expect(
      (await post(p.token, '/api/app/sports/bet', { stake: 10, legs: [leg(a, 'draw_no_bet:full', 'home')] }))
        .code,
    ).toBe(200);
    expect(
      (
        await post(p.token, '/api/app/sports/bet', {
          stake: 10,
          legs: [leg(b, 'asian_handicap:full:0', 'home')],
        })
      ).code,
    ).toBe(200);
    afterStartOf(clock, [a, b]);
    await enter(a.id, oneAll);
    await enter(b.id, oneAll);
    await runSettlement(app.ctx, app.sports);
    expect((await margins()).reduce((t, r) => t + r.bets, 0)).toBe(0);
  });

  it('keeps the part a cash-out sold of a bet voided afterwards', async () => {
    clock.set(START + 3 * DAY);
    const [f] = upcoming();
    const p = await fundedPlayer(app, 100);
    const placed = await post(p.token, '/api/app/sports/bet', {
      stake: 20,
      legs: [leg(f!, 'match_winner:full', 'home')],
    });
    const betId = placed.body.data.betId as string;
    const mine = (await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
      .body.data.list[0];
    const sold = await post(p.token, '/api/app/sports/cashout', {
      betId,
      amount: Math.floor(mine.cashout.value * 50) / 100,
    });
    expect(sold.code).toBe(200);
    afterStartOf(clock, [f!]);
    await enter(f!.id, { status: MatchTime.cancelled });
    await runSettlement(app.ctx, app.sports);
    const rows = await margins();
    expect(rows.reduce((t, r) => t + r.bets, 0)).toBe(1);
    expect(rows.reduce((t, r) => t + r.returns, 0)).toBeCloseTo(sold.body.data.amount, 2);
  });

  it("books a múltipla with a void leg at the played legs' margin", async () => {
    clock.set(START + 6 * DAY);
    const [a, b] = upcoming();
    const mB = b!.markets.find((m) => m.id === 'match_winner:full')!;
    const overroundB = mB.outcomes.reduce((t, o) => t + 1000 / o.oddsMilli!, 0) - 1;
    const p = await fundedPlayer(app, 100);
    const legs = [leg(a!, 'match_winner:full', 'home'), leg(b!, 'match_winner:full', 'home')];
    expect((await post(p.token, '/api/app/sports/bet', { stake: 10, legs })).code).toBe(200);
    afterStartOf(clock, [a!, b!]);
    await enter(a!.id, { status: MatchTime.cancelled });
    await enter(b!.id, { status: MatchTime.finished, full: { home: 2, away: 0, complete: true } });
    await runSettlement(app.ctx, app.sports);
    const [row] = await margins();
    expect(row!.marginBook).toBeCloseTo(overroundB, 3);
  });

  it('books a Criar Aposta apart at its one margin, though the leg carrying it was void and another lost', async () => {
    clock.set(START + 9 * DAY);
    const f = upcoming().find((x) => x.markets.some((m) => m.id === 'totals:full:2.5'))!;
    const legs = [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: 'totals:full:2.5', outcomeId: 'under' },
    ];
    const quoted = await call(app, {
      method: 'POST',
      url: '/api/app/sports/builder/quote',
      payload: { fixtureId: f.id, legs },
    });
    expect(quoted.code, quoted.body.message).toBe(200);
    const p = await fundedPlayer(app, 100);
    const placed = await post(p.token, '/api/app/sports/bet', {
      kind: 'builder',
      stake: 10,
      odds: quoted.body.data.odds,
      legs: legs.map((l) => ({ fixtureId: f.id, ...l })),
    });
    expect(placed.code, placed.body.message).toBe(200);
    // Abandoned at 2-1: the winner is undetermined (void), under 2.5 is already lost.
    afterStartOf(clock, [f]);
    expect(
      (await enter(f.id, { status: MatchTime.cutInHalf, full: { home: 2, away: 1, complete: false } })).code,
    ).toBe(200);
    await runSettlement(app.ctx, app.sports);
    const stored = await app.ctx.db
      .selectFrom('sports_bet_legs as l')
      .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
      .select(['l.book_margin_milli', 'l.kind', 'b.result_code'])
      .where('b.user_id', '=', p.userId)
      .orderBy('l.idx')
      .execute();
    expect(stored.map((l) => l.kind)).toEqual(['void', 'lost']);
    expect(stored[0]!.result_code).toBe(BetResult.lost);
    const margin = stored[0]!.book_margin_milli! / 1000;
    expect(margin).toBeGreaterThanOrEqual(0.1);
    expect(stored.every((l) => l.book_margin_milli === stored[0]!.book_margin_milli)).toBe(true);
    const rows = await margins();
    expect(rows).toEqual([
      expect.objectContaining({
        group: 'builder',
        bets: 1,
        returns: 0,
        marginBook: expect.closeTo(margin, 3),
      }),
    ]);
  });

  it('counts a múltipla that returns exactly its stake through played legs as played, not refunded', async () => {
    clock.set(START + 8 * DAY);
    const ups = upcoming();
    // The seeded world has a 1.75 total whose under is 2.00.
    const two = ups.find(
      (f) =>
        f.markets.find((m) => m.id === 'totals:full:1.75')?.outcomes.find((o) => o.id === 'under')
          ?.oddsMilli === 2000,
    )!;
    const x = ups.find((f) => f !== two && f.markets.some((m) => m.id === 'asian_handicap:full:-0.25'))!;
    const p = await fundedPlayer(app, 100);
    const legs = [leg(two, 'totals:full:1.75', 'under'), leg(x, 'asian_handicap:full:-0.25', 'home')];
    expect((await post(p.token, '/api/app/sports/bet', { stake: 10, legs })).code).toBe(200);
    afterStartOf(clock, [two, x]);
    await enter(two.id, { status: MatchTime.finished, full: { home: 0, away: 0, complete: true } });
    await enter(x.id, oneAll); // −0.25 on a draw: half lost, 2.00 × 0.5 = the stake
    await runSettlement(app.ctx, app.sports);
    const row = await app.ctx.db
      .selectFrom('sports_bets')
      .select(['result_code', 'wager_cents', 'payout_cents', 'stake_cents'])
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.payout_cents)).toBe(Number(row.stake_cents));
    expect(row.result_code).toBe(BetResult.won);
    expect(Number(row.wager_cents)).toBe(1_000);
    expect((await margins()).reduce((t, r) => t + r.bets, 0)).toBe(1);
  });

  it('refuses a year 0 in the console’s date filters in words (PostgreSQL has none), not with a 500', async () => {
    for (const url of [
      '/api/admin/reports/margins?from=0000-01-01&to=0000-01-02',
      '/api/admin/reports/margins?from=0000-12-31&to=0001-01-01&format=csv',
      '/api/admin/reports/daily?from=0000-01-01&to=0000-01-02',
      '/api/admin/players?from=0000-01-01',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: opAuth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Verifique os dados informados');
    }
  });
});
