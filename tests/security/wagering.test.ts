import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auth,
  call,
  completeKyc,
  eventually,
  fundedPlayer,
  registerPlayer,
  type Player,
} from '../server/helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { cancelInterruptedRound, roundTick } from '../../server/modules/games/rounds.service';
import { afterStartOf, buildSportsApp, manualClock } from '../server/sports/sports-helpers';
import { decideDueBets, runSettlement } from '../../server/modules/sports/jobs';
import type { SimulatedFeed } from '../../server/modules/sports/sim/simulated-feed';
import { MatchTime } from '../../domain/codes';

/**
 * Wagering is what was risked (trust issue, finding 3): R$ 100 on Mines with 24 mines, stopped
 * before a reveal, came back each time while `gameSumAmount` rose by R$ 100 — the turnover of a
 * deposit was met with no risk, VIP levels and awards were reached, and a referrer earned
 * commission on it. Every refund path now counts nothing, the settled ones count their stake, and
 * the ledger audit checks each player's total against the settled bets after every test.
 */
const START = Date.UTC(2026, 2, 13, 12, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let counter = 0;
const key = () => `wg-${Date.now()}-${counter++}`;

beforeAll(async () => {
  app = await buildSportsApp(clock.now, { TREVO_TURNOVER_MAIN: '1' });
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const info = async (p: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(p.token) })).body.data;

async function deposit(player: Player) {
  const pre = await call(app, {
    method: 'POST',
    url: '/api/app/order/prePay/BRL3',
    headers: { ...auth(player.token), 'idempotency-key': key() },
    payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
  });
  expect(pre.code, pre.body.message).toBe(200);
  await call(app, { method: 'POST', url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`, payload: {} });
  await eventually(async () => {
    const s = await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${pre.body.data.orderId}`,
      headers: auth(player.token),
    });
    return s.body.data.status === '10' ? true : undefined;
  });
}

