import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { startPgCluster, type PgCluster } from '../support/postgres';
import { startRedis, type RedisServer } from '../support/redis';
import { PROCESS_CAPTCHA } from '../support/server-process';
import {
  call,
  faultBinariesPresent,
  faultConfig,
  fundedPlayers,
  FULL,
  Instance,
  mixedLoad,
  serverEnv,
  sleep,
  verifyMoney,
  within,
} from './harness';

/**
 * AT-07 (reliability.md §5): Redis down for 30 s (5 s in `npm test`) under money load with two
 * instances. Money stays exact (every acknowledged call exists once, the audit passes), nothing
 * answers 500, login throttling still caps (each instance counts on its own while Redis is away:
 * at most twice the limit of 20 per IP), and within 10 s of Redis returning an event emitted by
 * one instance reaches a socket held by the other again.
 */
const OUTAGE_MS = FULL ? 30_000 : 5_000;
const LOGIN_LIMIT = 20;

describe.runIf(faultBinariesPresent())('AT-07: Redis down with two instances', () => {
  let pg: PgCluster;
  let redis: RedisServer;
  let config: ReturnType<typeof faultConfig>;
  let a: Instance;
  let b: Instance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPgCluster(), startRedis()]);
    config = faultConfig();
    const env = serverEnv(config.configPath, config.dir, pg.url, redis.url);
    a = await Instance.create(env);
    b = await Instance.create(env);
    await Promise.all([a.start(), b.start()]);
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop().catch(() => {});
    pg?.stop();
    config?.cleanup();
  });

  async function failedLogin(port: number, ip: string) {
    const codeId = String(randomBytes(4).readUInt32BE() % 1e8);
    // The captcha comes from another address, so only the login attempts count against `ip`.
    await call(port, 'GET', `/api/auth/user/captcha/${codeId}`, undefined, {
      'x-forwarded-for': `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    });
    return call(
      port,
      'POST',
      '/api/auth/user/restLogin',
      { username: `ninguem${codeId}@exemplo.com`, pwd: 'Errada#2026x', codeId, captCode: PROCESS_CAPTCHA },
      { 'x-forwarded-for': ip },
    );
  }

  it(
    'keeps money exact, throttles logins and recovers within 10 s',
    async () => {
      const players = await fundedPlayers(a.port, 8);
      const token = players[0]!.headers.authorization!.slice(7);
      const open = async (port: number) => {
        const socket = connect(`http://127.0.0.1:${port}`, {
          path: '/gamecenter-siop',
          query: { token },
          transports: ['websocket'],
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        return socket;
      };
      const onA = await open(a.port);
      const onB = await open(b.port);
      let header = 0;
      // An event caused through one instance reaches the player's socket held by the other: the
      // Redis adapter works both ways (both instances publish and subscribe again).
      const delivered = async (via: Instance, socket: Socket) => {
        const want = (header = (header % 20) + 1);
        const seen = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 1500);
          const onUpdate = (u: { header?: number }) => {
            if (u.header !== want) return;
            clearTimeout(timer);
            socket.off('updateUserInfo', onUpdate);
            resolve(true);
          };
          socket.on('updateUserInfo', onUpdate);
        });
        await call(via.port, 'GET', `/api/app/user/setHeader/${want}`, undefined, players[0]!.headers);
        return seen;
      };
      const crossInstanceEvent = async () => (await delivered(b, onA)) && (await delivered(a, onB));
      expect(await crossInstanceEvent()).toBe(true);

      const until = Date.now() + 3_000 + OUTAGE_MS + 12_000;
      const load = mixedLoad({
        ports: () => [a.port, b.port],
        players: players.slice(1),
        until,
        retry: true,
      });
      await sleep(3_000);
      const redisPort = redis.port;
      await redis.stop();
      const downAt = Date.now();

      // Login throttling while Redis is away: 50 failed logins from one address over both
      // instances; each instance counts up to the limit on its own.
      const answers: number[] = [];
      for (let i = 0; i < 50; i++)
        answers.push((await failedLogin(i % 2 ? a.port : b.port, '10.7.7.7')).status);
      const passed = answers.filter((s) => s === 400).length;
      expect(answers.filter((s) => s !== 400 && s !== 429)).toEqual([]);
      expect(passed).toBeGreaterThanOrEqual(LOGIN_LIMIT);
      expect(passed).toBeLessThanOrEqual(2 * LOGIN_LIMIT);
      expect(answers.at(-1)).toBe(429);

      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
      redis = await startRedis(redisPort);
      const back = Date.now();
      const recovered = await within(10_000, crossInstanceEvent, 0);
      console.log(
        `[AT-07] Redis down ${back - downAt} ms; cross-instance events again after ${recovered} ms`,
      );
      expect(recovered).toBeGreaterThanOrEqual(0);
      expect(Date.now() - back).toBeLessThanOrEqual(10_000 + 2_000);
      // Shared counting is back: a fresh address is capped at the limit across both instances.
      const after: number[] = [];
      for (let i = 0; i < LOGIN_LIMIT + 2; i++)
        after.push((await failedLogin(i % 2 ? a.port : b.port, '10.8.8.8')).status);
      expect(after.filter((s) => s === 400)).toHaveLength(LOGIN_LIMIT);
      expect(after.at(-1)).toBe(429);

      const stats = await load;
      console.log(
        `[AT-07] ${stats.acked.length} acknowledged money calls; answers ${JSON.stringify([...stats.statuses])}`,
      );
      // Neither instance fell over (an unhandled Redis error would have ended its process).
      expect((await call(a.port, 'GET', '/api/health')).status).toBe(200);
      expect((await call(b.port, 'GET', '/api/health')).status).toBe(200);
      expect(stats.unexpected).toEqual([]);
      expect(stats.acked.filter((o) => o.kind === 'bet').length).toBeGreaterThan(20);
      expect(await verifyMoney(pg.url, a.port, stats)).toEqual([]);
    },
    (FULL ? 240 : 150) * 1000,
  );
});
