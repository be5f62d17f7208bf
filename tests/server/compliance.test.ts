import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  completeKyc,
  eventually,
  fundCash,
  operatorAuth,
  PASSWORD,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';
import { scanAlerts } from '../../server/modules/compliance/alerts.service';
import { BetResult } from '../../domain/codes';

/**
 * The compliance queues (issue 19): each rule raises its alert from real rows, a later scan brings
 * the same alert up to date instead of raising a twin, and the work on a case (take, hand over,
 * note, report, dismiss, reopen, the COAF case file) is conditional, audited and refused without a
 * reason.
 */
let app: FastifyInstance;
let adminAuth: Record<string, string>;
let complianceAuth: Record<string, string>;
let complianceId: number;

beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_TURNOVER_MAIN: '0', TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0' });
  adminAuth = await operatorAuth(app);
  const created = await call(app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: adminAuth,
    payload: { username: 'analista_pld', pwd: 'Operador#Seguro2026', role: 'compliance' },
  });
  expect(created.code, created.body.message).toBe(200);
  complianceId = created.body.data.id;
  const login = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'analista_pld', pwd: 'Operador#Seguro2026' },
  });
  expect(login.body.data.role).toBe('compliance');
  complianceAuth = auth(login.body.data.access_token);
});
afterAll(async () => {
  await app.close();
});

let phoneCounter = 0;
/** A player with a phone of their own unless `phone` is given (the helpers' players share one). */
async function player(extra: Record<string, unknown> = {}): Promise<Player & { userId: number }> {
  const p = await registerPlayer(app, { phone: `3199${String(100_000 + phoneCounter++)}`, ...extra });
  return { ...p, userId: await userIdOf(app, p) };
}

let depositCounter = 0;
/** A paid deposit of `reais` at `paidAt` (the PSP's part is tested in deposit.test.ts). */
async function paidDeposit(userId: number, reais: number, paidAt = new Date()) {
  const id = `cmp-${userId}-${depositCounter++}`;
  await app.ctx.db
    .insertInto('deposit_orders')
    .values({
      id,
      user_id: userId,
      pkg_id: '',
      curreny: 'BRL',
      amount_cents: reais * 100,
      gift_cents: 0,
      status: '10',
      txid: id,
      pay_no: id,
      end_to_end_id: `E2E${id}`,
      expires_at: new Date(paidAt.getTime() + 1_800_000),
      paid_at: paidAt,
    })
    .execute();
  return id;
}

