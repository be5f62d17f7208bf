import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { auth, buildTestApp, call, fundedPlayer } from '../server/helpers';
import { canonical } from '../../server/platform/idempotency';
import { jsonDepthWithin } from '../../server/platform/json-body';

/**
 * Bad bodies get a clear 400 and change nothing (trust issue, finding 7): a 5,000-deep JSON body on
 * a money call overflowed the idempotency canonicaliser's recursion and answered 500, and game
 * inputs were coerced (`target: "50"`, `[50]`, `"3 "` passed for numbers).
 */
let app: FastifyInstance;
let token: string;
let counter = 0;
beforeAll(async () => {
  app = await buildTestApp();
  token = (await fundedPlayer(app, 100)).token;
});
afterAll(async () => {
  await app.close();
});

const ledgerSize = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ledger_postings`.execute(app.ctx.db)).rows[0]!.n,
  );

const bet = (url: string, payload: string) =>
  call(app, {
    method: 'POST',
    url,
    headers: { ...auth(token), 'idempotency-key': `body-${counter++}`, 'content-type': 'application/json' },
    payload,
  });

describe('bodies', () => {
  it('a 5,000-deep body on a money call is a 400 in words, before anything runs', async () => {
    const before = await ledgerSize();
    for (const url of ['/api/app/game/dice/bet', '/api/app/game/mines/bet', '/api/app/sports/bet']) {
      const deep = `{"amount":1,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      const res = await bet(url, deep);
      expect(res.code, url).toBe(400);
      expect(res.body.message).toBe('Requisição com níveis demais: envie os dados como o aplicativo envia');
    }
    expect(await ledgerSize()).toBe(before);
  });

  it('takes numbers as they are sent: a string, an array or padded text is not a number', async () => {
    const before = await ledgerSize();
    const missing = await bet('/api/app/game/dice/bet', '{"amount":1,"target":null,"direction":"over"}');
    expect(missing.body.message).toBe('Preencha o campo target');
    for (const target of ['"50"', '[50]', '"3 "', '"0x20"', '""']) {
      const res = await bet('/api/app/game/dice/bet', `{"amount":1,"target":${target},"direction":"over"}`);
      expect(res.code, target).toBe(400);
      expect(res.body.message, target).toBe('Escolha um alvo com chance entre 0,01% e 98%');
    }
    for (const mines of ['"3 "', '[3]', '"3"', '3.5']) {
      const res = await bet('/api/app/game/mines/bet', `{"amount":1,"mines":${mines}}`);
      expect(res.code, mines).toBe(400);
    }
    expect(await ledgerSize()).toBe(before);
    // The same numbers sent as numbers are played.
    const ok = await bet('/api/app/game/dice/bet', '{"amount":1,"target":50,"direction":"over"}');
    expect(ok.code).toBe(200);
  });

  it('a body over the size limit is a 413 in words', async () => {
    const res = await bet('/api/app/game/dice/bet', `{"amount":1,"pad":"${'x'.repeat(70 * 1024)}"}`);
    expect(res.code).toBe(413);
    expect(res.body.message).toBe('Requisição grande demais');
  });

  it('canonicalises any depth without recursion, and measures depth in one pass', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(canonical(deep).length).toBe(100_001);
    expect(canonical({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(jsonDepthWithin('{"a":"[[[[[[["}', 2)).toBe(true);
    expect(jsonDepthWithin('[[[1]]]', 2)).toBe(false);
  });
});
