import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { installRequestLog, loggerOptions } from '../../server/infra/logging';
import { loadConfig } from '../../server/infra/config';

/** Issue 18: readable logs on a terminal, JSON in production, one line per request only when asked. */
describe('the server log', () => {
  it('is pretty when asked or on a terminal, JSON in production and when piped', () => {
    const env = { TREVO_CONFIG: 'config/default.json' };
    expect(loadConfig(env).logFormat).toBe('auto');
    expect(loadConfig({ ...env, TREVO_LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    const pretty = loggerOptions({ logLevel: 'info', logFormat: 'pretty' }) as {
      transport?: { target: string };
    };
    expect(pretty.transport?.target).toBe('pino-pretty');
    const json = loggerOptions({ logLevel: 'info', logFormat: 'json' }) as { transport?: unknown };
    expect(json.transport).toBeUndefined();
    // Tests run without a terminal: `auto` writes JSON here.
    const auto = loggerOptions({ logLevel: 'info', logFormat: 'auto' }) as { transport?: unknown };
    expect(auto.transport).toBe(process.stdout.isTTY ? expect.anything() : undefined);
  });

  it('writes one record per request, with the route pattern and no values, only when asked', async () => {
    for (const logRequests of [true, false]) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const app = Fastify({
        logger: { level: 'info', stream },
        logController: new LogController({ disableRequestLogging: true }),
      });
      installRequestLog(app, { logRequests });
      app.get('/api/x', async () => ({ ok: true }));
      app.get('/zgo:code', async () => ({ ok: true }));
      await app.inject({ method: 'GET', url: '/api/x?code=123456' });
      await app.inject({ method: 'GET', url: '/zgoHANDOFF-SECRET' });
      await app.close();
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      if (!logRequests) {
        expect(records).toEqual([]);
        continue;
      }
      expect(records).toHaveLength(2);
      expect(records[0]).toMatchObject({ method: 'GET', path: '/api/x', status: 200 });
      expect(records[0]!.msg).toMatch(/^GET \/api\/x 200 \d+ ms$/);
      expect(records[1]).toMatchObject({ path: '/zgo:code' });
      expect(JSON.stringify(records)).not.toContain('123456');
      expect(JSON.stringify(records)).not.toContain('HANDOFF-SECRET');
    }
  });
});