type Row = {
  id: number;
  kind: string;
  rule: string;
  status: string;
  amount: number;
  players: string[];
  playerCount: number;
  assignee: string | null;
};
async function queue(query = '') {
  const res = await call(app, {
    method: 'GET',
    url: `/api/admin/alerts?size=200&${query}`,
    headers: complianceAuth,
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data as { list: Row[]; total: number };
}
async function detail(id: number) {
  const res = await call(app, { method: 'GET', url: `/api/admin/alerts/${id}`, headers: complianceAuth });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data;
}
const act = (id: number, body: Record<string, unknown>, headers = complianceAuth) =>
  call(app, { method: 'POST', url: `/api/admin/alerts/${id}`, headers, payload: body });

/** The alert about `subject` (its key), as the database holds it. */
/** A withdrawal of `amount` BRL to the player's own CPF key. */
const withdraw = (p: Player, key: string, amount: number) =>
  call(app, {
    method: 'POST',
    url: '/api/app/order/withdraw',
    headers: { ...auth(p.token), 'idempotency-key': key },
    payload: { payCardBank: 'CPF', payCardNo: p.cpf, name: 'Maria Silva', whatsapp: '11987654321', amount },
  });

const alertByKey = (key: string) =>
  app.ctx.db.selectFrom('compliance_alerts').selectAll().where('subject_key', '=', key).executeTakeFirst();

describe('multi-account rings', () => {
  it('accounts sharing a phone raise one alert; a scan again raises no twin; a new member updates it and reopens a closed case', async () => {
    const ring = [
      await player({ phone: '(21) 97777-6666' }),
      await player({ phone: '21977776666' }),
      await player({ phone: '21 9 7777 6666' }),
    ];
    const first = await scanAlerts(app.ctx);
    expect(first.raised).toBeGreaterThan(0);
    const alert = await alertByKey('multi_account:phone:21977776666');
    expect(alert, 'the ring is flagged whatever the phone spelling').toBeDefined();
    expect(JSON.parse(alert!.user_ids)).toEqual(ring.map((p) => p.userId).sort((a, b) => a - b));
    expect(alert!.kind).toBe('multi_account');

    const again = await scanAlerts(app.ctx);
    expect(again.raised).toBe(0);
    expect(again.updated, 'nothing new about the ring: the alert is left as it was').toBe(0);

    // closed as a family, then a fourth account appears: the case opens again, saying why
    expect(
      (await act(alert!.id, { action: 'dismiss', text: 'Família com documentos conferidos' })).code,
    ).toBe(200);
    // the country code and a trunk 0 are spellings of the same phone (red-team review)
    const fourth = await player({ phone: '+55 21 97777-6666' });
    const fifth = await player({ phone: '021 97777 6666' });
    const stranger = await player({ phone: '+55 21 97777-6667' });
    await scanAlerts(app.ctx);
    const after = await alertByKey('multi_account:phone:21977776666');
    expect(JSON.parse(after!.user_ids)).toEqual(expect.arrayContaining([fourth.userId, fifth.userId]));
    expect(JSON.parse(after!.user_ids)).not.toContain(stranger.userId);
    expect(after!.status).toBe('open');
    const notes = (await detail(alert!.id)).notes as Array<{ author: string | null; text: string }>;
    expect(notes.at(-1)).toMatchObject({ author: null, text: expect.stringContaining(`#${fifth.userId}`) });
    expect(notes.at(-1)!.text).toContain('Caso reaberto');
  });

  it('the same PIX key, the same name and birth date, and one sign-in address shared by enough accounts', async () => {
    // accents, case and doubled spaces do not make another person (red-team review)
    const a = await player({ name: 'Joâna  Prado Lima', birthDate: '1990-04-12' });
    const b = await player({ name: 'JOANA PRADO LIMA', birthDate: '1990-04-12' });
    for (const p of [a, b]) {
      await app.ctx.db
        .insertInto('payout_accounts')
        .values({
          user_id: p.userId,
          method: 'CPF',
          account: 'chave-comum@exemplo.com',
          holder_name: 'J',
          whatsapp: '',
          ifsc: '',
        })
        .execute();
    }
    const ipRing = [await player(), await player(), await player(), await player()];
    for (const p of ipRing) {
      await app.ctx.db
        .updateTable('sessions')
        .set({ ip: '203.0.113.7' })
        .where('subject_id', '=', p.userId)
        .where('kind', '=', 'player')
        .execute();
    }
    await scanAlerts(app.ctx);
    expect(JSON.parse((await alertByKey('multi_account:pix:chave-comum@exemplo.com'))!.user_ids)).toEqual([
      a.userId,
      b.userId,
    ]);
    expect(
      JSON.parse((await alertByKey('multi_account:name_birth:joana prado lima 1990-04-12'))!.user_ids),
    ).toEqual([a.userId, b.userId]);
    expect(JSON.parse((await alertByKey('multi_account:ip:203.0.113.7'))!.user_ids)).toEqual(
      ipRing.map((p) => p.userId),
    );
    // three accounts from one address stay under the default of four; loopback is never a ring
    const few = [await player(), await player(), await player()];
    for (const p of few) {
      await app.ctx.db
        .updateTable('sessions')
        .set({ ip: '198.51.100.9' })
        .where('subject_id', '=', p.userId)
        .execute();
    }
    await scanAlerts(app.ctx);
    expect(await alertByKey('multi_account:ip:198.51.100.9')).toBeUndefined();
    expect(await alertByKey('multi_account:ip:127.0.0.1')).toBeUndefined();
  });
});

/** An address every line of which is accepted. */
const PLAIN_ADDRESS = {
  cep: '80010000',
  street: 'Rua A',
  number: '1',
  district: 'Centro',
  city: 'Curitiba',
  uf: 'PR',
};

describe('multi-account rings: one browser, one home', () => {
  /** Signs `p` in again from a browser whose `deviceId` header is `device`. */
  async function signInFrom(p: Player, device: string) {
    const res = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      headers: { deviceId: device },
      payload: { username: p.email, pwd: PASSWORD, codeId: await captcha(app), captCode: CAPTCHA },
    });
    expect(res.code, res.body.message).toBe(200);
  }
  async function giveAddress(p: Player, address: Record<string, string>) {
    await completeKyc(app, p);
    const res = await call(app, {
      method: 'PUT',
      url: '/api/app/user/kyc/address',
      headers: auth(p.token),
      payload: address,
    });
    expect(res.code, res.body.message).toBe(200);
    return res.body.data;
  }

  it('two accounts signed in on one browser raise a device alert; another browser of the same model does not', async () => {
    const browser = 'ab'.repeat(32);
    const [a, b, c] = [await player(), await player(), await player()];
    await signInFrom(a, browser);
    await signInFrom(b, browser);
    await signInFrom(c, 'cd'.repeat(32));
    // a header that is not a device id is never stored, so it cannot tie accounts together
    await signInFrom(c, 'x');
    await scanAlerts(app.ctx);
    const alert = (await alertByKey(`multi_account:device:${browser}`))!;
    expect(alert.rule).toBe('shared_device');
    expect(JSON.parse(alert.user_ids)).toEqual([a.userId, b.userId]);
    expect(await alertByKey(`multi_account:device:${'cd'.repeat(32)}`)).toBeUndefined();
    const stored = await app.ctx.db
      .selectFrom('sessions')
      .select('device_id')
      .where('subject_id', '=', c.userId)
      .execute();
    expect(stored.map((s) => s.device_id).sort()).toEqual(['cd'.repeat(32), null, null]);
  });

  it('one home: the same CEP, number and flat however typed; a neighbour in another flat is no ring', async () => {
    const home = { street: 'Rua das Flores', district: 'Centro', city: 'Curitiba', uf: 'PR' };
    const [a, b, neighbour] = [await player(), await player(), await player()];
    const saved = await giveAddress(a, { ...home, cep: '80010-010', number: '120', complement: 'Apto 31' });
    expect(saved.address).toEqual({ ...home, cep: '80010010', number: '120', complement: 'Apto 31' });
    await giveAddress(b, { ...home, cep: '80010010', number: ' 120 ', complement: 'apto. 31' });
    await giveAddress(neighbour, { ...home, cep: '80010010', number: '120', complement: 'Apto 32' });
    await scanAlerts(app.ctx);
    const alert = (await alertByKey('multi_account:address:80010010|120||31'))!;
    expect(alert.rule).toBe('shared_address');
    expect(JSON.parse(alert.user_ids)).toEqual([a.userId, b.userId]);
    expect(await alertByKey('multi_account:address:80010010|120||32')).toBeUndefined();
    // the reviewer sees the address beside the documents
    const cases = await call(app, {
      method: 'GET',
      url: '/api/admin/kyc?review=none&size=100',
      headers: adminAuth,
    });
    const row = cases.body.data.list.find((c: { userId: number }) => c.userId === a.userId);
    expect(row.address.cep).toBe('80010010');
  });

  it('an address given within 90 days still counts after a move, and a sixth change in a day is refused', async () => {
    const home = { street: 'Rua Chile', district: 'Centro', city: 'Salvador', uf: 'BA', complement: '' };
    const [a, b] = [await player(), await player()];
    await giveAddress(a, { ...home, cep: '40020-000', number: '7' });
    // a moves away before the next scan; b moves in: still one home within 90 days
    await giveAddress(a, { ...home, cep: '40020-001', number: '8' });
    await giveAddress(b, { ...home, cep: '40020-000', number: '7' });
    await scanAlerts(app.ctx);
    const key = 'multi_account:address:40020000|7|ruachile|';
    expect(JSON.parse((await alertByKey(key))!.user_ids)).toEqual([a.userId, b.userId]);
    for (let i = 2; i < 5; i++) await giveAddress(a, { ...home, cep: '40020-001', number: String(10 + i) });
    const sixth = await call(app, {
      method: 'PUT',
      url: '/api/app/user/kyc/address',
      headers: auth(a.token),
      payload: { ...home, cep: '40020-001', number: '99' },
    });
    expect(sixth.code).toBe(429);
    const history = await app.ctx.db
      .selectFrom('user_addresses')
      .select('address_key')
      .where('user_id', '=', a.userId)
      .execute();
    expect(history).toHaveLength(5);
  });

  it('ten saves at once: five are kept and five refused, never more (the daily limit is consumed atomically)', async () => {
    const p = await player();
    await completeKyc(app, p);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(app, {
          method: 'PUT',
          url: '/api/app/user/kyc/address',
          headers: auth(p.token),
          payload: { ...PLAIN_ADDRESS, number: String(100 + i) },
        }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const history = await app.ctx.db
      .selectFrom('user_addresses')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(history).toHaveLength(5);
  });

  it.each([
    [{ cep: '8001-000' }, 'Informe o CEP com 8 números'],
    [{ number: '   ' }, 'Informe o número da casa (ou S/N)'],
    [{ street: '\u200b\u200b\u200b' }, 'Informe a rua, avenida ou travessa'],
    [{ uf: 'XX' }, 'Escolha o estado (UF)'],
    [{ city: ' ' }, 'Informe a cidade'],
    [{ number: 'cento' }, 'Informe o número da casa (ou S/N)'],
    [{ district: 'Centro\u001b[31m' }, 'Informe o bairro'],
  ])('an address with %o is refused with a pt-BR message and nothing is kept', async (change, message) => {
    const p = await player();
    await completeKyc(app, p);
    const res = await call(app, {
      method: 'PUT',
      url: '/api/app/user/kyc/address',
      headers: auth(p.token),
      payload: { ...PLAIN_ADDRESS, ...change },
    });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe(message);
    const state = await call(app, {
      method: 'GET',
      url: '/api/app/user/kyc/documents',
      headers: auth(p.token),
    });
    expect(state.body.data.address).toBeNull();
  });

  it('an address before the identity form is refused', async () => {
    const p = await player();
    const res = await call(app, {
      method: 'PUT',
      url: '/api/app/user/kyc/address',
      headers: auth(p.token),
      payload: PLAIN_ADDRESS,
    });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Preencha nome e CPF antes de informar o endereço');
  });
});

describe('AML', () => {
  it('a single deposit at the limit, deposits split under it within 24 h, but not splits spread over days', async () => {
    const big = await player();
    const depositId = await paidDeposit(big.userId, 10_000);
    const splitter = await player();
    const now = Date.now();
    await paidDeposit(splitter.userId, 4_000, new Date(now - 20 * 3_600_000));
    await paidDeposit(splitter.userId, 4_000, new Date(now - 10 * 3_600_000));
    await paidDeposit(splitter.userId, 4_000, new Date(now - 1 * 3_600_000));
    const patient = await player();
    for (const days of [1, 2, 3])
      await paidDeposit(patient.userId, 4_000, new Date(now - days * 86_400_000 - 3_600_000));
    await scanAlerts(app.ctx);

    const single = await alertByKey(`aml:deposit:${depositId}`);
    expect(single).toMatchObject({ kind: 'aml', rule: 'large_deposit' });
    expect(Number(single!.amount_cents)).toBe(1_000_000);
    const split = (await queue('kind=aml')).list.filter((r) => r.rule === 'split_deposits');
    expect(split.map((r) => r.players[0])).toContain(splitter.email);
    expect(split.find((r) => r.players[0] === splitter.email)!.amount).toBe(12_000);
    expect(split.map((r) => r.players[0])).not.toContain(patient.email);
  });

  it('money in and out with little play: a withdrawal after deposits with almost nothing staked', async () => {
    const p = await player();
    await completeKyc(app, p);
    await paidDeposit(p.userId, 2_000);
    await fundCash(app, p.userId, 200_000);
    const res = await withdraw(p, `cmp-w-${p.userId}`, 1_900);
    expect(res.code, res.body.message).toBe(200);
    await scanAlerts(app.ctx);
    const alert = await alertByKey(`aml:in_out:${res.body.data.id}`);
    expect(alert).toMatchObject({ rule: 'in_out_little_play' });
    expect(JSON.parse(alert!.evidence)).toMatchObject({ depositedBrl: 2_000, stakedBrl: 0 });
  });
});

describe('AML: what the red-team review slipped past', () => {
  it('withdrawals at the approval threshold itself, two in a day, are splitting', async () => {
    const p = await player();
    await completeKyc(app, p);
    await fundCash(app, p.userId, 1_000_000);
    for (const i of [1, 2]) {
      const res = await withdraw(p, `cmp-split-${p.userId}-${i}`, 5_000);
      expect(res.code, res.body.message).toBe(200);
    }
    await scanAlerts(app.ctx);
    const split = (await queue('kind=aml')).list.find(
      (r) => r.rule === 'split_withdrawals' && r.players[0] === p.email,
    );
    expect(split?.amount).toBe(10_000);
  });

  it('money received from another player counts as money in for "in and out with little play"', async () => {
    const sender = await player();
    const p = await player();
    await completeKyc(app, p);
    await fundCash(app, p.userId, 150_000);
    await app.ctx.db
      .insertInto('transfers')
      .values({
        id: `cmp-t-${p.userId}`,
        from_user_id: sender.userId,
        to_user_id: p.userId,
        amount_cents: 150_000,
      })
      .execute();
    const res = await withdraw(p, `cmp-tw-${p.userId}`, 1_400);
    expect(res.code, res.body.message).toBe(200);
    await scanAlerts(app.ctx);
    const alert = await alertByKey(`aml:in_out:${res.body.data.id}`);
    expect(JSON.parse(alert!.evidence)).toMatchObject({ depositedBrl: 0, receivedBrl: 1_500, stakedBrl: 0 });
  });

  it('a stake given back (a void sports bet, a cancelled round) is not play for "in and out with little play"', async () => {
    const p = await player();
    await completeKyc(app, p);
    await paidDeposit(p.userId, 2_000);
    await fundCash(app, p.userId, 200_000);
    const now = new Date();
    // R$ 1.900 on a fixture that was then cancelled: the whole stake came back, nothing was risked.
    await app.ctx.db
      .insertInto('sports_bets')
      .values({
        id: `cmp-void-${p.userId}`,
        user_id: p.userId,
        stake_cents: 190_000,
        bonus_cents: 0,
        kind: 'single',
        odds_change: 'none',
        state: 'settled',
        result_code: BetResult.cancelled,
        combined_odds_milli: 2_000,
        potential_cents: 380_000,
        payout_cents: 190_000,
        cashed_out_cents: 0,
        shortfall_cents: 0,
        accept_at: null,
        placed_at: now,
        settled_at: now,
      })
      .execute();
    // And R$ 100 on a DOUBLE round that was cancelled and refunded.
    await app.ctx.db
      .insertInto('bets')
      .values({
        id: `cmp-void-b-${p.userId}`,
        user_id: p.userId,
        game: 'double',
        amount_cents: 10_000,
        bonus_cents: 0,
        payout_cents: 10_000,
        multiplier: 0,
        status: 'cancelled',
        params: '{}',
        created_at: now,
      })
      .execute();
    const res = await withdraw(p, `cmp-vw-${p.userId}`, 1_900);
    expect(res.code, res.body.message).toBe(200);
    await scanAlerts(app.ctx);
    const alert = await alertByKey(`aml:in_out:${res.body.data.id}`);
    expect(alert, 'the void stakes hid the alert').toBeDefined();
    expect(JSON.parse(alert!.evidence)).toMatchObject({ depositedBrl: 2_000, stakedBrl: 0 });
  });
});

describe('responsible gaming', () => {
  it('records a limit hit when a deposit is refused by the player own limit, once a minute, and raises "limits hit often" at three', async () => {
    const p = await player();
    await completeKyc(app, p);
    const set = await call(app, {
      method: 'POST',
      url: '/api/app/user/protection/limit',
      headers: auth(p.token),
      payload: { kind: 'deposit', period: 'day', amount: 10 },
    });
    expect(set.code, set.body.message).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const refused = await call(app, {
        method: 'POST',
        url: '/api/app/order/prePay/BRL1',
        headers: {
          ...auth(p.token),
          'idempotency-key': `cmp-lim-${p.userId}-${i}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'gift=0&pkgId=BRL1&isapp=0',
      });
      expect(refused.code).toBe(400);
    }
    const hits = () =>
      app.ctx.db
        .selectFrom('rg_events')
        .select('id')
        .where('user_id', '=', p.userId)
        .where('kind', '=', 'limit_hit')
        .execute();
    // three refusals within a minute are one hit: hammering a refused request fills nothing
    await eventually(async () => ((await hits()).length === 1 ? true : undefined));
    await new Promise((r) => setTimeout(r, 100));
    expect(await hits()).toHaveLength(1);
    await scanAlerts(app.ctx);
    expect(
      (await queue('kind=rg')).list.find((r) => r.rule === 'limits_hit' && r.players[0] === p.email),
    ).toBeUndefined();
    // ... and hits on two earlier occasions this week make three
    for (const minutesAgo of [90, 3000]) {
      await app.ctx.db
        .insertInto('rg_events')
        .values({
          user_id: p.userId,
          kind: 'limit_hit',
          detail: 'deposit/day depositLimitReached',
          at: new Date(Date.now() - minutesAgo * 60_000),
        })
        .execute();
    }
    await scanAlerts(app.ctx);
    const row = (await queue('kind=rg')).list.find(
      (r) => r.rule === 'limits_hit' && r.players[0] === p.email,
    );
    expect(row).toBeDefined();
    expect((await detail(row!.id)).evidence).toMatchObject({ hits: 3, limits: 'deposit/day' });
  });

  it('a stake refused by the loss limit (an instant bet, one database call) counts as a hit too', async () => {
    const p = await player();
    await fundCash(app, p.userId, 10_000);
    await call(app, {
      method: 'POST',
      url: '/api/app/user/protection/limit',
      headers: auth(p.token),
      payload: { kind: 'loss', period: 'day', amount: 5 },
    });
    const refused = await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(p.token), 'idempotency-key': `cmp-dice-${p.userId}` },
      payload: { amount: 6, target: 50, direction: 'over' },
    });
    expect(refused.code).toBe(400);
    await eventually(async () => {
      const hits = await app.ctx.db
        .selectFrom('rg_events')
        .select('detail')
        .where('user_id', '=', p.userId)
        .where('kind', '=', 'limit_hit')
        .execute();
      return hits.length === 1 ? hits : undefined;
    }).then((hits) => expect(hits[0]!.detail).toBe('loss lossLimitReached'));
  });

  it('a raise records when it takes effect, lowering withdraws it, and a deposit soon after an effective raise is flagged', async () => {
    const p = await player();
    const limit = (amount: number) =>
      call(app, {
        method: 'POST',
        url: '/api/app/user/protection/limit',
        headers: auth(p.token),
        payload: { kind: 'deposit', period: 'week', amount },
      });
    expect((await limit(100)).code).toBe(200);
    expect((await limit(500)).code).toBe(200);
    const raised = () =>
      app.ctx.db
        .selectFrom('rg_events')
        .selectAll()
        .where('user_id', '=', p.userId)
        .where('kind', '=', 'limit_raised')
        .execute();
    const events = await raised();
    expect(events).toHaveLength(1);
    expect(new Date(events[0]!.at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await limit(50)).code).toBe(200);
    expect(await raised()).toHaveLength(0);

    // a raise that took effect an hour ago, and a deposit since
    const past = await app.ctx.db
      .insertInto('rg_events')
      .values({
        user_id: p.userId,
        kind: 'limit_raised',
        detail: 'deposit/week',
        at: new Date(Date.now() - 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await paidDeposit(p.userId, 300);
    await scanAlerts(app.ctx);
    expect(await alertByKey(`rg:raise:${past.id}`)).toMatchObject({ rule: 'deposit_after_raise' });
  });

  it('loss chasing: four deposits in a day while losing most of them', async () => {
    const p = await player();
    for (let i = 0; i < 4; i += 1) await paidDeposit(p.userId, 50, new Date(Date.now() - (4 - i) * 600_000));
    await app.ctx.db
      .insertInto('bets')
      .values({
        id: `cmp-bet-${p.userId}`,
        user_id: p.userId,
        game: 'dice',
        amount_cents: 19_000,
        payout_cents: 0,
        status: 'settled',
        params: '{}',
      })
      .execute();
    const calm = await player();
    for (let i = 0; i < 4; i += 1)
      await paidDeposit(calm.userId, 50, new Date(Date.now() - (4 - i) * 600_000));
    await scanAlerts(app.ctx);
    const chasing = (await queue('kind=rg')).list
      .filter((r) => r.rule === 'loss_chasing')
      .map((r) => r.players[0]);
    expect(chasing).toContain(p.email);
    expect(chasing).not.toContain(calm.email);
  });
});

describe('working a case', () => {
  it('take, hand over, note, report with a reason, reopen: each audited; a closing without a reason is refused', async () => {
    const p = await player();
    await paidDeposit(p.userId, 15_000);
    await scanAlerts(app.ctx);
    const row = (await queue('kind=aml&status=open')).list.find(
      (r) => r.players[0] === p.email && r.rule === 'large_deposit',
    )!;
    expect(row).toBeDefined();

    expect((await act(row.id, { action: 'take' })).code).toBe(200);
    expect(await detail(row.id)).toMatchObject({ status: 'reviewing', assignee: 'analista_pld' });
    const badAssignee = await act(row.id, { action: 'assign', operatorId: 999_999 });
    expect(badAssignee.code).toBe(400);
    expect(badAssignee.body.message).toBe('Escolha um operador ativo de conformidade ou administrador');

    const bare = await act(row.id, { action: 'report' });
    expect(bare.code).toBe(400);
    expect(bare.body.message).toBe('Informe o motivo (ao menos 5 letras)');
    expect((await detail(row.id)).status).toBe('reviewing');

    expect((await act(row.id, { action: 'note', text: 'Renda declarada não comporta o valor' })).code).toBe(
      200,
    );
    expect((await act(row.id, { action: 'report', text: 'Comunicado ao COAF pelo SISCOAF' })).code).toBe(200);
    const closed = await detail(row.id);
    expect(closed.status).toBe('reported');
    expect(closed.notes.map((n: { text: string }) => n.text)).toEqual([
      'Renda declarada não comporta o valor',
      'Comunicado ao COAF pelo SISCOAF',
    ]);
    // a closed case is not closed again, nor taken
    const twice = await act(row.id, { action: 'dismiss', text: 'Arquivar de novo' });
    expect(twice.code).toBe(409);
    expect((await act(row.id, { action: 'take' })).code).toBe(409);
    expect((await act(row.id, { action: 'reopen', text: 'Novos fatos do banco' })).code).toBe(200);
    expect((await detail(row.id)).status).toBe('open');

    const audit = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'actor_id', 'after_state'])
      .where('object', '=', `alert:${row.id}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['alert.take', 'alert.note', 'alert.report', 'alert.reopen']);
    expect(audit.every((a) => a.actor_id === complianceId)).toBe(true);
    expect(audit[2]!.after_state).toContain('Comunicado ao COAF');
  });

  it("a case in review is its holder's: another analyst cannot take or close it, an admin can; a blank reason is no reason", async () => {
    const p = await player();
    await paidDeposit(p.userId, 13_000);
    await scanAlerts(app.ctx);
    const row = (await queue('kind=aml&status=open')).list.find((r) => r.players[0] === p.email)!;
    const other = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers: adminAuth,
      payload: { username: 'analista_dois', pwd: 'Operador#Seguro2026', role: 'compliance' },
    });
    expect(other.code).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'analista_dois', pwd: 'Operador#Seguro2026' },
    });
    const second = auth(login.body.data.access_token);
    // two analysts take it at once: one holds it
    const takes = await Promise.all([
      act(row.id, { action: 'take' }),
      act(row.id, { action: 'take' }, second),
    ]);
    expect(takes.map((t) => t.code).sort()).toEqual([200, 409]);
    const holder = (await detail(row.id)).assignee as string;
    const outsider = holder === 'analista_pld' ? second : complianceAuth;
    const refused = await act(row.id, { action: 'dismiss', text: 'Arquivando o caso alheio' }, outsider);
    expect(refused.code).toBe(409);
    expect(refused.body.message).toBe(
      `Este caso está em análise com ${holder}; peça a ele ou a um administrador que o repasse`,
    );
    const blank = await act(row.id, { action: 'note', text: '\u200b\u200b\u200b\u200b\u200b\u200b' });
    expect(blank.code).toBe(400);
    expect(blank.body.message).toBe('Informe o motivo (ao menos 5 letras)');
    expect(
      (await act(row.id, { action: 'dismiss', text: 'Arquivado pela administração' }, adminAuth)).code,
    ).toBe(200);
  });

  it('a reported ring that gains an account opens again and stays among the reported', async () => {
    const phone = '41 98888-1234';
    await player({ phone });
    await player({ phone });
    await scanAlerts(app.ctx);
    const alert = (await alertByKey('multi_account:phone:41988881234'))!;
    expect((await act(alert.id, { action: 'report', text: 'Anel comunicado ao COAF' })).code).toBe(200);
    await player({ phone });
    await scanAlerts(app.ctx);
    const reopened = await detail(alert.id);
    expect(reopened.status).toBe('open');
    expect(reopened.reportedAt).not.toBeNull();
    const reported = await queue('kind=multi_account&status=reported');
    expect(reported.list.map((r) => r.id)).toContain(alert.id);
  });

  it('the COAF case file: every deposit and withdrawal of the players, pt-BR CSV, and its export audited', async () => {
    const p = await player({ name: '=HYPERLINK("x")' });
    await paidDeposit(p.userId, 12_345);
    await scanAlerts(app.ctx);
    const row = (await queue('kind=aml')).list.find((r) => r.players[0] === p.email)!;
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/alerts/${row.id}/coaf`,
      headers: complianceAuth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Caso";"Regra";"Jogador";"Nome";"CPF";"Quando (São Paulo)";"Operação";"Valor (R$)";"Situação";"Chave PIX de destino";"Referência"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Depósito único acima do limite"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"12345,00"');
    expect(lines[1]).toContain('"Creditado"');
    const exported = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `alert:${row.id}`)
      .execute();
    expect(exported.map((a) => a.action)).toContain('alert.export');
  });

  it('two operators closing one case at once: exactly one decision stands, the other is told it moved', async () => {
    const p = await player();
    await paidDeposit(p.userId, 11_000);
    await scanAlerts(app.ctx);
    const row = (await queue('kind=aml&status=open')).list.find((r) => r.players[0] === p.email)!;
    const answers = await Promise.all([
      act(row.id, { action: 'report', text: 'Comunicado ao COAF (A)' }),
      act(row.id, { action: 'dismiss', text: 'Arquivado pelo analista B' }, adminAuth),
      act(row.id, { action: 'report', text: 'Comunicado ao COAF (C)' }),
      act(row.id, { action: 'dismiss', text: 'Arquivado pelo analista D' }, adminAuth),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409, 409]);
    const decided = await detail(row.id);
    expect(decided.notes).toHaveLength(1);
    const audits = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `alert:${row.id}`)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('scans at once raise each alert once', async () => {
    const p = await player();
    await paidDeposit(p.userId, 20_000);
    const results = await Promise.all([scanAlerts(app.ctx), scanAlerts(app.ctx), scanAlerts(app.ctx)]);
    expect(results.reduce((n, r) => n + r.raised, 0)).toBeGreaterThanOrEqual(1);
    const rows = await app.ctx.db
      .selectFrom('compliance_alerts')
      .select('id')
      .where('user_ids', '=', JSON.stringify([p.userId]))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the console: support and finance cannot read the queue; compliance filters it by kind and state', async () => {
    const finance = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers: adminAuth,
      payload: { username: 'caixa_cmp', pwd: 'Operador#Seguro2026', role: 'finance' },
    });
    expect(finance.code).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'caixa_cmp', pwd: 'Operador#Seguro2026' },
    });
    const refused = await call(app, {
      method: 'GET',
      url: '/api/admin/alerts',
      headers: auth(login.body.data.access_token),
    });
    expect(refused.code).toBe(403);
    const rg = await queue('kind=rg&status=active');
    expect(rg.list.every((r) => r.kind === 'rg' && ['open', 'reviewing'].includes(r.status))).toBe(true);
    const bad = await call(app, {
      method: 'GET',
      url: '/api/admin/alerts?kind=fraude',
      headers: complianceAuth,
    });
    expect(bad.code).toBe(400);
  });
});
