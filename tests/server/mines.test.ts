import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, fundedPlayer, minesBoard, type Player } from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';
import { settleIdleMines } from '../../server/modules/games/mines.service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
const key = () => `mn-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const player = (reais = 100): Promise<P> => fundedPlayer(app, reais);

const post = (p: Player, path: string, body: Record<string, unknown>, k = key()) =>
  call(app, {
    method: 'POST',
    url: `/api/app/game/mines/${path}`,
    headers: { ...auth(p.token), 'idempotency-key': k },
    payload: body,
  });

/** The board of a started game, read from the seeds as a verifier would after the fact. */
const board = (p: P, gameId: string) => minesBoard(app.ctx.db, p.userId, gameId);

async function start(p: P, mines = 3, amount = 10) {
  const res = await post(p, 'bet', { amount, mines });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data as { gameId: string; step: number; multiplier: number; nextMultiplier: number };
}

describe('MINES', () => {
  it('reveals gems with rising multipliers and cashes out once', async () => {
    const p = await player();
    const game = await start(p, 3, 10);
    expect(game).toMatchObject({ step: 0, multiplier: 1, nextMultiplier: 1.125 });
    const mines = await board(p, game.gameId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
    const r1 = await post(p, 'reveal', { gameId: game.gameId, tile: safe[0], step: 0 });
    expect(r1.body.data).toMatchObject({ mine: false, step: 1, multiplier: 1.125, nextMultiplier: 1.2857 });
    const r2 = await post(p, 'reveal', { gameId: game.gameId, tile: safe[1], step: 1 });
    expect(r2.body.data.step).toBe(2);
    const out = await post(p, 'cashout', { gameId: game.gameId });
    expect(out.body.data).toMatchObject({ status: 'cashed', payout: 12.85, outcome: { mines } });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 + 1_285);
  });

  it('loses the stake on a mine and shows the board', async () => {
    const p = await player();
    const game = await start(p, 24, 1);
    const mines = await board(p, game.gameId);
    const res = await post(p, 'reveal', { gameId: game.gameId, tile: mines[0], step: 0 });
    expect(res.body.data).toMatchObject({ mine: true, status: 'busted', payout: 0, outcome: { mines } });
    expect((await post(p, 'cashout', { gameId: game.gameId })).code).toBe(409);
  });

  it('cashes out automatically when every gem is found', async () => {
    const p = await player();
    const game = await start(p, 24, 1);
    const mines = await board(p, game.gameId);
    const gem = Array.from({ length: 25 }, (_, i) => i).find((t) => !mines.includes(t))!;
    const res = await post(p, 'reveal', { gameId: game.gameId, tile: gem, step: 0 });
    expect(res.body.data).toMatchObject({ mine: false, status: 'cashed', payout: 24.75 });
  });

  it('keeps one open game per player, refuses out-of-order moves and cash-out without a gem', async () => {
    const p = await player();
    const game = await start(p);
    expect((await post(p, 'bet', { amount: 1, mines: 3 })).body.message).toBe(
      'Você já tem uma partida de Mines aberta',
    );
    expect((await post(p, 'reveal', { gameId: game.gameId, tile: 0, step: 3 })).code).toBe(409);
    expect((await post(p, 'cashout', { gameId: game.gameId })).body.message).toBe(
      'Revele ao menos uma casa antes de sacar',
    );
    expect((await post(p, 'bet', { amount: 1, mines: 25 })).body.message).toBe('Escolha de 1 a 24 minas');
    const other = await player();
    expect((await post(other, 'reveal', { gameId: game.gameId, tile: 0, step: 0 })).code).toBe(404);
  });

  it('50 concurrent cash-outs pay once; 50 concurrent reveals of one tile reveal once', async () => {
    const p = await player();
    const game = await start(p, 3, 10);
    const mines = await board(p, game.gameId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
    const reveals = await Promise.all(
      Array.from({ length: 50 }, () => post(p, 'reveal', { gameId: game.gameId, tile: safe[0], step: 0 })),
    );
    expect(reveals.filter((r) => r.code === 200)).toHaveLength(1);
    expect(reveals.filter((r) => r.code >= 500)).toHaveLength(0);
    const outs = await Promise.all(
      Array.from({ length: 50 }, () => post(p, 'cashout', { gameId: game.gameId })),
    );
    expect(outs.every((o) => o.code === 200)).toBe(true);
    expect(new Set(outs.map((o) => o.body.data.payout))).toEqual(new Set([11.25]));
    const payouts = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `payout:${game.gameId}`)
      .execute();
    expect(payouts).toHaveLength(1);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 + 1_125);
  });

  it('resumes through inPlay, locks withdrawals while open, and stopGame settles by the rule', async () => {
    const p = await player();
    const game = await start(p, 5, 10);
    const inPlay = await call(app, { method: 'GET', url: '/api//app/game/inPlay', headers: auth(p.token) });
    expect(inPlay.body.data.mines).toMatchObject({ gameId: game.gameId, step: 0, status: 'open' });
    expect(inPlay.body.data.mines.outcome).toBeUndefined();
    const limits = await call(app, {
      method: 'GET',
      url: '/api/app/order/getWithdraw',
      headers: auth(p.token),
    });
    expect(limits.body.data.lock).toBe(true);
    const rotate = await call(app, {
      method: 'POST',
      url: '/api/app/game/fairness/rotate',
      headers: auth(p.token),
      payload: {},
    });
    expect(rotate.code).toBe(409);
    // No gem yet: stopGame refunds the stake.
    const stop = await call(app, { method: 'GET', url: '/api/app/game/stopGame', headers: auth(p.token) });
    expect(stop.body.data).toEqual({ settled: true });
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000);
    expect(
      (await call(app, { method: 'GET', url: '/api/app/game/inPlay', headers: auth(p.token) })).body.data
        .mines,
    ).toBeNull();
  });

  it('settles a game idle for 30 minutes at its cash-out value', async () => {
    const p = await player();
    const game = await start(p, 3, 10);
    const mines = await board(p, game.gameId);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((t) => !mines.includes(t))!;
    await post(p, 'reveal', { gameId: game.gameId, tile: safe, step: 0 });
    expect(await settleIdleMines(app.ctx)).toBe(0);
    await app.ctx.db
      .updateTable('mines_games')
      .set({ last_move_at: new Date(Date.now() - 31 * 60_000) })
      .where('bet_id', '=', game.gameId)
      .execute();
    expect(await settleIdleMines(app.ctx)).toBe(1);
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(10_000 - 1_000 + 1_125);
  });
});
