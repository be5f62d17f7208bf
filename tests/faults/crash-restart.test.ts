import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startPgCluster, type PgCluster } from '../support/postgres';
import { faultBinariesPresent } from './harness';
import {
  closeHttpConnections,
  fundedHttpPlayer,
  httpJson,
  startServerProcess,
  type Json,
  type ServerProcess,
} from '../support/server-process';
import { doubleColor, doubleMultiplier } from '../../domain/games/rules';

/**
 * A real crash: the server process is killed with SIGKILL in the middle of a DOUBLE round and a
 * new process is started on the same database. games.md "Interrupted rounds": a round left open
 * for bets is cancelled and refunded, a round past betting keeps its chain result and is settled,
 * either way within 60 s of the restart. On PGlite (a data folder) and on PostgreSQL.
 *
 * A fault test (processes killed): it runs in `npm run test:sized`, which CI runs after `npm test`.
 */
let dataDir: string;
let configPath: string;
let env: Record<string, string>;
let server: ServerProcess | undefined;
let baseConfig: { games: { double: object } };
let pg: PgCluster | undefined;

/**
 * Shorter rounds from the next start on: the killed round's window was fixed when it opened, and
 * the rounds after it only need to reach rolling soon (the second test kills one there).
 */
function shortenRounds() {
  baseConfig.games.double = { bettingMs: 4000, rollingMs: 2000, completeMs: 500 };
  writeFileSync(configPath, JSON.stringify(baseConfig));
}

async function roundState(port: number): Promise<Json> {
  return (await httpJson(port, 'GET', '/api/app/game/double/state')).json.data.round;
}

/** Waits for a DOUBLE round taking bets with at least `marginMs` left. */
async function openRound(port: number, marginMs: number): Promise<Json> {
  for (let i = 0; i < 400; i++) {
    const round = await roundState(port);
    if (round?.phase === 'betting' && new Date(round.closesAt).getTime() - Date.now() > marginMs)
      return round;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no DOUBLE round opened');
}

async function lastBet(port: number, headers: Record<string, string>): Promise<Json> {
  const records = await httpJson(port, 'GET', '/api/app/user/records?kind=game', undefined, headers);
  return records.json.data.list[0];
}

async function cash(port: number, headers: Record<string, string>): Promise<number> {
  return (await httpJson(port, 'GET', '/api/app/user/getBalance', undefined, headers)).json.data.balance;
}

/** Polls `check` on the restarted server until it holds, for at most 60 s after the restart. */
async function within60s(check: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('not resolved within 60 s of the restart');
}

async function bet(port: number, headers: Record<string, string>, roundId: string) {
  const placed = await httpJson(
    port,
    'POST',
    '/api/app/game/double/bet',
    { roundId, color: 'red', amount: 2 },
    { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
  );
  expect(placed.status).toBe(200);
}

afterAll(() => closeHttpConnections());

const ENGINES = faultBinariesPresent() ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

describe.each(ENGINES)('a server killed mid-round, on %s', (engine) => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trevo-crash-'));
    const config = JSON.parse(readFileSync('config/default.json', 'utf8'));
    // Betting lasts long enough that the restart comes before the killed round's close: only the
    // rule (not the clock) can cancel it.
    config.games.double = { bettingMs: 15000, rollingMs: 2000, completeMs: 500 };
    config.games.chainLength = 2000;
    configPath = join(dataDir, 'config.json');
    writeFileSync(configPath, JSON.stringify(config));
    baseConfig = config;
    if (engine === 'PostgreSQL') pg = await startPgCluster();
    const databaseUrl = pg?.url;
    env = {
      TREVO_CONFIG: configPath,
      TREVO_STATIC_DIR: join(dataDir, 'no-client'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { TREVO_DATA_DIR: join(dataDir, 'db') }),
    };
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    pg = undefined;
    server = undefined;
  });

  it('cancels and refunds a round killed while open for bets, then plays on', async () => {
    server = await startServerProcess(env);
    const { headers } = await fundedHttpPlayer(server.port, 0, 1);
    const before = await cash(server.port, headers);
    expect(before).toBeGreaterThan(2);
    const round = await openRound(server.port, 11_000);
    await bet(server.port, headers, round.roundId);
    expect(await cash(server.port, headers)).toBe(before - 2);
    await server.crash();
    shortenRounds();

    server = await startServerProcess(env);
    const port = server.port;
    await within60s(async () => (await lastBet(port, headers))?.status === 'cancelled');
    expect(await lastBet(port, headers)).toMatchObject({ roundId: round.roundId, payout: 2 });
    expect(await cash(port, headers)).toBe(before);
    // The scheduler goes on with a new round.
    await within60s(async () => {
      const next = await roundState(port);
      return next?.phase === 'betting' && next.roundId !== round.roundId;
    });
  }, 180_000);

  it('settles by the chain a round killed after betting closed', async () => {
    const { headers } = await fundedHttpPlayer(server!.port, 1, 1);
    const before = await cash(server!.port, headers);
    const round = await openRound(server!.port, 2000);
    await bet(server!.port, headers, round.roundId);
    // Kill in the rolling phase: the result is fixed and revealed, the wheel still turning.
    let rolling: Json;
    for (let i = 0; i < 800 && !rolling; i++) {
      const state = await roundState(server!.port);
      if (state?.roundId === round.roundId && state.phase === 'rolling') rolling = state;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(rolling?.result).toEqual(expect.any(Number));
    await server!.crash();

    server = await startServerProcess(env);
    const port = server.port;
    const won = doubleColor(rolling.result) === 'red';
    const payout = won ? 2 * doubleMultiplier('red') : 0;
    await within60s(async () => (await lastBet(port, headers))?.status === 'settled');
    expect(await lastBet(port, headers)).toMatchObject({ roundId: round.roundId, payout });
    expect(await cash(port, headers)).toBe(before - 2 + payout);
    const finished = await httpJson(port, 'GET', `/api/app/game/rounds/double/${round.roundId}`);
    expect(finished.json.data).toMatchObject({ result: rolling.result, hash: rolling.hash });
  }, 180_000);
});
