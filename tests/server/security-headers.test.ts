import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { buildTestApp, call, registerPlayer } from './helpers';
import { ConfigError, loadConfig } from '../../server/infra/config';
import { inlineScriptHashes } from '../../server/infra/security/http-headers';

const ALLOWED = 'https://parceiro.trevo.example';
const FOREIGN = 'https://evil.example';

let app: FastifyInstance;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_CORS_ORIGINS: ALLOWED });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

/** The CSP as a map of directive → sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string).split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );
}

/** Checks the hardening headers every response must carry. */
function expectHardened(headers: Record<string, unknown>, what: string) {
  const csp = parseCsp(headers['content-security-policy']);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, what).toBeDefined();
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(
    scripts!.filter((s) => !s.startsWith("'sha256-")),
    what,
  ).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(csp.get('frame-src'), what).toEqual(["'self'"]);
  const hsts = /max-age=(\d+)/.exec(String(headers['strict-transport-security']));
  expect(Number(hsts?.[1]), what).toBeGreaterThanOrEqual(31_536_000);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
}

describe('security headers', () => {
  it('are on every kind of answer: data, refusal, unknown path, payment page, script file', async () => {
    const player = await registerPlayer(app);
    const answers = {
      health: await call(app, { method: 'GET', url: '/api/health' }),
      userInfo: await call(app, {
        method: 'GET',
        url: '/api/app/user/userInfo',
        headers: { authorization: `Bearer ${player.token}` },
      }),
      unauthenticated: await call(app, { method: 'GET', url: '/api/app/user/userInfo' }),
      badInput: await call(app, { method: 'POST', url: '/api/auth/user/restLogin', payload: { x: 1 } }),
      notFound: await call(app, { method: 'GET', url: '/api/nada' }),
      paymentPageMissing: await call(app, { method: 'GET', url: '/pix/checkout/nao-existe' }),
      paymentScript: await call(app, { method: 'GET', url: '/pix/checkout.js' }),
    };
    expect(answers.userInfo.code).toBe(200);
    expect(answers.unauthenticated.code).toBe(401);
    expect(answers.badInput.code).toBe(400);
    expect(answers.notFound.code).toBe(404);
    for (const [what, res] of Object.entries(answers)) expectHardened(res.headers, what);
  });

  it("hashes the built page's inline scripts into script-src and never allows the others", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trevo-csp-'));
    const inline = "window.__trevo = 'ok';";
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/assets/app.js"></script><script>${inline}</script></head><body><div id="root"></div></body></html>`,
    );
    const withClient = await buildTestApp({}, { TREVO_STATIC_DIR: dir });
    try {
      const page = await call(withClient, { method: 'GET', url: '/home' });
      expect(page.code).toBe(200);
      expect(String(page.headers['content-type'])).toContain('text/html');
      expectHardened(page.headers, 'index.html');
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expect(parseCsp(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'", hash]);
      expectHardened((await call(withClient, { method: 'GET', url: '/assets/app.js' })).headers, 'asset');
    } finally {
      await withClient.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ignores scripts with a src when hashing', () => {
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module" src=/b.js></script>'),
    ).toEqual([]);
    expect(inlineScriptHashes('<SCRIPT>a()</SCRIPT><script>a()</script>')).toHaveLength(1);
  });
});

describe('CORS allow-list (TREVO_CORS_ORIGINS)', () => {
  it('answers an allow-listed site’s preflight with what it may send', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/app/game/dice/bet',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, idempotency-key, content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/idempotency-key/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
  });

  it('gives another site no CORS header, on preflights and on calls', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/admin/withdrawals',
      headers: { origin: FOREIGN, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const player = await registerPlayer(app);
    const read = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: { origin: FOREIGN, authorization: `Bearer ${player.token}` },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(read.headers['vary'])).toMatch(/Origin/i);
  });

  it('reflects an allow-listed origin on a call and says the answer varies by Origin', async () => {
    const res = await call(app, {
      method: 'GET',
      url: '/api/app/main/notices',
      headers: { origin: ALLOWED },
    });
    expect(res.code).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers['vary'])).toMatch(/Origin/i);
  });

  it('refuses a wildcard or a value that is not an origin at start-up', () => {
    const env = { TREVO_CONFIG: 'config/default.json' };
    expect(() => loadConfig({ ...env, TREVO_CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, TREVO_CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, TREVO_CORS_ORIGINS: 'ftp://a.example' })).toThrow(ConfigError);
    expect(
      loadConfig({ ...env, TREVO_CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig(env).corsOrigins).toEqual([]);
  });
});

describe('socket handshake origin', () => {
  function open(token: string, origin: string | undefined, transport: 'websocket' | 'polling'): Socket {
    const socket = connect(base, {
      path: '/gamecenter-siop',
      query: { token },
      transports: [transport],
      reconnection: false,
      extraHeaders: origin ? { origin } : {},
    });
    sockets.push(socket);
    return socket;
  }
  const outcome = (s: Socket) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', () => resolve('refused'));
    });

  it.each(['websocket', 'polling'] as const)(
    'accepts the same origin and an allow-listed one, refuses a foreign one (%s)',
    async (transport) => {
      const player = await registerPlayer(app);
      expect(await outcome(open(player.token, base, transport))).toBe('connected');
      expect(await outcome(open(player.token, ALLOWED, transport))).toBe('connected');
      expect(await outcome(open(player.token, FOREIGN, transport))).toBe('refused');
      expect(await outcome(open(player.token, 'null', transport))).toBe('refused');
      // Same host name on another port is another origin.
      expect(await outcome(open(player.token, 'http://127.0.0.1:1', transport))).toBe('refused');
    },
  );

  it("sends the security headers on the socket's polling answers", async () => {
    const res = await fetch(`${base}/gamecenter-siop/?EIO=4&transport=polling`, {
      headers: { origin: base },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/object-src 'none'/);
    const foreign = await fetch(`${base}/gamecenter-siop/?EIO=4&transport=polling`, {
      headers: { origin: FOREIGN },
    });
    expect(foreign.status).toBe(403);
  });
});
