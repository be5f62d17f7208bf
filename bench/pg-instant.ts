import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../tests/support/postgres';
import {
  closeHttpConnections,
  fundedHttpPlayer,
  httpJson as request,
  startServerProcess,
} from '../tests/support/server-process';

/**
 * `npx tsx bench/pg-instant.ts`: where an instant bet's time goes on PostgreSQL. DICE bets over
 * HTTP from 32 connections, three 8-second measurements on one server (the first warms it up),
 * each with the CPU the server and PostgreSQL spent per bet (from /proc), then PostgreSQL's own
 * accounting of every function a bet calls (`track_functions`: calls, total and self time). One
 * run takes under a minute, so two commits can be alternated many times where `npm run bench`'s
 * figure moves by more than the difference looked for (docs/performance.md, ninth run).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** CPU seconds spent so far by the server process and by every PostgreSQL process. */
function cpuSeconds(): { server: number; postgres: number } {
  let server = 0;
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks (100 a second on Linux).
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      if (command.includes('server/main.ts')) server += seconds;
      else if (command.startsWith('postgres')) postgres += seconds;
    } catch {
      // The process ended while it was read.
    }
  }
  return { server, postgres };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-pg-instant-'));
  const configPath = join(dir, 'config.json');
  // The configuration `npm run bench` uses.
  const config = JSON.parse(readFileSync('config/default.json', 'utf8'));
  config.games.double = { bettingMs: 4000, rollingMs: 1000, completeMs: 500 };
  config.games.chainLength = 10_000;
  config.offers.payDiscount.discount = 0;
  writeFileSync(configPath, JSON.stringify(config));
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  // Timing every function call costs most where a bet makes the most calls: BENCH_TRACK_FUNCTIONS=0
  // measures bets/s without it (docs/performance.md, twelfth run).
  const tracked = process.env.BENCH_TRACK_FUNCTIONS !== '0';
  if (tracked) {
    await admin.query("alter system set track_functions = 'all'");
    await admin.query('select pg_reload_conf()');
  }
  const server = await startServerProcess({ DATABASE_URL: cluster.url, TREVO_CONFIG: configPath });
  try {
    const players = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) => fundedHttpPlayer(server.port, i, 1)),
    );
    let sent = 0;
    for (let round = 1; round <= 3; round++) {
      const before = cpuSeconds();
      const from = sent;
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        players.map(async (player) => {
          while (Date.now() < until) {
            const key = `bench-${round}-${sent++}`;
            await request(
              server.port,
              'POST',
              '/api/app/game/dice/bet',
              { amount: 0.1, target: 50, direction: 'over' },
              { ...player.headers, 'idempotency-key': key },
            );
          }
        }),
      );
      const after = cpuSeconds();
      const bets = sent - from;
      const perBet = (seconds: number) => `${((1e6 * seconds) / bets).toFixed(0)} µs`;
      console.log(
        `DICE ${Math.round(bets / SECONDS)} bets/s; CPU per bet: server ${perBet(after.server - before.server)}, PostgreSQL ${perBet(after.postgres - before.postgres)}`,
      );
    }
    if (!tracked) return;
    const { rows } = await admin.query<{ funcname: string; calls: string; total: string; self: string }>(
      `select funcname, calls, round((total_time / calls * 1000)::numeric) as total,
              round((self_time / calls * 1000)::numeric) as self
         from pg_stat_user_functions where calls > 1000 order by total_time desc`,
    );
    console.log('PostgreSQL functions, per call:');
    for (const r of rows) {
      console.log(
        `  ${r.funcname.padEnd(20)} ${r.calls.padStart(7)} calls  total ${r.total} µs  self ${r.self} µs`,
      );
    }
  } finally {
    await admin.end();
    await server.stop();
    cluster.stop();
    closeHttpConnections();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
