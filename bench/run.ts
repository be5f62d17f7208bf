import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { postgresBinDir, startPgCluster, type PgCluster } from '../tests/support/postgres';
import {
  closeHttpConnections,
  fundedHttpPlayer,
  httpJson as request,
  PROCESS_CAPTCHA,
  startServerProcess,
} from '../tests/support/server-process';
import { MAX_SOCKETS_PER_SESSION } from '../server/platform/realtime';
import { migrate, openDb } from '../server/infra/db/connection';
import { insertBareUser } from '../tests/support/bare-user';
import { post } from '../server/platform/money/ledger';

/**
 * `npm run bench`: DICE bets over HTTP (32 concurrent connections) on PGlite and PostgreSQL,
 * beside two ceilings measured in the same run — a trivial authenticated call and raw ledger
 * transfers without HTTP — and the delivery of a DOUBLE round result to 2,000 sockets.
 * Figures, not pass/fail: targets are in docs/performance.md.
 */
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const SOCKET_WAVE = 100;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Runs `op` from `CONCURRENCY` workers for `SECONDS` (each worker passes its index); returns ops/s
 * and latency percentiles (ms).
 */
async function load(op: (worker: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (Date.now() < until) {
        const t = performance.now();
        const ok = await op(worker);
        latencies.push(performance.now() - t);
        if (!ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / SECONDS),
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    failures,
  };
}

async function rawLedger(databaseUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-bench-ledger-'));
  const { db } = await openDb(databaseUrl ? { databaseUrl } : { dataDir: dir });
  await migrate(db);
  const user = { id: await insertBareUser(db) };
  let n = 0;
  const result = await load(async () => {
    const key = `raw-${n++}-${randomBytes(4).toString('hex')}`;
    await db.transaction().execute((trx) =>
      post(trx, {
        key,
        kind: 'bench',
        entries: [
          { account: { kind: 'psp_clearing' }, amountCents: -1 },
          { account: { kind: 'user_cash', userId: user.id }, amountCents: 1 },
        ],
      }),
    );
    return true;
  });
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/**
 * Sessions enough for the socket fan-out: one session holds at most MAX_SOCKETS_PER_SESSION
 * sockets (a player's tabs), so 2,000 sockets need 250 sessions. The bench players sign in again,
 * each sign-in from its own address as the proxy in front of the server reports it (the server
 * believes 127.0.0.1's X-Forwarded-For here): from one address, the captchas and sign-ins a minute
 * are limited, as they should be.
 */
async function sessionTokens(
  port: number,
  players: Array<{ email: string; password: string }>,
  count: number,
) {
  const tokens: string[] = [];
  const BATCH = 16;
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, async (_, j) => {
      const n = from + j;
      const player = players[n % players.length]!;
      const via = { 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` };
      const codeId = String(n + 1);
      await request(port, 'GET', `/api/auth/user/captcha/${codeId}`, undefined, via);
      const res = await request(
        port,
        'POST',
        '/api/auth/user/restLogin',
        { username: player.email, pwd: player.password, codeId, captCode: PROCESS_CAPTCHA },
        via,
      );
      if (res.json?.status !== 200) throw new Error(`bench sign-in refused: ${JSON.stringify(res.json)}`);
      return res.json.data.access_token as string;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

async function socketDelivery(port: number, tokens: string[]) {
  // Every wait is bounded: a socket that never connects or never hears the result is counted as lost.
  const bounded = (s: Socket, event: string, ms: number, onEvent: (payload: unknown) => void = () => {}) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      s.once(event, (payload: unknown) => {
        clearTimeout(timer);
        onEvent(payload);
        resolve();
      });
    });
  // Why a socket failed to connect, counted by message, so a short count explains itself.
  const refusals = new Map<string, number>();
  const sockets: Socket[] = [];
  // Players arrive over time, not in one millisecond: the sockets connect in waves, each awaited,
  // so what is measured is delivery to 2,000 connected sockets rather than a handshake storm.
  for (let wave = 0; wave < SOCKETS; wave += SOCKET_WAVE) {
    const batch = Array.from({ length: Math.min(SOCKET_WAVE, SOCKETS - wave) }, (_, j) => {
      const s = connect(`http://127.0.0.1:${port}`, {
        path: '/gamecenter-siop',
        // As many sockets per session as a session may hold, no more.
        query: { token: tokens[Math.floor((wave + j) / MAX_SOCKETS_PER_SESSION)] },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 60_000,
      });
      s.on('connect_error', (error) => refusals.set(error.message, (refusals.get(error.message) ?? 0) + 1));
      return s;
    });
    sockets.push(...batch);
    await Promise.all(batch.map((s) => (s.connected ? Promise.resolve() : bounded(s, 'connect', 60_000))));
  }
  const connected = sockets.filter((s) => s.connected);
  for (const s of connected) s.emit('game.join', { game: 'double' });
  await new Promise((r) => setTimeout(r, 1000));
  const delays: number[] = [];
  await Promise.all(
    connected.map((s) =>
      bounded(s, 'round.result', 30_000, (e) => delays.push(Date.now() - (e as { sentAt: number }).sentAt)),
    ),
  );
  for (const s of sockets) s.close();
  delays.sort((a, b) => a - b);
  return {
    sockets: delays.length,
    connected: connected.length,
    refusals: [...refusals].map(([message, n]) => `${n}× ${message}`).join(', '),
    p50: pct(delays, 0.5),
    p99: pct(delays, 0.99),
  };
}

