import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, registerPlayer } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function operatorToken() {
  const res = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
  });
  expect(res.code).toBe(200);
  return res.body.data.access_token as string;
}

describe('operator accounts and the /api/admin guard', () => {
  it('logs the bootstrap operator in and refuses a wrong password identically to an unknown name', async () => {
    await operatorToken();
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'x'.repeat(10) },
    });
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'fulano', pwd: 'x'.repeat(10) },
    });
    expect(wrong.code).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 401 without a token and 403 with a player token, before validation', async () => {
    const player = await registerPlayer(app);
    for (const [method, url] of [
      ['POST', '/api/admin/notices'],
      ['GET', '/api/admin/withdrawals'],
    ] as const) {
      const none = await call(app, {
        method,
        url,
        payload: method === 'POST' ? '{not json' : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect(none.code, url).toBe(401);
      expect(none.body.status).toBe(40101);
      const asPlayer = await call(app, { method, url, headers: auth(player.token) });
      expect(asPlayer.code, url).toBe(403);
      expect(asPlayer.body.status).toBe(1403);
    }
  });

  it('keeps operator tokens out of player calls', async () => {
    const token = await operatorToken();
    const res = await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(token) });
    expect(res.code).toBe(403);
  });

  it('publishes a notice that the site lists', async () => {
    const token = await operatorToken();
    const empty = await call(app, {
      method: 'POST',
      url: '/api/admin/notices',
      headers: auth(token),
      payload: { text: '  ' },
    });
    expect(empty.code).toBe(400);
    expect(empty.body.message).toBe('Escreva o aviso');
    const res = await call(app, {
      method: 'POST',
      url: '/api/admin/notices',
      headers: auth(token),
      payload: { text: 'Manutenção às 3h' },
    });
    expect(res.code).toBe(200);
    const list = await call(app, { method: 'GET', url: '/api/app/main/notices' });
    expect(list.body.data[0]).toMatchObject({ text: 'Manutenção às 3h' });
  });

  it('an unknown admin path asks for an operator first (API.md), in any spelling and method', async () => {
    const operator = auth(await operatorToken());
    const player = auth((await registerPlayer(app)).token);
    for (const url of [
      '/api/admin/nothing',
      '/api/%61dmin/nothing/deeper',
      '/api/admin/withdrawals/1/nothing',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await call(app, { method, url })).code, `${method} ${url}`).toBe(401);
        expect((await call(app, { method, url, headers: player })).code, `${method} ${url}`).toBe(403);
        const known = await call(app, { method, url, headers: operator });
        expect(known.code).toBe(404);
        expect(known.body.message).toBe('Não encontrado');
      }
    }
    // A real route keeps its own answer: the wildcard is only for paths that lead nowhere.
    expect((await call(app, { method: 'GET', url: '/api/admin/withdrawals', headers: operator })).code).toBe(
      200,
    );
  });
});
