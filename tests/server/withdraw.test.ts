import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod/mini';
import {
  auth,
  buildTestApp,
  call,
  completeKyc,
  eventually,
  registerPlayer,
  type Player,
  fundedPlayer,
} from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { processPayouts } from '../../server/modules/wallet/payout.processor';
import { FOREIGN_KEY_NOTE } from '../../server/modules/wallet/payout-owner';
import { playerBalances } from '../../server/platform/money/ledger';
import { withdrawLimitsSchema } from '../../domain/schemas/wallet.schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    {},
    { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TREVO_SANDBOX_PAYOUT_DELAY_MS: '0', TREVO_TURNOVER_MAIN: '0' },
  );
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let keyCounter = 0;
const key = () => `w-${Date.now()}-${keyCounter++}`;

const fundedPlayerWith = (reais: number) => fundedPlayer(app, reais);

function withdraw(player: Player, body: Record<string, unknown>, idempotencyKey = key()) {
  return call(app, {
    method: 'POST',
    url: '/api/app/order/withdraw',
    headers: { ...auth(player.token), 'idempotency-key': idempotencyKey },
    payload: {
      payCardBank: 'CPF',
      payCardNo: player.cpf,
      name: 'Maria Silva',
      whatsapp: '11987654321',
      ...body,
    },
  });
}

const limits = async (player: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/order/getWithdraw', headers: auth(player.token) })).body
    .data;

describe('getWithdraw', () => {
  it('reports the real limits, channels and saved accounts', async () => {
    const player = await fundedPlayerWith(120);
    expect(await limits(player)).toEqual({
      limitAmount: 50,
      number: 3,
      unlimited: false,
      lock: false,
      wdAmount: 120,
      usdtRate: 5.5,
      serviceAmount: 0,
      maxAmount: 10000,
      cardInfo: { CHANNEL: ['CPF'] },
      cash: 120,
      turnoverRequired: 0,
      turnoverLeft: 0,
      dailyLeft: 10000,
    });
    // The answer is the contract the client parses (domain/schemas), field for field.
    expect(z.strictObject(withdrawLimitsSchema.shape).safeParse(await limits(player)).success).toBe(true);
    await withdraw(player, { amount: 60 });
    const after = await limits(player);
    expect(after).toMatchObject({ number: 2, wdAmount: 60 });
    expect(after.cardInfo.CPF).toEqual({
      ifsc: player.cpf,
      payCardNo: player.cpf,
      name: 'Maria Silva',
      whatsapp: '11987654321',
    });
  });

  it('says why nothing can be withdrawn while wagering is still required', async () => {
    const player = await fundedPlayerWith(31);
    await app.ctx.db
      .updateTable('users')
      .set({ turnover_required_cents: 6_900 })
      .where('id', '=', player.userId)
      .execute();
    expect(await limits(player)).toMatchObject({
      wdAmount: 0,
      cash: 31,
      turnoverRequired: 69,
      turnoverLeft: 69,
    });
  });

  it('offers USDT only to user type 20', async () => {
    const player = await fundedPlayerWith(100);
    await app.ctx.db.updateTable('users').set({ lx: '20' }).where('id', '=', player.userId).execute();
    expect((await limits(player)).cardInfo.CHANNEL).toEqual(['CPF', 'USDT']);
    const res = await withdraw(player, {
      payCardBank: 'USDT',
      payCardNo: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH',
      amount: 55,
    });
    expect(res.code).toBe(200);
    const row = await app.ctx.db
      .selectFrom('withdrawals')
      .select(['ifsc', 'method'])
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ifsc: '5.5', method: 'USDT' });
    const other = await fundedPlayerWith(100);
    const refused = await withdraw(other, {
      payCardBank: 'USDT',
      payCardNo: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH',
      amount: 55,
    });
    expect(refused.body.message).toBe('Saque em USDT não disponível para esta conta');
  });
});

