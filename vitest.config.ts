import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { splitPtTexts } from './scripts/vite-split-texts.ts';

/**
 * Test projects: `unit` (domain, pure), `client` (machines and services in happy-dom), `server`
 * (Fastify `inject` on PGlite) and `server-pg` (the money and concurrency files again, on a
 * PostgreSQL cluster that tests/server/pg-global-setup.ts starts and stops itself), `security` and
 * `security-pg` (the adversarial suite), `faults` (tests/faults: processes killed,
 * PostgreSQL and Redis stopped under load).
 */
/**
 * Passwords are hashed at argon2id's least cost in tests (server/infra/security/passwords.ts; the
 * configuration refuses it in production): thousands of sign-ups and logins, ~100 ms less each.
 */
const TEST_ENV = { TREVO_PASSWORD_COST: 'test' };

/**
 * The server files that also run on PostgreSQL: those whose subject is money or concurrency, where
 * PGlite (one statement at a time) could hide a race or a locking mistake. The rest (pages,
 * console reads, headers, configuration, sockets) do not depend on the database engine and run
 * once, on PGlite. Sign-up, login, throttles and one-time codes run once here; their races (login
 * guesses, code guesses, claims) are the concurrent bursts of tests/security/*.pg.test.ts.
 */
const ON_POSTGRES = [
  'tests/server/ledger.test.ts',
  'tests/server/money-endpoints.test.ts',
  'tests/server/instant-games.test.ts',
  'tests/server/bonus-release.test.ts',
  'tests/server/attack-bonus-release.test.ts',
  'tests/server/attack-bonus-release-races.test.ts',
  'tests/server/round-games.test.ts',
  'tests/server/mines.test.ts',
  'tests/server/deposit.test.ts',
  'tests/server/withdraw.test.ts',
  'tests/server/admin-withdrawals.test.ts',
  'tests/server/compliance.test.ts',
  'tests/server/kyc-documents.test.ts',
  'tests/server/psp-contract.test.ts',
  'tests/server/wallet-extras.test.ts',
  'tests/server/promotions.test.ts',
  'tests/server/referrals.test.ts',
  'tests/server/protection.test.ts',
  'tests/server/loss-windows.test.ts',
  'tests/server/operator-audit.test.ts',
  'tests/server/scaled.test.ts',
  'tests/server/sports/*.test.ts',
  'tests/server/attack-races-*.test.ts',
  'tests/server/attack-instant-literal.test.ts',
];

/**
 * Two cores, two workers (Vitest's default leaves one core to the runner, which mostly waits).
 * The node projects share a worker's module graph between files (`isolate: false`): each file
 * builds its own app and database, and importing the server afresh for every file cost ~2 s each.
 * A file that changes process-wide state (environment, timers) restores it in `finally`/`afterAll`.
 */
const SHARED = { isolate: false } as const;

/** The client project's settings (machines, services and components in happy-dom). */
const CLIENT = {
  include: ['tests/client/**/*.test.{ts,tsx}'],
  environment: 'happy-dom',
  server: { deps: { inline: ['@pixi/react'] } },
  // Pages and games are lazy imports, transformed on first use: slow on a busy machine.
  testTimeout: 20_000,
  setupFiles: ['tests/client/setup.ts'],
};

/**
 * Client files that need modules of their own: those that test what a module does when first
 * loaded (the languages bundled at start, the site configuration read once, the first page's texts
 * alone), and every file that replaces a module (vi.mock). The shared project imports a module once
 * per worker, so a vi.mock there applies only if no earlier file in that worker imported the real
 * one: it passed or failed with the order files landed in (recent-bets did, on CI). Finding them
 * by their text, rather than by a list someone has to remember, closes that for the next file.
 */
const CLIENT_FIRST_LOAD = [
  'tests/client/i18n.test.ts',
  'tests/client/foundation-units.test.ts',
  'tests/client/site-footer.test.tsx',
  'tests/client/first-page-texts.test.tsx',
];
const clientMocking = (readdirSync('tests/client', { recursive: true }) as string[])
  .map((file) => join('tests/client', file).replaceAll('\\', '/'))
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')));
const CLIENT_ISOLATED = [...new Set([...CLIENT_FIRST_LOAD, ...clientMocking])];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        // The simulated sports world is built several times per test: seconds of CPU on a busy machine.
        test: {
          name: 'unit',
          ...SHARED,
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Seeded statistics of the games: reduced size in `npm test`, full with STATS_FULL=1.
        test: {
          name: 'stats',
          ...SHARED,
          include: ['tests/stats/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
        },
      },
      {
        // pt_BR's two parts (scripts/vite-split-texts.ts), as the build serves them.
        plugins: [splitPtTexts()],
        test: {
          name: 'client',
          ...CLIENT,
          // One happy-dom window per worker, shared by its files: setting up a window and
          // importing React afresh for each of 60 files cost about 60 s of an 80 s project.
          ...SHARED,
          exclude: CLIENT_ISOLATED,
        },
      },
      {
        plugins: [splitPtTexts()],
        test: { name: 'client-isolated', ...CLIENT, include: CLIENT_ISOLATED },
      },
      {
        test: {
          name: 'server',
          ...SHARED,
          include: ['tests/server/**/*.test.ts'],
          // The race bursts mean something only where transactions run at once: PostgreSQL
          // (server-pg). PGlite would play each burst one call at a time, slowly, proving nothing.
          exclude: ['tests/server/**/attack-races-*.test.ts'],
          environment: 'node',
          env: TEST_ENV,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The standing adversarial suite (tests/security): reduced in `npm test`, full with
        // `npm run test:security`.
        test: {
          name: 'security',
          ...SHARED,
          include: ['tests/security/**/*.test.ts'],
          exclude: ['tests/security/**/*.pg.test.ts'],
          environment: 'node',
          env: TEST_ENV,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The adversarial suite's concurrency bursts, on a PostgreSQL cluster the run starts itself:
        // PGlite runs one statement at a time and hides races.
        test: {
          name: 'security-pg',
          ...SHARED,
          include: ['tests/security/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/pg-global-setup.ts'],
          env: { ...TEST_ENV, TREVO_TEST_DB: 'postgres' },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          ...SHARED,
          include: ON_POSTGRES,
          // The sockets and the test clock hold no money and race nothing.
          exclude: ['tests/server/sports/sports-socket.test.ts', 'tests/server/sports/test-clock.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/pg-global-setup.ts'],
          env: { ...TEST_ENV, TREVO_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults under load (issue 9, AT-05/06/07): real server processes over a PostgreSQL and a
        // Redis each file starts itself; reduced size in `npm test` (its own step, one file at a
        // time), the durations of the issue with FAULTS_FULL=1.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          env: TEST_ENV,
          testTimeout: 600_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
