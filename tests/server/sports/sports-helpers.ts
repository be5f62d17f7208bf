import { loadConfig } from '../../../server/infra/config';
import { buildApp } from '../../../server/app';
import { openDb } from '../../../server/infra/db/connection';
import { openMigratedPglite } from '../../support/pglite-template';
import { CAPTCHA, createPgDatabase } from '../helpers';

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
