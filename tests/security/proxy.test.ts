import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, CAPTCHA, captcha, PASSWORD, registerPlayer } from '../server/helpers';
import { loadConfig } from '../../server/infra/config';

/**
 * Proxies are configured, not assumed (trust issue, finding 4): with `trustProxy: true` every failed
 * login could carry a new forged `X-Forwarded-For`, so the per-address throttle never caught it and
 * sessions recorded the forged address. By default the header is ignored; TREVO_TRUST_PROXY names
 * the proxies (or the hop count) whose header is believed.
 */
const login = (
  app: FastifyInstance,
  username: string,
  pwd: string,
  headers: Record<string, string>,
  remoteAddress = '203.0.113.7',
) =>
  captcha(app).then((codeId) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      remoteAddress,
      headers,
      payload: { username, pwd, codeId, captCode: CAPTCHA },
    }),
  );

describe('X-Forwarded-For', () => {
  let plain: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    plain = await buildTestApp();
    proxied = await buildTestApp({}, { TREVO_TRUST_PROXY: '203.0.113.0/24' });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('is ignored by default: forged addresses do not escape the per-address throttle', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      codes.push(
        (
          await login(plain, `ninguem${i}@exemplo.com`, 'Errada#2026', {
            'x-forwarded-for': `198.51.100.${i}`,
          })
        ).code,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
  });

  it('records the real address of a session, not a forged one', async () => {
    const player = await registerPlayer(plain);
    const res = await login(plain, player.email, PASSWORD, { 'x-forwarded-for': '6.6.6.6' }, '203.0.113.8');
    expect(res.code).toBe(200);
    const session = await plain.ctx.db
      .selectFrom('sessions')
      .select('ip')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.ip).toBe('203.0.113.8');
  });

  it('is believed from a configured proxy, and only from it', async () => {
    const player = await registerPlayer(proxied);
    const res = await login(proxied, player.email, PASSWORD, { 'x-forwarded-for': '198.51.100.77' });
    expect(res.code).toBe(200);
    const session = await proxied.ctx.db
      .selectFrom('sessions')
      .select('ip')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.ip).toBe('198.51.100.77');
  });

  it('refuses a setting it cannot read, saying the expected form', () => {
    expect(() => loadConfig({ TREVO_TRUST_PROXY: 'proxy.local' })).toThrow(
      /TREVO_TRUST_PROXY: "proxy.local" is not an address or CIDR range; expected off, a hop count/,
    );
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TREVO_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TREVO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});