describe('only what was risked counts as wagered', () => {
  it('Mines stopped before a reveal, five times: nothing wagered, nothing withdrawable, no commission', async () => {
    const referrer = await registerPlayer(app);
    const p = await registerPlayer(app, { regcode: (await info(referrer)).yqm });
    await completeKyc(app, p);
    await deposit(p);
    const stake = (await info(p)).balance as number;
    for (let i = 0; i < 5; i++) {
      const bet = await call(app, {
        method: 'POST',
        url: '/api/app/game/mines/bet',
        headers: { ...auth(p.token), 'idempotency-key': key() },
        payload: { amount: stake, mines: 24 },
      });
      expect(bet.code, bet.body.message).toBe(200);
      const stop = await call(app, { method: 'GET', url: '/api/app/game/stopGame', headers: auth(p.token) });
      expect(stop.body.data).toEqual({ settled: true });
    }
    const me = await info(p);
    expect(me.balance).toBe(stake);
    expect(me.gameSumAmount).toBe(0);
    expect(me.level).toBe(0);
    const limits = await call(app, {
      method: 'GET',
      url: '/api/app/order/getWithdraw',
      headers: auth(p.token),
    });
    expect(limits.body.data.wdAmount).toBe(0);
    expect((await info(referrer)).level1Amount).toBe(0);

    // One gem revealed: that bet was played, its stake counts.
    const played = await call(app, {
      method: 'POST',
      url: '/api/app/game/mines/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { amount: 1, mines: 1 },
    });
    const reveal = await call(app, {
      method: 'POST',
      url: '/api/app/game/mines/reveal',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { gameId: played.body.data.gameId, tile: 0, step: 0 },
    });
    expect(reveal.code, reveal.body.message).toBe(200);
    if (reveal.body.data.status === 'open') {
      await call(app, {
        method: 'POST',
        url: '/api/app/game/mines/cashout',
        headers: { ...auth(p.token), 'idempotency-key': key() },
        payload: { gameId: played.body.data.gameId },
      });
    }
    expect((await info(p)).gameSumAmount).toBe(1);
  });

  it('a cancelled round counts nothing; a drawn one counts its stake', async () => {
    const p = await fundedPlayer(app, 100);
    const closeRound = async (id: string, agoMs: number) => {
      await app.ctx.db
        .updateTable('rounds')
        .set({ closes_at: new Date(Date.now() - agoMs), completes_at: new Date(Date.now() - agoMs) })
        .where('id', '=', id)
        .execute();
      await roundTick(app.ctx, 'double');
    };
    const openRound = async () => {
      for (let i = 0; i < 5; i++) {
        const s = (await call(app, { method: 'GET', url: '/api/app/game/double/state' })).body.data;
        if (s.round?.phase === 'betting') return s.round as { roundId: string };
        if (s.round?.phase === 'rolling') await closeRound(s.round.roundId, 100);
        await roundTick(app.ctx, 'double');
      }
      throw new Error('no open round');
    };
    const betIn = async (roundId: string) => {
      const bet = await call(app, {
        method: 'POST',
        url: '/api/app/game/double/bet',
        headers: { ...auth(p.token), 'idempotency-key': key() },
        payload: { roundId, color: 'red', amount: 7 },
      });
      expect(bet.code, bet.body.message).toBe(200);
      return bet.body.data.betId as string;
    };
    const wagerOf = async (id: string) =>
      app.ctx.db
        .selectFrom('bets')
        .select(['status', 'wager_cents'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // Its driver stopped for a minute past the close: the round is cancelled, the stake refunded.
    const cancelled = await betIn((await openRound()).roundId);
    const round = await app.ctx.db
      .selectFrom('bets')
      .select('round_id')
      .where('id', '=', cancelled)
      .executeTakeFirstOrThrow();
    await closeRound(round.round_id!, 60_000);
    expect(await wagerOf(cancelled)).toMatchObject({ status: 'cancelled', wager_cents: expect.anything() });
    expect(Number((await wagerOf(cancelled)).wager_cents)).toBe(0);
    expect((await info(p)).gameSumAmount).toBe(0);
    // A round drawn and paid: the stake counts.
    const drawn = await betIn((await openRound()).roundId);
    const open = await app.ctx.db
      .selectFrom('bets')
      .select('round_id')
      .where('id', '=', drawn)
      .executeTakeFirstOrThrow();
    await closeRound(open.round_id!, 100);
    await closeRound(open.round_id!, 100);
    await cancelInterruptedRound(app.ctx, 'double');
    expect(await wagerOf(drawn)).toMatchObject({ status: 'settled' });
    expect(Number((await wagerOf(drawn)).wager_cents)).toBe(700);
    expect((await info(p)).gameSumAmount).toBe(7);
  });

  it('a sports bet counts when settled as played; a void counts nothing, and a correction moves the count', async () => {
    const feed = app.sports.feed as SimulatedFeed;
    const fixtures = feed
      .listFixtures({ sport: 'football' }, clock.now())
      .filter((f) => f.state.phase === 'pre' && f.startsAt > clock.now() + 60_000)
      .filter((f) => feed.timelineOf(f.id)!.fixture.fate === 'normal');
    const f = fixtures[0]!;
    const p = await fundedPlayer(app, 100);
    const odds = f.markets.find((m) => m.id === 'match_winner:full')!.outcomes[0]!.oddsMilli! / 1000;
    const placed = await call(app, {
      method: 'POST',
      url: '/api/app/sports/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: {
        stake: 10,
        legs: [{ fixtureId: f.id, marketId: 'match_winner:full', outcomeId: 'home', odds }],
      },
    });
    expect(placed.code, placed.body.message).toBe(200);
    // Open: nothing is wagered yet.
    expect((await info(p)).gameSumAmount).toBe(0);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const op = auth(login.body.data.access_token);
    afterStartOf(clock, [f]);
    const url = `/api/admin/sports/fixtures/${f.id}/result`;
    await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 2, away: 0 } },
    });
    expect((await info(p)).gameSumAmount).toBe(10);
    // Corrected to cancelled: every bet void, the wager taken back out.
    const voided = await call(app, {
      method: 'POST',
      url,
      headers: op,
      payload: { status: MatchTime.cancelled },
    });
    expect(voided.code, voided.body.message).toBe(200);
    expect((await info(p)).gameSumAmount).toBe(0);
  });

  it('a live bet refused in its delay counts nothing', async () => {
    const feed = app.sports.feed as SimulatedFeed;
    clock.set(START + 2 * 86_400_000);
    const f = feed
      .listFixtures({ sport: 'football' }, clock.now())
      .filter((x) => x.state.phase === 'pre' && feed.timelineOf(x.id)!.fixture.fate === 'normal')[0]!;
    let at = feed.clock.toReal(feed.timelineOf(f.id)!.kickoff!) + 5 * 60_000;
    while (feed.snapshot(f.id, at)!.state.suspended) at += 5_000;
    clock.set(at);
    const market = feed.snapshot(f.id, at)!.markets.find((m) => m.id === 'match_winner:full')!;
    const p = await fundedPlayer(app, 100);
    const placed = await call(app, {
      method: 'POST',
      url: '/api/app/sports/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: {
        stake: 5,
        oddsChange: 'any',
        legs: [
          {
            fixtureId: f.id,
            marketId: market.id,
            outcomeId: 'draw',
            odds: market.outcomes[1]!.oddsMilli! / 1000,
          },
        ],
      },
    });
    expect(placed.code, placed.body.message).toBe(200);
    // A bet stop the feed reported during the delay (as the leg's record of it shows).
    await app.ctx.db
      .updateTable('sports_bet_legs')
      .set((eb) => ({ stop_seq: eb('stop_seq', '-', 1) }))
      .where('bet_id', '=', placed.body.data.betId)
      .execute();
    clock.set(at + app.sports.liveDelayMs('football') + 1);
    await decideDueBets(app.ctx, app.sports);
    const row = await app.ctx.db
      .selectFrom('sports_bets')
      .select(['state', 'wager_cents'])
      .where('id', '=', placed.body.data.betId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('refused');
    expect(Number(row.wager_cents)).toBe(0);
    expect((await info(p)).gameSumAmount).toBe(0);
    await runSettlement(app.ctx, app.sports);
    expect((await info(p)).gameSumAmount).toBe(0);
  });
});
