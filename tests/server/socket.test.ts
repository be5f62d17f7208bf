import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { auth, buildTestApp, call, registerPlayer, userIdOf } from './helpers';
import {
  MAX_EVENTS_PER_WINDOW,
  MAX_JOINED_ROOMS,
  MAX_SOCKETS_PER_SESSION,
} from '../../server/platform/realtime';

let app: FastifyInstance;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

function open(token: string | undefined, extraHeaders?: Record<string, string>): Socket {
  const socket = connect(origin, {
    path: '/gamecenter-siop',
    query: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    extraHeaders,
  });
  sockets.push(socket);
  return socket;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (err) => reject(err));
  });
const refused = (s: Socket) =>
  new Promise<string>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (err) => resolve(err.message));
  });
const disconnectedWithin = (s: Socket, ms: number) =>
  new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
const next = <T>(s: Socket, event: string) =>
  new Promise<T>((resolve) => s.once(event, (payload: T) => resolve(payload)));

describe('socket at /gamecenter-siop', () => {
  it('refuses a handshake without a valid token', async () => {
    expect(await refused(open(undefined))).toBe('unauthorized');
    expect(await refused(open('not-a-token'))).toBe('unauthorized');
  });

  it('refuses a handshake from a foreign origin', async () => {
    const player = await registerPlayer(app);
    const s = connect(origin, {
      path: '/gamecenter-siop',
      query: { token: player.token },
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { origin: 'https://evil.example' },
    });
    sockets.push(s);
    await expect(refused(s)).resolves.toBeTruthy();
  });

  it('tells a new socket the turnover left (userBetAmount), but no balance that would pop offers', async () => {
    const player = await registerPlayer(app);
    const s = open(player.token);
    const balances: unknown[] = [];
    s.on('insBalance', (b: unknown) => balances.push(b));
    s.on('freeBalance', (b: unknown) => balances.push(b));
    const turnover = next<{ bouns: number; amount: number }>(s, 'userBetAmount');
    await connected(s);
    expect(await turnover).toEqual({ bouns: app.ctx.config.file.turnover.main, amount: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(balances).toEqual([]);
  });

  it('pushes updateUserInfo to the player when the profile changes', async () => {
    const player = await registerPlayer(app);
    const s = open(player.token);
    await connected(s);
    const update = next<{ header: number }>(s, 'updateUserInfo');
    await call(app, { method: 'GET', url: '/api/app/user/setHeader/7', headers: auth(player.token) });
    expect((await update).header).toBe(7);
  });

  it('broadcasts a notice to every connected player', async () => {
    const [pa, pb] = [await registerPlayer(app), await registerPlayer(app)];
    const a = open(pa.token);
    const b = open(pb.token);
    await Promise.all([connected(a), connected(b)]);
    const op = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    expect(op.code).toBe(200);
    const got = Promise.all([next<{ text: string }>(a, 'notice'), next<{ text: string }>(b, 'notice')]);
    const posted = await call(app, {
      method: 'POST',
      url: '/api/admin/notices',
      headers: auth(op.body.data.access_token),
      payload: { text: 'Bem-vindos' },
    });
    expect(posted.code).toBe(200);
    expect((await got).map((n) => n.text)).toEqual(['Bem-vindos', 'Bem-vindos']);
  });

  it('disconnects a session within 5 s of logout, and other sessions within 5 s of a password change', async () => {
    const player = await registerPlayer(app);
    const s = open(player.token);
    await connected(s);
    const gone = disconnectedWithin(s, 5000);
    await call(app, { method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) });
    expect(await gone).toBeLessThan(5000);

    const other = await registerPlayer(app);
    const second = await call(app, {
      method: 'POST',
      url: '/api/auth/user/handoff',
      payload: {
        code: (
          await call(app, {
            method: 'POST',
            url: '/api/auth/user/handoff/create',
            headers: auth(other.token),
          })
        ).body.data.code,
      },
    });
    const keep = open(other.token);
    const drop = open(second.body.data.access_token);
    await Promise.all([connected(keep), connected(drop)]);
    const dropped = disconnectedWithin(drop, 5000);
    await call(app, {
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: auth(other.token),
      payload: { oldPwd: 'Trevo#Forte2026', nPwd: 'Outra#Senha2026' },
    });
    await dropped;
    expect(keep.connected).toBe(true);
  });

  it('disconnects a socket whose session was revoked behind its back (sweep)', async () => {
    const player = await registerPlayer(app);
    const s = open(player.token);
    await connected(s);
    const gone = disconnectedWithin(s, 5000);
    // Revoked directly in the database, as another process without this socket server would.
    await app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('revoked_at', 'is', null)
      .execute();
    expect(await gone).toBeLessThan(5000);
  });

  it('accepts game.join, game.leave and offGame', async () => {
    const player = await registerPlayer(app);
    const s = open(player.token);
    await connected(s);
    s.emit('game.join', { game: 'double' });
    await new Promise((r) => setTimeout(r, 100));
    expect(app.ctx.realtime.io.of('/').adapter.rooms.get('game:double')?.size).toBe(1);
    s.emit('offGame', { gameCode: 'SE0006' });
    await new Promise((r) => setTimeout(r, 100));
    expect(app.ctx.realtime.io.of('/').adapter.rooms.get('game:double')).toBeUndefined();
    s.emit('game.join', { game: 'luckycolor' });
    s.emit('game.leave', { game: 'luckycolor' });
    await new Promise((r) => setTimeout(r, 100));
    expect(app.ctx.realtime.io.of('/').adapter.rooms.get('game:luckycolor')).toBeUndefined();
  });

  it('shuts down promptly with a long-poll client attached (socket.io closed in preClose)', async () => {
    const other = await buildTestApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const player = await registerPlayer(other);
    const s = connect(`http://127.0.0.1:${port}`, {
      path: '/gamecenter-siop',
      query: { token: player.token },
      transports: ['polling'],
      reconnection: false,
    });
    sockets.push(s);
    await connected(s);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  describe('what one socket may hold (trust review: joins were unlimited)', () => {
    const ack = (s: Socket, event: string, payload: unknown) =>
      new Promise<{ ok: boolean }>((resolve) => s.emit(event, payload, resolve));

    it('joins at most MAX_JOINED_ROOMS rooms, then refuses more, and a leave frees a place', async () => {
      const player = await registerPlayer(app);
      const s = open(player.token);
      await connected(s);
      // The cap, not existence, is under test here (the next test refuses unknown fixtures): the
      // feed lists a number of fixtures that depends on the hour, so every id counts as known.
      const known = vi.spyOn(app.sports.feed, 'snapshot').mockReturnValue({} as never);
      onTestFinished(() => known.mockRestore());
      const joins: Array<[string, Record<string, string>]> = Array.from(
        { length: MAX_JOINED_ROOMS + 1 },
        (_, i): [string, Record<string, string>] => ['sports.watch', { fixtureId: `f${i}` }],
      );
      for (const [event, payload] of joins.slice(0, MAX_JOINED_ROOMS)) {
        expect((await ack(s, event, payload)).ok, JSON.stringify(payload)).toBe(true);
      }
      const [event, payload] = joins[MAX_JOINED_ROOMS]!;
      expect((await ack(s, event, payload)).ok).toBe(false);
      const [local] = await app.ctx.realtime.io.in(`user:${await userIdOf(app, player)}`).fetchSockets();
      expect(local!.rooms.size).toBe(MAX_JOINED_ROOMS + 3);
      expect((await ack(s, 'sports.unwatch', { fixtureId: 'f0' })).ok).toBe(true);
      expect((await ack(s, event, payload)).ok).toBe(true);
    });

    it('joins rooms only for games and fixtures that exist, by their one key (issues 19 and 17)', async () => {
      const player = await registerPlayer(app);
      const s = open(player.token);
      await connected(s);
      expect((await ack(s, 'sports.watch', { fixtureId: 'nao-existe' })).ok).toBe(false);
      expect((await ack(s, 'game.join', { game: 'roleta' })).ok).toBe(false);
      // One spelling: a room is named by the game's key (API.md "Names"), not its route's gameType.
      expect((await ack(s, 'game.join', { game: 'luckyColor' })).ok).toBe(false);
      expect((await ack(s, 'game.join', { game: 'luckycolor' })).ok).toBe(true);
      const [local] = await app.ctx.realtime.io.in(`user:${await userIdOf(app, player)}`).fetchSockets();
      expect([...local!.rooms].filter((r) => r.startsWith('game:') || r.startsWith('sports:'))).toEqual([
        'game:luckycolor',
      ]);
    });

    it('disconnects a socket that floods events', async () => {
      const player = await registerPlayer(app);
      const s = open(player.token);
      await connected(s);
      const gone = disconnectedWithin(s, 10_000);
      for (let i = 0; i <= MAX_EVENTS_PER_WINDOW + 10; i++) s.emit('sports.unwatch', { fixtureId: 'x' });
      await gone;
    });

    it('keeps at most MAX_SOCKETS_PER_SESSION sockets for one session, closing the oldest', async () => {
      const player = await registerPlayer(app);
      const first = open(player.token);
      await connected(first);
      const oldestGone = disconnectedWithin(first, 10_000);
      for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) await connected(open(player.token));
      await oldestGone;
      const live = await app.ctx.realtime.io.in(`user:${await userIdOf(app, player)}`).fetchSockets();
      expect(live).toHaveLength(MAX_SOCKETS_PER_SESSION);
    });
  });
});
