import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer } from '../helpers';
import { useSportsApp } from './sports-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { verifyAuditChain } from '../../../server/platform/audit-trail';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { reserveBoostStake } from '../../../server/modules/sports/boosts.repository';
import { nextLadderPrice } from '../../../domain/sports/ladder';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * Super Odds (issue 16, decision 88): a trader boosts one selection before its start with a limit
 * per player; players take it as a single at the boosted price, never past their limit — a burst
 * of simultaneous bets included, on PostgreSQL too — with no cash-out and no place in a múltipla;
 * it settles at the boosted price and is reported apart from the book. Runs on PGlite and
 * PostgreSQL (tests/server/sports).
 */

/** Tuesday 17 March 2026, 09:00 in São Paulo. */
const START = Date.UTC(2026, 2, 17, 12, 0);
const sports = useSportsApp(START, { operator: true });
const { clock, feed } = sports;

let counter = 0;
const bet = (token: string, payload: object) =>
  call(sports.app(), {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': `boost-${counter++}` },
    payload,
  });
const boost = (payload: object) =>
  call(sports.app(), {
    method: 'POST',
    url: '/api/admin/sports/boosts',
    headers: sports.operator(),
    payload,
  });

function upcoming(skip = 0): FixtureSnapshot {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal')[skip]!;
}
const priceOf = (snap: FixtureSnapshot, market: string, outcome: string) =>
  snap.markets.find((m) => m.id === market)!.outcomes.find((o) => o.id === outcome)!.oddsMilli!;
/** A ladder price some steps above `milli`. */
const above = (milli: number, steps: number) => {
  let p = milli;
  for (let i = 0; i < steps; i++) p = nextLadderPrice(p);
  return p;
};

