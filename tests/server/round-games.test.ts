import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, eventually, fundedPlayer, type Player } from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';
import { cancelInterruptedRound, roundTick } from '../../server/modules/games/rounds.service';
import { ensureChain, hashAt } from '../../server/modules/games/chain';
import { doubleTile, followsInChain, luckyDigit } from '../../domain/fairness/chain';
import { doubleColor, doubleMultiplier, luckyMultiplier, payoutCents } from '../../domain/games/rules';

let app: FastifyInstance;
beforeAll(async () => {
  // The rounds' test control (POST /dev/rounds/:game/close) exists only with the test clock.
  app = await buildTestApp({}, { TREVO_TEST_CLOCK: '1' });
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
const key = () => `rd-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const player = (reais = 100): Promise<P> => fundedPlayer(app, reais);

const state = async (game: string) =>
  (await call(app, { method: 'GET', url: `/api/app/game/${game}/state` })).body.data;

/** Moves the open round's close into the past (as if its countdown ran out) and ticks. */
async function closeRound(game: 'double' | 'luckycolor', id: string, agoMs = 100) {
  await app.ctx.db
    .updateTable('rounds')
    .set({ closes_at: new Date(Date.now() - agoMs), completes_at: new Date(Date.now() - agoMs) })
    .where('id', '=', id)
    .execute();
  await roundTick(app.ctx, game);
}

async function openRound(game: 'double' | 'luckycolor') {
  for (let i = 0; i < 5; i++) {
    const s = await state(game);
    if (s.round?.phase === 'betting') return s.round;
    if (s.round?.phase === 'rolling') await closeRound(game, s.round.roundId);
    await roundTick(app.ctx, game);
  }
  throw new Error('no open round');
}

describe('round games', () => {
  it('publishes the chain, runs DOUBLE rounds and pays bets by the revealed hash', async () => {
    const chain = (await call(app, { method: 'GET', url: '/api/app/game/chain/double' })).body.data;
    expect(chain).toMatchObject({ length: 2000 });
    const round = await openRound('double');
    expect(round.previousHash).toBe(round.number === 1 ? chain.terminatingHash : round.previousHash);
    expect(round.hash).toBeNull();
    const p = await player();
    const bets = await Promise.all(
      (['red', 'black', 'white'] as const).map((color) =>
        call(app, {
          method: 'POST',
          url: '/api/app/game/double/bet',
          headers: { ...auth(p.token), 'idempotency-key': key() },
          payload: { roundId: round.roundId, color, amount: 10 },
        }),
      ),
    );
    expect(bets.map((b) => b.code)).toEqual([200, 200, 200]);
    expect((await state('double')).round.totals).toEqual({ red: 10, black: 10, white: 10 });
    // The round is not verifiable while open.
    expect(
      (await call(app, { method: 'GET', url: `/api/app/game/rounds/double/${round.roundId}` })).code,
    ).toBe(404);

    await closeRound('double', round.roundId);
    const finished = (await call(app, { method: 'GET', url: `/api/app/game/rounds/double/${round.roundId}` }))
      .body.data;
    expect(followsInChain(finished.hash, finished.previousHash)).toBe(true);
    expect(finished.result).toBe(doubleTile(chain.salt, finished.hash));
    const color = doubleColor(finished.result);
    const expected = 10_000 - 3_000 + (color === 'white' ? 14_000 : 2_000);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(expected);
    // A bet after close is refused and changes nothing.
    const late = await call(app, {
      method: 'POST',
      url: '/api/app/game/double/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { roundId: round.roundId, color: 'red', amount: 1 },
    });
    expect(late.code).toBe(409);
    expect(late.body.message).toBe('Opção não disponível para apostas');
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(expected);
  });

  it("sends the room the round's totals after bets, at most every 250 ms, the last with every bet", async () => {
    const round = await openRound('double');
    const sent: Array<{ roundId: string; totals: Record<string, number> }> = [];
    const to = vi.spyOn(app.ctx.realtime.io, 'to').mockImplementation(
      (room) =>
        ({
          emit: (event: string, payload: { roundId: string; totals: Record<string, number> }) => {
            if (room === 'game:double' && event === 'round.bets') sent.push(payload);
            return true;
          },
        }) as never,
    );
    try {
      const p = await player();
      const codes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(app, {
            method: 'POST',
            url: '/api/app/game/double/bet',
            headers: { ...auth(p.token), 'idempotency-key': key() },
            payload: { roundId: round.roundId, color: i % 3 === 0 ? 'white' : 'red', amount: 1 },
          }).then((r) => r.code),
        ),
      );
      expect(codes).toEqual(Array(12).fill(200));
      const expected = { red: 8, white: 4 };
      // The last message carries every bet (the bets' own flushes may land in either order).
      const complete = () => sent.at(-1)?.totals.red === 8 && sent.at(-1)?.totals.white === 4;
      await eventually(async () => (complete() ? true : undefined), 3000);
      expect(sent.at(-1)).toEqual({ game: 'double', roundId: round.roundId, totals: expected });
      // Twelve bets, far fewer messages: the room hears the totals, not every bet.
      expect(sent.length).toBeLessThan(12);
    } finally {
      to.mockRestore();
      // Settle it, so the next test opens a round of its own (also when this one failed).
      await closeRound('double', round.roundId);
    }
  });

  it('runs LUCKYCOLOR periods with digit picks and the default payouts', async () => {
    const round = await openRound('luckycolor');
    const p = await player();
    for (const pick of ['green', '7', 'big']) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/app/game/luckycolor/bet',
        headers: { ...auth(p.token), 'idempotency-key': key() },
        payload: { periodId: round.roundId, pick, amount: 1 },
      });
      expect(res.code).toBe(200);
    }
    await closeRound('luckycolor', round.roundId);
    const chain = (await call(app, { method: 'GET', url: '/api/app/game/chain/luckycolor' })).body.data;
    const finished = (
      await call(app, { method: 'GET', url: `/api/app/game/rounds/luckycolor/${round.roundId}` })
    ).body.data;
    const digit = luckyDigit(chain.salt, finished.hash);
    expect(finished.result).toBe(digit);
    const won = ['green', '7', 'big'].reduce(
      (sum, pick) => sum + payoutCents(100, luckyMultiplier(pick as 'green', digit)),
      0,
    );
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 300 + won);
    const history = (await state('luckycolor')).recent;
    expect(history[0]).toMatchObject({ roundId: round.roundId, result: digit });
  });

  it("the rounds' test control closes the open round now and settles it like its window's end", async () => {
    const round = await openRound('luckycolor');
    const p = await player();
    const bet = await call(app, {
      method: 'POST',
      url: '/api/app/game/luckycolor/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { periodId: round.roundId, pick: 'big', amount: 2 },
    });
    expect(bet.code).toBe(200);
    const closed = await call(app, { method: 'POST', url: '/dev/rounds/luckycolor/close' });
    expect(closed.body).toEqual({ roundId: round.roundId });
    const finished = (
      await call(app, { method: 'GET', url: `/api/app/game/rounds/luckycolor/${round.roundId}` })
    ).body.data;
    const won = luckyMultiplier('big', finished.result);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 200 + payoutCents(200, won));
    // The roll keeps its configured length: the next round opens only when this one completes.
    const { rollingMs, completeMs } = app.ctx.config.file.games.luckycolor;
    const row = await app.ctx.db
      .selectFrom('rounds')
      .select(['closes_at', 'completes_at', 'status'])
      .where('id', '=', round.roundId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rolling');
    expect(new Date(row.completes_at).getTime() - new Date(row.closes_at).getTime()).toBe(
      rollingMs + completeMs,
    );
    // Nothing takes bets now: the control says so and changes nothing.
    expect((await call(app, { method: 'POST', url: '/dev/rounds/luckycolor/close' })).body).toEqual({
      roundId: null,
    });
    expect((await call(app, { method: 'POST', url: '/dev/rounds/dice/close' })).code).toBe(400);
    // A round whose window already ended is the scheduler's: to close, or to cancel when late.
    await closeRound('luckycolor', round.roundId);
    const next = await openRound('luckycolor');
    await app.ctx.db
      .updateTable('rounds')
      .set({ closes_at: new Date(Date.now() - 60_000) })
      .where('id', '=', next.roundId)
      .execute();
    expect((await call(app, { method: 'POST', url: '/dev/rounds/luckycolor/close' })).body).toEqual({
      roundId: null,
    });
    await roundTick(app.ctx, 'luckycolor');
    const late = await app.ctx.db
      .selectFrom('rounds')
      .select('status')
      .where('id', '=', next.roundId)
      .executeTakeFirstOrThrow();
    expect(late.status).toBe('cancelled');
    const plain = await buildTestApp();
    try {
      expect((await plain.inject({ method: 'POST', url: '/dev/rounds/double/close' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('a bet racing the close is either in the round or refused, never both', async () => {
    const round = await openRound('double');
    const p = await player();
    const racing = Array.from({ length: 20 }, () =>
      call(app, {
        method: 'POST',
        url: '/api/app/game/double/bet',
        headers: { ...auth(p.token), 'idempotency-key': key() },
        payload: { roundId: round.roundId, color: 'red', amount: 1 },
      }),
    );
    const closing = closeRound('double', round.roundId);
    const answers = await Promise.all(racing);
    await closing;
    const accepted = answers.filter((a) => a.code === 200).map((a) => a.body.data.betId);
    expect(answers.every((a) => a.code === 200 || a.code === 409)).toBe(true);
    const settled = await app.ctx.db
      .selectFrom('bets')
      .select(['id', 'status'])
      .where('round_id', '=', round.roundId)
      .execute();
    expect(settled.map((b) => b.id).sort()).toEqual(accepted.sort());
    expect(settled.every((b) => b.status === 'settled')).toBe(true);
  });

  it('cancels and refunds a round the server left open (restart), then opens the next', async () => {
    const round = await openRound('double');
    const p = await player();
    await call(app, {
      method: 'POST',
      url: '/api/app/game/double/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { roundId: round.roundId, color: 'black', amount: 7 },
    });
    await closeRound('double', round.roundId, 60_000);
    const row = await app.ctx.db
      .selectFrom('rounds')
      .select('status')
      .where('id', '=', round.roundId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000);
    await roundTick(app.ctx, 'double');
    expect((await state('double')).round.phase).toBe('betting');
  });

  it('pays once the bets a stopped instance left open in a round it had closed', async () => {
    const round = await openRound('double');
    const p = await player();
    const placed = await call(app, {
      method: 'POST',
      url: '/api/app/game/double/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { roundId: round.roundId, color: 'red', amount: 7 },
    });
    expect(placed.body.status).toBe(200);
    // The instance closed the round (hash and result stored) and stopped before paying the bet.
    const chain = await ensureChain(app.ctx.db, 'double', app.ctx.config.file.games.chainLength);
    const number = Number(round.roundId.split('-')[1]);
    const hash = await hashAt(app.ctx.db, 'double', number, chain.length);
    const result = doubleTile(chain.salt, hash);
    await app.ctx.db
      .updateTable('rounds')
      .set({ status: 'rolling', hash, result })
      .where('id', '=', round.roundId)
      .execute();
    const paid = doubleColor(result) === 'red' ? payoutCents(700, doubleMultiplier('red')) : 0;
    // The next driver settles it when it takes over; a second pass pays nothing more.
    await cancelInterruptedRound(app.ctx, 'double');
    await cancelInterruptedRound(app.ctx, 'double');
    const bet = await app.ctx.db
      .selectFrom('bets')
      .select(['status', 'payout_cents'])
      .where('id', '=', placed.body.data.betId)
      .executeTakeFirstOrThrow();
    expect(bet.status).toBe('settled');
    expect(Number(bet.payout_cents)).toBe(paid);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 700 + paid);
  });

  it("a player's state call brings their bets of the round, open and then settled (a reload)", async () => {
    const round = await openRound('double');
    const p = await player();
    const other = await player();
    for (const who of [p, other]) {
      await call(app, {
        method: 'POST',
        url: '/api/app/game/double/bet',
        headers: { ...auth(who.token), 'idempotency-key': key() },
        payload: { roundId: round.roundId, color: 'red', amount: 2 },
      });
    }
    const mine = async () =>
      (await call(app, { method: 'GET', url: '/api/app/game/double/state', headers: auth(p.token) })).body
        .data.myBets;
    expect(await mine()).toEqual([
      expect.objectContaining({
        roundId: round.roundId,
        pick: 'red',
        amount: 2,
        status: 'open',
        payout: null,
      }),
    ]);
    expect((await state('double')).myBets).toEqual([]);
    await closeRound('double', round.roundId);
    const result = (await state('double')).round.result;
    const payout = doubleColor(result) === 'red' ? 4 : 0;
    expect(await mine()).toEqual([expect.objectContaining({ status: 'settled', payout })]);
    // The next round opens; the finished one's bets still come with the state.
    await roundTick(app.ctx, 'double');
    await roundTick(app.ctx, 'double');
    expect((await state('double')).round.phase).toBe('betting');
    expect((await mine()).map((b: { roundId: string }) => b.roundId)).toEqual([round.roundId]);
  });

  it("lists the player's bets in the game history", async () => {
    const p = await player();
    await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    const history = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?kind=game',
      headers: auth(p.token),
    });
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.list[0]).toMatchObject({ game: 'dice', amount: 1, status: 'settled' });
    expect(history.body.data.list[0].fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
