import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { endSessionsOverTime } from '../../server/modules/protection/protection.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  completeKyc,
  fundedPlayer,
  PASSWORD,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';

/**
 * Player protection (issue 9): limits (lowering at once, raising after 24 h), the deposit limit
 * enforced before a charge is made, and cool-off / self-exclusion that end every session and
 * refuse the next login.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const limit = (player: Player, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/app/user/protection/limit', headers: auth(player.token), payload });

const protection = async (player: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/protection', headers: auth(player.token) })).body
    .data;

const prePay = (player: Player, pkgId: string) =>
  call(app, {
    method: 'POST',
    url: `/api/app/order/prePay/${pkgId}`,
    headers: {
      ...auth(player.token),
      'idempotency-key': randomUUID(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: `gift=0&pkgId=${pkgId}&isapp=0`,
  });

async function login(player: Player) {
  return call(app, {
    method: 'POST',
    url: '/api/auth/user/restLogin',
    payload: { username: player.email, pwd: PASSWORD, codeId: await captcha(app), captCode: CAPTCHA },
  });
}

/** Moves a waiting raise's 24 h into the past, as if a day went by. */
async function aDayLater(player: Player) {
  const userId = await userIdOf(app, player);
  await app.ctx.db
    .updateTable('player_limits')
    .set({ pending_from: new Date(Date.now() - 1000) })
    .where('user_id', '=', userId)
    .where('pending_from', 'is not', null)
    .execute();
}

describe('limits', () => {
  it('a new or lower limit applies at once; a raise or removal waits 24 h, then applies', async () => {
    const player = await registerPlayer(app);
    const set = await limit(player, { kind: 'loss', period: 'week', amount: 200 });
    expect(set.code).toBe(200);
    expect(set.body.message).toBe('Limite aplicado');
    expect(set.body.data.limits).toEqual([
      { kind: 'loss', period: 'week', amount: 200, used: 0, pending: null },
    ]);

    expect((await limit(player, { kind: 'loss', period: 'week', amount: 150 })).body.message).toBe(
      'Limite aplicado',
    );
    const raise = await limit(player, { kind: 'loss', period: 'week', amount: 500 });
    expect(raise.body.message).toMatch(
      /^O aumento ou a remoção do limite vale a partir de \d{2}\/\d{2}\/\d{4}/,
    );
    expect(raise.body.data.limits[0]).toMatchObject({ amount: 150, pending: { amount: 500 } });

    await aDayLater(player);
    expect((await protection(player)).limits[0]).toMatchObject({ amount: 500, pending: null });

    const removal = await limit(player, { kind: 'loss', period: 'week', amount: null });
    expect(removal.body.data.limits[0]).toMatchObject({ amount: 500, pending: { amount: null } });
    await aDayLater(player);
    expect((await protection(player)).limits).toEqual([]);
  });

  it('refuses bad amounts and kinds clearly and changes nothing', async () => {
    const player = await registerPlayer(app);
    for (const [payload, message] of [
      [{ kind: 'deposit', period: 'day', amount: -5 }, 'Informe um valor de limite válido'],
      [{ kind: 'deposit', period: 'day', amount: '1e3' }, 'Informe um valor de limite válido'],
      [{ kind: 'session', period: 'day', amount: 0 }, 'Informe um tempo de sessão de 1 a 1440 minutos'],
      [{ kind: 'session', period: 'day', amount: 1441 }, 'Informe um tempo de sessão de 1 a 1440 minutos'],
      [{ kind: 'bets', period: 'day', amount: 5 }, 'Verifique os dados informados'],
      [{ kind: 'deposit', period: 'year', amount: 5 }, 'Verifique os dados informados'],
    ] as const) {
      const res = await limit(player, payload);
      expect(res.code, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await protection(player)).limits).toEqual([]);
  });

  it('a deposit over the deposit limit is refused before any charge, saying how much is left', async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    await limit(player, { kind: 'deposit', period: 'day', amount: 80 });
    // BRL2 (R$ 50) fits; an open charge counts, so a second R$ 50 does not: R$ 30 are left.
    expect((await prePay(player, 'BRL2')).code).toBe(200);
    const refused = await prePay(player, 'BRL2');
    expect(refused.code).toBe(400);
    expect(refused.body.message).toBe(
      'Este depósito passa do seu limite de depósito: você ainda pode depositar R$ 30,00',
    );
    const userId = await userIdOf(app, player);
    const orders = await app.ctx.db
      .selectFrom('deposit_orders')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(orders).toHaveLength(1);
    expect((await protection(player)).limits[0]).toMatchObject({ kind: 'deposit', amount: 80, used: 50 });
  });

  it('simultaneous deposits are counted one at a time against the limit (a burst on PostgreSQL)', async () => {
    // Trust review: on PostgreSQL 3 of 10 simultaneous R$ 100 orders passed a R$ 100 limit, each
    // having counted the window before any order existed.
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    await limit(player, { kind: 'deposit', period: 'day', amount: 80 });
    const results = await Promise.all(Array.from({ length: 12 }, () => prePay(player, 'BRL2')));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 400)).toHaveLength(11);
    const userId = await userIdOf(app, player);
    const orders = await app.ctx.db
      .selectFrom('deposit_orders')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(orders).toHaveLength(1);
  });
});

