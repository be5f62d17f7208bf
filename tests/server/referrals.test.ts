import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';
import {
  auth,
  buildTestApp,
  call,
  completeKyc,
  eventually,
  fundCash,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';

/**
 * The /share table (issue 7): three levels of invitees through `users.referrer_id`, each row with
 * real deposits and wagers, the commission per level, and nobody else's invitees.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
  await app.close();
});

let keyCounter = 0;
const key = () => `ref-${Date.now()}-${keyCounter++}`;
const info = async (p: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(p.token) })).body.data;
const referrals = (p: Player, level: number | string, extra = '') =>
  call(app, { method: 'GET', url: `/api/app/user/referrals?level=${level}${extra}`, headers: auth(p.token) });

async function invitedBy(referrer: Player): Promise<Player> {
  return registerPlayer(app, { regcode: (await info(referrer)).yqm });
}

async function deposit(p: Player, pkgId: string) {
  await completeKyc(app, p);
  const pre = await call(app, {
    method: 'POST',
    url: `/api/app/order/prePay/${pkgId}`,
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { gift: '0', pkgId, isapp: '0' },
  });
  expect(pre.code, pre.body.message).toBe(200);
  await call(app, { method: 'POST', url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`, payload: {} });
  await eventually(async () => {
    const s = await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${pre.body.data.orderId}`,
      headers: auth(p.token),
    });
    return s.body.data.status === '10' ? true : undefined;
  });
}

async function wager(p: Player, reais: number) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/game/dice/bet',
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { amount: reais, target: 50, direction: 'over' },
  });
  expect(res.code, res.body.message).toBe(200);
}

describe('GET /api/app/user/referrals', () => {
  let a: Player, b: Player, c: Player, d: Player, e: Player, x: Player, y: Player;

  beforeAll(async () => {
    a = await registerPlayer(app);
    b = await invitedBy(a);
    c = await invitedBy(b);
    d = await invitedBy(c);
    e = await invitedBy(d);
    x = await registerPlayer(app);
    y = await invitedBy(x);
    await deposit(b, 'BRL3'); // R$ 100
    await deposit(b, 'BRL1'); // R$ 30
    await wager(b, 20);
    await fundCash(app, await userIdOf(app, c), 5_000);
    await wager(c, 10);
  });

  it('lists each level with the invitee masked, deposits, wagers and the commission at its rate', async () => {
    const l1 = await referrals(a, 1);
    expect(l1.code).toBe(200);
    expect(l1.body.data.total).toBe(1);
    expect(l1.body.data.rate).toBe(0.005);
    const row = l1.body.data.list[0];
    expect(row.level).toBe(1);
    expect(row.invitee).toBe(`${b.email.slice(0, 2)}***@e***`);
    expect(row.invitee).not.toContain(b.email.split('@')[0]);
    expect(row.firstDeposit).toBe(100);
    expect(row.totalDeposit).toBe(130);
    expect(row.wagered).toBe(20);
    expect(row.profit).toBe(0.1); // 0.5% of R$ 20
    expect(Date.parse(row.joinedAt)).toBeGreaterThan(Date.now() - 600_000);

    const l2 = (await referrals(a, 2)).body.data;
    expect(l2.total).toBe(1);
    expect(l2.list[0]).toMatchObject({
      level: 2,
      firstDeposit: 0,
      totalDeposit: 0,
      wagered: 10,
      profit: 0.02,
    });
    expect(l2.list[0].invitee).toBe(`${c.email.slice(0, 2)}***@e***`);

    const l3 = (await referrals(a, 3)).body.data;
    expect(l3.total).toBe(1);
    expect(l3.list[0]).toMatchObject({ level: 3, wagered: 0, profit: 0 });
  });

  it('stops at the third level and matches the userInfo counts', async () => {
    const all = [1, 2, 3].map(async (level) => (await referrals(a, level)).body.data.list);
    const rows = (await Promise.all(all)).flat();
    expect(rows).toHaveLength(3);
    const masked = (p: Player) => `${p.email.slice(0, 2)}***@e***`;
    // e is four levels below a: counted for b (level 3), never for a.
    expect((await referrals(b, 3)).body.data.list.map((r: { invitee: string }) => r.invitee)).toEqual([
      masked(e),
    ]);
    const me = await info(a);
    expect([me.level1Person, me.level2Person, me.level3Person]).toEqual([1, 1, 1]);
    expect([me.level1Amount, me.level2Amount, me.level3Amount]).toEqual([0.1, 0.02, 0]);
    expect((await referrals(d, 1)).body.data.total).toBe(1);
  });

  it("never shows another player's invitees", async () => {
    const mine = (await referrals(x, 1)).body.data;
    expect(mine.total).toBe(1);
    expect(mine.list[0].invitee).toBe(`${y.email.slice(0, 2)}***@e***`);
    for (const level of [1, 2, 3]) {
      const rows = (await referrals(x, level)).body.data.list as { wagered: number }[];
      expect(rows.some((r) => r.wagered > 0)).toBe(false);
    }
    expect((await referrals(e, 1)).body.data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses a visitor and a level outside 1–3 with a clear message', async () => {
    const visitor = await call(app, { method: 'GET', url: '/api/app/user/referrals?level=1' });
    expect(visitor.code).toBe(401);
    const bad = await referrals(a, 4);
    expect(bad.code).toBe(400);
    expect(bad.body.message).toBe('Escolha o nível de indicação 1, 2 ou 3');
    expect((await referrals(a, 'x')).code).toBe(400);
  });

  it('pays the earned commission once to the bonus wallet, even when two receives race', async () => {
    const aId = await userIdOf(app, a);
    const list = (await call(app, { method: 'GET', url: '/api/app/bonus/list', headers: auth(a.token) })).body
      .data.list as { bonusId: string; amount: number }[];
    const commission = list.find((bonus) => bonus.bonusId === 'commission');
    expect(commission?.amount).toBe(0.12); // R$ 0.10 at level 1 + R$ 0.02 at level 2
    const before = await playerBalances(app.ctx.db, aId);
    const receive = () =>
      call(app, {
        method: 'POST',
        url: '/api/app/bonus/receive',
        headers: { ...auth(a.token), 'idempotency-key': key() },
        payload: { bonusId: 'commission' },
      });
    const results = await Promise.all([receive(), receive()]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409]);
    const after = await playerBalances(app.ctx.db, aId);
    expect(after.user_bonus - before.user_bonus).toBe(12);
    expect(after.user_cash).toBe(before.user_cash);
    const rewards = (
      await call(app, { method: 'GET', url: '/api/app/agent/rewards', headers: auth(a.token) })
    ).body.data;
    expect(rewards.progress).toMatchObject({ commissionReceived: 0.12, commissionReceivable: 0 });
  });
});
