import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort, postgresBinDir, startPgCluster, type PgCluster } from '../tests/support/postgres';
import { migrate, openDb } from '../server/db/connection';
import { post } from '../server/modules/wallet/ledger';

/**
 * `npm run bench`: DICE bets over HTTP (32 concurrent connections) on PGlite and PostgreSQL,
 * beside two ceilings measured in the same run — a trivial authenticated call and raw ledger
 * transfers without HTTP — and the delivery of a DOUBLE round result to 2,000 sockets.
 * Figures, not pass/fail: targets are in docs/performance.md.
 */
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

// Bench answers are read field by field from known calls; a full schema here would only add noise.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function request(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; json: Json }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) });
          } catch {
            resolve({ status: res.statusCode ?? 0, json: data });
          }
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs `op` from `CONCURRENCY` workers for `SECONDS`; returns ops/s and latency percentiles (ms). */
async function load(op: () => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const ok = await op();
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

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      TREVO_LOG_LEVEL: 'error',
      TREVO_CAPTCHA_FIXED: 'bench',
      TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0',
      TREVO_TURNOVER_MAIN: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await request(port, 'GET', '/api/health')).status === 200) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

async function fundedPlayer(port: number) {
  const cpf = (() => {
    const d = Array.from({ length: 9 }, (_, i) => (i * 7 + 3) % 10);
    for (const len of [9, 10]) {
      let sum = 0;
      for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
      const r = (sum * 10) % 11;
      d.push(r === 10 ? 0 : r);
    }
    return d.join('');
  })();
  const email = `bench${randomBytes(4).toString('hex')}@exemplo.com`;
  await request(port, 'GET', '/api/auth/user/captcha/1');
  const reg = await request(port, 'POST', '/api/auth/user/restRegister', {
    name: 'Bench',
    cardNo: cpf,
    username: email,
    pwd: 'Bench#Forte2026',
    pwd1: 'Bench#Forte2026',
    codeId: '1',
    captCode: 'bench',
  });
  const token = reg.json.data.access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  await request(port, 'POST', '/api/app/user/updateKyc', { name: 'Bench', cardNo: cpf }, headers);
  for (let i = 0; i < 5; i++) {
    const pre = await request(
      port,
      'POST',
      '/api/app/order/prePay/BRL6',
      { gift: '0', pkgId: 'BRL6', isapp: '0' },
      { ...headers, 'idempotency-key': `fund-${i}` },
    );
    await request(port, 'POST', `/sandbox-psp/charges/${pre.json.data.payNo}/pay`, {});
    for (let t = 0; t < 40; t++) {
      const s = await request(
        port,
        'GET',
        `/api/app/order/getStatus/${pre.json.data.orderId}`,
        undefined,
        headers,
      );
      if (s.json.data.status === '10') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { token, headers };
}

async function rawLedger(databaseUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-bench-ledger-'));
  const { db } = await openDb(databaseUrl ? { databaseUrl } : { dataDir: dir });
  await migrate(db);
  const user = await db
    .insertInto('users')
    .values({
      username: `raw${Date.now()}@b.c`,
      cpf: String(Date.now()).slice(-11),
      password_hash: 'x',
      yqm: randomBytes(4).toString('hex'),
      name: '',
      phone: '',
      country: '+55',
      referrer_id: null,
      birth_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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

async function socketDelivery(port: number, token: string) {
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    sockets.push(
      connect(`http://127.0.0.1:${port}`, {
        path: '/gamecenter-siop',
        query: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      }),
    );
  }
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
  await Promise.all(sockets.map((s) => (s.connected ? Promise.resolve() : bounded(s, 'connect', 60_000))));
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
    p50: pct(delays, 0.5),
    p99: pct(delays, 0.99),
  };
}

const fmt = (x: number) => x.toFixed(1);

async function scenario(name: string, env: Record<string, string>, databaseUrl?: string) {
  const server = await startServer(env);
  try {
    const { headers } = await fundedPlayer(server.port);
    let k = 0;
    const trivial = await load(
      async () =>
        (await request(server.port, 'GET', '/api/app/user/getBalance', undefined, headers)).status === 200,
    );
    const dice = await load(async () => {
      const res = await request(
        server.port,
        'POST',
        '/api/app/game/dice/bet',
        { amount: 0.1, target: 50, direction: 'over' },
        { ...headers, 'idempotency-key': `d${k++}` },
      );
      return res.status === 200;
    });
    const raw = await rawLedger(databaseUrl);
    const sockets =
      name === 'PGlite' ? await socketDelivery(server.port, headers.authorization.slice(7)) : undefined;
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
        `  DOUBLE result to ${sockets.sockets} of ${SOCKETS} sockets (${sockets.connected} connected): p50 ${sockets.p50} ms  p99 ${sockets.p99} ms`,
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
  await scenario('PGlite', { TREVO_DATA_DIR: dataDir, TREVO_CONFIG: configPath });
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
  agent.destroy();
}

void main();