const fmt = (x: number) => x.toFixed(1);

async function scenario(name: string, env: Record<string, string>, databaseUrl?: string) {
  const server = await startServerProcess(env);
  try {
    // One player per connection, as on a live site: a single player's bets are serialised by
    // design (the seed row's lock), so one shared player would measure that lock, not the server.
    const players = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => fundedHttpPlayer(server.port, i, 1)),
    );
    let k = 0;
    const trivial = await load(
      async (worker) =>
        (await request(server.port, 'GET', '/api/app/user/getBalance', undefined, players[worker]!.headers))
          .status === 200,
    );
    const dice = await load(async (worker) => {
      const res = await request(
        server.port,
        'POST',
        '/api/app/game/dice/bet',
        { amount: 0.1, target: 50, direction: 'over' },
        { ...players[worker]!.headers, 'idempotency-key': `d${k++}` },
      );
      return res.status === 200;
    });
    const raw = await rawLedger(databaseUrl);
    const sockets =
      name === 'PGlite'
        ? await socketDelivery(
            server.port,
            await sessionTokens(server.port, players, Math.ceil(SOCKETS / MAX_SOCKETS_PER_SESSION)),
          )
        : undefined;
    console.log(`\n${name}`);
    console.log(
      `  DICE bets over HTTP:      ${dice.perSecond} bets/s  p50 ${fmt(dice.p50)} ms  p99 ${fmt(dice.p99)} ms  (${dice.failures} failed)`,
    );
    console.log(
      `  trivial authenticated:    ${trivial.perSecond} req/s  p50 ${fmt(trivial.p50)} ms  p99 ${fmt(trivial.p99)} ms`,
    );
    console.log(
      `  raw ledger transfers:     ${raw.perSecond} tx/s   p50 ${fmt(raw.p50)} ms  p99 ${fmt(raw.p99)} ms`,
    );
    console.log(
      `  ratios: bets/trivial ${(dice.perSecond / trivial.perSecond).toFixed(2)}, bets/raw ${(dice.perSecond / raw.perSecond).toFixed(2)}`,
    );
    if (sockets)
      console.log(
        `  DOUBLE result to ${sockets.sockets} of ${SOCKETS} sockets (${sockets.connected} connected): p50 ${sockets.p50} ms  p99 ${sockets.p99} ms${
          sockets.refusals ? `; not connected: ${sockets.refusals}` : ''
        }`,
      );
  } finally {
    await server.stop();
  }
}

async function main() {
  const configPath = join(mkdtempSync(join(tmpdir(), 'trevo-bench-cfg-')), 'config.json');
  const config = JSON.parse(readFileSync('config/default.json', 'utf8'));
  config.games.double = { bettingMs: 4000, rollingMs: 1000, completeMs: 500 };
  config.games.chainLength = 10_000;
  config.offers.payDiscount.discount = 0;
  writeFileSync(configPath, JSON.stringify(config));
  console.log(
    `Trevo bench: ${CONCURRENCY} connections, ${SECONDS} s per measurement, Node ${process.version}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'trevo-bench-'));
  // The bench is the proxy in front of the server: its sign-ins for the socket fan-out name the
  // players' addresses (sessionTokens).
  await scenario('PGlite', {
    TREVO_DATA_DIR: dataDir,
    TREVO_CONFIG: configPath,
    TREVO_TRUST_PROXY: '127.0.0.1',
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresBinDir()) {
    const cluster: PgCluster = await startPgCluster();
    try {
      await scenario('PostgreSQL', { DATABASE_URL: cluster.url, TREVO_CONFIG: configPath }, cluster.url);
    } finally {
      cluster.stop();
    }
  } else {
    console.log('\nPostgreSQL: skipped (apt-get install postgresql)');
  }
  closeHttpConnections();
}

void main();
