import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, fundedPlayer } from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';

/**
 * The player's own limits set in bursts (server-pg runs this file on PostgreSQL). A limit that
 * goes down applies at once and one that goes up waits 24 h, whatever order the requests arrive
 * in: run one after another, any order of them leaves the lowest amount asked for in force.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

const setLimit = (token: string, amount: number) =>
  call(app, {
    method: 'POST',
    url: '/api/app/user/protection/limit',
    headers: auth(token),
    payload: { kind: 'loss', period: 'day', amount },
  });

describe('limits set at once (PostgreSQL)', () => {
  it('twelve loss limits asked for together: every request answers, and the lowest is in force', async () => {
    for (const existing of [null, 5_000]) {
      const p = await fundedPlayer(app, 0);
      if (existing !== null) expect((await setLimit(p.token, existing)).code).toBe(200);
      const amounts = [700, 300, 1_100, 100, 900, 500, 1_200, 200, 800, 400, 1_000, 600];
      const results = await Promise.all(amounts.map((amount) => setLimit(p.token, amount)));
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(amounts.map(() => 200));
      const view = await call(app, {
        method: 'GET',
        url: '/api/app/user/protection',
        headers: auth(p.token),
      });
      expect(view.body.data.limits).toHaveLength(1);
      expect(view.body.data.limits[0].amount).toBe(100);
    }
  });
});
