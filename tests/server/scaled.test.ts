import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  createPgDatabase,
  PASSWORD,
  registerPlayer,
} from './helpers';
import { startRedis, type RedisServer } from '../support/redis';

/**
 * Two instances on one PostgreSQL database and one Redis: socket events and revocations reach
 * sockets held by the other instance, and rate limits are shared. Needs PostgreSQL (PGlite cannot
 * be shared between processes), so it runs in the `server-pg` project.
 */
describe.runIf(process.env.TREVO_TEST_DB === 'postgres')('scaled out with REDIS_URL', () => {
  let redis: RedisServer;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const databaseUrl = await createPgDatabase();
    a = await buildTestApp({ databaseUrl, redisUrl: redis.url });
    b = await buildTestApp({ databaseUrl, redisUrl: redis.url });
    await a.listen({ port: 0, host: '127.0.0.1' });
    const address = a.server.address();
    originA = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  async function openOnA(token: string): Promise<Socket> {
    const socket = connect(originA, {
      path: '/gamecenter-siop',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('delivers an event emitted by instance B to a socket on instance A', async () => {
    const player = await registerPlayer(b);
    const socket = await openOnA(player.token);
    const update = new Promise<{ header: number }>((resolve) => socket.once('updateUserInfo', resolve));
    await call(b, { method: 'GET', url: '/api/app/user/setHeader/12', headers: auth(player.token) });
    expect((await update).header).toBe(12);
  });

  it('disconnects a socket on A when the session logs out through B', async () => {
    const player = await registerPlayer(a);
    const socket = await openOnA(player.token);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await call(b, { method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) });
    await gone;
  });

  it('shares the per-IP login limit between instances', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      const app = i % 2 ? a : b;
      const res = await call(app, {
        method: 'POST',
        url: '/api/auth/user/restLogin',
        remoteAddress: ip,
        payload: {
          username: `x${i}@exemplo.com`,
          pwd: PASSWORD,
          codeId: await captcha(app),
          captCode: CAPTCHA,
        },
      });
      expect(res.code).toBe(400);
    }
    const res = await call(a, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      remoteAddress: ip,
      payload: { username: 'y@exemplo.com', pwd: PASSWORD, codeId: await captcha(a), captCode: CAPTCHA },
    });
    expect(res.code).toBe(429);
  });
});
