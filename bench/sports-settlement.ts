import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { postgresBinDir, startPgCluster } from '../tests/support/postgres';
import { insertBareUser } from '../tests/support/bare-user';
import { loadConfig } from '../server/infra/config';
import { buildApp } from '../server/app';
import { openDb } from '../server/infra/db/connection';
import { post } from '../server/platform/money/ledger';
import { auditLedger } from '../server/platform/money/ledger-audit';
import { placeSportsBet } from '../server/modules/sports/betting.service';
import { settlePending } from '../server/modules/sports/settlement.service';
import type { SimulatedFeed } from '../server/modules/sports/sim/simulated-feed';

/**
 * `npx tsx bench/sports-settlement.ts`: the sportsbook's settlement throughput (issue 6,
 * docs/performance.md "Sportsbook"). On one seeded day of the simulated feed, `BENCH_SPORTS_BETS`
 * (default 1000) pre-match singles are placed on the football matches that will be played
 * normally — stake debited with the bet row, one transaction each, as the route does without HTTP
 * — then the clock moves past every final whistle and one settlement pass settles them all, each
 * bet in its own transaction under its row lock. It prints bets placed per second and bets
 * settled per second, on PGlite (a file database, as `npm start` runs) and, when Debian's
 * PostgreSQL is installed, on a PostgreSQL cluster it starts itself (`BENCH_SPORTS_DB=pglite` or
 * `postgres` runs one). The ledger audit must come out clean, or the figures are not printed.
 */

const BETS = Number(process.env.BENCH_SPORTS_BETS ?? 1000);
const PLAYERS = Math.max(1, Math.min(100, Math.ceil(BETS / 10)));
/** Saturday 7 March 2026, 08:00 in São Paulo: a full football day of the seed ahead. */
const START = Date.UTC(2026, 2, 7, 11, 0);
const SEED = 'bench-sports-settlement';

async function fundedUsers(app: FastifyInstance, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let k = 0; k < count; k++) {
    const user = {
      id: await insertBareUser(app.ctx.db, {
        username: `sports-bench-${k}-${randomBytes(3).toString('hex')}@example.com`,
      }),
    };
    await app.ctx.db.transaction().execute((trx) =>
      post(trx, {
        key: `sports-bench-fund:${user.id}`,
        kind: 'bench',
        entries: [
          { account: { kind: 'psp_clearing' }, amountCents: -1_000_000 },
          { account: { kind: 'user_cash', userId: user.id }, amountCents: 1_000_000 },
        ],
      }),
    );
    ids.push(user.id);
  }
  return ids;
}

async function scenario(label: string, target: { databaseUrl?: string; dataDir?: string }) {
  let now = START;
  const config = loadConfig({
    TREVO_CONFIG: 'config/default.json',
    TREVO_LOG_LEVEL: 'silent',
    TREVO_STATIC_DIR: '.tmp/no-client',
    SPORTS_FEED_SEED: SEED,
  });
  const opened = await openDb(target);
  const app = await buildApp({ config, db: opened, jobs: false, sportsClock: () => now });
  try {
    const feed = app.sports.feed as SimulatedFeed;
    const fixtures = feed
      .listFixtures({ sport: 'football' }, now)
      .filter((f) => f.state.phase === 'pre' && f.startsAt < now + 86_400_000)
      .filter((f) => feed.timelineOf(f.id)!.fixture.fate === 'normal');
    const users = await fundedUsers(app, PLAYERS);
    const outcomes = ['home', 'draw', 'away'];

    const placing = performance.now();
    for (let k = 0; k < BETS; k++) {
      const f = fixtures[k % fixtures.length]!;
      const market = f.markets.find((m) => m.id === 'match_winner:full')!;
      const outcome = market.outcomes.find((o) => o.id === outcomes[Math.floor(k / fixtures.length) % 3])!;
      await app.ctx.db.transaction().execute((trx) =>
        placeSportsBet(app.ctx, app.sports, trx, users[k % users.length]!, {
          stake: 10,
          oddsChange: 'none',
          legs: [
            { fixtureId: f.id, marketId: market.id, outcomeId: outcome.id, odds: outcome.oddsMilli! / 1000 },
          ],
        }),
      );
    }
    const placeSeconds = (performance.now() - placing) / 1000;

    now = Math.max(...fixtures.map((f) => feed.clock.toReal(feed.timelineOf(f.id)!.finalAt!))) + 1_000;
    const settling = performance.now();
    const settled = await settlePending(app.ctx, app.sports);
    const settleSeconds = (performance.now() - settling) / 1000;

    const problems = await auditLedger(app.ctx.db);
    if (problems.length > 0) throw new Error(`ledger audit: ${problems.join('; ')}`);
    if (settled.length !== BETS) throw new Error(`${settled.length} of ${BETS} bets settled`);
    console.log(
      `${label}: ${BETS} singles on ${fixtures.length} matches — placed ${Math.round(BETS / placeSeconds)}/s, ` +
        `settled in one pass ${Math.round(BETS / settleSeconds)} bets/s (${settleSeconds.toFixed(2)} s)`,
    );
  } finally {
    await app.close();
  }
}

const which = process.env.BENCH_SPORTS_DB ?? 'both';
if (which !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-sports-bench-'));
  try {
    await scenario('PGlite', { dataDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (which !== 'pglite') {
  if (postgresBinDir()) {
    const cluster = await startPgCluster();
    try {
      await scenario('PostgreSQL', { databaseUrl: cluster.url });
    } finally {
      cluster.stop();
    }
  } else {
    console.log('PostgreSQL: skipped (apt-get install postgresql to measure it)');
  }
}
