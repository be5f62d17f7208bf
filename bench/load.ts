import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort, startPgCluster } from '../tests/support/postgres';
import http from 'node:http';
import { httpJson as serverJson, PROCESS_CAPTCHA, randomCpf } from '../tests/support/server-process';
import { openDb } from '../server/infra/db/connection';
import { auditLedger } from '../server/platform/money/ledger-audit';

/**
 * `npm run bench:load` (issue 9 "Benchmark"): one server process on PostgreSQL, 500 socket clients
 * in the DOUBLE room plus 100 HTTP connections (one player each) placing mixed bets — DICE 60%,
 * LIMBO 30%, DOUBLE 10% — for 5 minutes (BENCH_LOAD_SECONDS to shorten). Reports bet latency p95
 * and p99, the error rate, the server's event-loop delay p99 (measured inside the server by
 * bench/loop-probe.ts, preloaded, perf_hooks monitorEventLoopDelay) and its RSS growth over the last
 * 3 minutes (over the second half when the run is shorter), then runs the ledger audit.
 * Targets: p95 < 150 ms, p99 < 400 ms, errors < 0.1%, loop p99 < 100 ms, RSS growth < 20%.
 */
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const HTTP = Number(process.env.BENCH_LOAD_HTTP ?? 100);
const SOCKETS = Number(process.env.BENCH_LOAD_SOCKETS ?? 500);
// One kept-alive connection per HTTP player (the shared helper caps its pool at 64).
const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP + 16 });

