import { loadConfig } from '../../../server/infra/config';
import { buildApp } from '../../../server/app';
import { openDb } from '../../../server/infra/db/connection';
import { openMigratedPglite } from '../../support/pglite-template';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLedger } from '../../../server/platform/money/ledger-audit';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { auth, call, CAPTCHA, createPgDatabase } from '../helpers';

/** The seed every sports test replays: the same fixtures, prices and results on every run. */
export const SPORTS_SEED = 'trevo-sports-tests';

/** A clock the test moves by hand; the sportsbook reads nothing else. */
export function manualClock(start: number) {
  let now = start;
  return {
    now: () => now,
    set: (t: number) => void (now = t),
    advance: (ms: number) => void (now += ms),
  };
}

/**
 * The whole app (as tests/server/helpers.ts builds it, on PGlite or the server-pg cluster) with a
 * seeded feed at speed 1 and the sportsbook on a manual clock; background loops are off, so the
 * tests run the feed, the live decisions and settlement themselves.
 */
export async function buildSportsApp(clock: () => number, env: NodeJS.ProcessEnv = {}) {
  const config = loadConfig({
    TREVO_CONFIG: 'config/default.json',
    TREVO_CAPTCHA_FIXED: CAPTCHA,
    TREVO_LOG_LEVEL: 'silent',
    TREVO_STATIC_DIR: '.tmp/no-client',
    TREVO_OPERATOR_USERNAME: 'operador',
    TREVO_OPERATOR_PASSWORD: 'Operador#Seguro2026',
    SPORTS_FEED_SEED: SPORTS_SEED,
    TREVO_CHECK_RESPONSES: '1',
    ...env,
  });
  config.file.offers.payDiscount = { discount: 0, hours: 0 };
  config.file.games.chainLength = 2_000;
  const databaseUrl = process.env.TREVO_TEST_DB === 'postgres' ? await createPgDatabase() : undefined;
  const db = databaseUrl ? await openDb({ databaseUrl }) : await openMigratedPglite();
  return buildApp({ config, db, socketSweepMs: 500, jobs: false, sportsClock: clock });
}

/**
 * Moves the clock a minute past the latest published start of the given fixtures: an operator's
 * final result is refused before a fixture starts (results respect the clock).
 */
export function afterStartOf(
  clock: { set(t: number): void },
  fixtures: ReadonlyArray<{ startsAt: number }>,
  by = 60_000,
) {
  clock.set(Math.max(...fixtures.map((f) => f.startsAt)) + by);
}

/** The default operator's headers (the console's trader). */
export async function operatorHeaders(app: FastifyInstance) {
  const login = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
  });
  return auth(login.body.data.access_token);
}

/** A leg of a bet as the player sends it. */
export type BetLeg = { fixtureId: string; marketId: string; outcomeId: string; odds: number };

let placed = 0;
/** Places a bet (R$ 10 unless told) that must be accepted, and answers its id. */
export async function placeSportsBet(app: FastifyInstance, token: string, legs: BetLeg[], stake = 10) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': `bet-${Date.now()}-${placed++}` },
    payload: { stake, legs, oddsChange: 'none' },
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data.betId as string;
}

/**
 * A test file's sportsbook: the app built once on a manual clock starting at `start` (and the
 * trader's headers when asked), the ledger audited clean after every test, the app closed at the
 * end. Read `app`, `feed` and `operator` inside tests (they exist once beforeAll has run).
 */
export function useSportsApp(start: number, options: { operator?: boolean } = {}) {
  const clock = manualClock(start);
  let app: FastifyInstance | undefined;
  let operator: Record<string, string> = {};
  beforeAll(async () => {
    app = await buildSportsApp(clock.now);
    if (options.operator) operator = await operatorHeaders(app);
  });
  afterEach(async () => {
    expect(await auditLedger(app!.ctx.db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    clock,
    app: () => app!,
    feed: () => app!.sports.feed as SimulatedFeed,
    operator: () => operator,
  };
}
