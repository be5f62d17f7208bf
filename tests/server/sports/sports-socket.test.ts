import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { auth, call, fundedPlayer } from '../helpers';
import { afterStartOf, buildSportsApp, manualClock } from './sports-helpers';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { feedPump } from '../../../server/modules/sports/live';
import { MatchTime } from '../../../domain/codes';

/** Sunday 8 March 2026, 11:00 in São Paulo. */
const START = Date.UTC(2026, 2, 8, 14, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

async function open(token: string): Promise<Socket> {
  const socket = connect(origin, {
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

/** Every payload of `event` the socket receives from now on. */
function collect<T>(s: Socket, event: string): T[] {
  const seen: T[] = [];
  s.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('sports.watch rooms', () => {
  it('pushes odds, suspensions and match state of watched fixtures only, and settlements to the player', async () => {
    const feed = app.sports.feed as SimulatedFeed;
    const [watched, other] = feed
      .listFixtures({ sport: 'football' }, clock.now())
      .filter(
        (f) =>
          f.state.periodCode === MatchTime.notStarted && feed.timelineOf(f.id)!.fixture.fate === 'normal',
      );
    const p = await fundedPlayer(app, 50);
    const socket = await open(p.token);
    const states = collect<{ fixtureId: string; periodCode: number; score?: object }>(socket, 'sports.state');
    const odds = collect<{ fixtureId: string; suspended: boolean; markets?: Array<{ status: number }> }>(
      socket,
      'sports.odds',
    );
    const settledEvents = collect<{ betId: string; result: number }>(socket, 'sports.betSettled');
    expect(await socket.emitWithAck('sports.watch', { fixtureId: watched!.id })).toEqual({ ok: true });
    expect(await socket.emitWithAck('sports.watch', { fixtureId: 42 })).toEqual({ ok: false });

    const pump = feedPump(app.ctx, app.sports);
    await pump();
    await until(() => odds.length > 0 && states.length > 0);
    expect(odds.every((o) => o.fixtureId === watched!.id)).toBe(true);
    expect(odds[0]!.markets!.every((m) => m.status === 1)).toBe(true);

    // Kick-off: the book is suspended, then the match is live.
    const kickoff = feed.clock.toReal(feed.timelineOf(watched!.id)!.kickoff!);
    clock.set(kickoff + 1);
    await pump();
    await until(() => states.some((s) => s.periodCode === MatchTime.firstHalf));
    await until(() => odds.some((o) => o.suspended));
    clock.set(kickoff + 65_000);
    await pump();
    await until(() => odds.at(-1)!.suspended === false);
    expect(states.every((s) => s.fixtureId === watched!.id)).toBe(true);
    expect(odds.every((o) => o.fixtureId === watched!.id)).toBe(true);

    // Unwatched: nothing more arrives from that fixture.
    expect(await socket.emitWithAck('sports.unwatch', { fixtureId: watched!.id })).toEqual({ ok: true });
    const before = odds.length + states.length;
    clock.set(kickoff + 30 * 60_000);
    await pump();
    await new Promise((r) => setTimeout(r, 100));
    expect(odds.length + states.length).toBe(before);

    // A settlement reaches the player with the result code.
    clock.set(START);
    const market = other!.markets.find((m) => m.id === 'match_winner:full')!;
    const bet = await call(app, {
      method: 'POST',
      url: '/api/app/sports/bet',
      headers: { ...auth(p.token), 'idempotency-key': `sock-${Date.now()}` },
      payload: {
        stake: 5,
        legs: [
          {
            fixtureId: other!.id,
            marketId: market.id,
            outcomeId: 'away',
            odds: market.outcomes[2]!.oddsMilli! / 1000,
          },
        ],
      },
    });
    expect(bet.code).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'operador', pwd: 'Operador#Seguro2026' },
    });
    afterStartOf(clock, [other!]);
    await call(app, {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${other!.id}/result`,
      headers: auth(login.body.data.access_token),
      payload: { status: -1, full: { home: 0, away: 3 } },
    });
    await until(() => settledEvents.length === 1);
    expect(settledEvents[0]).toMatchObject({ betId: bet.body.data.betId, result: 10 });
  });
});
