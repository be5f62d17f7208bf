import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auth,
  buildTestApp,
  call,
  completeKyc,
  eventually,
  PASSWORD,
  registerPlayer,
  type Player,
} from './helpers';
import { sql } from 'kysely';
import { settleCharge } from '../../server/modules/wallet/deposit.service';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { parseBrCode } from '../../domain/pix';
import { signWebhook, SIGNATURE_HEADER } from '../../server/modules/payments/webhook-signature';
import { SandboxPsp } from '../../server/modules/payments/sandbox-psp';

let app: FastifyInstance;
const SECRET = 'test-webhook-secret-0123456789abcdef';
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TREVO_PSP_WEBHOOK_SECRET: SECRET });
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let keyCounter = 0;
const key = () => `k-${Date.now()}-${keyCounter++}`;

async function kycPlayer(): Promise<Player> {
  const player = await registerPlayer(app);
  await completeKyc(app, player);
  return player;
}

async function prePay(
  player: Player,
  pkgId = 'BRL3',
  idempotencyKey = key(),
  form = `gift=0&pkgId=${pkgId}&isapp=0`,
) {
  return call(app, {
    method: 'POST',
    url: `/api/app/order/prePay/${pkgId}`,
    headers: {
      ...auth(player.token),
      'idempotency-key': idempotencyKey,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: form,
  });
}

const status = async (player: Player, orderId: string) =>
  (
    await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${orderId}`,
      headers: auth(player.token),
    })
  ).body.data?.status;
const balance = async (player: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/getBalance', headers: auth(player.token) })).body
    .data;
const payAt = (txid: string, payload: Record<string, unknown> = {}) =>
  call(app, { method: 'POST', url: `/sandbox-psp/charges/${txid}/pay`, payload });

describe('getPrices', () => {
  it('lists BRL packages by default and each curreny variant on request', async () => {
    const brl = await call(app, { method: 'GET', url: '/api/app/order/getPrices' });
    expect(brl.body.data[2]).toEqual({ gift: 0, pkgId: 'BRL3', price: 100, sort: 3, curreny: 'BRL' });
    for (const variant of ['BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY']) {
      const res = await call(app, { method: 'GET', url: `/api/app/order/getPrices?curreny=${variant}` });
      expect(res.body.data.length).toBeGreaterThanOrEqual(4);
      expect(res.body.data.every((p: { curreny: string }) => p.curreny === variant)).toBe(true);
    }
    expect((await call(app, { method: 'GET', url: '/api/app/order/getPrices?curreny=XYZ' })).code).toBe(400);
  });
});

describe('PIX deposit through the sandbox PSP', () => {
  it('prePay → checkout with a real BR Code → pay → webhook → credited once, status 10', async () => {
    const player = await kycPlayer();
    const res = await prePay(player);
    expect(res.code).toBe(200);
    const { orderId, payNo, url } = res.body.data;
    expect(orderId).toMatch(/^D\d{8}[0-9A-F]{12}$/);
    expect(payNo).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url).toBe(`/sandbox-psp/checkout/${payNo}`);
    expect(await status(player, orderId)).toBe('00');

    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const brCode = /value="([^"]+)" data-testid="psp-brcode"/.exec(page.body)![1]!.replace(/&#42;/g, '*');
    expect(parseBrCode(brCode).get('54')).toBe('100.00');
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('Problema de pagamento?');

    expect((await payAt(payNo)).code).toBe(200);
    expect(await eventually(async () => ((await status(player, orderId)) === '10' ? true : undefined))).toBe(
      true,
    );
    expect(await balance(player)).toEqual({ balance: 100, bonusBalance: 0, freeBalance: 100 });
    // A second payment of the same charge is impossible.
    expect((await payAt(payNo)).code).toBe(409);
  });

  it("deposits the player's own amount within the configured range, centavos included, without a gift", async () => {
    const player = await kycPlayer();
    const custom = (amount: string, gift = 0) =>
      prePay(
        player,
        'custom',
        key(),
        `gift=${gift}&pkgId=custom&isapp=0&amount=${encodeURIComponent(amount)}`,
      );
    const res = await custom('75,50', 1);
    expect(res.code, res.body.message).toBe(200);
    const page = await app.inject({ method: 'GET', url: res.body.data.url });
    const brCode = /value="([^"]+)" data-testid="psp-brcode"/.exec(page.body)![1]!.replace(/&#42;/g, '*');
    expect(parseBrCode(brCode).get('54')).toBe('75.50');
    await payAt(res.body.data.payNo);
    await eventually(async () => ((await status(player, res.body.data.orderId)) === '10' ? true : undefined));
    expect(await balance(player)).toEqual({ balance: 75.5, bonusBalance: 0, freeBalance: 75.5 });

    // Outside the range (config: R$ 10 to R$ 50.000), malformed, or missing: refused in words.
    for (const [amount, message] of [
      ['9.99', 'O valor do depósito deve ficar entre R$ 10 e R$ 50.000'],
      ['50000.01', 'O valor do depósito deve ficar entre R$ 10 e R$ 50.000'],
      ['12.345', 'Informe o valor do depósito em reais, por exemplo 75 ou 75,50'],
      ['-20', 'Informe o valor do depósito em reais, por exemplo 75 ou 75,50'],
      ['1e3', 'Informe o valor do depósito em reais, por exemplo 75 ou 75,50'],
    ] as const) {
      const refused = await custom(amount);
      expect([refused.code, refused.body.message], amount).toEqual([400, message]);
    }
    // A JSON body may send the amount as a number (API.md "Amounts"); a fraction of a centavo is refused.
    const json = (amount: unknown) =>
      call(app, {
        method: 'POST',
        url: '/api/app/order/prePay/custom',
        headers: { ...auth(player.token), 'idempotency-key': key() },
        payload: { pkgId: 'custom', amount },
      });
    expect((await json(20)).code).toBe(200);
    for (const amount of [20.005, [20], '20 ', true]) {
      expect((await json(amount)).body.message, JSON.stringify(amount)).toBe(
        'Informe o valor do depósito em reais, por exemplo 75 ou 75,50',
      );
    }
    const none = await prePay(player, 'custom', key(), 'gift=0&pkgId=custom&isapp=0');
    expect(none.body.message).toBe('Informe o valor do depósito em reais, por exemplo 75 ou 75,50');
    // A package's price is the package's: an amount beside it is refused, not obeyed.
    expect((await prePay(player, 'BRL3', key(), 'gift=0&pkgId=BRL3&isapp=0&amount=5000')).code).toBe(400);
    const orders = await app.ctx.db
      .selectFrom('deposit_orders')
      .select(['pkg_id', 'amount_cents', 'gift_cents'])
      .where('txid', '=', res.body.data.payNo)
      .execute();
    // Numbers compared as numbers: PostgreSQL answers bigint columns as text.
    expect(orders.map((o) => [o.pkg_id, Number(o.amount_cents), Number(o.gift_cents)])).toEqual([
      ['custom', 7550, 0],
    ]);
  });

  it('credits the package gift to the bonus wallet when asked for', async () => {
    const player = await kycPlayer();
    const res = await prePay(player, 'BT3', key(), 'gift=1&pkgId=BT3&isapp=0');
    await payAt(res.body.data.payNo);
    await eventually(async () => ((await status(player, res.body.data.orderId)) === '10' ? true : undefined));
    expect(await balance(player)).toEqual({ balance: 100, bonusBalance: 30, freeBalance: 130 });
    // /registros names the gift's deposit as the deposit's own line does, never the order's id.
    const records = (
      await call(app, {
        method: 'GET',
        url: '/api/app/user/records?kind=wallet',
        headers: auth(player.token),
      })
    ).body.data.list as Array<{ type: number; amount: number; detail: string; note: string | null }>;
    expect(records.map((r) => [r.type, r.amount, r.detail, r.note])).toEqual([
      [141, 30, `PIX ${res.body.data.payNo}`, 'depositGift'],
      [10, 100, `PIX ${res.body.data.payNo}`, null],
    ]);
  });

  it("credits the first-deposit offer's gift once, however many offer orders are paid together", async () => {
    const player = await kycPlayer();
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const res = await prePay(player, 'BT3', key(), 'gift=1&pkgId=BT3&isapp=0');
      expect(res.code).toBe(200);
      orders.push(res.body.data as { payNo: string; orderId: string });
    }
    await Promise.all(orders.map((o) => payAt(o.payNo)));
    for (const o of orders) {
      await eventually(async () => ((await status(player, o.orderId)) === '10' ? true : undefined));
    }
    // Three deposits of R$ 100, one gift of R$ 30.
    expect(await balance(player)).toEqual({ balance: 300, bonusBalance: 30, freeBalance: 330 });
  });

  it("records a deposit bought through a game's recharge plan as a recharge (13), others as deposits (10)", async () => {
    const player = await kycPlayer();
    for (const pkg of ['INS1', 'BRL3']) {
      const res = await prePay(player, pkg, key(), `gift=0&pkgId=${pkg}&isapp=0`);
      expect(res.code).toBe(200);
      await payAt(res.body.data.payNo);
      await eventually(async () =>
        (await status(player, res.body.data.orderId)) === '10' ? true : undefined,
      );
    }
    const records = (
      await call(app, {
        method: 'GET',
        url: '/api/app/user/records?kind=wallet',
        headers: auth(player.token),
      })
    ).body.data.list as Array<{ type: number; amount: number }>;
    expect(records.map((r) => [r.type, r.amount])).toEqual([
      [10, 100],
      [13, 20],
    ]);
  });

  it('reconciles on getStatus when the webhook never arrives', async () => {
    const player = await kycPlayer();
    const res = await prePay(player);
    // Paid at the provider directly, with no notification sent.
    await app.ctx.db
      .updateTable('sandbox_charges')
      .set({
        status: 'CONCLUIDA',
        payer_cpf: player.cpf,
        end_to_end_id: `E1823612020261121${key().replace(/\W/g, '')}`.slice(0, 32),
        paid_at: new Date(),
      })
      .where('txid', '=', res.body.data.payNo)
      .execute();
    expect(await status(player, res.body.data.orderId)).toBe('10');
    expect((await balance(player)).balance).toBe(100);
  });

  it('never credits an expired charge and reports it cancelled (01)', async () => {
    const player = await kycPlayer();
    const res = await prePay(player);
    expect(
      (await call(app, { method: 'POST', url: `/sandbox-psp/charges/${res.body.data.payNo}/expire` })).code,
    ).toBe(200);
    expect((await payAt(res.body.data.payNo)).code).toBe(409);
    expect(await status(player, res.body.data.orderId)).toBe('01');
    expect((await balance(player)).balance).toBe(0);
  });

  it('refunds money from another CPF instead of crediting it', async () => {
    const player = await kycPlayer();
    const res = await prePay(player);
    await payAt(res.body.data.payNo, { payerCpf: '529.982.247-25' });
    await eventually(async () => ((await status(player, res.body.data.orderId)) === '01' ? true : undefined));
    expect((await balance(player)).balance).toBe(0);
    const charge = await app.ctx.db
      .selectFrom('sandbox_charges')
      .select('status')
      .where('txid', '=', res.body.data.payNo)
      .executeTakeFirst();
    expect(charge?.status).toBe('DEVOLVIDA');
  });

  it('refunds a charge paid late from another CPF too, and never credits it afterwards', async () => {
    const player = await kycPlayer();
    const res = await prePay(player);
    const { orderId, payNo } = res.body.data;
    // The order looked expired on our side (its status 01) when the payment arrived.
    await app.ctx.db
      .updateTable('deposit_orders')
      .set({ status: '01', note: 'expirado' })
      .where('id', '=', orderId)
      .execute();
    await payAt(payNo, { payerCpf: '529.982.247-25' });
    const refunded = await eventually(async () => {
      const row = await app.ctx.db
        .selectFrom('sandbox_charges')
        .select('status')
        .where('txid', '=', payNo)
        .executeTakeFirst();
      return row?.status === 'DEVOLVIDA' ? row : undefined;
    });
    expect(refunded.status).toBe('DEVOLVIDA');
    expect(await settleCharge(app.ctx, app.ctx.psp, payNo)).toBe('refunded');
    expect((await balance(player)).balance).toBe(0);
  });

  it("answers 404 for another player's order", async () => {
    const a = await kycPlayer();
    const b = await kycPlayer();
    const res = await prePay(a);
    const other = await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${res.body.data.orderId}`,
      headers: auth(b.token),
    });
    expect(other.code).toBe(404);
    expect(other.body.data).toBeNull();
  });

  it('requires KYC and refuses unknown packages', async () => {
    const player = await registerPlayer(app);
    const noKyc = await prePay(player);
    expect(noKyc.code).toBe(400);
    expect(noKyc.body.message).toBe('Complete seus dados de identificação antes de depositar');
    await completeKyc(app, player);
    expect((await prePay(player, 'NOPE')).code).toBe(404);
  });
});

