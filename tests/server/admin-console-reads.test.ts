import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, operatorAuth } from './helpers';

let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => call(app, { method: 'GET', url, headers: opAuth });

describe('console reads', () => {
  it('lists fixtures needing attention: long started without a final result, or set by an operator', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const base = { sport: 'football', competition: 'Teste', home: 'Casa', away: 'Fora' };
    await app.ctx.db
      .insertInto('sports_fixtures')
      .values([
        { ...base, id: 'att-stuck', starts_at: hoursAgo(3) },
        { ...base, id: 'att-done', starts_at: hoursAgo(3), result: '{"status":-1}', result_final: true },
        {
          ...base,
          id: 'att-operator',
          starts_at: hoursAgo(5),
          // Every score a result can carry reads back (cards and first halves came with issue 16).
          result: JSON.stringify({
            status: -1,
            scores: {
              full: { home: 2, away: 1, complete: true },
              first_half: { home: 1, away: 0, complete: true },
              corners: { home: 6, away: 3, complete: true },
              cards: { home: 2, away: 4, complete: true },
            },
          }),
          result_final: true,
          result_source: 'operator',
        },
        { ...base, id: 'att-live', starts_at: hoursAgo(1) },
      ])
      .execute();
    const res = await get('/api/admin/sports/fixtures');
    const ids = res.body.data.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['att-stuck', 'att-operator']));
    expect(ids).not.toContain('att-done');
    expect(ids).not.toContain('att-live');
    const corrected = res.body.data.find((f: { id: string }) => f.id === 'att-operator');
    expect(corrected).toMatchObject({
      resultSource: 'operator',
      resultFinal: true,
      result: { status: -1, scores: { full: { home: 2, away: 1 }, cards: { home: 2, away: 4 } } },
    });
    // A search finds a settled fixture too, by team or id, so a wrong result can be corrected.
    await app.ctx.db
      .updateTable('sports_fixtures')
      .set({ home: 'Corrigível FC' })
      .where('id', '=', 'att-done')
      .execute();
    const found = await get(`/api/admin/sports/fixtures?q=${encodeURIComponent('corrigível')}`);
    expect(found.body.data.map((f: { id: string }) => f.id)).toEqual(['att-done']);
    const byId = await get('/api/admin/sports/fixtures?q=att-live');
    expect(byId.body.data.map((f: { id: string }) => f.id)).toEqual(['att-live']);
    expect((await get('/api/admin/sports/fixtures?q=%25')).body.data).toEqual([]);
  });

  it('lists every game’s switches and limits, and the RTP floor holds through the game route', async () => {
    const res = await get('/api/admin/games');
    expect(res.body.data.map((g: { game: string }) => g.game).sort()).toEqual(
      ['dice', 'double', 'limbo', 'luckycolor', 'mines', 'rowdouble'].sort(),
    );
    const tooGreedy = await call(app, {
      method: 'PUT',
      url: '/api/admin/games/dice',
      headers: opAuth,
      payload: { edge: 0.16 },
    });
    expect(tooGreedy.code).toBe(400);
  });

  it('answers a change to a game in BRL, in the same shape as the list', async () => {
    type Row = { game: string };
    const limbo = async () => (await get('/api/admin/games')).body.data.find((g: Row) => g.game === 'limbo');
    const before = await limbo();
    const put = (payload: object) =>
      call(app, { method: 'PUT', url: '/api/admin/games/limbo', headers: opAuth, payload });
    const changed = await put({ minBet: 0.5, maxPayout: 12_345.67 });
    expect(changed.code).toBe(200);
    expect(changed.body.data).toEqual({ ...before, minBet: 0.5, maxPayout: 12_345.67 });
    expect(changed.body.data).toEqual(await limbo());
    expect((await put({ minBet: before.minBet, maxPayout: before.maxPayout })).body.data).toEqual(before);
  });

  it('verifies the audit chain on demand', async () => {
    const res = await get('/api/admin/audit/verify');
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.rows).toBeGreaterThan(0);
  });
});
