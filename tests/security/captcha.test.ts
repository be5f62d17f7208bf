import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, captcha, CAPTCHA, PASSWORD, randomCpf } from '../server/helpers';
import { captchaSvg } from '../../server/modules/auth/captcha-art';
import { startCaptchaProviderMock, type CaptchaProviderMock } from '../support/captcha-provider-mock';

/**
 * Finding 5: the captcha read itself out (each answer character was a <text> element, in order),
 * so a one-line script passed every registration. The picture is now paths only, different every
 * time for the same answer; and a hosted challenge can be configured instead, verified by the
 * server with the provider (contract tested here against a local stand-in of its siteverify).
 */

const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]!);
/** A markup reader's fingerprint of a picture: how many drawing commands each path has. */
const shape = (svg: string) => pathData(svg).map((d) => (d.match(/[MLQCZ]/g) ?? []).length);

describe('the local picture (finding 5)', () => {
  it('has no text a script can read, and no path data shared between two drawings of one answer', () => {
    const drawings = Array.from({ length: 30 }, () => captchaSvg('abcd'));
    const seen = new Set<string>();
    for (const svg of drawings) {
      expect(svg).not.toMatch(/<text|<tspan|<title|<desc|font-family|aria-/i);
      expect(svg).not.toMatch(/[>"]abcd[<"]/);
      for (const d of pathData(svg)) {
        expect(seen.has(d)).toBe(false);
        seen.add(d);
      }
    }
    // Not even the shape of the markup repeats: no table of glyph fingerprints can be built.
    const shapes = new Set(drawings.map((svg) => JSON.stringify(shape(svg))));
    expect(shapes.size).toBe(drawings.length);
  });

  it('the old one-line reader gets nothing from the served picture', async () => {
    const app = await buildTestApp();
    try {
      const res = await app.inject({ method: 'GET', url: `/api/auth/user/captcha/${await captcha(app)}` });
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect([...res.body.matchAll(/>([a-z0-9])<\/text>/g)]).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('a hosted challenge (TREVO_CAPTCHA=turnstile), against a local siteverify', () => {
  let app: FastifyInstance;
  let provider: CaptchaProviderMock;
  const HOST = 'trevo.example';

  beforeAll(async () => {
    provider = await startCaptchaProviderMock(HOST);
    app = await buildTestApp({
      captchaFixed: undefined,
      publicUrl: `https://${HOST}`,
      captcha: {
        provider: 'turnstile',
        siteKey: '1x00000000000000000000AA',
        secret: provider.secret,
        verifyUrl: provider.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  const users = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const register = (captCode: string) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        name: 'Maria Silva',
        cardNo: randomCpf(),
        username: `hosted${Math.random().toString(36).slice(2)}@exemplo.com.br`,
        country: '+55',
        phone: '11987654321',
        pwd: PASSWORD,
        pwd1: PASSWORD,
        codeId: '12345',
        captCode,
      },
    });

  it('tells the forms which widget to draw, and lets the browser load it (CSP)', async () => {
    const res = await call(app, { method: 'GET', url: '/api/auth/user/captchaProvider' });
    expect(res.body.data).toEqual({ provider: 'turnstile', siteKey: '1x00000000000000000000AA' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://challenges\\.cloudflare\\.com`));
    }
    // The picture is not an answer this server accepts.
    expect((await app.inject({ method: 'GET', url: '/api/auth/user/captcha/12345' })).statusCode).toBe(404);
  });

  it('accepts a solved token once, sent to siteverify as the providers document', async () => {
    const before = await users();
    const token = provider.solve();
    expect((await register(token)).code).toBe(200);
    const sent = provider.requests.at(-1)!;
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.fields).toEqual({ secret: provider.secret, response: token, remoteip: '127.0.0.1' });
    // The same token again (a replay): refused, in words.
    const replay = await register(token);
    expect(replay.code).toBe(400);
    expect(replay.body.message).toBe('Código de verificação incorreto');
    expect(await users()).toBe(before + 1);
  });

  it('refuses a made-up token, a token solved on another site, and the local answer', async () => {
    const before = await users();
    const requests = provider.requests.length;
    for (const captCode of [`0.${'x'.repeat(60)}`, provider.solve('evil.example'), CAPTCHA]) {
      const res = await register(captCode);
      expect(res.code).toBe(400);
      expect(res.body.message).toBe('Código de verificação incorreto');
    }
    // The short local answer is refused without a round trip.
    expect(provider.requests.length).toBe(requests + 2);
    expect(await users()).toBe(before);
  });

  it('refuses, in words, while the provider does not answer, and lets nobody through', async () => {
    const before = await users();
    provider.goDown(1);
    const res = await register(provider.solve());
    expect(res.code).toBe(503);
    expect(res.body.message).toBe('Serviço temporariamente indisponível, tente novamente');
    expect(await users()).toBe(before);
  });

  it('logs in with a solved token too', async () => {
    const username = `login${Math.random().toString(36).slice(2)}@exemplo.com.br`;
    const reg = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: {
        name: 'Ana Lima',
        cardNo: randomCpf(),
        username,
        country: '+55',
        phone: '11987654321',
        pwd: PASSWORD,
        pwd1: PASSWORD,
        codeId: '1',
        captCode: provider.solve(),
      },
    });
    expect(reg.code).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd: PASSWORD, codeId: '2', captCode: provider.solve() },
    });
    expect(login.code).toBe(200);
    expect(login.body.data.access_token).toBeTruthy();
  });
});
