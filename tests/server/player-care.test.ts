import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  fundedPlayer,
  PASSWORD,
  type Player,
  operatorAuth,
} from './helpers';

/**
 * Looking after players: an operator locks and unlocks an account and keeps notes on it (issue 8);
 * a player asks for reality checks and the session summary tells time and net result (issue 9).
 */

let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const login = async (player: Player) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/user/restLogin',
    payload: { username: player.email, pwd: PASSWORD, codeId: await captcha(app), captCode: CAPTCHA },
  });

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  call(app, { method, url, headers: opAuth, ...(payload ? { payload } : {}) });

describe('lock and unlock', () => {
  it('a locked player is logged out at once, cannot log in, and can again once unlocked; both audited', async () => {
    const p = await fundedPlayer(app, 10);
    const info = () => call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(p.token) });
    expect((await info()).code).toBe(200);

    expect((await admin('POST', `/api/admin/players/${p.userId}/lock`, { reason: 'x' })).code).toBe(400);
    const locked = await admin('POST', `/api/admin/players/${p.userId}/lock`, {
      reason: 'Suspeita de conta compartilhada',
    });
    expect(locked.body.data).toEqual({ locked: true, ended: 1 });
    expect((await info()).code).toBe(401);

    const refused = await login(p);
    expect(refused.code).toBe(403);
    expect(refused.body.message).toBe('Esta conta está bloqueada. Fale com o nosso atendimento');

    const profile = (await admin('GET', `/api/admin/players/${p.userId}`)).body.data;
    expect(profile.locked).toMatchObject({ reason: 'Suspeita de conta compartilhada' });

    expect((await admin('POST', `/api/admin/players/${p.userId}/unlock`)).body.data).toEqual({
      locked: false,
    });
    expect((await login(p)).code).toBe(200);
    expect((await admin('GET', `/api/admin/players/${p.userId}`)).body.data.locked).toBeNull();

    const actions = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `user:${p.userId}`)
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['player.lock', 'player.unlock']);
    expect((await admin('POST', '/api/admin/players/999999/lock', { reason: 'ninguém' })).code).toBe(404);
  });

  it('a player token cannot lock anyone (403)', async () => {
    const p = await fundedPlayer(app, 0);
    const res = await call(app, {
      method: 'POST',
      url: `/api/admin/players/${p.userId}/lock`,
      headers: auth(p.token),
      payload: { reason: 'tentativa' },
    });
    expect(res.code).toBe(403);
  });
});

describe('notes', () => {
  it('are kept newest first with their author, refuse empty text, and are audited', async () => {
    const p = await fundedPlayer(app, 0);
    expect((await admin('POST', `/api/admin/players/${p.userId}/notes`, { text: '   ' })).code).toBe(400);
    await admin('POST', `/api/admin/players/${p.userId}/notes`, { text: 'Ligou pedindo prazo do saque' });
    await admin('POST', `/api/admin/players/${p.userId}/notes`, { text: 'Enviou comprovante' });
    const profile = (await admin('GET', `/api/admin/players/${p.userId}`)).body.data;
    expect(profile.notes.map((n: { text: string }) => n.text)).toEqual([
      'Enviou comprovante',
      'Ligou pedindo prazo do saque',
    ]);
    expect(profile.notes[0].operator).toBe('operador');
    expect(profile.limits).toEqual([]);
    expect(profile.exclusion).toBeNull();
  });
});

describe('reality checks', () => {
  const set = (p: Player, minutes: unknown) =>
    call(app, {
      method: 'POST',
      url: '/api/app/user/protection/reality-check',
      headers: auth(p.token),
      payload: { minutes },
    });
  const summary = async (p: Player) =>
    (await call(app, { method: 'GET', url: '/api/app/user/protection/session', headers: auth(p.token) })).body
      .data;

  it('keeps an interval from 5 to 240 minutes or none, refusing anything else', async () => {
    const p = await fundedPlayer(app, 0);
    for (const bad of [4, 241, 30.5, '30']) {
      const res = await set(p, bad);
      expect(res.code, String(bad)).toBe(400);
      expect(res.body.message).toBe('Escolha um intervalo de 5 a 240 minutos, ou desligue o lembrete');
    }
    expect((await set(p, 30)).body.data.realityCheckMinutes).toBe(30);
    expect((await summary(p)).realityCheckMinutes).toBe(30);
    expect((await set(p, null)).body.data.realityCheckMinutes).toBeNull();
  });

  it("tells the session's net result from the ledger: bets count, deposits do not", async () => {
    const p = await fundedPlayer(app, 100);
    const before = await summary(p);
    expect(before).toMatchObject({ minutes: 0, net: 0 });
    let net = 0;
    for (let i = 0; i < 3; i++) {
      const bet = await call(app, {
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': randomUUID() },
        payload: { amount: 2, target: 50, direction: 'over' },
      });
      expect(bet.code).toBe(200);
      net += Math.round((bet.body.data.payout - 2) * 100);
    }
    const after = await summary(p);
    expect(Math.round(after.net * 100)).toBe(net);
    expect(Date.parse(after.startedAt)).toBeLessThanOrEqual(Date.now());
  });
});
