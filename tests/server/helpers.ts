import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../../server/infra/config';
import { buildApp } from '../../server/app';
import { openDb } from '../../server/infra/db/connection';
import { openMigratedPglite } from '../support/pglite-template';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { post } from '../../server/platform/money/ledger';
import { lockPlayer } from '../../server/platform/money/lock-order';
import { addBonusTurnover } from '../../server/modules/promo/promo.repository';
import { instantOutcome } from '../../domain/fairness/instant';
import type { Db } from '../../server/infra/db/connection';
import { PG_TEMPLATE } from './pg-global-setup';

/** A valid CPF made from random digits (the check digits computed as the Receita Federal does). */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => randomInt(0, 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

export const CAPTCHA = 'k7m2';
export const PASSWORD = 'Trevo#Forte2026';

let databaseCounter = 0;

/**
 * A fresh database in the PostgreSQL cluster of the `server-pg` project, with the migrations
 * applied (a copy of pg-global-setup.ts's template).
 */
export async function createPgDatabase(): Promise<string> {
  const base = inject('pgUrl');
  const name = `t_${process.pid}_${Date.now()}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${PG_TEMPLATE}`);
  await admin.end();
  return base.replace(/\/postgres$/, `/${name}`);
}

/**
 * Builds the whole app for one test file: PGlite in memory by default, or a fresh database in the
 * PostgreSQL cluster of the `server-pg` project (or the given `databaseUrl`, to share one).
 */
/** An operator's legal data for tests of the `br-regulated` profile, which requires it. */
export const TEST_LEGAL = {
  company: 'Trevo Apostas Ltda.',
  cnpj: '12.345.678/0001-90',
  authorization: 'Portaria SPA/MF nº 0000, de 1º de janeiro de 2026',
  address: 'Av. Paulista, 1000, São Paulo – SP',
  sac: '0800 000 0000 · sac@trevo.bet',
  ouvidoria: 'ouvidoria@trevo.bet',
};

/** config/default.json plus `TEST_LEGAL`, written once per process for `br-regulated` test apps. */
export function regulatedConfigPath(): string {
  const path = `.tmp/config-br-regulated-${process.pid}.json`;
  if (!existsSync(path)) {
    const file = JSON.parse(readFileSync('config/default.json', 'utf8'));
    file.site.legal = TEST_LEGAL;
    mkdirSync('.tmp', { recursive: true });
    writeFileSync(path, JSON.stringify(file));
  }
  return path;
}

export async function buildTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}) {
  const config = loadConfig(
    {
      TREVO_CONFIG: env.TREVO_PROFILE === 'br-regulated' ? regulatedConfigPath() : 'config/default.json',
      TREVO_CAPTCHA_FIXED: CAPTCHA,
      TREVO_LOG_LEVEL: 'silent',
      TREVO_STATIC_DIR: '.tmp/no-client',
      TREVO_CSID: 'chat-1#trevo_suporte',
      // Identity documents sent in tests land in the system's temporary folder, never in ./data.
      TREVO_KYC_DIR: join(tmpdir(), `trevo-kyc-${process.pid}`),
      TREVO_OPERATOR_USERNAME: 'operador',
      TREVO_OPERATOR_PASSWORD: 'Operador#Seguro2026',
      // Every answer of a route that declares its response is checked against it (platform/contract.ts).
      TREVO_CHECK_RESPONSES: '1',
      ...env,
    },
    overrides,
  );
  // The sign-up deposit discount would add bonus to every deposit of every test; the tests of that
  // offer turn it on explicitly.
  if (!env.TEST_PAY_DISCOUNT) config.file.offers.payDiscount = { discount: 0, hours: 0 };
  // Large withdrawals wait for approved identity documents (issue 19); the tests of withdrawals
  // above R$ 5.000 are about other rules, and kyc-documents.test.ts sets this gate itself.
  if (!env.TEST_DOCUMENTS_GATE) config.file.withdraw.documentsAbove = 1_000_000;
  // A short chain keeps each test app's start fast; the chain logic is the same at any length.
  config.file.games.chainLength = 2_000;
  const databaseUrl =
    config.databaseUrl ?? (process.env.TREVO_TEST_DB === 'postgres' ? await createPgDatabase() : undefined);
  const db = databaseUrl ? await openDb({ databaseUrl }) : await openMigratedPglite();
  return buildApp({ config, db, socketSweepMs: 500, jobs: false });
}

/**
 * The test app of a file: built before its tests, closed after them, and its ledger audited clean
 * after each test (every money invariant the audit checks holds whatever the test did).
 */
