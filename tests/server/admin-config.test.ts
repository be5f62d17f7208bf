import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/infra/config';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/infra/db/connection';
import { verifyAuditChain } from '../../server/platform/audit-trail';
import { auth, call, CAPTCHA, completeKyc, createPgDatabase, eventually, registerPlayer } from './helpers';

/**
 * Content and configuration from the console (issue 8): a section changed through one instance is
 * validated as at start, effective at once without a restart, audited, picked up by another instance
 * on the same database, and still there after a rebuild. On PostgreSQL (`server-pg`) every app has
 * its own pool on one database; on PGlite the apps share one database folder (one open handle, as
 * two processes cannot share PGlite).
 */
const onPostgres = process.env.TREVO_TEST_DB === 'postgres';

function testConfig() {
  const config = loadConfig({
    TREVO_CONFIG: 'config/default.json',
    TREVO_CAPTCHA_FIXED: CAPTCHA,
    TREVO_LOG_LEVEL: 'silent',
    TREVO_STATIC_DIR: '.tmp/no-client',
    TREVO_OPERATOR_USERNAME: 'operador',
    TREVO_OPERATOR_PASSWORD: 'Operador#Seguro2026',
  });
  config.file.offers.payDiscount = { discount: 0, hours: 0 };
  config.file.games.chainLength = 2_000;
  return config;
}

let pgUrl: string | undefined;
let pgliteDir: string | undefined;
let shared: { db: Db; kind: 'postgres' | 'pglite' } | undefined;

/** The database handle for a new app: its own pool on PostgreSQL, the shared PGlite otherwise. */
async function database(): Promise<{ db: Db; kind: 'postgres' | 'pglite' }> {
  if (onPostgres) return openDb({ databaseUrl: pgUrl! });
  shared ??= await openDb({ dataDir: pgliteDir! });
  // Only the last app to close may destroy the shared handle: the others get one whose destroy
  // does nothing (closeAll closes the owner last).
  const target = shared.db;
  const borrowed = new Proxy(target, {
    get(t, prop) {
      if (prop === 'destroy') return async () => undefined;
      const value = Reflect.get(t, prop, t) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
  return { db: borrowed as Db, kind: 'pglite' };
}

const apps: FastifyInstance[] = [];
/** `configPollMs`: instance A checks rarely, so what it shows right after a save is its own doing. */
async function newApp(configPollMs = 100): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(),
    db: await database(),
    socketSweepMs: 500,
    jobs: false,
    configPollMs,
  });
  apps.push(app);
  return app;
}

async function closeAll() {
  for (const app of apps.splice(0)) await app.close();
  if (shared) {
    await shared.db.destroy();
    shared = undefined;
  }
}

async function operatorToken(app: FastifyInstance): Promise<string> {
  const res = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
  });
  expect(res.code).toBe(200);
  return res.body.data.access_token as string;
}

const prices = async (app: FastifyInstance) =>
  (await call(app, { method: 'GET', url: '/api/app/order/getPrices' })).body.data as Array<{
    pkgId: string;
    price: number;
  }>;
const priceOf = async (app: FastifyInstance, pkgId: string) =>
  (await prices(app)).find((p) => p.pkgId === pkgId)?.price;

async function readConfig(app: FastifyInstance, token: string) {
  const res = await call(app, { method: 'GET', url: '/api/admin/config', headers: auth(token) });
  expect(res.code).toBe(200);
  return res.body.data.sections as Array<{
    section: string;
    value: unknown;
    version: number;
    updatedBy: string | null;
    updatedAt: string | null;
  }>;
}

const put = (app: FastifyInstance, token: string, section: string, payload: Record<string, unknown>) =>
  call(app, { method: 'PUT', url: `/api/admin/config/${section}`, headers: auth(token), payload });

let a: FastifyInstance;
let b: FastifyInstance;
let tokenA: string;

