import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, completeKyc, fundedPlayer, operatorAuth } from './helpers';
import { saoPauloDayOf } from '../../domain/sao-paulo-days';

/**
 * The console's first screen (issue 19): the São Paulo day so far, agreeing with Relatórios, and
 * the work waiting for operators. Everything here comes through the real routes except the paid
 * deposit, whose PSP path deposit.test.ts covers.
 */
let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_TURNOVER_MAIN: '0' });
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const dashboard = async (headers = opAuth) => {
  const res = await call(app, { method: 'GET', url: '/api/admin/dashboard', headers });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data;
};

describe('the dashboard', () => {
  it('counts the day: deposits, the approval queue, GGR as Relatórios has it, players who bet, chats waiting', async () => {
    const before = await dashboard();
    expect(before.day).toBe(saoPauloDayOf(new Date()));

    const player = await fundedPlayer(app, 8_000);
    await completeKyc(app, player);
    await app.ctx.db
      .insertInto('deposit_orders')
      .values({
        id: `dash-${player.userId}`,
        user_id: player.userId,
        pkg_id: '',
        curreny: 'BRL',
        amount_cents: 25_000,
        gift_cents: 0,
        status: '10',
        txid: `dash${player.userId}`,
        pay_no: `dash${player.userId}`,
        expires_at: new Date(Date.now() + 1_800_000),
        paid_at: new Date(),
      })
      .execute();
    const bet = await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(player.token), 'idempotency-key': `dash-bet-${player.userId}` },
      payload: { amount: 10, target: 50, direction: 'over' },
    });
    expect(bet.code, bet.body.message).toBe(200);
    const withdrawal = await call(app, {
      method: 'POST',
      url: '/api/app/order/withdraw',
      headers: { ...auth(player.token), 'idempotency-key': `dash-w-${player.userId}` },
      payload: {
        payCardBank: 'CPF',
        payCardNo: player.cpf,
        name: 'Maria Silva',
        whatsapp: '11987654321',
        amount: 6_000,
      },
    });
    expect(withdrawal.code, withdrawal.body.message).toBe(200);
    const chat = await call(app, {
      method: 'POST',
      url: '/api/app/support/message',
      headers: auth(player.token),
      payload: { text: 'Cadê meu saque?' },
    });
    expect(chat.code, chat.body.message).toBe(200);

    const after = await dashboard();
    expect(after.deposits.count - before.deposits.count).toBe(1);
    expect(after.deposits.amount - before.deposits.amount).toBeCloseTo(250, 2);
    expect(after.withdrawalsRequested.count - before.withdrawalsRequested.count).toBe(1);
    expect(after.approvalQueue.count - before.approvalQueue.count).toBe(1);
    expect(after.approvalQueue.amount - before.approvalQueue.amount).toBeCloseTo(6_000, 2);
    expect(after.activePlayers - before.activePlayers).toBe(1);
    expect(after.chatsWaiting - before.chatsWaiting).toBe(1);
    expect(after.newPlayers - before.newPlayers).toBe(1);

    // GGR is the daily report's own figure; NGR is GGR less the bonuses granted
    const report = await call(app, {
      method: 'GET',
      url: `/api/admin/reports/daily?from=${after.day}&to=${after.day}`,
      headers: opAuth,
    });
    const today = report.body.data[0];
    expect(after.casinoGgr).toBe(today.casinoGgr);
    expect(after.ggr).toBeCloseTo(today.casinoGgr + today.sportsGgr, 2);
    expect(after.casinoGgr - before.casinoGgr).toBeCloseTo(10 - bet.body.data.payout, 2);
    expect(after.ngr).toBeCloseTo(after.ggr - after.bonusCost, 2);
  });

  it('every operator role may read it; a player may not', async () => {
    const created = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers: opAuth,
      payload: { username: 'painel_trader', pwd: 'Operador#Seguro2026', role: 'trader' },
    });
    expect(created.code).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'painel_trader', pwd: 'Operador#Seguro2026' },
    });
    expect((await dashboard(auth(login.body.data.access_token))).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const player = await fundedPlayer(app, 0);
    const refused = await call(app, {
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: auth(player.token),
    });
    expect(refused.code).toBe(403);
  });
});
