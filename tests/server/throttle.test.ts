import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, CAPTCHA, captcha, PASSWORD, registerPlayer } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function attempt(username: string, pwd: string, ip = '10.0.0.1') {
  return call(app, {
    method: 'POST',
    url: '/api/auth/user/restLogin',
    remoteAddress: ip,
    payload: { username, pwd, codeId: await captcha(app), captCode: CAPTCHA },
  });
}

describe('login throttling', () => {
  it('lets four failures through, then makes each attempt wait, even with the right password', async () => {
    const player = await registerPlayer(app);
    for (let i = 0; i < 5; i++)
      expect((await attempt(player.email, 'Errada#2026', '10.0.1.1')).code).toBe(400);
    const blocked = await attempt(player.email, PASSWORD, '10.0.1.2');
    expect(blocked.code).toBe(429);
    expect(blocked.body.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ s$/);
    // After the wait (simulated by moving the failures back in time) the right password works.
    await app.ctx.db
      .updateTable('login_throttle')
      .set({ last_at: new Date(Date.now() - 10_000) })
      .where('username', '=', player.email)
      .execute();
    expect((await attempt(player.email, PASSWORD, '10.0.1.3')).code).toBe(200);
    // Success clears the count.
    expect(
      (
        await app.ctx.db
          .selectFrom('login_throttle')
          .selectAll()
          .where('username', '=', player.email)
          .execute()
      ).length,
    ).toBe(0);
  });

  it('allows at most 100 attempts an hour per account', async () => {
    const player = await registerPlayer(app);
    const old = new Date(Date.now() - 30 * 60_000);
    await app.ctx.db
      .insertInto('login_throttle')
      .values({ username: player.email, failures: 100, first_at: old, last_at: old })
      .execute();
    const res = await attempt(player.email, PASSWORD, '10.0.2.1');
    expect(res.code).toBe(429);
    const seconds = Number(/(\d+) s$/.exec(res.body.message)![1]);
    expect(seconds).toBeGreaterThan(1700);
    expect(seconds).toBeLessThanOrEqual(1800);
  });

  it('answers 429 to an IP after 20 failures in a minute, whatever the account', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`desconhecido${i}@exemplo.com`, 'Errada#2026', '10.0.3.1')).code).toBe(400);
    }
    const res = await attempt('outro@exemplo.com', 'Errada#2026', '10.0.3.1');
    expect(res.code).toBe(429);
    expect(res.body.message).toBe('Muitas solicitações. Aguarde um pouco e tente novamente');
    expect((await attempt('outro@exemplo.com', 'Errada#2026', '10.0.3.2')).code).toBe(400);
  });
});
