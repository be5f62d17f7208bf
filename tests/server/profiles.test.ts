import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../server/modules/wallet/audit';
import { processPayouts } from '../../server/modules/wallet/payout.processor';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  completeKyc,
  eventually,
  PASSWORD,
  randomCpf,
  registerPlayer,
  TEST_LEGAL,
  userIdOf,
  type Player,
} from './helpers';

/**
 * The money paths under both profiles (issue 9): sign-up, deposit by PIX, a bet and its payout,
 * withdrawal, and the audit after. Under `br-regulated` the sign-up carries loss and time limits,
 * deposit gifts and offers are off, payouts go only to the player's own CPF key, and the operator's
 * legal data is published for the footer.
 */

describe.each(['seed', 'br-regulated'] as const)('profile %s', (profile) => {
  const regulated = profile === 'br-regulated';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        TREVO_PROFILE: profile,
        TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0',
        TREVO_SANDBOX_PAYOUT_DELAY_MS: '0',
        TREVO_TURNOVER_MAIN: '0',
        TEST_PAY_DISCOUNT: '1',
      },
    );
  });
  afterAll(async () => {
    expect(await auditLedger(app.ctx.db)).toEqual([]);
    await app.close();
  });

  const get = (player: Player, url: string) => call(app, { method: 'GET', url, headers: auth(player.token) });
  const register = async (extra: Record<string, unknown>) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        name: 'Maria Silva',
        cardNo: randomCpf(),
        username: `perfil${Date.now()}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`,
        pwd: PASSWORD,
        pwd1: PASSWORD,
        codeId: await captcha(app),
        captCode: CAPTCHA,
        ...extra,
      },
    });

  it('publishes the profile, demo flag and legal data the pages show', async () => {
    const site = (await call(app, { method: 'GET', url: '/api/app/main/site' })).body.data;
    expect(site).toMatchObject({ profile, demo: true, signupLimits: { required: regulated } });
    expect(site.legal).toEqual(regulated ? TEST_LEGAL : null);
  });

  it('sign-up: limits chosen are set at once; the regulated profile requires loss and time limits', async () => {
    const chosen = await register({
      birthDate: '1990-05-01',
      limits: { deposit: 300, loss: 100, session: 90 },
    });
    expect(chosen.code).toBe(200);
    const player = { token: chosen.body.data.access_token } as Player;
    const limits = (await get(player, '/api/app/user/protection')).body.data.limits;
    expect(limits).toEqual([
      { kind: 'deposit', period: 'day', amount: 300, used: 0, pending: null },
      { kind: 'loss', period: 'day', amount: 100, used: 0, pending: null },
      { kind: 'session', period: 'day', amount: 90, used: expect.any(Number), pending: null },
    ]);

    const none = await register({ birthDate: '1990-05-01' });
    expect(none.code).toBe(200);
    const defaults = (await get({ token: none.body.data.access_token } as Player, '/api/app/user/protection'))
      .body.data.limits;
    expect(defaults.map((l: { kind: string }) => l.kind)).toEqual(regulated ? ['loss', 'session'] : []);

    const off = await register({ birthDate: '1990-05-01', limits: { loss: null, session: null } });
    if (regulated) {
      expect(off.code).toBe(400);
      expect(off.body.message).toBe(
        'Defina um limite diário de perdas e de tempo de sessão para se cadastrar',
      );
      expect((await register({})).body.message).toBe('Informe a data de nascimento');
    } else {
      expect(off.code).toBe(200);
    }
  });

  it('deposit by PIX, a DICE bet, a withdrawal to the own CPF; gifts and other key owners as the profile says', async () => {
    const player = await registerPlayer(app, { birthDate: '1988-02-10' });
    await completeKyc(app, player);
    const info = (await get(player, '/api/app/user/userInfo')).body.data;
    expect(info.paypackage.FPDATA.fcOpen).toBe(!regulated);
    expect(info.payDiscount.discount > 0).toBe(!regulated);

    // R$ 100 asking for the package gift: credited to the bonus wallet only where it is allowed.
    const order = await call(app, {
      method: 'POST',
      url: '/api/app/order/prePay/BT3',
      headers: {
        ...auth(player.token),
        'idempotency-key': randomUUID(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'gift=1&pkgId=BT3&isapp=0',
    });
    if (regulated) {
      // The first-deposit offer package is not sold: there is no offer under this profile.
      expect(order.code).toBe(400);
    }
    const plain = regulated
      ? await call(app, {
          method: 'POST',
          url: '/api/app/order/prePay/BRL3',
          headers: {
            ...auth(player.token),
            'idempotency-key': randomUUID(),
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'gift=1&pkgId=BRL3&isapp=0',
        })
      : order;
    expect(plain.code).toBe(200);
    expect(
      (await call(app, { method: 'POST', url: `/sandbox-psp/charges/${plain.body.data.payNo}/pay` })).code,
    ).toBe(200);
    const balance = await eventually(async () => {
      const b = (await get(player, '/api/app/user/getBalance')).body.data;
      return b.balance >= 100 ? b : undefined;
    });
    expect(balance.balance).toBe(100);
    if (regulated) expect(balance.bonusBalance).toBe(0);
    else expect(balance.bonusBalance).toBeGreaterThan(0);

    const bet = await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(player.token), 'idempotency-key': randomUUID() },
      payload: { amount: 10, target: 50, direction: 'over' },
    });
    expect(bet.code).toBe(200);

    const withdraw = (payCardBank: string, payCardNo: string) =>
      call(app, {
        method: 'POST',
        url: '/api/app/order/withdraw',
        headers: { ...auth(player.token), 'idempotency-key': randomUUID() },
        payload: { payCardBank, payCardNo, name: 'Maria Silva', whatsapp: '11987654321', amount: 50 },
      });
    if (regulated) {
      // Payouts only to the player's own CPF: another person's key and a company account are refused.
      expect((await withdraw('CPF', randomCpf())).body.message).toBe(
        'O saque só pode ir para uma chave PIX do seu CPF',
      );
      expect((await withdraw('CNPJ', '11.222.333/0001-81')).code).toBe(400);
    }
    const own = await withdraw('CPF', player.cpf);
    expect(own.body.message).toBe('Solicitação de saque bem-sucedida!');
    const userId = await userIdOf(app, player);
    // Test apps run no background jobs: the payout processor's passes are made here.
    await eventually(async () => {
      await processPayouts(app.ctx);
      const rows = await app.ctx.db
        .selectFrom('withdrawals')
        .select('payout_state')
        .where('user_id', '=', userId)
        .where('payout_state', '=', 'paid')
        .execute();
      return rows.length > 0 ? true : undefined;
    }, 15_000);
  });
});
