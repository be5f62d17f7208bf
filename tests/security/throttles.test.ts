import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, fundedPlayer, registerPlayer } from '../server/helpers';
import { CODE_CHECKS } from '../../server/platform/throttle';

/**
 * Per-address throttles on the calls that check a code (trust issue: "Code-checking calls also have
 * per-address throttles"). A code's own cap stops guessing one code; these stop one address from
 * spreading its guesses over many e-mails or accounts. Another address is not affected.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('per-address throttles on code checks', () => {
  it('RESETPWD/checkEmail: one address guessing over many e-mails is stopped at the limit', async () => {
    const guess = (i: number, remoteAddress: string) =>
      call(app, {
        method: 'POST',
        url: '/api/app/main/RESETPWD/checkEmail',
        remoteAddress,
        payload: { email: `alvo${i}@exemplo.com.br`, code: String(100000 + i) },
      });
    const max = CODE_CHECKS.resetCodeIp.max;
    const results = await Promise.all(Array.from({ length: max + 5 }, (_, i) => guess(i, '10.20.0.1')));
    expect(results.filter((r) => r.code === 400)).toHaveLength(max);
    const refused = results.filter((r) => r.code === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe('Muitas solicitações. Aguarde um pouco e tente novamente');
    expect((await guess(999, '10.20.0.2')).code).toBe(400);
  });

  it('transfers: one address trying codes over many accounts is stopped at the limit', async () => {
    const to = await registerPlayer(app);
    const senders = await Promise.all([fundedPlayer(app, 20), fundedPlayer(app, 20)]);
    const max = CODE_CHECKS.transferIp.max;
    const results = await Promise.all(
      Array.from({ length: max + 4 }, (_, i) =>
        call(app, {
          method: 'POST',
          url: '/api/app/wallet/transfer',
          remoteAddress: '10.21.0.1',
          headers: { ...auth(senders[i % 2]!.token), 'idempotency-key': `transfer-throttle-${i}` },
          payload: { username: to.email, amount: 1, code: String(200000 + i) },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 429)).toHaveLength(4);
    expect(results.filter((r) => r.code === 200)).toHaveLength(0);
    // Another address is not affected.
    const other = await call(app, {
      method: 'POST',
      url: '/api/app/wallet/transfer',
      remoteAddress: '10.21.0.2',
      headers: { ...auth(senders[0]!.token), 'idempotency-key': 'transfer-throttle-other' },
      payload: { username: to.email, amount: 1, code: '123456' },
    });
    expect(other.code).toBe(400);
  });
});

describe('operator authenticator codes', () => {
  it('are capped per day, not only per minute: the right code is refused after 20 wrong ones', async () => {
    const { hotp, totpStep } = await import('../../server/modules/admin/totp');
    const { vi } = await import('vitest');
    const operator = { username: 'operador', pwd: 'Operador#Seguro2026' };
    const secret = (await call(app, { method: 'POST', url: '/api/admin/auth/totp/enrol', payload: operator }))
      .body.data.secret as string;
    const right = () => hotp(secret, totpStep(Date.now()));
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { ...operator, totp: right() },
        })
      ).code,
    ).toBe(200);
    const wrong = () => String((Number(right()) + 1) % 1_000_000).padStart(6, '0');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // Two minutes of ten wrong codes each (the per-minute cap), from many addresses.
      for (let minute = 0; minute < 2; minute++) {
        vi.setSystemTime(Date.now() + 61_000);
        for (let i = 0; i < 10; i++) {
          const res = await call(app, {
            method: 'POST',
            url: '/api/admin/auth/login',
            remoteAddress: `10.40.${minute}.${i + 1}`,
            payload: { ...operator, totp: wrong() },
          });
          expect(res.code).toBe(400);
        }
      }
      vi.setSystemTime(Date.now() + 61_000);
      const blocked = await call(app, {
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '10.40.9.9',
        payload: { ...operator, totp: right() },
      });
      expect(blocked.code).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });
});
