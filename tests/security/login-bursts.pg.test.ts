import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, CAPTCHA, registerPlayer } from '../server/helpers';

/**
 * Failed logins are counted atomically (trust issue, "Counters are atomic"): a burst of concurrent
 * wrong guesses at one account, each from its own address, is judged one by one — the five free
 * failures, then every further attempt waits. On PostgreSQL, where the race was possible.
 */
let app: FastifyInstance;
beforeAll(async () => {
  expect(process.env.TREVO_TEST_DB).toBe('postgres');
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A captcha fetched from `address` (each address may fetch 60 a minute). */
async function captchaFrom(address: string): Promise<string> {
  const codeId = String(Math.floor(Math.random() * 90_000_000) + 10_000_000);
  const res = await app.inject({
    method: 'GET',
    url: `/api/auth/user/captcha/${codeId}`,
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  return codeId;
}

describe('concurrent guesses at one account (PostgreSQL)', () => {
  it('judges five (and one more per doubling wait), and makes the others wait', async () => {
    const player = await registerPlayer(app);
    const codes = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) =>
          (
            await call(app, {
              method: 'POST',
              url: '/api/auth/user/restLogin',
              remoteAddress: `192.0.2.${i + 1}`,
              payload: {
                username: player.email,
                pwd: `Errada#${i}xx`,
                codeId: await captchaFrom(`192.0.2.${i + 1}`),
                captCode: CAPTCHA,
              },
            })
          ).code,
      ),
    );
    // Five free failures; after them one more each 1, 2, 4… s: a burst of a few seconds judges at
    // most two more (the old read-then-write judged all sixty).
    const judged = codes.filter((c) => c === 400).length;
    expect(judged).toBeGreaterThanOrEqual(5);
    expect(judged).toBeLessThanOrEqual(7);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - judged);
    // Refused attempts spent nothing: the account's count is what was judged.
    const row = await app.ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('username', '=', player.email)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(judged);
  });
});