export function useAuditedApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}) {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(overrides, env);
  });
  afterEach(async () => {
    expect(await auditLedger(app!.ctx.db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => app!;
}

/**
 * Two instances of the app on one database, for races between servers: on PostgreSQL (server-pg)
 * two apps on a fresh database; on PGlite, which one process holds, the same app twice. Built
 * before the file's tests, closed after them, the ledger audited clean after each test.
 */
export function useAuditedPair(): { app: () => FastifyInstance; other: () => FastifyInstance } {
  let app: FastifyInstance | undefined;
  let other: FastifyInstance | undefined;
  beforeAll(async () => {
    if (process.env.TREVO_TEST_DB !== 'postgres') {
      app = other = await buildTestApp();
      return;
    }
    const env = { DATABASE_URL: await createPgDatabase() };
    [app, other] = [await buildTestApp({}, env), await buildTestApp({}, env)];
  });
  afterEach(async () => {
    expect(await auditLedger(app!.ctx.db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    if (other !== app) await other?.close();
  });
  return { app: () => app!, other: () => other! };
}

/** The mines of a started MINES game, from its seeds, as a verifier computes them after the fact. */
export async function minesBoard(db: Db, userId: number, gameId: string): Promise<number[]> {
  const seeds = await db
    .selectFrom('player_seeds')
    .select('server_seed')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const bet = await db
    .selectFrom('bets')
    .select(['client_seed', 'nonce', 'params'])
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const { mines } = JSON.parse(bet.params) as { mines: number };
  return (
    instantOutcome(
      'mines',
      { serverSeed: seeds.server_seed, clientSeed: bet.client_seed!, nonce: bet.nonce! },
      { mines },
    ) as { mines: number[] }
  ).mines;
}

// Test bodies are read field by field; `any` keeps those reads short where the schema is asserted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, unknown> & { status: number; message: string; data: any };

/** `inject` that returns the parsed envelope and the HTTP code. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  let body: Json;
  try {
    body = res.json() as Json;
  } catch {
    body = { status: res.statusCode, message: res.body, data: null };
  }
  return { code: res.statusCode, body, headers: res.headers };
}

let codeCounter = 1;

/** Fetches a captcha for a new random id and returns the id (the answer is CAPTCHA in tests). */
export async function captcha(app: FastifyInstance): Promise<string> {
  const codeId = String(codeCounter++ * 7919 + randomInt(0, 1000));
  const res = await app.inject({ method: 'GET', url: `/api/auth/user/captcha/${codeId}` });
  if (res.statusCode !== 200) throw new Error(`captcha ${res.statusCode}`);
  return codeId;
}

export interface Player {
  email: string;
  cpf: string;
  token: string;
}

let playerCounter = 0;

/** Registers a new player and returns its credentials and token. */
export async function registerPlayer(
  app: FastifyInstance,
  extra: Record<string, unknown> = {},
): Promise<Player> {
  const email = `jogador${Date.now()}_${playerCounter++}@exemplo.com.br`;
  const cpf = randomCpf();
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: {
      name: 'Maria Silva',
      cardNo: cpf,
      username: email,
      country: '+55',
      phone: '11987654321',
      pwd: PASSWORD,
      pwd1: PASSWORD,
      codeId: await captcha(app),
      captCode: CAPTCHA,
      ...extra,
    },
  });
  if (res.code !== 200) throw new Error(`register failed: ${res.code} ${res.body.message}`);
  return { email, cpf, token: res.body.data.access_token as string };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The bootstrap operator's (admin) authorization header, signed in with its password. */
export async function operatorAuth(app: FastifyInstance): Promise<Record<string, string>> {
  const op = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
  });
  return auth(op.body.data.access_token as string);
}

/** Completes the identity form with the player's own CPF (deposits need kyc = 1). */
export async function completeKyc(app: FastifyInstance, player: Player): Promise<void> {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/user/updateKyc',
    headers: auth(player.token),
    payload: { name: 'Maria Silva', cardNo: player.cpf },
  });
  if (res.code !== 200) throw new Error(`kyc failed: ${res.body.message}`);
}

/** Polls `check` until it returns a value or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The player's public id (uId) from userInfo. */
export async function userIdOf(app: FastifyInstance, player: Player): Promise<number> {
  const res = await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(player.token) });
  return res.body.data.uId as number;
}

/** Puts cash on a player's account straight through the ledger (as a settled deposit would). */
export async function fundCash(app: FastifyInstance, userId: number, cents: number): Promise<void> {
  const { post } = await import('../../server/platform/money/ledger');
  await app.ctx.db.transaction().execute((trx) =>
    post(trx, {
      key: `test-fund:${userId}:${Date.now()}:${Math.random()}`,
      kind: 'test_deposit',
      entries: [
        { account: { kind: 'psp_clearing' }, amountCents: -cents },
        { account: { kind: 'user_cash', userId }, amountCents: cents },
      ],
    }),
  );
}

/** A new player with `reais` of cash on the account, and its public id. */
export async function fundedPlayer(app: FastifyInstance, reais = 100): Promise<Player & { userId: number }> {
  const player = await registerPlayer(app);
  const userId = await userIdOf(app, player);
  if (reais > 0) await fundCash(app, userId, reais * 100);
  return { ...player, userId };
}

/**
 * `count` funded players, registered one after another: one address's sign-ups are limited
 * (auth.service.ts spends a look-up of "already registered" before it runs, TAKEN_PER_HOUR in
 * flight at most), so a burst of sign-ups from the test's one address is cut on PostgreSQL.
 */
export async function fundedPlayers(
  app: FastifyInstance,
  count: number,
  reais = 100,
): Promise<Array<Player & { userId: number }>> {
  const players = [];
  for (let i = 0; i < count; i++) players.push(await fundedPlayer(app, reais));
  return players;
}

/**
 * A gift of `cents` to the player's bonus wallet, with its wagering requirement (`times` over), as
 * a promotion gives it: the player's row locked first, as every money movement does.
 */
export async function giveBonus(db: Db, userId: number, cents: number, times = 2): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    await post(trx, {
      key: `test-gift:${userId}:${randomUUID()}`,
      kind: 'promotion',
      entries: [
        { account: { kind: 'promotions' }, amountCents: -cents },
        { account: { kind: 'user_bonus', userId }, amountCents: cents },
      ],
    });
    await addBonusTurnover(trx, userId, cents * times);
  });
}
