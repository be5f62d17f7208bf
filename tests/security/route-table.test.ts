import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io as connect } from 'socket.io-client';
import { auth, buildTestApp, call, registerPlayer } from '../server/helpers';
import { OPERATOR_ROLES, type OperatorRole } from '../../domain/schemas/operator.schema';
import type { DeclaredRoute } from '../../server/platform/access';

/**
 * The route table (trust issue, "Access is declared, not pattern-matched"): every registered route
 * is called as a visitor, as a player, and as each operator role, under several spellings of its
 * path. A route answers only those its declaration admits: a visitor gets 401 from a player or
 * operator route, a player 403 from an operator route, an operator of another role 403; nothing
 * else is judged here but that no refused call leaves a trace in the ledger, the bets, or the audit
 * trail. A route added without a declaration stops the server from starting.
 */
let app: FastifyInstance;
const tokens = new Map<'visitor' | 'player' | OperatorRole, string | undefined>();

beforeAll(async () => {
  app = await buildTestApp();
  tokens.set('visitor', undefined);
  tokens.set('player', (await registerPlayer(app)).token);
  const login = async (username: string, pwd: string) =>
    (await call(app, { method: 'POST', url: '/api/admin/auth/login', payload: { username, pwd } })).body.data
      .access_token as string;
  const admin = await login('operador', 'Operador#Seguro2026');
  tokens.set('admin', admin);
  for (const role of OPERATOR_ROLES.filter((r) => r !== 'admin')) {
    const username = `rt_${role}_${Date.now()}`;
    const created = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(admin),
      payload: { username, pwd: 'Operador#Papel2026', role },
    });
    expect(created.code).toBe(200);
    tokens.set(role, await login(username, 'Operador#Papel2026'));
  }
});
afterAll(async () => {
  await app.close();
});

/** A concrete path for a route pattern: each parameter gets a harmless value. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'game' ? 'dice' : '999999'));

/** The path as given, one letter percent-encoded (lower and upper hex), and through a dot segment. */
function spellings(path: string): string[] {
  const i = path.search(/[a-z]/);
  const hex = path.charCodeAt(i).toString(16);
  const encode = (h: string) => `${path.slice(0, i)}%${h}${path.slice(i + 1)}`;
  const parts = path.split('/');
  const dotted = [...parts.slice(0, 2), 'x', '..', ...parts.slice(2)].join('/');
  return [path, encode(hex), encode(hex.toUpperCase()), dotted];
}

async function traces() {
  const counts = await sql<{ ledger: string; bets: string; sports: string; audit: string }>`
    select (select count(*) from ledger_transactions) as ledger, (select count(*) from bets) as bets,
           (select count(*) from sports_bets) as sports, (select count(*) from operator_audit) as audit`.execute(
    app.ctx.db,
  );
  return counts.rows[0];
}

/** Who a declaration refuses, and with which code. */
function refusal(route: DeclaredRoute, caller: 'visitor' | 'player' | OperatorRole): number | null {
  const access = route.access!;
  if (access.kind === 'public') return null;
  if (caller === 'visitor') return 401;
  if (access.kind === 'player') return caller === 'player' ? null : 403;
  if (caller === 'player') return 403;
  return caller === 'admin' || access.roles.includes(caller) ? null : 403;
}

describe('the route table', () => {
  it('declares who may call every route', () => {
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api') || r.url.startsWith('/dev'));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.access)).toEqual([]);
    // Every /api/admin route except signing in is an operator's.
    const adminOpen = routes.filter((r) => r.url.startsWith('/api/admin') && r.access!.kind !== 'operator');
    expect(adminOpen.map((r) => r.url).sort()).toEqual([
      '/api/admin/auth/login',
      '/api/admin/auth/totp/enrol',
    ]);
  });

  it('refuses every caller the declaration does not admit, under every spelling, and leaves no trace', async () => {
    const before = await traces();
    let refused = 0;
    for (const route of app.routeTable) {
      if (!route.access || route.access.kind === 'public') continue;
      for (const caller of tokens.keys()) {
        const code = refusal(route, caller);
        if (code === null) continue;
        const token = tokens.get(caller);
        for (const url of spellings(concrete(route.url))) {
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': `rt-${refused}`,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{"amount":1}',
          });
          refused++;
          expect(res.statusCode, `${route.method} ${url} as ${caller}: ${res.body}`).toBe(code);
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
    expect(await traces()).toEqual(before);
  });

  it('lets through exactly the callers it declares (never a 401 or 403 for them)', async () => {
    for (const route of app.routeTable) {
      if (!route.access || route.method === 'HEAD') continue;
      if (route.url.includes('logout') || route.url.includes('revoke') || route.url.includes('sessions'))
        continue;
      for (const caller of tokens.keys()) {
        if (refusal(route, caller) !== null || (route.access.kind === 'public' && caller !== 'visitor'))
          continue;
        const token = tokens.get(caller);
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        // A public route may refuse by its own rule (an unsigned webhook: 401); the others may not.
        if (route.access.kind !== 'public') {
          expect([401, 403], `${route.method} ${route.url} as ${caller}: ${res.body}`).not.toContain(
            res.statusCode,
          );
        }
        expect(res.statusCode, `${route.method} ${route.url} as ${caller}`).toBeLessThan(500);
      }
    }
  });

  it('declares every socket event, and a visitor cannot open a socket at all', async () => {
    const events = app.ctx.realtime.events();
    expect(events.map((e) => e.name).sort()).toEqual(
      ['game.join', 'game.leave', 'offGame', 'sports.unwatch', 'sports.watch'].sort(),
    );
    expect(events.every((e) => e.access === 'player')).toBe(true);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    for (const token of [undefined, 'not-a-session', tokens.get('admin')]) {
      const socket = connect(`http://127.0.0.1:${address.port}`, {
        path: '/gamecenter-siop',
        transports: ['websocket'],
        query: token ? { token } : {},
        reconnection: false,
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err) => resolve(err.message));
      });
      socket.close();
      expect(outcome, String(token)).toBe('unauthorized');
    }
  });

  it('stops the server from starting when a route declares nothing', async () => {
    const other = await buildTestApp();
    other.get('/api/undeclared', async () => 'x');
    await expect(other.ready()).rejects.toThrow(
      /without an access declaration: GET,HEAD \/api\/undeclared|GET \/api\/undeclared/,
    );
    await other.close().catch(() => undefined);
  });
});