describe('withdraw checks, in the specification order and words', () => {
  it('nothing withdrawable: Você ainda não tem saldo disponível para saque.', async () => {
    const player = await fundedPlayerWith(0);
    const res = await withdraw(player, { amount: 50 });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Você ainda não tem saldo disponível para saque.');
  });

  it('empty or below the minimum: O valor mínimo de saque é R$ 50.', async () => {
    const player = await fundedPlayerWith(100);
    for (const amount of ['', 49.99, undefined]) {
      const res = await withdraw(player, { amount });
      expect(res.body.message).toBe('O valor mínimo de saque é R$ 50.');
    }
  });

  it('above what can be withdrawn: the most that can be withdrawn now', async () => {
    const player = await fundedPlayerWith(100);
    const res = await withdraw(player, { amount: 100.01 });
    expect(res.body.message).toBe('Você pode sacar no máximo R$ 100 agora.');
  });

  it('no withdrawals left today: Você já fez todos os saques permitidos hoje. Tente novamente amanhã.', async () => {
    const player = await fundedPlayerWith(400);
    for (let i = 0; i < 3; i++) expect((await withdraw(player, { amount: 50 })).code).toBe(200);
    const res = await withdraw(player, { amount: 50 });
    expect(res.body.message).toBe('Você já fez todos os saques permitidos hoje. Tente novamente amanhã.');
  });

  it('turnover not met: nothing withdrawable after a deposit that was not wagered', async () => {
    const strict = await buildTestApp({}, { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0' });
    try {
      const player = await registerPlayer(strict);
      await completeKyc(strict, player);
      const pre = await call(strict, {
        method: 'POST',
        url: '/api/app/order/prePay/BRL3',
        headers: { ...auth(player.token), 'idempotency-key': key() },
        payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
      });
      await call(strict, {
        method: 'POST',
        url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`,
        payload: {},
      });
      await eventually(async () => {
        const s = await call(strict, {
          method: 'GET',
          url: `/api/app/order/getStatus/${pre.body.data.orderId}`,
          headers: auth(player.token),
        });
        return s.body.data.status === '10' ? true : undefined;
      });
      const res = await call(strict, {
        method: 'GET',
        url: '/api/app/order/getWithdraw',
        headers: auth(player.token),
      });
      expect(res.body.data.wdAmount).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("sends withdrawals only to the player's own CPF unless the operator allows any key (issue 19)", async () => {
    const player = await fundedPlayerWith(300);
    const stranger = '52998224725';
    expect((await withdraw(player, { amount: 50, payCardNo: stranger })).body.message).toBe(
      'O saque só pode ir para uma chave PIX do seu CPF',
    );
    // A CNPJ cannot be proved the player's (red-team review: the identity form took any valid
    // CNPJ, which then counted as "own"): no CNPJ channel, whatever the identity form says.
    await app.ctx.db
      .updateTable('users')
      .set({ kyc_document: '11222333000181' })
      .where('id', '=', player.userId)
      .execute();
    expect((await limits(player)).cardInfo.CHANNEL).toEqual(['CPF']);
    const company = await withdraw(player, {
      amount: 50,
      payCardBank: 'CNPJ',
      payCardNo: '11.222.333/0001-81',
    });
    expect(company.code).toBe(400);
    expect(company.body.message).toBe('O saque só pode ir para uma chave PIX do seu CPF');

    const config = app.ctx.config as { withdrawKeys: 'own' | 'any' };
    config.withdrawKeys = 'any';
    let otherId: string;
    try {
      expect((await limits(player)).cardInfo.CHANNEL).toEqual(['CPF', 'CNPJ']);
      const other = await withdraw(player, { amount: 50, payCardNo: stranger });
      expect(other.code, other.body.message).toBe(200);
      otherId = other.body.data.id as string;
    } finally {
      config.withdrawKeys = 'own';
    }
    // Back to the player's own keys before it was paid: the last check before the provider stops
    // it, and the hold returns (payout-owner.ts).
    await processPayouts(app.ctx);
    const stopped = await app.ctx.db
      .selectFrom('withdrawals')
      .select(['payout_state', 'note'])
      .where('id', '=', otherId)
      .executeTakeFirstOrThrow();
    expect(stopped).toEqual({ payout_state: 'failed', note: FOREIGN_KEY_NOTE });
  });

  it('requires the holder name and WhatsApp and a valid PIX key', async () => {
    const player = await fundedPlayerWith(100);
    expect((await withdraw(player, { amount: 50, name: '' })).body.message).toBe('Informe o nome do titular');
    expect((await withdraw(player, { amount: 50, whatsapp: '' })).body.message).toBe('Informe o WhatsApp');
    expect((await withdraw(player, { amount: 50, payCardNo: '123' })).body.message).toBe(
      'Chave PIX ou endereço inválido',
    );
    expect((await withdraw(player, { amount: 50, payCardBank: 'PIX' })).body.message).toBe(
      'Escolha CPF, CNPJ ou USDT',
    );
  });
});

describe('holds and payouts', () => {
  it('holds the amount, pays it once through the PSP and marks it arrived (10)', async () => {
    const player = await fundedPlayerWith(100);
    const res = await withdraw(player, { amount: 80 });
    expect(res.code).toBe(200);
    expect(res.body.message).toBe('Solicitação de saque bem-sucedida!');
    expect(res.body.data).toMatchObject({ status: '00', amount: 80 });
    expect(await playerBalances(app.ctx.db, player.userId)).toEqual({
      user_cash: 2000,
      user_bonus: 0,
      withdrawal_hold: 8000,
    });
    await Promise.all([processPayouts(app.ctx), processPayouts(app.ctx)]);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    const row = await app.ctx.db
      .selectFrom('withdrawals')
      .select(['status', 'payout_state'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: '10', payout_state: 'paid' });
    expect(
      await app.ctx.db.selectFrom('sandbox_payouts').selectAll().where('id', '=', res.body.data.id).execute(),
    ).toHaveLength(1);
    expect(await playerBalances(app.ctx.db, player.userId)).toEqual({
      user_cash: 2000,
      user_bonus: 0,
      withdrawal_hold: 0,
    });
  });

  it('pays the others when the provider fails one payout, and that one at the next pass', async () => {
    const [a, b] = [await fundedPlayerWith(100), await fundedPlayerWith(100)];
    const first = (await withdraw(a, { amount: 50 })).body.data.id as string;
    const second = (await withdraw(b, { amount: 50 })).body.data.id as string;
    const createPayout = app.ctx.psp.createPayout.bind(app.ctx.psp);
    // The provider fails (or passes its deadline) on the first withdrawal only.
    const spy = vi
      .spyOn(app.ctx.psp, 'createPayout')
      .mockImplementation(async (input) =>
        input.id === first ? Promise.reject(new Error('PSP timed out')) : createPayout(input),
      );
    try {
      await processPayouts(app.ctx);
      await processPayouts(app.ctx);
    } finally {
      spy.mockRestore();
    }
    const state = async (id: string) =>
      (
        await app.ctx.db
          .selectFrom('withdrawals')
          .select('payout_state')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).payout_state;
    expect(await state(second)).toBe('paid');
    expect(await state(first)).toBe('queued');
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    expect(await state(first)).toBe('paid');
  });

  it('returns the hold to cash when the bank refuses the payout (01)', async () => {
    const player = await fundedPlayerWith(100);
    const res = await withdraw(player, { amount: 100 });
    await call(app, { method: 'POST', url: '/sandbox-psp/payouts/fail-next' });
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    const row = await app.ctx.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('01');
    expect(await playerBalances(app.ctx.db, player.userId)).toEqual({
      user_cash: 10000,
      user_bonus: 0,
      withdrawal_hold: 0,
    });
  });

  it('waits for an operator above the threshold: approve pays once, reject returns the hold', async () => {
    const op = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const opAuth = auth(op.body.data.access_token);
    const a = await fundedPlayerWith(6000);
    const b = await fundedPlayerWith(6000);
    const wa = (await withdraw(a, { amount: 5500 })).body.data;
    const wb = (await withdraw(b, { amount: 5500 })).body.data;
    expect(wa.waitsForApproval).toBe(true);
    await processPayouts(app.ctx);
    const waiting = await call(app, {
      method: 'GET',
      url: '/api/admin/withdrawals?status=waiting_approval',
      headers: opAuth,
    });
    expect(waiting.body.data.list.map((w: { id: string }) => w.id)).toEqual(
      expect.arrayContaining([wa.id, wb.id]),
    );

    expect(
      (await call(app, { method: 'POST', url: `/api/admin/withdrawals/${wa.id}/approve`, headers: opAuth }))
        .code,
    ).toBe(200);
    expect(
      (await call(app, { method: 'POST', url: `/api/admin/withdrawals/${wa.id}/approve`, headers: opAuth }))
        .code,
    ).toBe(409);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    expect(
      (
        await app.ctx.db
          .selectFrom('withdrawals')
          .select('status')
          .where('id', '=', wa.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('10');

    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/admin/withdrawals/${wb.id}/reject`,
          headers: opAuth,
          payload: { note: 'Chave PIX de outro titular' },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/admin/withdrawals/${wb.id}/reject`,
          headers: opAuth,
          payload: { note: 'Chave PIX de outro titular' },
        })
      ).code,
    ).toBe(409);
    expect((await playerBalances(app.ctx.db, b.userId)).user_cash).toBe(600000);
  });
});

describe('operator decisions under races', () => {
  it('20 concurrent approvals queue the payout once; approve after reject is refused', async () => {
    const op = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const opAuth = auth(op.body.data.access_token);
    const a = await fundedPlayerWith(6000);
    const b = await fundedPlayerWith(6000);
    const wa = (await withdraw(a, { amount: 5500 })).body.data;
    const wb = (await withdraw(b, { amount: 5500 })).body.data;
    const decide = (id: string, verdict: 'approve' | 'reject') =>
      call(app, {
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/${verdict}`,
        headers: opAuth,
        payload: verdict === 'reject' ? { note: 'Chave PIX de outro titular' } : {},
      });

    const codes = (await Promise.all(Array.from({ length: 20 }, () => decide(wa.id, 'approve')))).map(
      (r) => r.code,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    const paid = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('reference', '=', wa.id)
      .where('kind', '=', 'withdrawal_paid')
      .execute();
    expect(paid).toHaveLength(1);

    expect((await decide(wb.id, 'reject')).code).toBe(200);
    expect((await decide(wb.id, 'approve')).code).toBe(409);
    expect((await playerBalances(app.ctx.db, b.userId)).user_cash).toBe(600000);
    const decisions = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', 'in', [`withdrawal:${wa.id}`, `withdrawal:${wb.id}`])
      .execute();
    // Only decisions that happened are recorded: one approval, one rejection.
    expect(decisions.map((d) => d.action).sort()).toEqual(['withdrawal.approve', 'withdrawal.reject']);
  });
});

describe('AT-02 double withdrawal', () => {
  it('50 concurrent withdrawals of the whole balance leave one pending', async () => {
    const player = await fundedPlayerWith(100);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(player, { amount: 100 })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code >= 500)).toHaveLength(0);
    expect(await playerBalances(app.ctx.db, player.userId)).toEqual({
      user_cash: 0,
      user_bonus: 0,
      withdrawal_hold: 10000,
    });
  });

  it('the same key 50 times makes one withdrawal', async () => {
    const player = await fundedPlayerWith(200);
    const k = key();
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(player, { amount: 60 }, k)));
    expect(results.every((r) => r.code === 200 || r.code === 409)).toBe(true);
    expect(new Set(results.filter((r) => r.code === 200).map((r) => r.body.data.id)).size).toBe(1);
    expect(
      await app.ctx.db.selectFrom('withdrawals').select('id').where('user_id', '=', player.userId).execute(),
    ).toHaveLength(1);
  });
});

