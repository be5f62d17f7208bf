import { defineConfig } from 'vitest/config';

/**
 * Test projects: `unit` (domain, pure), `client` (machines and services in happy-dom), `server`
 * (Fastify `inject` on PGlite) and `server-pg` (the same files on a PostgreSQL 15 cluster that
 * tests/server/pg-global-setup.ts starts and stops itself), `faults` (tests/faults: processes killed,
 * PostgreSQL and Redis stopped under load).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The simulated sports world is built several times per test: seconds of CPU on a busy machine.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Seeded statistics of the games: reduced size in `npm test`, full with STATS_FULL=1.
        test: {
          name: 'stats',
          include: ['tests/stats/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          server: { deps: { inline: ['@pixi/react'] } },
          // Pages and games are lazy imports, transformed on first use: slow on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The standing adversarial suite (tests/security): reduced in `npm test`, full with
        // `npm run test:security`.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          exclude: ['tests/security/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The adversarial suite's concurrency bursts, on a PostgreSQL cluster the run starts itself:
        // PGlite runs one statement at a time and hides races.
        test: {
          name: 'security-pg',
          include: ['tests/security/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/pg-global-setup.ts'],
          env: { TREVO_TEST_DB: 'postgres' },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/pg-global-setup.ts'],
          env: { TREVO_TEST_DB: 'postgres' },
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
          testTimeout: 600_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
