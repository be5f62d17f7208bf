import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { auth, buildTestApp, call, registerPlayer } from './helpers';
import { recordAudit, verifyAuditChain } from '../../server/platform/audit-trail';
import { openDb } from '../../server/infra/db/connection';
import { openMigratedPgliteAt } from '../support/pglite-template';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
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
  return res.body.data.access_token as string;
}

/** Every route of the app, as the access guard collected them (platform/access.ts). */
function routeTable(instance: FastifyInstance): Array<{ method: string; url: string }> {
  return instance.routeTable.map(({ method, url }) => ({ method, url }));
}

/**
 * The roles each operator route allows (admin passes every route). A route missing here, or one
 * whose declared roles differ, fails the matrix test below: a new route needs its authorisation
 * decided and tested.
 */
const ROLE_MATRIX: Record<string, Array<'support' | 'finance' | 'trader' | 'compliance'>> = {
  // Unknown operator paths: any operator learns they lead nowhere (404); others get 401/403.
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [
      `${m} /api/admin/*`,
      ['support', 'finance', 'trader', 'compliance'],
    ]),
  ),
  'GET /api/admin/auth/me': ['support', 'finance', 'trader', 'compliance'],
  'POST /api/admin/auth/logout': ['support', 'finance', 'trader', 'compliance'],
  'GET /api/admin/operators': [],
  'POST /api/admin/operators': [],
  'PUT /api/admin/operators/:id': [],
  'POST /api/admin/operators/:id/totp/reset': [],
  'POST /api/admin/operators/:id/disable': [],
  'POST /api/admin/operators/:id/enable': [],
  'GET /api/admin/notices': [],
  'POST /api/admin/notices': [],
  'GET /api/admin/config': [],
  'PUT /api/admin/config/:section': [],
  'GET /api/admin/withdrawals': ['finance'],
  'POST /api/admin/withdrawals/:id/approve': ['finance'],
  'POST /api/admin/withdrawals/:id/reject': ['finance'],
  'POST /api/admin/withdrawals/bulk': ['finance'],
  'GET /api/admin/audit/verify': ['finance'],
  'GET /api/admin/audit': ['finance'],
  'GET /api/admin/bets/:id': ['support', 'finance', 'compliance'],
  'GET /api/admin/dashboard': ['support', 'finance', 'trader', 'compliance'],
  'GET /api/admin/alerts': ['compliance'],
  'GET /api/admin/kyc': ['support', 'compliance'],
  'GET /api/admin/kyc/documents/:id': ['support', 'compliance'],
  'POST /api/admin/kyc/:id/approve': ['support', 'compliance'],
  'POST /api/admin/kyc/:id/reject': ['support', 'compliance'],
  'POST /api/admin/alerts/scan': ['compliance'],
  'GET /api/admin/alerts/assignees': ['compliance'],
  'GET /api/admin/alerts/:id': ['compliance'],
  'POST /api/admin/alerts/:id': ['compliance'],
  'GET /api/admin/alerts/:id/coaf': ['compliance'],
  'GET /api/admin/players': ['support', 'finance', 'compliance'],
  'GET /api/admin/players/:id': ['support', 'finance', 'compliance'],
  'GET /api/admin/players/:id/ledger': ['support', 'finance', 'compliance'],
  'GET /api/admin/players/:id/history': ['support', 'finance', 'compliance'],
  'POST /api/admin/players/:id/sessions/end': ['support', 'compliance'],
  'POST /api/admin/players/:id/lock': ['support', 'compliance'],
  'POST /api/admin/players/:id/unlock': ['support', 'compliance'],
  'POST /api/admin/players/:id/notes': ['support', 'finance', 'compliance'],
  'GET /api/admin/reports/products': ['finance'],
  'GET /api/admin/reports/margins': ['finance'],
  'GET /api/admin/ledger/accounts': ['finance'],
  'GET /api/admin/ledger/transactions': ['finance'],
  'POST /api/admin/ledger/audit': ['finance'],
  'GET /api/admin/ledger/reconciliation': ['finance'],
  'GET /api/admin/reports/daily': ['finance'],
  'GET /api/admin/games': ['trader'],
  'PUT /api/admin/games/:game': ['trader'],
  'GET /api/admin/sports/fixtures': ['trader'],
  'POST /api/admin/sports/fixtures/:id/result': ['trader'],
  'GET /api/admin/sports/boosts': ['trader'],
  'POST /api/admin/sports/boosts': ['trader'],
  'POST /api/admin/sports/boosts/:id/end': ['trader'],
  'GET /api/admin/sports/prize-deadlines': ['trader', 'finance'],
  'GET /api/admin/support/conversations': ['support'],
  'GET /api/admin/support/conversations/:id': ['support'],
  'POST /api/admin/support/conversations/:id/reply': ['support'],
  'GET /api/admin/support/complaints': ['support'],
  'POST /api/admin/support/complaints/:id/answer': ['support'],
};

const OPEN_ROUTES = new Set(['POST /api/admin/auth/login', 'POST /api/admin/auth/totp/enrol']);