describe('a paid charge is checked again when it is paid', () => {
  const setLimit = (player: Player, amount: number) =>
    call(app, {
      method: 'POST',
      url: '/api/app/user/protection/limit',
      headers: auth(player.token),
      payload: { kind: 'deposit', period: 'day', amount },
    });
  const orderOf = (orderId: string) =>
    app.ctx.db
      .selectFrom('deposit_orders')
      .select(['status', 'note', 'end_to_end_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  const refundedAtProvider = async (txid: string) =>
    (
      await app.ctx.db
        .selectFrom('sandbox_charges')
        .select('status')
        .where('txid', '=', txid)
        .executeTakeFirst()
    )?.status === 'DEVOLVIDA';

  it('refunds an order made before a lower deposit limit instead of crediting past the limit', async () => {
    const player = await kycPlayer();
    // R$ 300 ordered, then the player sets R$ 150 a day: the first R$ 100 fits, the R$ 200 does not.
    const small = (await prePay(player, 'BRL3')).body.data;
    const big = (await prePay(player, 'custom', key(), 'gift=0&pkgId=custom&isapp=0&amount=200')).body.data;
    expect((await setLimit(player, 150)).code).toBe(200);
    await payAt(small.payNo);
    await payAt(big.payNo);
    expect(
      await eventually(async () => ((await status(player, small.orderId)) === '10' ? true : undefined)),
    ).toBe(true);
    expect(await eventually(async () => ((await refundedAtProvider(big.payNo)) ? true : undefined))).toBe(
      true,
    );
    expect(await orderOf(big.orderId)).toMatchObject({
      status: '01',
      note: 'limite de depósito excedido: devolvido',
    });
    expect((await orderOf(big.orderId)).end_to_end_id).toBeTruthy();
    expect((await balance(player)).balance).toBe(100);

    // Every later look (the webhook again, the player's polling, a day later when the limit's
    // window has passed) finds it sent back and credits nothing.
    await app.ctx.db
      .updateTable('deposit_orders')
      .set({ created_at: sql`now() - interval '2 days'` })
      .where('id', '=', big.orderId)
      .execute();
    expect(await settleCharge(app.ctx, app.ctx.psp, big.payNo)).toBe('refunded');
    expect(await status(player, big.orderId)).toBe('01');
    expect((await balance(player)).balance).toBe(100);
  });

  it('tries a failed refund again at the next look, and shows it unsettled meanwhile', async () => {
    const player = await kycPlayer();
    const order = (await prePay(player)).body.data;
    expect((await setLimit(player, 50)).code).toBe(200);
    // The webhook is slow here: the test settles by hand, first with a provider whose refund fails.
    const e2e = `E${Date.now()}RETRY`;
    await app.ctx.db
      .updateTable('sandbox_charges')
      .set({
        status: 'CONCLUIDA',
        payer_cpf: player.cpf,
        end_to_end_id: e2e,
        paid_at: new Date(),
      })
      .where('txid', '=', order.payNo)
      .execute();
    const failing = { ...app.ctx.psp, refund: () => Promise.reject(new Error('PSP fora do ar')) };
    await expect(settleCharge(app.ctx, failing, order.payNo)).rejects.toThrow('PSP fora do ar');
    // Still marked as sent back (never judged again): only the refund is asked for again.
    expect(await orderOf(order.orderId)).toMatchObject({ status: '01', end_to_end_id: e2e });
    expect((await orderOf(order.orderId)).note).toMatch(/^devolução pendente/);
    expect(await settleCharge(app.ctx, app.ctx.psp, order.payNo)).toBe('refunded');
    expect(await refundedAtProvider(order.payNo)).toBe(true);
    expect(await orderOf(order.orderId)).toMatchObject({ note: 'limite de depósito excedido: devolvido' });
    expect((await balance(player)).balance).toBe(0);
  });

  it('refunds a charge paid after an operator locked the account', async () => {
    const player = await kycPlayer();
    const order = (await prePay(player)).body.data;
    await app.ctx.db
      .updateTable('users')
      .set({ locked_at: new Date(), locked_reason: 'suspeita de fraude' })
      .where('cpf', '=', player.cpf)
      .execute();
    await payAt(order.payNo);
    expect(await eventually(async () => ((await refundedAtProvider(order.payNo)) ? true : undefined))).toBe(
      true,
    );
    expect(await orderOf(order.orderId)).toMatchObject({
      status: '01',
      note: 'conta bloqueada pelo operador: devolvido',
    });
  });

  it('refunds a charge paid after the player excluded themselves', async () => {
    const player = await kycPlayer();
    const order = (await prePay(player)).body.data;
    const excluded = await call(app, {
      method: 'POST',
      url: '/api/app/user/protection/exclusion',
      headers: auth(player.token),
      payload: { kind: 'cooloff', hours: 24, pwd: PASSWORD },
    });
    expect(excluded.code, excluded.body.message).toBe(200);
    await payAt(order.payNo);
    expect(await eventually(async () => ((await refundedAtProvider(order.payNo)) ? true : undefined))).toBe(
      true,
    );
    expect(await orderOf(order.orderId)).toMatchObject({
      status: '01',
      note: 'jogador em autoexclusão: devolvido',
    });
    const credits = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', order.orderId)
      .execute();
    expect(credits).toEqual([]);
  });
});

describe('AT-03 idempotency of prePay', () => {
  it('replays the first answer, refuses another body with 422 and a missing key with 400', async () => {
    const player = await kycPlayer();
    const k = key();
    const first = await prePay(player, 'BRL3', k);
    const again = await prePay(player, 'BRL3', k);
    expect(again.code).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await prePay(player, 'BRL4', k, 'gift=0&pkgId=BRL4&isapp=0');
    expect(other.code).toBe(422);
    const missing = await call(app, {
      method: 'POST',
      url: '/api/app/order/prePay/BRL3',
      headers: auth(player.token),
      payload: {},
    });
    expect(missing.code).toBe(400);
    expect(missing.body.message).toBe('Cabeçalho Idempotency-Key obrigatório');
    const orders = await app.ctx.db
      .selectFrom('deposit_orders')
      .select('id')
      .where(
        'user_id',
        '=',
        (
          await app.ctx.db
            .selectFrom('users')
            .select('id')
            .where('cpf', '=', player.cpf)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('checks the key before the amount and stores a refusal under it', async () => {
    const player = await kycPlayer();
    const form = 'gift=0&pkgId=custom&isapp=0&amount=5';
    const noKey = await call(app, {
      method: 'POST',
      url: '/api/app/order/prePay/custom',
      headers: { ...auth(player.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(noKey.code).toBe(400);
    expect(noKey.body.message).toBe('Cabeçalho Idempotency-Key obrigatório');

    const k = key();
    const refused = await prePay(player, 'custom', k, form);
    expect(refused.code).toBe(400);
    const again = await prePay(player, 'custom', k, form);
    expect(again.body).toEqual(refused.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same key with another request is a reuse, whatever that request would have answered.
    expect((await prePay(player, 'BRL3', k)).code).toBe(422);
  });

  it('the same key 20 times concurrently makes one order', async () => {
    const player = await kycPlayer();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 20 }, () => prePay(player, 'BRL3', k)));
    expect(new Set(answers.filter((a) => a.code === 200).map((a) => a.body.data.orderId)).size).toBe(1);
    expect(answers.every((a) => a.code === 200 || a.code === 409)).toBe(true);
  });

  it('a key reused by another player is an independent operation', async () => {
    const a = await kycPlayer();
    const b = await kycPlayer();
    const k = key();
    const first = await prePay(a, 'BRL3', k);
    const second = await prePay(b, 'BRL3', k);
    expect(second.code).toBe(200);
    expect(second.body.data.orderId).not.toBe(first.body.data.orderId);
  });
});

describe('AT-04 webhook forgery, replay and batching', () => {
  async function paidCharge() {
    const player = await kycPlayer();
    const res = await prePay(player);
    const txid = res.body.data.payNo as string;
    // Pay at the bank but capture the notification instead of letting the sandbox send it.
    await app.ctx.db
      .updateTable('sandbox_charges')
      .set({
        status: 'CONCLUIDA',
        payer_cpf: player.cpf,
        end_to_end_id: `E18236120${Date.now()}${keyCounter++}`.slice(0, 32),
        paid_at: new Date(),
      })
      .where('txid', '=', txid)
      .execute();
    const charge = (await app.ctx.psp.getCharge(txid))!;
    return { player, orderId: res.body.data.orderId as string, body: SandboxPsp.notification(charge) };
  }
  const send = (body: string, signature = signWebhook(SECRET, body)) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/pix',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: body,
    });

  it('credits once when delivered 20 times sequentially and 20 times concurrently', async () => {
    const { player, body } = await paidCharge();
    for (let i = 0; i < 20; i++) expect((await send(body)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => send(body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await balance(player)).balance).toBe(100);
  });

  it('refuses a bad signature and a timestamp 301 s old or ahead, changing nothing', async () => {
    const { player, body, orderId } = await paidCharge();
    // The clock stands still while the signatures are checked: a second ticking over between
    // signing and checking made "301 s ahead" a permitted 300 s (a flaky run).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const now = Math.floor(Date.now() / 1000);
    try {
      for (const signature of [
        signWebhook('another-secret-0123456789abcdef', body),
        signWebhook(SECRET, body, now - 301),
        signWebhook(SECRET, body, now + 301),
        'garbage',
      ]) {
        expect((await send(body, signature)).statusCode).toBe(401);
      }
    } finally {
      clock.mockRestore();
    }
    expect((await send(body.replace('100.00', '999.00'), signWebhook(SECRET, body))).statusCode).toBe(401);
    const order = await app.ctx.db
      .selectFrom('deposit_orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('00');
    expect((await balance(player)).balance).toBe(0);
  });

  it('credits nothing when the provider reports another amount than the order', async () => {
    const { player, orderId, body } = await paidCharge();
    const txid = JSON.parse(body).pix[0].txid as string;
    await app.ctx.db
      .updateTable('sandbox_charges')
      .set({ amount_cents: 1 })
      .where('txid', '=', txid)
      .execute();
    expect((await send(body)).statusCode).toBe(200);
    const order = await app.ctx.db
      .selectFrom('deposit_orders')
      .select(['status', 'note'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('01');
    expect(order.note).toMatch(/valor divergente/);
    expect((await balance(player)).balance).toBe(0);
  });

  it('quarantines a PIX for an unknown txid and credits a batch once per charge', async () => {
    const a = await paidCharge();
    const b = await paidCharge();
    const pa = JSON.parse(a.body).pix[0];
    const pb = JSON.parse(b.body).pix[0];
    const unknown = { ...pa, txid: 'UNKNOWNTXID0000000000000000000000', endToEndId: 'E000' };
    const batch = JSON.stringify({ pix: [pa, pb, pa, unknown] });
    expect((await send(batch)).statusCode).toBe(200);
    expect((await balance(a.player)).balance).toBe(100);
    expect((await balance(b.player)).balance).toBe(100);
    const quarantined = await app.ctx.db
      .selectFrom('pix_notifications')
      .select('outcome')
      .where('txid', '=', unknown.txid)
      .execute();
    expect(quarantined).toEqual([{ outcome: 'unknown' }]);
  });
});
