import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer, operatorAuth } from '../helpers';
import { buildSportsApp, manualClock } from './sports-helpers';
import type { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { MatchTime } from '../../../domain/codes';
import { matchesSearch, searchable } from '../../../domain/sports/search';

/** Saturday 7 March 2026, 10:00 in São Paulo: a football day of the seeded world. */
const START = Date.UTC(2026, 2, 7, 13, 0);
const clock = manualClock(START);
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
});
afterAll(async () => {
  await app.close();
});

const feed = () => app.sports.feed as SimulatedFeed;
const get = async (url: string) => {
  const res = await call(app, { method: 'GET', url });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data as Array<Record<string, unknown> & { id: string; home: string; away: string }>;
};

describe('finding a bet (issue 16)', () => {
  it('compares names without case or accents, every word typed', () => {
    expect(searchable('  São   Paulo ')).toBe('sao paulo');
    expect(matchesSearch('sao paulo', ['São Paulo', 'Flamengo'])).toBe(true);
    expect(matchesSearch('BRASILEIRAO flamengo', ['Flamengo', 'Vasco', 'Brasileirão Série A'])).toBe(true);
    expect(matchesSearch('flamengo palmeiras', ['Flamengo', 'Vasco', 'Brasileirão Série A'])).toBe(false);
  });

  it('searches fixtures by team or competition across sports, and narrows a sport to a competition', async () => {
    const all = await get('/api/app/sports/fixtures');
    const team = all.find((f) => f.sport === 'football')!.home;
    const found = await get(`/api/app/sports/fixtures?q=${encodeURIComponent(searchable(team))}`);
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((f) =>
        [f.home, f.away, f.competition].some((n) => searchable(String(n)).includes(searchable(team))),
      ),
    ).toBe(true);
    // Without a sport, a search looks in every sport.
    const flamengo = await get('/api/app/sports/fixtures?q=flamengo');
    expect(flamengo.length).toBeGreaterThan(0);
    expect(flamengo.every((f) => `${f.home} ${f.away}`.includes('Flamengo'))).toBe(true);
    const serieA = await get(
      `/api/app/sports/fixtures?sport=football&competition=${encodeURIComponent('Brasileirão Série A')}`,
    );
    expect(serieA.length).toBeGreaterThan(0);
    expect(serieA.every((f) => f.competition === 'Brasileirão Série A')).toBe(true);
    expect((await call(app, { method: 'GET', url: '/api/app/sports/fixtures?q=a' })).code).toBe(400);
    expect(await get('/api/app/sports/fixtures?q=zzzz-nenhum')).toEqual([]);
  });

  it('lists the last seven days of results, newest first, with the final score and the first half', async () => {
    const kickoffDay = feed()
      .listFixtures({ sport: 'football' }, clock.now())
      .filter((f) => f.state.periodCode === MatchTime.notStarted);
    expect(kickoffDay.length).toBeGreaterThan(0);
    // Two days on, Saturday's matches are over.
    clock.set(START + 2 * 86_400_000);
    const results = await get('/api/app/sports/results?sport=football');
    expect(results.length).toBeGreaterThan(5);
    // Started before now, at most the week and a postponement window ago.
    const starts = results.map((r) => Date.parse(String(r.startsAt)));
    expect(starts.filter((t) => t > clock.now() || t < clock.now() - 10 * 86_400_000)).toEqual([]);
    const played = results.find((r) => r.status === MatchTime.finished)!;
    const truth = feed().result(played.id, clock.now())!.result;
    expect(played.score).toEqual({ home: truth.scores.full!.home, away: truth.scores.full!.away });
    expect(played.firstPeriod).toEqual({
      home: truth.scores.first_half!.home,
      away: truth.scores.first_half!.away,
    });
    // A result an operator entered is the one shown.
    const op = await operatorAuth(app);
    const target = results.find((r) => r.status === MatchTime.finished && r.id !== played.id)!;
    const entered = await call(app, {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${target.id}/result`,
      headers: op,
      payload: {
        status: MatchTime.finished,
        firstHalf: { home: 0, away: 0 },
        full: { home: 7, away: 0 },
      },
    });
    expect(entered.code, entered.body.message).toBe(200);
    const again = await get(`/api/app/sports/results?sport=football&q=${encodeURIComponent(target.home)}`);
    expect(again.find((r) => r.id === target.id)!.score).toEqual({ home: 7, away: 0 });
    // Other sports have results too, and a search narrows them.
    const everything = await get('/api/app/sports/results');
    expect(new Set(everything.map((r) => r.sport)).size).toBeGreaterThan(5);
  });
});

describe('favourites (issue 16)', () => {
  const favourites = (token: string, payload?: unknown) =>
    call(app, {
      method: payload ? 'POST' : 'GET',
      url: '/api/app/sports/favourites',
      headers: auth(token),
      ...(payload ? { payload } : {}),
    });

  it('keeps a player’s teams and competitions, each once, and only theirs', async () => {
    const p = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    expect((await favourites(p.token)).body.data).toEqual({ teams: [], competitions: [] });
    await favourites(p.token, { kind: 'team', name: 'Flamengo', on: true });
    await favourites(p.token, { kind: 'team', name: 'Flamengo', on: true });
    const after = await favourites(p.token, { kind: 'competition', name: 'Brasileirão Série A', on: true });
    expect(after.body.data).toEqual({ teams: ['Flamengo'], competitions: ['Brasileirão Série A'] });
    expect((await favourites(other.token)).body.data).toEqual({ teams: [], competitions: [] });
    const removed = await favourites(p.token, { kind: 'team', name: 'Flamengo', on: false });
    expect(removed.body.data).toEqual({ teams: [], competitions: ['Brasileirão Série A'] });
    expect((await favourites(p.token, { kind: 'club', name: 'x', on: true })).code).toBe(400);
    expect((await call(app, { method: 'GET', url: '/api/app/sports/favourites' })).code).toBe(401);
  });

  it('holds the cap of 50 against simultaneous taps', async () => {
    const p = await fundedPlayer(app, 0);
    for (let i = 0; i < 45; i++) await favourites(p.token, { kind: 'team', name: `Time ${i}`, on: true });
    // Ten at once with five places left: exactly five get in.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        favourites(p.token, { kind: 'team', name: `Novo ${i}`, on: true }),
      ),
    );
    expect(burst.filter((r) => r.code === 200)).toHaveLength(5);
    const refused = burst.find((r) => r.code === 409)!;
    expect(refused.body.message).toBe('Você já tem 50 favoritos: remova um para adicionar outro');
    expect((await favourites(p.token)).body.data.teams).toHaveLength(50);
    // One already there is no new one.
    expect((await favourites(p.token, { kind: 'team', name: 'Time 3', on: true })).code).toBe(200);
  });
});