describe('Super Odds', () => {
  it('a trader sets a boost within bounds; players see it listed', async () => {
    const f = upcoming();
    const was = priceOf(f, 'match_winner:full', 'home');
    const base = { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'home', maxStake: 20 };
    const low = await boost({ ...base, odds: was / 1000 });
    expect(low.code).toBe(409);
    expect(low.body.message).toBe(
      `A Super Odd precisa ser maior que a cotação atual (${(was / 1000).toFixed(2).replace('.', ',')}) e no máximo o dobro dela`,
    );
    expect((await boost({ ...base, odds: (2 * was + 1000) / 1000 })).code).toBe(409);
    const player = await fundedPlayer(sports.app(), 10);
    const notTrader = await call(sports.app(), {
      method: 'POST',
      url: '/api/admin/sports/boosts',
      headers: auth(player.token),
      payload: { ...base, odds: above(was, 3) / 1000 },
    });
    expect([401, 403]).toContain(notTrader.code);

    const odds = above(was, 3);
    const created = await boost({ ...base, odds: odds / 1000 });
    expect(created.code, created.body.message).toBe(200);
    expect(created.body.data).toMatchObject({ odds: odds / 1000, was: was / 1000, maxStake: 20 });
    const twice = await boost({ ...base, odds: odds / 1000 });
    expect(twice.body.message).toBe('Esta seleção já tem uma Super Odd ativa');
    const listed = (await call(sports.app(), { method: 'GET', url: '/api/app/sports/boosts' })).body.data;
    // With the fixture's sport: a player's page names a market like 'totals' by it (points, sets…).
    expect(listed).toContainEqual(
      expect.objectContaining({ id: created.body.data.id, odds: odds / 1000, sport: 'football' }),
    );
    const chain = await verifyAuditChain(sports.app().ctx.db);
    expect(chain.problems).toEqual([]);
  });

  it('is a single at the boosted price, within the player’s limit, with no cash-out', async () => {
    const f = upcoming(1);
    const was = priceOf(f, 'match_winner:full', 'away');
    const odds = above(was, 2);
    const { id } = (
      await boost({
        fixtureId: f.id,
        marketId: 'match_winner:full',
        outcomeId: 'away',
        odds: odds / 1000,
        maxStake: 20,
      })
    ).body.data;
    const leg = { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'away', odds: odds / 1000 };
    const p = await fundedPlayer(sports.app(), 100);

    const atBook = await bet(p.token, { boostId: id, stake: 5, legs: [{ ...leg, odds: was / 1000 }] });
    expect(atBook.body.message).toBe('As odds mudaram. Confira a nova cotação');
    const other = upcoming(2);
    const parlay = await bet(p.token, {
      boostId: id,
      stake: 5,
      legs: [
        leg,
        {
          fixtureId: other.id,
          marketId: 'match_winner:full',
          outcomeId: 'home',
          odds: priceOf(other, 'match_winner:full', 'home') / 1000,
        },
      ],
    });
    expect(parlay.body.message).toBe('A Super Odd vale só como aposta simples na seleção turbinada');

    const first = await bet(p.token, { boostId: id, stake: 15, legs: [leg] });
    expect(first.code, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ combinedOdds: odds / 1000, kind: 'single' });
    const over = await bet(p.token, { boostId: id, stake: 10, legs: [leg] });
    expect(over.code).toBe(409);
    expect(over.body.message).toBe('Nesta Super Odd você ainda pode apostar até R$ 5,00');
    expect((await playerBalances(sports.app().ctx.db, p.userId)).user_cash).toBe(10_000 - 1_500);
    expect((await bet(p.token, { boostId: id, stake: 5, legs: [leg] })).code).toBe(200);
    // The same selection without the boost is an ordinary bet at the book's price.
    expect((await bet(p.token, { stake: 5, legs: [{ ...leg, odds: was / 1000 }] })).code).toBe(200);

    const list = (
      await call(sports.app(), { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) })
    ).body.data.list as Array<{ betId: string; boosted: boolean; cashout: { available: boolean } }>;
    const boosted = list.find((b) => b.betId === first.body.data.betId)!;
    expect(boosted).toMatchObject({ boosted: true, cashout: { available: false, value: null } });
    const cashout = await call(sports.app(), {
      method: 'POST',
      url: '/api/app/sports/cashout',
      headers: { ...auth(p.token), 'idempotency-key': `boost-co-${counter++}` },
      payload: { betId: first.body.data.betId },
    });
    expect(cashout.body.message).toBe('Encerrar aposta indisponível no momento');
    expect(list.filter((b) => !b.boosted)).toHaveLength(1);

    // Settled at the boosted price; the report shows the boost apart, with what it cost.
    const finalAt = feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000;
    const full = feed().result(f.id, finalAt)!.result.scores.full!;
    clock.set(finalAt);
    await runSettlement(sports.app().ctx, sports.app().sports);
    const won = full.away > full.home;
    const settled = (
      await call(sports.app(), { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) })
    ).body.data.list as Array<{ betId: string; result: number; payout: number }>;
    expect(settled.find((b) => b.betId === first.body.data.betId)).toMatchObject({
      result: won ? BetResult.won : BetResult.lost,
      payout: won ? Math.floor(15 * odds) / 1000 : 0,
    });
    const report = (
      await call(sports.app(), { method: 'GET', url: '/api/admin/sports/boosts', headers: sports.operator() })
    ).body.data as Array<{
      id: number;
      bets: number;
      players: number;
      stakes: number;
      paid: number;
      boostCost: number;
    }>;
    const row = report.find((r) => r.id === id)!;
    expect(row).toMatchObject({ bets: 2, players: 1, stakes: 20 });
    expect(row.paid).toBe(won ? (Math.floor(15 * odds) + Math.floor(5 * odds)) / 1000 : 0);
    expect(row.boostCost).toBeCloseTo(won ? (20 * (odds - was)) / 1000 : 0, 1);
  });

  it('a burst of simultaneous bets never passes the limit', async () => {
    clock.set(START);
    const f = upcoming(3);
    const odds = above(priceOf(f, 'match_winner:full', 'home'), 2);
    const { id } = (
      await boost({
        fixtureId: f.id,
        marketId: 'match_winner:full',
        outcomeId: 'home',
        odds: odds / 1000,
        maxStake: 20,
      })
    ).body.data;
    const leg = { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'home', odds: odds / 1000 };
    const p = await fundedPlayer(sports.app(), 100);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => bet(p.token, { boostId: id, stake: 5, legs: [leg] })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 409)).toBe(true);
    expect((await playerBalances(sports.app().ctx.db, p.userId)).user_cash).toBe(10_000 - 2_000);

    // The counter alone (without the wallet's lock, which orders one player's bets anyway): ten
    // simultaneous transactions adding R$ 5 to a R$ 20 limit, four succeed.
    const r = await fundedPlayer(sports.app(), 1);
    const reserved = await Promise.all(
      Array.from({ length: 10 }, () =>
        sports
          .app()
          .ctx.db.transaction()
          .execute((trx) => reserveBoostStake(trx, id, r.userId, 500, 2_000)),
      ),
    );
    expect(reserved.filter((t) => t !== null).sort((a, b) => a! - b!)).toEqual([500, 1_000, 1_500, 2_000]);

    // Ended: no more bets at its price.
    const ended = await call(sports.app(), {
      method: 'POST',
      url: `/api/admin/sports/boosts/${id}/end`,
      headers: sports.operator(),
    });
    expect(ended.code).toBe(200);
    const q = await fundedPlayer(sports.app(), 10);
    expect((await bet(q.token, { boostId: id, stake: 5, legs: [leg] })).body.message).toBe(
      'Opção não disponível para apostas',
    );
    const listed = (await call(sports.app(), { method: 'GET', url: '/api/app/sports/boosts' })).body
      .data as Array<{
      id: number;
    }>;
    expect(listed.map((b) => b.id)).not.toContain(id);
  });
});
