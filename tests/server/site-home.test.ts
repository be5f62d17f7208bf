import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, CAPTCHA, captcha, fundedPlayer, type Player } from './helpers';

/**
 * Issue 7: home's winners feed for visitors (`GET /api/app/main/winners`: paid bets only, players
 * masked, demo accounts left out) and `/gameMess`'s history of one game (`records?kind=game&game=`).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
const bet = (p: Player, game: string, body: Record<string, unknown>) =>
  call(app, {
    method: 'POST',
    url: `/api/app/game/${game}/bet`,
    headers: { ...auth(p.token), 'idempotency-key': `site-${Date.now()}-${counter++}` },
    payload: body,
  });

/** Dice under 98 wins 98% of rolls; repeats until one pays. */
async function winDice(p: Player) {
  for (let i = 0; i < 10; i++) {
    const res = await bet(p, 'dice', { amount: 2, target: 98, direction: 'under' });
    expect(res.body.status).toBe(200);
    if (res.body.data.payout > 0) return res.body.data as { betId: string; payout: number };
  }
  throw new Error('no win in ten 98% rolls');
}

describe('winners feed', () => {
  it('lists paid bets newest first, masked, without losses, for a visitor', async () => {
    const p = await fundedPlayer(app);
    const win = await winDice(p);
    // A certain loss (0.01% chance to win) must not appear.
    const loss = await bet(p, 'dice', { amount: 1, target: 99.99, direction: 'over' });
    expect(loss.body.status).toBe(200);

    const res = await call(app, { method: 'GET', url: '/api/app/main/winners' });
    expect(res.code).toBe(200);
    const list = res.body.data as Array<{ id: string; player: string; payout: number; game: string }>;
    expect(list[0]).toMatchObject({ id: win.betId, game: 'dice', payout: win.payout, amount: 2 });
    expect(list[0]!.player).toBe(`${p.email.slice(0, 2)}***@${p.email.split('@')[1]!.slice(0, 1)}***`);
    expect(list.every((w) => w.payout > 0)).toBe(true);
    if (loss.body.data.payout === 0) expect(list.some((w) => w.id === loss.body.data.betId)).toBe(false);
    expect(JSON.stringify(list)).not.toContain(p.email);
  });

  it('counts the winnings paid in guestAnalysis', async () => {
    const before = (await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' })).body.data.amount;
    const win = await winDice(await fundedPlayer(app));
    const after = (await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' })).body.data.amount;
    expect(Math.round((after - before) * 100)).toBe(Math.round(win.payout * 100));
  });

  it('leaves demo accounts out', async () => {
    const demo = (await call(app, { method: 'GET', url: '/api/app/user/getUserTest' })).body.data;
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: demo.username, pwd: demo.pwd, codeId: await captcha(app), captCode: CAPTCHA },
    });
    expect(login.code, login.body.message).toBe(200);
    const token = login.body.data.access_token as string;
    const played = await bet({ token, email: '', cpf: '' }, 'dice', {
      amount: 2,
      target: 98,
      direction: 'under',
    });
    expect(played.body.status).toBe(200);
    const list = (await call(app, { method: 'GET', url: '/api/app/main/winners' })).body.data as Array<{
      id: string;
    }>;
    expect(list.some((w) => w.id === played.body.data.betId)).toBe(false);
  });
});

describe('game history of one game', () => {
  it('filters the records by game and refuses an unknown game', async () => {
    const p = await fundedPlayer(app);
    await winDice(p);
    const limbo = await bet(p, 'limbo', { amount: 1, target: 2 });
    expect(limbo.body.status).toBe(200);

    const dice = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?kind=game&game=dice',
      headers: auth(p.token),
    });
    expect(dice.body.data.total).toBeGreaterThanOrEqual(1);
    expect(dice.body.data.list.every((r: { game: string }) => r.game === 'dice')).toBe(true);
    const all = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?kind=game',
      headers: auth(p.token),
    });
    expect(all.body.data.total).toBe(dice.body.data.total + 1);

    const bad = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?kind=game&game=poker',
      headers: auth(p.token),
    });
    expect(bad.code).toBe(400);
  });
});
