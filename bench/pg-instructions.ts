import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { instantBetLiteral, type InstantBetCall } from '../server/modules/games/games.repository';
import { postgresBinDir, startPgCluster } from '../tests/support/postgres';
import {
  closeHttpConnections,
  fundedHttpPlayer,
  httpJson,
  startServerProcess,
} from '../tests/support/server-process';

/**
 * `npx tsx bench/pg-instructions.ts`: the CPU instructions PostgreSQL spends on one DICE bet's
 * `play_instant` call, counted by valgrind (callgrind), so a figure does not move with what else
 * the machine runs (docs/performance.md, tenth run: on a shared two-core machine the bench's CPU
 * per bet moved by more than 15 % between runs of one commit). A server signs a player up and
 * places one bet (the seed pair); then PostgreSQL runs in single-user mode under valgrind, once
 * with 20 bets and once with 220, each the statement the server sends (`playInstantBet`: the
 * `instant_bet` record as JSON, here written into the statement) in its own transaction; the
 * difference over 200 is one bet. Needs valgrind; under a minute. One connection, no network and
 * no concurrency: it counts the work, not what waiting and switching between 32 connections add.
 */
const FEW = 20;
const MANY = 220;

async function main() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const server = await startServerProcess({ DATABASE_URL: cluster.url });
  try {
    const player = await fundedHttpPlayer(server.port, 0, 3);
    const first = await httpJson(
      server.port,
      'POST',
      '/api/app/game/dice/bet',
      { amount: 0.1, target: 50, direction: 'over' },
      { ...player.headers, 'idempotency-key': 'first' },
    );
    if (first.json?.status !== 200) throw new Error(`first bet refused: ${JSON.stringify(first.json)}`);
  } finally {
    await server.stop();
    closeHttpConnections();
  }
  const { rows } = await admin.query<{
    user_id: number;
    token_hash: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    min_bet_cents: string;
    max_bet_cents: string;
    max_payout_cents: string;
    edge: string;
    data_directory: string;
  }>(
    `select s.subject_id as user_id, s.token_hash, p.server_seed_hash, p.client_seed, p.nonce,
            g.min_bet_cents, g.max_bet_cents, g.max_payout_cents, g.edge,
            current_setting('data_directory') as data_directory
       from sessions s join player_seeds p on p.user_id = s.subject_id, game_settings g
      where s.kind = 'player' and s.revoked_at is null and g.game = 'dice'`,
  );
  await admin.end();
  const row = rows[0]!;

  // The k-th bet after the first: a loss and a win in turn (a payout posting every other bet).
  const statement = (k: number) => {
    const win = k % 2 === 0;
    const payout = win ? 19 : 0;
    const betId = `B20261206${String(k).padStart(12, '0')}`;
    const nonce = row.nonce + k;
    const outcome = { roll: win ? 75.5 : 25.5 };
    const call: InstantBetCall = {
      user_id: row.user_id,
      game: 'dice',
      amount: 10,
      server_seed_hash: row.server_seed_hash,
      client_seed: row.client_seed,
      nonce,
      stop: false,
      min_bet: Number(row.min_bet_cents),
      max_bet: Number(row.max_bet_cents),
      max_payout: Number(row.max_payout_cents),
      edge: Number(row.edge),
      bet_id: betId,
      payout,
      multiplier: win ? 1.98 : 0,
      params: JSON.stringify({ game: 'dice', target: 50, direction: 'over' }),
      outcome: JSON.stringify(outcome),
      idempotency_key: `instructions-${k}`,
      request_hash: 'f'.repeat(64),
      body: {
        status: 200,
        message: 'Sucesso',
        data: {
          betId,
          gameCode: 1,
          amount: 0.1,
          multiplier: win ? 1.98 : 0,
          payout: payout / 100,
          win,
          balance: 0,
          outcome,
          fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce },
        },
      },
      now: new Date().toISOString(),
      token_hash: row.token_hash,
      idle_ms: 30 * 60_000,
      touch_ms: 60_000,
    };
    const literal = instantBetLiteral(call).replace(/'/g, "''");
    return `select play_instant('${literal}'::instant_bet)->>'status' as result;`;
  };

  const asRoot = process.getuid?.() === 0;
  const run = (command: string[]) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', ...command], { encoding: 'utf8', maxBuffer: 1e9 })
      : spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', maxBuffer: 1e9 });
  run([join(bin, 'pg_ctl'), '-D', row.data_directory, '-m', 'fast', 'stop']);
  const work = mkdtempSync(join(tmpdir(), 'trevo-pg-instructions-'));
  chmodSync(work, 0o777);
  try {
    const counts: number[] = [];
    for (const bets of [FEW, MANY]) {
      const data = join(work, `data-${bets}`);
      execFileSync('cp', ['-a', row.data_directory, data]);
      const script = join(work, `bets-${bets}.sql`);
      writeFileSync(script, Array.from({ length: bets }, (_, k) => statement(k)).join('\n') + '\n');
      chmodSync(script, 0o644);
      const result = run([
        'sh',
        '-c',
        `valgrind --tool=callgrind --callgrind-out-file=/dev/null ${join(bin, 'postgres')} --single ` +
          `-D ${data} -c fsync=off -j postgres < ${script}`,
      ]);
      const ok = (result.stdout.match(/result = "ok"/g) ?? []).length;
      if (ok !== bets) throw new Error(`${ok} of ${bets} bets ok:\n${result.stdout.slice(-2000)}`);
      const collected = /Collected : (\d+)/.exec(result.stderr);
      if (!collected) throw new Error(`valgrind: ${result.stderr.slice(-2000)}`);
      counts.push(Number(collected[1]));
    }
    const perBet = (counts[1]! - counts[0]!) / (MANY - FEW);
    console.log(`play_instant: ${(perBet / 1e6).toFixed(3)} million instructions a DICE bet`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    try {
      cluster.stop();
    } catch {
      // Already stopped above; stop() also removes its folder.
    }
  }
}

void main();
