import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  PASSWORD,
  randomCpf,
  registerPlayer,
  userIdOf,
} from '../server/helpers';
import { playerBalances } from '../../server/platform/money/ledger';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { hotp, totpStep } from '../../server/modules/admin/totp';

/**
 * Single-use answers and claims under concurrent bursts on PostgreSQL (trust issue: "every attempt
 * cap, single-use answer and limit … is checked and consumed in one statement or under a row
 * lock"). Each burst's calls come from their own addresses where the per-address throttles would
 * otherwise stop them first, so what is tested is the answer's own consumption. `npm test` runs
 * bursts of 40; SECURITY_FULL=1 runs 150.
 */
const BURST = process.env.SECURITY_FULL === '1' ? 150 : 40;
const OPERATOR = { username: 'operador', pwd: 'Operador#Seguro2026' };
/** Failed operator sign-ins a minute, per address and per account (admin.routes.ts). */
const OPERATOR_CAP = 10;

let app: FastifyInstance;
beforeAll(async () => {
  expect(process.env.TREVO_TEST_DB).toBe('postgres');
  app = await buildTestApp();
});
afterAll(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
  await app.close();
});

const address = (burst: number, i: number) => `10.${burst}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const codes = (results: Array<{ code: number }>) =>
  results.reduce<Record<number, number>>((n, r) => ({ ...n, [r.code]: (n[r.code] ?? 0) + 1 }), {});

describe('single-use answers under concurrent bursts (PostgreSQL)', () => {
  it('a captcha answer admits one registration, however many race with it', async () => {
    const codeId = await captcha(app);
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(app, {
          method: 'POST',
          url: '/api/auth/user/restRegister',
          remoteAddress: address(1, i),
          payload: {
            name: 'Maria Silva',
            cardNo: randomCpf(),
            username: `corrida${i}_${Date.now()}@exemplo.com.br`,
            country: '+55',
            phone: '11987654321',
            pwd: PASSWORD,
            pwd1: PASSWORD,
            codeId,
            captCode: CAPTCHA,
          },
        }),
      ),
    );
    expect(codes(results)).toEqual({ 200: 1, 400: BURST - 1 });
  });

  it('a TOTP code signs one operator in, however many race with it', async () => {
    const enrol = await call(app, { method: 'POST', url: '/api/admin/auth/totp/enrol', payload: OPERATOR });
    const secret = enrol.body.data.secret as string;
    const step = totpStep(Date.now());
    const confirm = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { ...OPERATOR, totp: hotp(secret, step) },
    });
    expect(confirm.code).toBe(200);
    // The next step's code, sent by a burst from many addresses at once.
    const code = hotp(secret, step + 1);
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(app, {
          method: 'POST',
          url: '/api/admin/auth/login',
          remoteAddress: address(2, i),
          payload: { ...OPERATOR, totp: code },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    const sessions = await app.ctx.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'operator')
      .executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(2);
  });

  it('operator passwords: a burst is judged only up to the cap, from one address or from many', async () => {
    // One address, an unknown account: the address's cap.
    const one = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(app, {
          method: 'POST',
          url: '/api/admin/auth/login',
          remoteAddress: '10.3.0.1',
          payload: { username: 'fantasma', pwd: 'Errada#123456' },
        }),
      ),
    );
    expect(one.filter((r) => r.code === 400).length).toBeLessThanOrEqual(OPERATOR_CAP);
    expect(one.filter((r) => r.code === 429).length).toBeGreaterThanOrEqual(BURST - OPERATOR_CAP);
    // Many addresses, one account: the account's cap.
    const spread = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(app, {
          method: 'POST',
          url: '/api/admin/auth/login',
          remoteAddress: address(4, i),
          payload: { username: 'supervisor', pwd: `Errada#${i}` },
        }),
      ),
    );
    expect(spread.filter((r) => r.code === 400).length).toBeLessThanOrEqual(OPERATOR_CAP);
  });

  it('the promo gift is credited once, however many receives race', async () => {
    const player = await registerPlayer(app);
    const userId = await userIdOf(app, player);
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(app, {
          method: 'POST',
          url: i % 2 ? '/api/app/main/userGift/receive' : '/api/app/bonus/receive',
          headers: { ...auth(player.token), 'idempotency-key': `gift-burst-${i}` },
          payload: i % 2 ? undefined : { bonusId: 'gift:boas-vindas' },
        }),
      ),
    );
    expect(codes(results)).toEqual({ 200: 1, 409: BURST - 1 });
    expect((await playerBalances(app.ctx.db, userId)).user_bonus).toBe(500);
  });
});