/** The guarded operator routes, logout last (it ends the session that calls it). */
function adminRoutes() {
  return routeTable(app)
    .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`)
    .filter((r) => !OPEN_ROUTES.has(r))
    .sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
}

/** A request to a route-table entry, parameters filled with ids that exist nowhere. */
function requestOf(route: string, token?: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string];
  return {
    method,
    url: path.replace(/:(\w+)/g, '999999'),
    payload: method === 'GET' ? undefined : {},
    headers: token ? auth(token) : undefined,
  };
}

describe('the /api/admin route table', () => {
  it('every operator route refuses a visitor (401) and a player (403), enumerated from the router', async () => {
    const admin = adminRoutes();
    // The enumeration sees the routes of every module, so a new one is checked without a new test.
    expect(admin).toEqual(
      expect.arrayContaining([
        'POST /api/admin/notices',
        'GET /api/admin/withdrawals',
        'POST /api/admin/withdrawals/:id/approve',
        'POST /api/admin/withdrawals/:id/reject',
        'PUT /api/admin/games/:game',
      ]),
    );
    const player = await registerPlayer(app);
    for (const route of admin) {
      const visitor = await call(app, requestOf(route));
      expect(visitor.code, route).toBe(401);
      const asPlayer = await call(app, requestOf(route, player.token));
      expect(asPlayer.code, route).toBe(403);
    }
  });

  it('every operator route declares its roles: each role is refused (403) exactly where the matrix says', async () => {
    const admin = adminRoutes();
    expect([...admin].sort(), 'routes without an entry in ROLE_MATRIX').toEqual(
      Object.keys(ROLE_MATRIX).sort(),
    );
    const adminToken = await operatorToken();
    const tokens: Record<string, string> = {};
    for (const role of ['support', 'finance', 'trader', 'compliance'] as const) {
      const username = `matriz_${role}`;
      const created = await call(app, {
        method: 'POST',
        url: '/api/admin/operators',
        headers: auth(adminToken),
        payload: { username, pwd: 'Operador#Seguro2026', role },
      });
      expect(created.code).toBe(200);
      const login = await call(app, {
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { username, pwd: 'Operador#Seguro2026' },
      });
      expect(login.body.data.role).toBe(role);
      tokens[role] = login.body.data.access_token as string;
    }
    for (const route of admin) {
      for (const role of ['support', 'finance', 'trader', 'compliance'] as const) {
        const res = await call(app, requestOf(route, tokens[role]));
        if (ROLE_MATRIX[route]!.includes(role)) {
          expect(res.code, `${role} ${route}`).not.toBe(403);
        } else {
          expect(res.code, `${role} ${route}`).toBe(403);
          expect(res.body.message).toBe('Seu perfil de operador não permite esta ação');
        }
      }
      // admin passes everywhere (a route without declared roles would refuse even admin)
      if (!route.endsWith('/logout')) {
        expect((await call(app, requestOf(route, adminToken))).code, `admin ${route}`).not.toBe(403);
      }
    }
  });
});

describe('the operators audit trail', () => {
  it('records login, notices and game switches with actor, object, before, after and request id', async () => {
    const token = await operatorToken();
    await call(app, {
      method: 'POST',
      url: '/api/admin/notices',
      headers: auth(token),
      payload: { text: 'Manutenção às 3h' },
    });
    const put = await call(app, {
      method: 'PUT',
      url: '/api/admin/games/dice',
      headers: auth(token),
      payload: { stop: true },
    });
    expect(put.body.data.stop).toBe(true);
    await call(app, {
      method: 'PUT',
      url: '/api/admin/games/dice',
      headers: auth(token),
      payload: { stop: false },
    });

    const rows = await app.ctx.db.selectFrom('operator_audit').selectAll().orderBy('seq').execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.login', 'notice.publish', 'game.settings']));
    const stop = rows.find((r) => r.action === 'game.settings')!;
    expect(stop.object).toBe('game:dice');
    expect(JSON.parse(stop.before_state)).toMatchObject({ stop: false });
    expect(JSON.parse(stop.after_state)).toMatchObject({ stop: true });
    expect(stop.request_id).not.toBe('');
    expect(stop.actor_id).toBe(rows.find((r) => r.action === 'operator.login')!.actor_id);
    expect(await verifyAuditChain(app.ctx.db)).toEqual({ rows: rows.length, problems: [] });
  });

  it('keeps one chain under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.ctx.db.transaction().execute((trx) =>
          recordAudit(trx, {
            actorId: 1,
            action: 'test.concurrent',
            object: `x:${i}`,
            before: null,
            after: i,
            requestId: `r${i}`,
          }),
        ),
      ),
    );
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);
  });
});

const verifyCli = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
    encoding: 'utf8',
    env: { ...process.env, TREVO_DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe.runIf(process.env.TREVO_TEST_DB !== 'postgres')('npm run audit:verify', () => {
  it('passes on an intact chain and names an edited and a removed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trevo-audit-chain-'));
    try {
      let { db } = await openMigratedPgliteAt(dir);
      for (let i = 0; i < 3; i++) {
        await db.transaction().execute((trx) =>
          recordAudit(trx, {
            actorId: 7,
            action: 'notice.publish',
            object: `notice:${i}`,
            before: null,
            after: { i },
            requestId: `req-${i}`,
          }),
        );
      }
      await db.destroy();
      const ok = verifyCli(dir);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('audit chain: OK (3 operator actions');

      // Someone with database access edits a row behind the append-only trigger.
      ({ db } = await openDb({ dataDir: dir }));
      await sql`alter table operator_audit disable trigger operator_audit_append_only`.execute(db);
      await sql`update operator_audit set after_state = '{"i":99}' where seq = 2`.execute(db);
      await db.destroy();
      const edited = verifyCli(dir);
      expect(edited.status).toBe(1);
      expect(edited.stderr).toContain('row 2: contents do not match its hash (edited)');

      ({ db } = await openDb({ dataDir: dir }));
      await sql`delete from operator_audit where seq = 3`.execute(db);
      await db.destroy();
      const removed = verifyCli(dir);
      expect(removed.status).toBe(1);
      expect(removed.stderr).toMatch(/the head names row 3, the table ends at row 2/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
