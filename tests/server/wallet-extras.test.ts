import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  completeKyc,
  eventually,
  fundCash,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TREVO_TURNOVER_MAIN: '0' });
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let keyCounter = 0;
const key = () => `x-${Date.now()}-${keyCounter++}`;
const info = async (player: { token: string }) =>
  (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(player.token) })).body.data;

async function deposit(player: Player, pkgId = 'BRL3', gift = '0') {
  const pre = await call(app, {
    method: 'POST',
    url: `/api/app/order/prePay/${pkgId}`,
    headers: { ...auth(player.token), 'idempotency-key': key() },
    payload: { gift, pkgId, isapp: '0' },
  });
  expect(pre.code, pre.body.message).toBe(200);
  await call(app, { method: 'POST', url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`, payload: {} });
  await eventually(async () => {
    const s = await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${pre.body.data.orderId}`,
      headers: auth(player.token),
    });
    return s.body.data.status === '10' ? true : undefined;
  });
  return pre.body.data.orderId as string;
}

async function transferCode(player: Player): Promise<string> {
  expect(
    (
      await call(app, {
        method: 'POST',
        url: '/api/app/wallet/transfer/sendCode',
        headers: auth(player.token),
      })
    ).code,
  ).toBe(200);
  const mails = (
    await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(player.email)}` })
  ).json();
  return /\b(\d{6})\b/.exec(mails[0].text)![1]!;
}

function transfer(player: Player, body: Record<string, unknown>, k = key()) {
  return call(app, {
    method: 'POST',
    url: '/api/app/wallet/transfer',
    headers: { ...auth(player.token), 'idempotency-key': k },
    payload: body,
  });
}

describe('getUserTest demo accounts', () => {
  it('issues a demo account with play money that logs in and can never leave', async () => {
    const demo = await call(app, { method: 'GET', url: '/api/app/user/getUserTest' });
    expect(demo.code).toBe(200);
    expect(demo.body.data).toMatchObject({ balance: 1000 });
    const { username, pwd } = demo.body.data;
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId: await captcha(app), captCode: CAPTCHA },
    });
    expect(login.code).toBe(200);
    const token = login.body.data.access_token;
    const me = await info({ token });
    expect(me).toMatchObject({ testFlag: 1, balance: 1000 });
    expect(me.paypackage.FPDATA.fcOpen).toBe(false);
    const limits = await call(app, {
      method: 'GET',
      url: '/api/app/order/getWithdraw',
      headers: auth(token),
    });
    expect(limits.body.data.wdAmount).toBe(0);
    const w = await call(app, {
      method: 'POST',
      url: '/api/app/order/withdraw',
      headers: { ...auth(token), 'idempotency-key': key() },
      payload: { payCardBank: 'CPF', payCardNo: '52998224725', name: 'X', whatsapp: '1', amount: 50 },
    });
    expect(w.code).toBe(403);
    expect(
      (await call(app, { method: 'POST', url: '/api/app/wallet/transfer/sendCode', headers: auth(token) }))
        .code,
    ).toBe(403);
  });

  it('is not counted as a player', async () => {
    const before = (await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' })).body.data.number;
    await call(app, { method: 'GET', url: '/api/app/user/getUserTest' });
    expect((await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' })).body.data.number).toBe(
      before,
    );
  });
});

describe('transfers', () => {
  it("count against the day's withdrawals: number and amount", async () => {
    const from = await registerPlayer(app);
    const to = await registerPlayer(app);
    const fromId = await userIdOf(app, from);
    await fundCash(app, fromId, 10_000);
    const withdrawInfo = async () =>
      (await call(app, { method: 'GET', url: '/api/app/order/getWithdraw', headers: auth(from.token) })).body
        .data as { number: number; wdAmount: number };
    const code = await transferCode(from);
    expect((await transfer(from, { username: to.email, amount: '10', code })).code).toBe(200);
    const after = await withdrawInfo();
    expect(after.number).toBe(2);
    // Two more sent today (as the transfers table records them): nothing left for a third.
    await app.ctx.db
      .insertInto('transfers')
      .values(
        [1, 2].map((i) => ({
          id: `Tday${i}${fromId}`,
          from_user_id: fromId,
          to_user_id: fromId,
          amount_cents: 100,
        })),
      )
      .execute();
    expect((await withdrawInfo()).number).toBe(0);
    const refused = await transfer(from, { username: to.email, amount: '1', code: await transferCode(from) });
    expect(refused.body.message).toBe('Você já fez todos os saques permitidos hoje. Tente novamente amanhã.');
  });

  it('moves cash to another player with the e-mailed code, once per key', async () => {
    const from = await registerPlayer(app);
    const to = await registerPlayer(app);
    const fromId = await userIdOf(app, from);
    const toId = await userIdOf(app, to);
    await fundCash(app, fromId, 10_000);
    const code = await transferCode(from);
    const k = key();
    const res = await transfer(from, { username: to.email, amount: '25.50', code }, k);
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 25.5, to: to.email });
    expect((await transfer(from, { username: to.email, amount: '25.50', code }, k)).body).toEqual(res.body);
    expect((await transfer(from, { username: to.email, amount: '30', code }, k)).code).toBe(422);
    expect((await playerBalances(app.ctx.db, fromId)).user_cash).toBe(7450);
    expect((await playerBalances(app.ctx.db, toId)).user_cash).toBe(2550);
    // The code was used up.
    const again = await transfer(from, { username: to.email, amount: 1, code });
    expect(again.body.message).toBe('Código incorreto ou expirado');
    // The sender sees whom they paid (they typed it); the recipient never sees the sender's whole
    // e-mail address, only enough of it to recognise a friend.
    const records = async (player: Player) =>
      (await call(app, { method: 'GET', url: '/api/app/user/records', headers: auth(player.token) })).body
        .data.list as Array<{ type: number; detail: string }>;
    expect((await records(from)).find((r) => r.type === 12)?.detail).toBe(`para ${to.email}`);
    const received = (await records(to)).find((r) => r.type === 12)!.detail;
    const [local, domain] = from.email.split('@') as [string, string];
    expect(received).toBe(`de ${local.slice(0, 2)}***@${domain.slice(0, 1)}***`);
    expect(received).not.toContain(local);
    expect(received).not.toContain(domain);
  });

  it('asks for each field with the specification messages', async () => {
    const from = await registerPlayer(app);
    expect((await transfer(from, { amount: 1, code: '123456' })).body.message).toBe(
      'Informe o nome de usuário do destinatário',
    );
    expect((await transfer(from, { username: 'a@b.com', code: '123456' })).body.message).toBe(
      'Informe o valor da transferência',
    );
    expect((await transfer(from, { username: 'a@b.com', amount: 1 })).body.message).toBe(
      'Informe o código de verificação do e-mail',
    );
    expect((await transfer(from, { username: 'a@b.com', amount: '1e2', code: '123456' })).body.message).toBe(
      'Informe um valor válido, com até duas casas decimais',
    );
  });

  it('refuses a wrong code (counting tries), an unknown or own recipient, and more than is withdrawable', async () => {
    const from = await registerPlayer(app);
    const fromId = await userIdOf(app, from);
    await fundCash(app, fromId, 5_000);
    const code = await transferCode(from);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await transfer(from, { username: 'x@y.com', amount: 1, code: wrong })).body.message).toBe(
      'Código incorreto ou expirado',
    );
    expect((await transfer(from, { username: 'ninguem@exemplo.com', amount: 1, code })).code).toBe(404);
    expect((await transfer(from, { username: from.email, amount: 1, code })).body.message).toBe(
      'Não é possível transferir para você mesmo',
    );
    const to = await registerPlayer(app);
    expect((await transfer(from, { username: to.email, amount: 50.01, code })).body.message).toBe(
      'Você pode sacar no máximo R$ 50 agora.',
    );
    expect((await playerBalances(app.ctx.db, fromId)).user_cash).toBe(5_000);
  });
});

describe('records, offers and VIP', () => {
  it("lists deposits, withdrawals and transfers, newest first, paginated, only the player's own", async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const orderId = await deposit(player);
    const w = await call(app, {
      method: 'POST',
      url: '/api/app/order/withdraw',
      headers: { ...auth(player.token), 'idempotency-key': key() },
      payload: {
        payCardBank: 'CPF',
        payCardNo: player.cpf,
        name: 'Maria Silva',
        whatsapp: '11987654321',
        amount: 60,
      },
    });
    expect(w.code).toBe(200);
    const page1 = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?kind=wallet&page=1&size=1',
      headers: auth(player.token),
    });
    expect(page1.body.data.total).toBe(2);
    expect(page1.body.data.list).toEqual([
      expect.objectContaining({ id: w.body.data.id, type: 11, status: '00', amount: -60 }),
    ]);
    const page2 = await call(app, {
      method: 'GET',
      url: '/api/app/user/records?page=2&size=1',
      headers: auth(player.token),
    });
    expect(page2.body.data.list).toEqual([
      expect.objectContaining({ id: orderId, type: 10, status: '10', amount: 100 }),
    ]);
    const other = await registerPlayer(app);
    expect(
      (await call(app, { method: 'GET', url: '/api/app/user/records', headers: auth(other.token) })).body.data
        .total,
    ).toBe(0);
  });

  it('closes the first-deposit offer with the first deposit and opens the second', async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const before = await info(player);
    expect(before.paypackage.FPDATA.fcOpen).toBe(true);
    expect(before.paypackage.FCDATA.fcOpen).toBe(false);
    const refused = await call(app, {
      method: 'POST',
      url: '/api/app/order/prePay/FC2',
      headers: { ...auth(player.token), 'idempotency-key': key() },
      payload: { gift: '1', pkgId: 'FC2', isapp: '0' },
    });
    expect(refused.body.message).toBe('Esta oferta não está mais disponível');
    await deposit(player, 'BT3', '1');
    const after = await info(player);
    expect(after.paypackage.FPDATA.fcOpen).toBe(false);
    expect(after.paypackage.FCDATA.fcOpen).toBe(true);
    expect(after).toMatchObject({ balance: 100, bonusBalance: 30, paySumAmount: 100, payAmount: 100 });
    const records = await call(app, {
      method: 'GET',
      url: '/api/app/user/records',
      headers: auth(player.token),
    });
    expect(records.body.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 141, amount: 30 })]),
    );
  });

  it('upgrades the VIP level from deposit and wager sums and pays each award once', async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const userId = await userIdOf(app, player);
    // Wagers come from the game engine; here a settled bet of R$ 600 (paid back even) counts them.
    await app.ctx.db
      .insertInto('bets')
      .values({
        id: `Bvip${userId}`,
        user_id: userId,
        game: 'dice',
        amount_cents: 60_000,
        payout_cents: 60_000,
        status: 'settled',
        params: '{}',
      })
      .execute();
    await sql`select wager_set(${userId}, 'casino', ${`Bvip${userId}`}, 60000)`.execute(app.ctx.db);
    await deposit(player);
    const me = await info(player);
    expect(me.level).toBe(1);
    expect(me.bonusBalance).toBe(5);
    // Like every bonus, the award is wagered twice over before it turns into cash (decision 92),
    // counted from what is wagered already.
    const turnover = await app.ctx.db
      .selectFrom('users')
      .select('bonus_turnover_required_cents')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(turnover.bonus_turnover_required_cents)).toBe(60_000 + 1_000);
    expect(me.nextlevel).toEqual({ paySumAmount: 500, gameSumAmount: 2500 });
    await deposit(player, 'BRL2');
    expect((await info(player)).bonusBalance).toBe(5);
    const records = await call(app, {
      method: 'GET',
      url: '/api/app/user/records',
      headers: auth(player.token),
    });
    expect(records.body.data.list.filter((r: { type: number }) => r.type === 14)).toEqual([
      expect.objectContaining({ type: 14, amount: 5, detail: 'VIP 1' }),
    ]);
  });

  it('adds the sign-up deposit discount to the bonus while it lasts, and shows it in userInfo', async () => {
    const discounted = await buildTestApp(
      {},
      { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TEST_PAY_DISCOUNT: '1' },
    );
    try {
      const player = await registerPlayer(discounted);
      await completeKyc(discounted, player);
      const me = async () =>
        (
          await call(discounted, {
            method: 'GET',
            url: '/api/app/user/userInfo',
            headers: auth(player.token),
          })
        ).body.data;
      const before = await me();
      expect(before.payDiscount.discount).toBe(0.05);
      const hoursLeft = (new Date(before.payDiscount.expiredTime).getTime() - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(71.9);
      const pre = await call(discounted, {
        method: 'POST',
        url: '/api/app/order/prePay/BRL3',
        headers: { ...auth(player.token), 'idempotency-key': key() },
        payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
      });
      await call(discounted, {
        method: 'POST',
        url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`,
        payload: {},
      });
      await eventually(async () => ((await me()).balance === 100 ? true : undefined));
      expect((await me()).bonusBalance).toBe(5);
      // Once expired, the offer is gone.
      await discounted.ctx.db
        .updateTable('users')
        .set({ pay_discount_expires_at: new Date(Date.now() - 1000) })
        .execute();
      expect((await me()).payDiscount).toEqual({ discount: 0, expiredTime: null });
    } finally {
      await discounted.close();
    }
  });
});
