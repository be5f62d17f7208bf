import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { freePort } from './postgres';

/**
 * A Trevo server in its own process, driven over HTTP: for the benchmark and for the tests that
 * must kill a server (crash recovery), which an in-process `inject` app cannot show.
 */

// Answers are read field by field from known calls; a full schema here would only add noise.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON call to a server on loopback (`via`: a caller's own connection pool). */
export function httpJson(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  via: http.Agent = agent,
) {
  return new Promise<{ status: number; json: Json }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: via,
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

export interface ServerProcess {
  port: number;
  /** The server's process id (a bench lowers its priority: bench/lighthouse.ts). */
  pid: number;
  /** Ends the process with SIGKILL: no shutdown hook runs, as in a crash. */
  crash(): Promise<void>;
  /** Ends the process gracefully. */
  stop(): Promise<void>;
}

/** The captcha answer the spawned servers accept (TREVO_CAPTCHA_FIXED). */
export const PROCESS_CAPTCHA = 'bench';
/** The password of the players `fundedHttpPlayer` signs up. */
export const PROCESS_PASSWORD = 'Bench#Forte2026';

/** Starts `tsx server/main.ts` with `env` on a free port and waits for its health check. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listen = port ?? (await freePort());
  // SERVER_NODE_ARGS adds Node flags to the spawned server, e.g. `--cpu-prof` to profile a bench run.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      TREVO_LOG_LEVEL: 'error',
      TREVO_CAPTCHA_FIXED: PROCESS_CAPTCHA,
      TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0',
      TREVO_TURNOVER_MAIN: '0',
      ...env,
      PORT: String(listen),
    },
    // Errors only (TREVO_LOG_LEVEL above): a failing fault or bench run shows what the server saw.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await httpJson(listen, 'GET', '/api/health')).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { port: listen, pid: child.pid!, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** A CPF with valid check digits, drawn at random. */
export function randomCpf(): string {
  const d = [...randomBytes(9)].map((b) => b % 10);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/**
 * Sign-ups from this process, one at a time. They all come from 127.0.0.1, and an address's
 * sign-ups are limited while they run (auth.service.ts: TAKEN_PER_HOUR look-ups at once), so a
 * batch signing up together was cut with 429 — and the retries then ran into the address's 60
 * captchas a minute, so a sign-up answered "Código de verificação incorreto" and a bench or a
 * fault test failed now and then.
 */
let signUps: Promise<unknown> = Promise.resolve();
function oneSignUpAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = signUps.then(work, work);
  signUps = run.catch(() => undefined);
  return run;
}

/** One sign-up (captcha id `codeId`), waiting as a person would when the address is asked to. */
async function signUp(port: number, codeId: string, cpf: string, email: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const picture = await httpJson(port, 'GET', `/api/auth/user/captcha/${codeId}`);
    const reg =
      picture.status === 429
        ? picture
        : await httpJson(port, 'POST', '/api/auth/user/restRegister', {
            name: 'Jogador Teste',
            cardNo: cpf,
            username: email,
            pwd: PROCESS_PASSWORD,
            pwd1: PROCESS_PASSWORD,
            codeId,
            captCode: PROCESS_CAPTCHA,
          });
    if (reg.status !== 429 && reg.json?.status !== 429) {
      if (reg.json?.status !== 200) throw new Error(`sign-up refused: ${JSON.stringify(reg.json)}`);
      return reg;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('sign-up still asked to wait after 20 tries');
}

/**
 * Registers a player through the API (captcha id `index + 1`), completes KYC and deposits the
 * `BRL6` package `deposits` times through the sandbox PSP; returns the auth headers.
 */
export async function fundedHttpPlayer(port: number, index: number, deposits: number) {
  const cpf = randomCpf();
  const email = `proc${randomBytes(4).toString('hex')}@exemplo.com`;
  const reg = await oneSignUpAtATime(() => signUp(port, String(index + 1), cpf, email));
  const token = reg.json.data.access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  await httpJson(port, 'POST', '/api/app/user/updateKyc', { name: 'Jogador Teste', cardNo: cpf }, headers);
  for (let i = 0; i < deposits; i++) {
    const pre = await httpJson(
      port,
      'POST',
      '/api/app/order/prePay/BRL6',
      { gift: '0', pkgId: 'BRL6', isapp: '0' },
      { ...headers, 'idempotency-key': `fund-${i}` },
    );
    await httpJson(port, 'POST', `/sandbox-psp/charges/${pre.json.data.payNo}/pay`, {});
    for (let t = 0; t < 100; t++) {
      const s = await httpJson(
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
  return { token, headers, cpf, email, password: PROCESS_PASSWORD };
}

/** Closes the kept-alive connections so the calling process can exit. */
export function closeHttpConnections(): void {
  agent.destroy();
}
