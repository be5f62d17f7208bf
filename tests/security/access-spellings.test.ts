import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, registerPlayer } from '../server/helpers';

/**
 * Finding 1 of the trust issue: the operator guard compared the raw URL with `/api/admin`, while
 * the router decodes percent-escapes first, so `/api/%61dmin/withdrawals` reached the handler with
 * no token. Every spelling below must be refused (401/403) or unknown (404), never answered.
 */
let app: FastifyInstance;
let playerToken: string;
beforeAll(async () => {
  app = await buildTestApp();
  playerToken = (await registerPlayer(app)).token;
});
afterAll(async () => {
  await app.close();
});

/** Ways of writing one path that a router may or may not take for the same route. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodeAt = (text: string, i: number, upper: boolean) => {
    const hex = text.charCodeAt(i).toString(16);
    return `${text.slice(0, i)}%${upper ? hex.toUpperCase() : hex}${text.slice(i + 1)}`;
  };
  const out = new Set<string>([path, `${path}/`, `/${path}`, path.replace('/admin', '//admin')]);
  out.add(`/${first}/./${tail}`);
  out.add(`/${first}/x/../${tail}`);
  out.add(`/${first}/%2e/${tail}`);
  out.add(path.replace('/admin', '/ADMIN'));
  // Every character of every segment, percent-encoded in either hex case.
  for (let i = 1; i < path.length; i++) {
    if (path[i] === '/') continue;
    out.add(encodeAt(path, i, false));
    out.add(encodeAt(path, i, true));
  }
  out.add(path.replace('admin', '%61%64%6d%69%6e'));
  return [...out];
}

const OPERATOR_CALLS: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/admin/withdrawals'],
  ['GET', '/api/admin/players'],
  ['GET', '/api/admin/ledger/accounts'],
  ['GET', '/api/admin/config'],
  ['GET', '/api/admin/operators'],
  ['POST', '/api/admin/sports/fixtures/1/result'],
  ['POST', '/api/admin/notices'],
];

describe('operator routes under any spelling of their path', () => {
  it('refuses a visitor and a player, whatever the spelling, method or override header', async () => {
    let tried = 0;
    for (const [method, path] of OPERATOR_CALLS) {
      for (const url of spellings(path)) {
        const methods = method === 'GET' ? (['GET', 'HEAD'] as const) : (['POST'] as const);
        for (const m of methods) {
          for (const headers of [
            {},
            { authorization: `Bearer ${playerToken}` },
            { 'x-http-method-override': 'GET' },
          ]) {
            const res = await app.inject({
              method: m,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: m === 'POST' ? JSON.stringify({ home: 0, away: 5, text: 'x' }) : undefined,
            });
            tried++;
            expect([401, 403, 404], `${m} ${url} ${JSON.stringify(headers)}: ${res.body}`).toContain(
              res.statusCode,
            );
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
  });

  it('still answers the operator it is meant for', async () => {
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    const token = login.body.data.access_token as string;
    const res = await call(app, { method: 'GET', url: '/api/%61dmin/withdrawals', headers: auth(token) });
    expect(res.code).toBe(200);
    expect(
      (await call(app, { method: 'GET', url: '/api/admin/withdrawals', headers: auth(playerToken) })).code,
    ).toBe(403);
  });
});