describe('AT-09 money input fuzz on withdraw', () => {
  it('answers 400 to every malformed amount or extra field and changes nothing', async () => {
    const player = await fundedPlayerWith(100);
    const checksum = async () =>
      (
        await sql<{
          c: string;
        }>`select md5(string_agg(id || status, ',' order by id)) || count(*) as c from withdrawals`.execute(
          app.ctx.db,
        )
      ).rows[0]!.c + JSON.stringify(await playerBalances(app.ctx.db, player.userId));
    const before = await checksum();
    const bad: unknown[] = [
      -1,
      0,
      -0,
      0.001,
      '10.005',
      '1e2',
      1e2 * 1e300,
      '0x10',
      ' 1',
      '١٠',
      null,
      [],
      {},
      2 ** 53 + 1,
      1e308,
      'NaN',
      'Infinity',
      'x'.repeat(60_000),
    ];
    for (const amount of bad) {
      const res = await withdraw(player, { amount });
      expect(res.code, JSON.stringify(amount)?.slice(0, 20)).toBe(400);
    }
    for (const extra of [{ userId: 1 }, { balance: 1e6 }, { status: '10' }]) {
      const res = await withdraw(player, { amount: 50, ...extra });
      expect(res.code).toBe(400);
      expect(res.body.message).toMatch(/^Campo não permitido/);
    }
    expect(await checksum()).toBe(before);
  });

  it('accepts exact centavos', async () => {
    const player = await fundedPlayerWith(100);
    const res = await withdraw(player, { amount: '50.07' });
    expect(res.body.data.amount).toBe(50.07);
    expect((await playerBalances(app.ctx.db, player.userId)).user_cash).toBe(4993);
  });
});