/** One JSON call through the bench's own pool. */
const httpJson = (
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => serverJson(port, method, path, body, headers, agent);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-load-'));
  const config = JSON.parse(readFileSync('config/default.json', 'utf8'));
  config.games.chainLength = 20_000;
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const probeFile = join(dir, 'probe.jsonl');
  const pg = await startPgCluster();
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/loop-probe.ts', 'server/main.ts'],
    {
      env: {
        ...process.env,
        TREVO_LOG_LEVEL: 'error',
        TREVO_CAPTCHA_FIXED: PROCESS_CAPTCHA,
        TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0',
        TREVO_TURNOVER_MAIN: '0',
        TREVO_CONFIG: join(dir, 'config.json'),
        TREVO_STATIC_DIR: join(dir, 'no-client'),
        DATABASE_URL: pg.url,
        BENCH_PROBE_FILE: probeFile,
        PORT: String(port),
      },
      // The server's error log (pino, stdout) is kept beside the run's files for a failed bet.
      stdio: ['ignore', openSync(join(dir, 'server.log'), 'w'), 'inherit'],
    },
  );
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < 480; i++) {
      if (server.exitCode !== null) throw new Error('server exited');
      const up = await httpJson(port, 'GET', '/api/health').catch(() => undefined);
      if (up?.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }

    // Players: each from its own address (X-Forwarded-For; the server trusts its proxy), as on a
    // live site, so the per-address captcha and sign-up limits apply to each, not to the bench.
    console.log(`funding ${HTTP} players…`);
    const players: Array<Record<string, string>> = [];
    for (let i = 0; i < HTTP; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, HTTP - i) }, async (_, j) => {
          const n = i + j;
          const ip = { 'x-forwarded-for': `10.50.${n >> 8}.${n & 255}` };
          const codeId = String(700_000 + n);
          await httpJson(port, 'GET', `/api/auth/user/captcha/${codeId}`, undefined, ip);
          const cpf = randomCpf();
          const reg = await httpJson(
            port,
            'POST',
            '/api/auth/user/restRegister',
            {
              name: 'Jogador Carga',
              cardNo: cpf,
              username: `carga${randomBytes(4).toString('hex')}@exemplo.com`,
              pwd: 'Carga#Forte2026',
              pwd1: 'Carga#Forte2026',
              codeId,
              captCode: PROCESS_CAPTCHA,
            },
            ip,
          );
          const headers = { ...ip, authorization: `Bearer ${reg.json.data.access_token}` };
          await httpJson(
            port,
            'POST',
            '/api/app/user/updateKyc',
            { name: 'Jogador Carga', cardNo: cpf },
            headers,
          );
          const pre = await httpJson(
            port,
            'POST',
            '/api/app/order/prePay/BRL6',
            { gift: '0', pkgId: 'BRL6', isapp: '0' },
            { ...headers, 'idempotency-key': 'fund' },
          );
          await httpJson(port, 'POST', `/sandbox-psp/charges/${pre.json.data.payNo}/pay`, {});
          await httpJson(
            port,
            'GET',
            `/api/app/order/getStatus/${pre.json.data.orderId}`,
            undefined,
            headers,
          );
          return headers;
        }),
      );
      players.push(...batch);
    }

    console.log(`connecting ${SOCKETS} sockets…`);
    let results = 0;
    for (let i = 0; i < SOCKETS; i += 50) {
      const wave = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => {
        const s = connect(`http://127.0.0.1:${port}`, {
          path: '/gamecenter-siop',
          query: { token: players[(i + j) % players.length]!.authorization!.slice(7) },
          transports: ['websocket'],
          forceNew: true,
        });
        s.on('round.result', () => results++);
        s.on('connect', () => s.emit('game.join', { game: 'double' }));
        sockets.push(s);
        return new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 30_000);
          s.once('connect', () => {
            clearTimeout(t);
            resolve();
          });
        });
      });
      await Promise.all(wave);
    }
    const connected = sockets.filter((s) => s.connected).length;

    console.log(`load for ${SECONDS} s…`);
    server.kill('SIGUSR2');
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let round: { roundId: string; closesAt: number } | undefined;
    const roundTimer = setInterval(async () => {
      const s = await httpJson(port, 'GET', '/api/app/game/double/state').catch(() => undefined);
      const r = s?.json?.data?.round;
      round =
        r?.phase === 'betting' ? { roundId: r.roundId, closesAt: new Date(r.closesAt).getTime() } : undefined;
    }, 1000);
    const until = Date.now() + SECONDS * 1000;
    let k = 0;
    await Promise.all(
      players.map(async (headers) => {
        while (Date.now() < until) {
          const r = Math.random();
          let path = '/api/app/game/dice/bet';
          let body: unknown = { amount: 0.1, target: 50, direction: r < 0.3 ? 'under' : 'over' };
          if (r >= 0.6 && r < 0.9) {
            path = '/api/app/game/limbo/bet';
            body = { amount: 0.1, target: 2 };
          } else if (r >= 0.9) {
            if (!round || round.closesAt - Date.now() < 1500) continue;
            path = '/api/app/game/double/bet';
            body = { roundId: round.roundId, color: r < 0.95 ? 'red' : 'black', amount: 0.1 };
          }
          const t = performance.now();
          const res = await httpJson(port, 'POST', path, body, {
            ...headers,
            'idempotency-key': `L${k++}`,
          }).catch((err: Error) => ({ status: 0, json: { message: err.message } }));
          latencies.push(performance.now() - t);
          if (res.status !== 200) {
            const what = `${path} ${res.status} ${res.json?.message ?? ''}`;
            errors.set(what, (errors.get(what) ?? 0) + 1);
          }
        }
      }),
    );
    clearInterval(roundTimer);
    // One more probe line after the load.
    await new Promise((r) => setTimeout(r, 5_500));

    const lines = existsSync(probeFile)
      ? readFileSync(probeFile, 'utf8')
          .trim()
          .split('\n')
          .map(
            (l) => JSON.parse(l) as { t: number; rss: number; p99?: number; max?: number; reset?: boolean },
          )
      : [];
    const resetAt = lines.findLast((l) => l.reset)?.t ?? 0;
    const during = lines.filter((l) => !l.reset && l.t > resetAt && l.t <= until + 5_500);
    const last = during.at(-1);
    const window = Math.min(180, SECONDS / 2) * 1000;
    const from = during.find((l) => l.t >= until - window) ?? during[0];
    const rssEnd = Math.max(...during.filter((l) => l.t >= until - window).map((l) => l.rss));
    const growth = from && rssEnd ? (rssEnd - from.rss) / from.rss : NaN;
    latencies.sort((a, b) => a - b);
    const failed = [...errors.values()].reduce((a, b) => a + b, 0);

    await new Promise((r) => setTimeout(r, 1000));
    for (const s of sockets) s.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const { db } = await openDb({ databaseUrl: pg.url });
    const problems = await auditLedger(db);
    await db.destroy();

    const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
    console.log(
      `\nbench:load — ${SECONDS} s, ${players.length} HTTP players, ${connected}/${SOCKETS} sockets`,
    );
    console.log(`  bets: ${latencies.length} (${Math.round(latencies.length / SECONDS)}/s)`);
    console.log(
      `  latency p50 ${pct(latencies, 0.5).toFixed(1)} ms  p95 ${pct(latencies, 0.95).toFixed(1)} ms (target < 150)  p99 ${pct(latencies, 0.99).toFixed(1)} ms (target < 400)`,
    );
    console.log(
      `  errors: ${failed} = ${((100 * failed) / Math.max(1, latencies.length)).toFixed(3)}% (target < 0.1%)${
        errors.size ? ` — ${[...errors].map(([w, n]) => `${n}× ${w}`).join('; ')}` : ''
      }`,
    );
    console.log(
      `  event-loop delay in the server: p99 ${last?.p99 ?? '?'} ms (target < 100), max ${last?.max ?? '?'} ms`,
    );
    console.log(
      `  RSS over the last ${window / 1000} s: ${from ? mb(from.rss) : '?'} → peak ${mb(rssEnd)} = ${(growth * 100).toFixed(1)}% (target < 20%)`,
    );
    // The whole series, so a sawtooth (garbage collection) reads apart from steady growth.
    console.log(`  RSS every 5 s (MB): ${during.map((l) => Math.round(l.rss / 1e6)).join(' ')}`);
    console.log(`  DOUBLE results received by the sockets: ${results}`);
    console.log(
      `  ledger audit: ${problems.length === 0 ? 'OK' : `${problems.length} violation(s): ${problems.slice(0, 5).join('; ')}`}`,
    );
    if (problems.length) process.exitCode = 1;
    const serverLog = readFileSync(join(dir, 'server.log'), 'utf8').trim().split('\n').filter(Boolean);
    if (serverLog.length) {
      console.log(`  server errors logged: ${serverLog.length}; the first:`);
      for (const line of serverLog.slice(0, 3)) {
        const { err, msg } = JSON.parse(line) as { msg?: string; err?: Record<string, string> };
        console.log(`    ${err?.message ?? msg} ${err?.detail ?? ''} ${err?.where ?? ''}`.slice(0, 1200));
      }
    }
  } finally {
    for (const s of sockets) s.close();
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    agent.destroy();
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
