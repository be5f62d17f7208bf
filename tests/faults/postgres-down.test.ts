import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../support/postgres';
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
 * AT-06 (reliability.md §5): PostgreSQL stopped (`pg_ctl stop -m immediate`) for 10 s (4 s in
 * `npm test`) under money load. Meanwhile every money call answers 503 with the catalogue's pt-BR
 * message — never 200, never 500, never a hang; the same Node process serves again within 10 s of
 * the database returning; every acknowledged call exists exactly once and the audit passes.
 */
const OUTAGE_MS = FULL ? 10_000 : 4_000;
const MONEY = new Set(['bet', 'prePay', 'withdraw']);

describe.runIf(faultBinariesPresent())('AT-06: PostgreSQL down under load', () => {
  let pg: PgCluster;
  let config: ReturnType<typeof faultConfig>;
  let server: Instance;

  beforeAll(async () => {
    pg = await startPgCluster();
    config = faultConfig();
    server = await Instance.create(serverEnv(config.configPath, config.dir, pg.url));
    await server.start();
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    pg?.stop();
    config?.cleanup();
  });

  it(
    'answers 503 while the database is down and resumes without a restart',
    async () => {
      const players = await fundedPlayers(server.port, 8);
      const until = Date.now() + 3_000 + OUTAGE_MS + 8_000;
      const load = mixedLoad({ ports: () => [server.port], players, until, retry: true });
      await sleep(3_000);
      pg.halt();
      const downAt = Date.now();
      await sleep(OUTAGE_MS);
      const upAt = Date.now();
      pg.start();
      const backAt = Date.now();
      const resumed = await within(10_000, async () => {
        const res = await call(
          server.port,
          'GET',
          '/api/app/user/getBalance',
          undefined,
          players[0]!.headers,
        );
        return res.status === 200;
      });
      console.log(
        `[AT-06] PostgreSQL down ${upAt - downAt} ms; money calls answered again after ${resumed} ms`,
      );
      expect(resumed).toBeGreaterThanOrEqual(0);
      const stats = await load;

      // Calls made entirely while the database was down.
      const during = stats.calls.filter(
        (c) => MONEY.has(c.op) && c.result.startedAt > downAt + 200 && c.result.endedAt < upAt,
      );
      const statuses = [...new Set(during.map((c) => c.result.status))];
      console.log(
        `[AT-06] ${during.length} money calls during the outage, answers ${JSON.stringify(statuses)}; ` +
          `${stats.acked.length} acknowledged in all; answers ${JSON.stringify([...stats.statuses])}`,
      );
      expect(during.length).toBeGreaterThan(10);
      expect(statuses).toEqual([503]);
      for (const c of during)
        expect(c.result.json).toEqual({
          status: 503,
          message: 'Serviço temporariamente indisponível, tente novamente',
          data: null,
        });
      expect(stats.unexpected).toEqual([]);
      // Money calls succeed again after the outage, on the same process.
      expect(
        stats.calls.some((c) => c.op === 'bet' && c.result.status === 200 && c.result.startedAt > backAt),
      ).toBe(true);
      expect(await verifyMoney(pg.url, server.port, stats)).toEqual([]);
    },
    (FULL ? 180 : 120) * 1000,
  );
});