describe('loss and session-time limits at work', () => {
  const dice = (player: Player, amount: number) =>
    call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(player.token), 'idempotency-key': randomUUID() },
      payload: { amount, target: 50, direction: 'over' },
    });
  const cash = async (player: Player) =>
    (await call(app, { method: 'GET', url: '/api/app/user/getBalance', headers: auth(player.token) })).body
      .data.balance as number;

  it('a stake that could pass the loss limit is refused and changes nothing; one within it plays', async () => {
    const player = await fundedPlayer(app, 100);
    await limit(player, { kind: 'loss', period: 'day', amount: 5 });
    const refused = await dice(player, 6);
    expect(refused.code).toBe(400);
    expect(refused.body.message).toBe(
      'Esta aposta passa do seu limite de perdas: você ainda pode arriscar R$ 5,00',
    );
    expect(await cash(player)).toBe(100);
    const played = await dice(player, 5);
    expect(played.code).toBe(200);
    const lost = 5 - played.body.data.payout;
    // Whatever the roll, the window's loss is what the limit view reports.
    expect((await protection(player)).limits[0]).toMatchObject({ kind: 'loss', used: Math.max(0, lost) });
  });

  it('simultaneous stakes are judged one at a time against the loss limit (a burst on PostgreSQL)', async () => {
    // Each check locks the player's row first and then reads the window's losses, so a stake that
    // waited for another's lock sees it; the window never loses more than the limit.
    const player = await fundedPlayer(app, 100);
    await limit(player, { kind: 'loss', period: 'day', amount: 10 });
    // Over 95 loses about 96 % of rolls: nearly every accepted stake is a loss.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, {
          method: 'POST',
          url: '/api/app/game/dice/bet',
          headers: { ...auth(player.token), 'idempotency-key': randomUUID() },
          payload: { amount: 4, target: 95, direction: 'over' },
        }),
      ),
    );
    const accepted = results.filter((r) => r.code === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.code !== 200).every((r) => r.code === 400)).toBe(true);
    const lost = accepted.reduce((sum, r) => sum + 4 - (r.body.data.payout as number), 0);
    expect(lost).toBeLessThanOrEqual(10);
    expect((await protection(player)).limits[0]).toMatchObject({ kind: 'loss' });
    expect(((await protection(player)).limits[0] as { used: number }).used).toBeLessThanOrEqual(10);
  });

  it('a used-up session-time limit logs the player out (the minute job) and refuses the next login', async () => {
    const player = await fundedPlayer(app, 0);
    await limit(player, { kind: 'session', period: 'day', amount: 1 });
    expect(await endSessionsOverTime(app.ctx)).toBe(0);
    // Two minutes of play go by.
    await sql`update sessions set last_seen_at = created_at + interval '2 minutes'
      where kind = 'player' and subject_id = ${player.userId}`.execute(app.ctx.db);
    expect(await endSessionsOverTime(app.ctx)).toBe(1);
    const res = await call(app, {
      method: 'GET',
      url: '/api/app/user/getBalance',
      headers: auth(player.token),
    });
    expect(res.code).toBe(401);
    const again = await login(player);
    expect(again.code).toBe(403);
    expect(again.body.message).toBe(
      'Você atingiu o seu limite de tempo de sessão. Volte quando ele se renovar',
    );
  });
});

describe('cool-off and self-exclusion', () => {
  const exclude = (player: Player, payload: Record<string, unknown>) =>
    call(app, {
      method: 'POST',
      url: '/api/app/user/protection/exclusion',
      headers: auth(player.token),
      payload,
    });

  it('a cool-off needs the password, ends every session at once and refuses login until it ends', async () => {
    const player = await registerPlayer(app);
    const userId = await userIdOf(app, player);
    const second = (await login(player)).body.data.access_token as string;

    const wrong = await exclude(player, { kind: 'cooloff', hours: 24, pwd: 'errada' });
    expect(wrong.body.message).toBe('Senha atual incorreta');
    expect((await exclude(player, { kind: 'cooloff', hours: 12, pwd: PASSWORD })).body.message).toBe(
      'A pausa deve durar de 24 horas a 6 semanas',
    );

    const done = await exclude(player, { kind: 'cooloff', hours: 24, pwd: PASSWORD });
    expect(done.code).toBe(200);
    expect(done.body.message).toBe('Pronto. Sua conta está em pausa e você foi desconectado');
    for (const token of [player.token, second]) {
      const res = await call(app, { method: 'GET', url: '/api/app/user/getBalance', headers: auth(token) });
      expect(res.code).toBe(401);
    }
    const again = await login(player);
    expect(again.code).toBe(403);
    expect(again.body.message).toMatch(/^Sua conta está em pausa até \d{2}\/\d{2}\/\d{4}.*CVV 188$/);

    // When the break ends (moved into the past here), the door opens again.
    await sql`update player_exclusions set ends_at = now() - interval '1 second' where user_id = ${userId}`.execute(
      app.ctx.db,
    );
    expect((await login(player)).code).toBe(200);
  });

  it('a permanent self-exclusion refuses every later login', async () => {
    const player = await registerPlayer(app);
    expect((await exclude(player, { kind: 'self', months: null, pwd: PASSWORD })).code).toBe(200);
    const res = await login(player);
    expect(res.code).toBe(403);
    expect(res.body.message).toBe('Sua conta está autoexcluída. Procure ajuda se precisar: CVV 188');
    expect((await exclude(player, { kind: 'self', months: 3, pwd: PASSWORD })).code).toBe(401);
  });
});
