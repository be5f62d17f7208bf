import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { auth, buildTestApp, call, fundedPlayer, operatorAuth } from './helpers';
import { post } from '../../server/platform/money/ledger';
import { dailyCsv } from '../../server/modules/admin/back-office.routes';

let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => call(app, { method: 'GET', url, headers: opAuth });

/** The São Paulo date of now, as the report counts days. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('finding a bet by its number', () => {
  it('answers the casino bet with its player; an unknown number is 404 in words', async () => {
    const p = await fundedPlayer(app, 20);
    const bet = await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(p.token), 'idempotency-key': randomUUID() },
      payload: { amount: 3, target: 50, direction: 'over' },
    });
    expect(bet.code, bet.body.message).toBe(200);
    const id = bet.body.data.betId as string;
    const found = await call(app, { method: 'GET', url: `/api/admin/bets/${id}`, headers: opAuth });
    expect(found.code, found.body.message).toBe(200);
    expect(found.body.data).toMatchObject({
      kind: 'casino',
      id,
      userId: p.userId,
      username: p.email,
      product: 'dice',
      stake: 3,
      payout: bet.body.data.payout,
    });
    const missing = await call(app, { method: 'GET', url: '/api/admin/bets/B0000000', headers: opAuth });
    expect(missing.code).toBe(404);
    expect(missing.body.message).toBe('Não encontrado');
  });
});

describe('the player list', () => {
  it('pages every player newest first and filters by state, documents, VIP and sign-up day', async () => {
    const a = await fundedPlayer(app, 0);
    const b = await fundedPlayer(app, 0);
    await app.ctx.db
      .updateTable('users')
      .set({ locked_at: new Date(), locked_reason: 'teste' })
      .where('id', '=', b.userId)
      .execute();
    const all = (await get('/api/admin/players?size=2')).body.data;
    expect(all.list.map((r: { id: number }) => r.id)).toEqual([b.userId, a.userId]);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const next = (await get('/api/admin/players?size=2&page=2')).body.data;
    expect(next.list.map((r: { id: number }) => r.id)).not.toContain(b.userId);
    const locked = (await get('/api/admin/players?status=locked&size=100')).body.data.list;
    expect(locked.map((r: { id: number }) => r.id)).toContain(b.userId);
    expect(locked.every((r: { locked: boolean }) => r.locked)).toBe(true);
    expect((await get('/api/admin/players?review=approved')).body.data.list).toEqual([]);
    expect((await get('/api/admin/players?vip=99')).code).toBe(400);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const signedToday = (await get(`/api/admin/players?from=${today}&to=${today}&size=100`)).body.data.list;
    expect(signedToday.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([a.userId, b.userId]),
    );
    expect((await get('/api/admin/players?from=2026-02-31')).code).toBe(400);
  });
});

describe('players', () => {
  it('finds a player by e-mail, CPF and invite code, with ledger balances and live sessions', async () => {
    const p = await fundedPlayer(app, 150);
    const user = await app.ctx.db
      .selectFrom('users')
      .select(['id', 'yqm'])
      .where('username', '=', p.email)
      .executeTakeFirstOrThrow();
    for (const q of [p.email, p.email.slice(0, 12).toUpperCase(), p.cpf, user.yqm]) {
      const found = await get(`/api/admin/players?q=${encodeURIComponent(q)}`);
      expect(
        found.body.data.list.map((r: { id: number }) => r.id),
        q,
      ).toContain(user.id);
    }
    expect((await get('/api/admin/players?q=%25%25')).body.data).toEqual({ list: [], total: 0 });
    expect((await get('/api/admin/players?q=x')).code).toBe(400);

    const profile = await get(`/api/admin/players/${user.id}`);
    expect(profile.body.data).toMatchObject({
      username: p.email,
      cpf: p.cpf,
      inviteCode: user.yqm,
      balances: { cash: 150, bonus: 0, withdrawalHold: 0 },
    });
    expect(profile.body.data.sessions).toHaveLength(1);
    expect((await get('/api/admin/players/999999')).code).toBe(404);

    const history = await get(`/api/admin/players/${user.id}/ledger`);
    expect(history.body.data).toEqual([
      expect.objectContaining({ kind: 'test_deposit', account: 'user_cash', amount: 150 }),
    ]);
    expect((await get('/api/admin/players/999999/ledger')).body.data).toEqual([]);
  });

  it('ends every session of a player: the token stops working at once, and it is audited', async () => {
    const p = await fundedPlayer(app, 0);
    const user = await app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', p.email)
      .executeTakeFirstOrThrow();
    const info = () => call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(p.token) });
    expect((await info()).code).toBe(200);
    const ended = await call(app, {
      method: 'POST',
      url: `/api/admin/players/${user.id}/sessions/end`,
      headers: opAuth,
    });
    expect(ended.body.data).toEqual({ ended: 1 });
    expect((await info()).code).toBe(401);
    const row = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'object'])
      .where('object', '=', `user:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('player.sessions.end');
  });
});

describe('daily report', () => {
  it('sums stakes, payouts and GGR per product from the ledger, with deposits and new players, as JSON and CSV', async () => {
    const day = today();
    const before = (await get(`/api/admin/reports/daily?from=${day}&to=${day}`)).body.data[0];
    const p = await fundedPlayer(app, 100);
    await app.ctx.db.transaction().execute(async (trx) => {
      await post(trx, {
        key: `report-stake:${p.userId}`,
        kind: 'bet_stake',
        entries: [
          { account: { kind: 'user_cash', userId: p.userId }, amountCents: -4_000 },
          { account: { kind: 'house_game' }, amountCents: 4_000 },
        ],
      });
      await post(trx, {
        key: `report-payout:${p.userId}`,
        kind: 'bet_payout',
        entries: [
          { account: { kind: 'house_game' }, amountCents: -1_500 },
          { account: { kind: 'user_cash', userId: p.userId }, amountCents: 1_500 },
        ],
      });
      await post(trx, {
        key: `report-sports:${p.userId}`,
        kind: 'sports_stake',
        entries: [
          { account: { kind: 'user_cash', userId: p.userId }, amountCents: -1_000 },
          { account: { kind: 'house_sports' }, amountCents: 1_000 },
        ],
      });
    });
    const res = await get(`/api/admin/reports/daily?from=${day}&to=${day}`);
    const row = res.body.data[0];
    expect(row.day).toBe(day);
    expect(row.casinoStakes - before.casinoStakes).toBeCloseTo(40, 2);
    expect(row.casinoPayouts - before.casinoPayouts).toBeCloseTo(15, 2);
    expect(row.casinoGgr - before.casinoGgr).toBeCloseTo(25, 2);
    expect(row.sportsStakes - before.sportsStakes).toBeCloseTo(10, 2);
    expect(row.sportsGgr - before.sportsGgr).toBeCloseTo(10, 2);
    expect(row.newPlayers - before.newPlayers).toBe(1);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/daily?from=${day}&to=${day}&format=csv`,
      headers: opAuth,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(dailyCsv([row]));
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFF"Dia";"Apostas cassino (R$)";"Prêmios cassino (R$)";"GGR cassino (R$)";"Apostas esportes (R$)";"Prêmios esportes (R$)";"GGR esportes (R$)";"Depósitos (R$)";"Saques (R$)";"Novos jogadores";"Primeiros depósitos"',
    );
    // Decimal commas, as a pt-BR spreadsheet reads them.
    expect(csv.body.split('\r\n')[1]).toContain(
      `"${day}";"${row.casinoStakes.toFixed(2).replace('.', ',')}";`,
    );

    expect((await get('/api/admin/reports/daily?from=2026-01-10&to=2026-01-01')).code).toBe(400);
    expect((await get('/api/admin/reports/daily?from=2025-01-01&to=2026-01-01')).code).toBe(400);
    const week = await get('/api/admin/reports/daily?from=2026-01-01&to=2026-01-07');
    expect(week.body.data.map((r: { day: string }) => r.day)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
  });
});

describe('report per game and sport', () => {
  it('counts real DICE bets with their observed RTP next to the configured one, as JSON and CSV', async () => {
    const day = today();
    type Row = { product: string; bets: number; stakes: number; payouts: number; ggr: number };
    const dice = async (): Promise<Row | undefined> =>
      (await get(`/api/admin/reports/products?from=${day}&to=${day}`)).body.data.find(
        (r: Row) => r.product === 'dice',
      );
    const before = (await dice()) ?? { bets: 0, stakes: 0, payouts: 0, ggr: 0 };
    const p = await fundedPlayer(app, 100);
    let paid = 0;
    for (let i = 0; i < 5; i++) {
      const bet = await call(app, {
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': randomUUID() },
        payload: { amount: 3, target: 50, direction: 'over' },
      });
      expect(bet.code).toBe(200);
      paid += Math.round(bet.body.data.payout * 100);
    }
    const after = (await dice())!;
    expect(after.bets - before.bets).toBe(5);
    expect(Math.round((after.stakes - before.stakes) * 100)).toBe(1_500);
    expect(Math.round((after.payouts - before.payouts) * 100)).toBe(paid);
    expect(after).toMatchObject({ kind: 'casino', rtpConfigured: 0.99 });
    expect(Math.round(after.ggr * 100)).toBe(
      Math.round(after.stakes * 100) - Math.round(after.payouts * 100),
    );

    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/products?from=${day}&to=${day}&format=csv`,
      headers: opAuth,
    });
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFF"Produto";"Tipo";"Apostas";"Valor apostado (R$)";"Prêmios (R$)";"GGR (R$)";"RTP observado";"RTP configurado"',
    );
    expect(csv.body).toContain(`"DICE";"Cassino";"${after.bets}";`);
    expect(csv.body).toContain(';"0,9900"\r\n');
  });
});