beforeAll(async () => {
  if (onPostgres) pgUrl = await createPgDatabase();
  else {
    // A fresh clone has no .tmp yet.
    mkdirSync('.tmp', { recursive: true });
    pgliteDir = mkdtempSync(join('.tmp', 'admin-config-'));
  }
  a = await newApp(60_000);
  b = await newApp();
  tokenA = await operatorToken(a);
});
afterAll(async () => {
  await closeAll();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

describe('editing the configuration from the console', () => {
  it('lists the editable sections with their running values, version 0 while nobody changed them', async () => {
    const sections = await readConfig(a, tokenA);
    expect(sections.map((s) => s.section)).toEqual([
      'promotions',
      'packages',
      'offers',
      'vip',
      'deposit',
      'withdraw',
      'sports',
      'compliance',
    ]);
    const packages = sections.find((s) => s.section === 'packages')!;
    expect(packages.version).toBe(0);
    expect(packages.updatedBy).toBeNull();
    expect((packages.value as { BRL: Array<{ pkgId: string }> }).BRL[0]!.pkgId).toBe('BRL1');
  });

  it('a package price change is effective at once (getPrices, prePay), audited, and reaches the other instance', async () => {
    expect(await priceOf(a, 'BRL3')).toBe(100);
    expect(await priceOf(b, 'BRL3')).toBe(100);
    const sections = await readConfig(a, tokenA);
    const packages = structuredClone(sections.find((s) => s.section === 'packages')!.value) as {
      BRL: Array<{ pkgId: string; price: number }>;
    };
    packages.BRL.find((p) => p.pkgId === 'BRL3')!.price = 120;

    const res = await put(a, tokenA, 'packages', { value: packages, version: 0 });
    expect(res.code).toBe(200);
    expect(res.body.data.version).toBeGreaterThan(0);
    expect(res.body.data.updatedBy).toBe('operador');

    // This instance, without a restart: the price list and the charge of a deposit.
    expect(await priceOf(a, 'BRL3')).toBe(120);
    const player = await registerPlayer(a);
    await completeKyc(a, player);
    const order = await call(a, {
      method: 'POST',
      url: '/api/app/order/prePay/BRL3',
      headers: {
        ...auth(player.token),
        'idempotency-key': `cfg-${Date.now()}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'gift=0&pkgId=BRL3&isapp=0',
    });
    expect(order.code).toBe(200);
    const row = await a.ctx.db
      .selectFrom('deposit_orders')
      .select('amount_cents')
      .where('id', '=', order.body.data.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(row.amount_cents)).toBe(12_000);

    // The other instance applies it at its next version check.
    expect(await eventually(async () => ((await priceOf(b, 'BRL3')) === 120 ? true : undefined))).toBe(true);

    // The audit trail holds before and after, and the chain stays intact.
    const audit = await a.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'config.update')
      .where('object', '=', 'config:packages')
      .execute();
    expect(audit).toHaveLength(1);
    const before = JSON.parse(audit[0]!.before_state) as { BRL: Array<{ pkgId: string; price: number }> };
    const after = JSON.parse(audit[0]!.after_state) as { BRL: Array<{ pkgId: string; price: number }> };
    expect(before.BRL.find((p) => p.pkgId === 'BRL3')!.price).toBe(100);
    expect(after.BRL.find((p) => p.pkgId === 'BRL3')!.price).toBe(120);
    expect((await verifyAuditChain(a.ctx.db)).problems).toEqual([]);
  });

  it('refuses an invalid value with 400 naming the path in pt-BR, and changes nothing', async () => {
    const sections = await readConfig(a, tokenA);
    const packages = sections.find((s) => s.section === 'packages')!;
    const bad = structuredClone(packages.value) as { BRL: Array<{ price: number }> };
    bad.BRL[0]!.price = -5;
    const auditBefore = (await verifyAuditChain(a.ctx.db)).rows;

    const res = await put(a, tokenA, 'packages', { value: bad });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Configuração inválida em packages.BRL[0].price: deve ser maior que 0');

    const missing = await put(a, tokenA, 'withdraw', { value: { minAmount: 50 } });
    expect(missing.code).toBe(400);
    expect(missing.body.message).toMatch(/^Configuração inválida em withdraw\.displayMax: campo obrigatório/);

    const english = await call(a, {
      method: 'PUT',
      url: '/api/admin/config/packages',
      headers: { ...auth(tokenA), lang: 'en_US' },
      payload: { value: bad },
    });
    expect(english.code).toBe(400);
    expect(english.body.message).toMatch(/^Invalid configuration at packages\.BRL\[0\]\.price: /);

    // The simulated world's windows are restart-only.
    const sports = structuredClone(sections.find((s) => s.section === 'sports')!.value) as {
      windowHours: Record<string, number>;
    };
    sports.windowHours.football = 1;
    const window = await put(a, tokenA, 'sports', { value: sports });
    expect(window.code).toBe(400);
    expect(window.body.message).toContain('sports.windowHours');

    expect((await put(a, tokenA, 'site', { value: {} })).code).toBe(404);

    const after = await readConfig(a, tokenA);
    expect(after.find((s) => s.section === 'packages')).toEqual(packages);
    expect(await priceOf(a, 'BRL1')).toBe(30);
    expect((await verifyAuditChain(a.ctx.db)).rows).toBe(auditBefore);
  });

  it('refuses a save over a change it did not see (409)', async () => {
    const sections = await readConfig(a, tokenA);
    const offers = sections.find((s) => s.section === 'offers')!;
    const first = await put(a, tokenA, 'offers', {
      value: { ...(offers.value as object), firstDepositHours: 12 },
      version: offers.version,
    });
    expect(first.code).toBe(200);
    expect(a.ctx.config.file.offers.firstDepositHours).toBe(12);
    const stale = await put(a, tokenA, 'offers', {
      value: { ...(offers.value as object), firstDepositHours: 48 },
      version: offers.version,
    });
    expect(stale.code).toBe(409);
    expect(a.ctx.config.file.offers.firstDepositHours).toBe(12);
  });

  it('banners and sports limits take effect without a restart', async () => {
    const sections = await readConfig(a, tokenA);
    const promotions = structuredClone(sections.find((s) => s.section === 'promotions')!.value) as {
      banners: Array<{ id: string; title: Record<string, string> }>;
    };
    promotions.banners[0]!.title = { pt_BR: 'Bônus de boas-vindas renovado' };
    expect((await put(a, tokenA, 'promotions', { value: promotions })).code).toBe(200);
    const banners = await call(a, { method: 'GET', url: '/api/app/main/banners' });
    expect(banners.body.data[0].title).toBe('Bônus de boas-vindas renovado');

    const sports = structuredClone(sections.find((s) => s.section === 'sports')!.value) as {
      maxStake: number;
    };
    sports.maxStake = 77;
    expect((await put(a, tokenA, 'sports', { value: sports })).code).toBe(200);
    expect(a.ctx.config.file.sports.maxStake).toBe(77);
    await eventually(async () => (b.ctx.config.file.sports.maxStake === 77 ? true : undefined));
  });

  it('refuses players (403) and visitors (401)', async () => {
    const player = await registerPlayer(a);
    expect(
      (await call(a, { method: 'GET', url: '/api/admin/config', headers: auth(player.token) })).code,
    ).toBe(403);
    expect((await put(a, player.token, 'packages', { value: {} })).code).toBe(403);
    expect((await call(a, { method: 'GET', url: '/api/admin/config' })).code).toBe(401);
  });

  it('survives a rebuild on the same database; an override that no longer validates is skipped, not fatal', async () => {
    // An override written under an older schema, and one of a section that is not editable.
    const operator = await a.ctx.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
    await a.ctx.db
      .insertInto('config_overrides')
      .values([
        {
          section: 'withdraw',
          value: JSON.stringify({ minAmount: -1 }),
          version: 1_000_000,
          updated_by: operator.id,
        },
        { section: 'games', value: '{}', version: 1_000_001, updated_by: operator.id },
      ])
      .execute();
    await closeAll();

    const c = await newApp();
    expect(await priceOf(c, 'BRL3')).toBe(120);
    expect(c.ctx.config.file.offers.firstDepositHours).toBe(12);
    expect(c.ctx.config.file.sports.maxStake).toBe(77);
    // The file's values stay where the stored override is invalid.
    expect(c.ctx.config.file.withdraw.minAmount).toBe(testConfig().file.withdraw.minAmount);
    expect(c.ctx.config.file.games.chainLength).toBe(2_000);
    const sections = await readConfig(c, await operatorToken(c));
    expect(sections.find((s) => s.section === 'packages')!.updatedBy).toBe('operador');
  });
});
