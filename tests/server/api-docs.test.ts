import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auth, buildTestApp, call, fundedPlayer } from './helpers';
import { allow, PUBLIC } from '../../server/platform/access';
import { installResponseCheck } from '../../server/platform/contract';
import { diceBetSchema, settledBetSchema } from '../../domain/schemas/game.schema';

/**
 * Contracts once (issue 17): routes declare the schemas of domain/schemas they parse and answer
 * with; the OpenAPI document at /api/docs is drawn from those declarations, and the test runs check
 * each declared answer as it leaves.
 */
describe('the API reference at /api/docs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves an OpenAPI 3.1 document listing every /api route with who may call it', async () => {
    const res = await call(app, { method: 'GET', url: '/api/docs/json' });
    expect(res.code).toBe(200);
    const doc = res.body as unknown as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { security: unknown[]; description: string; requestBody?: unknown }>
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const routes = app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.method !== 'HEAD' &&
        !r.url.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    // An operator route says so, and asks for an operator's token.
    const reject = doc.paths['/api/admin/withdrawals/{id}/reject']!.post!;
    expect(reject.security).toEqual([{ operator: [] }]);
    expect(reject.description).toContain('finance');
    expect(JSON.stringify(reject.requestBody)).toContain('"maxLength":200');
  });

  it('every route that answers the JSON envelope declares its answer (contracts once)', async () => {
    await app.ready();
    // What answers something other than the envelope: images, files, CSV, pages, scripts; the
    // console's wildcard only ever refuses; the reference itself.
    const NOT_ENVELOPE = [
      'GET /api/auth/user/captcha/:codeId',
      'GET /api/admin/kyc/documents/:id',
      'GET /api/admin/alerts/:id/coaf',
    ];
    const all = app.routeTable.map((r) => `${r.method} ${r.url}`);
    for (const route of NOT_ENVELOPE) expect(all, 'a listed route that is gone').toContain(route);
    const undeclared = app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .filter((r) => !r.url.includes('*') && !NOT_ENVELOPE.includes(`${r.method} ${r.url}`))
      .filter((r) => !r.contract?.response)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('describes a declared body and answer from the same schemas the route parses', async () => {
    const res = await call(app, { method: 'GET', url: '/api/docs/json' });
    const dice = (res.body as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> })
      .paths['/api/app/game/dice/bet']!.post!;
    const body = JSON.stringify(dice.requestBody);
    for (const field of Object.keys(diceBetSchema.shape)) expect(body).toContain(`"${field}"`);
    const answer = JSON.stringify(dice.responses);
    for (const field of Object.keys(settledBetSchema.shape)) expect(answer).toContain(`"${field}"`);
    expect(dice.security).toEqual([{ player: [] }]);
  });

  it('opens the reader (Swagger UI) on the site’s own files', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('a DICE bet answers within its declared contract (checked as it leaves)', async () => {
    const player = await fundedPlayer(app, 20);
    const res = await call(app, {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(player.token), 'idempotency-key': 'docs-dice-1' },
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    expect(res.body.status).toBe(200);
    expect(settledBetSchema.safeParse(res.body.data).success).toBe(true);
  });

  it('is hidden with TREVO_API_DOCS=off', async () => {
    const hidden = await buildTestApp({}, { TREVO_API_DOCS: 'off' });
    try {
      expect((await hidden.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await hidden.close();
    }
  });
});

describe('the response check', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installResponseCheck(app);
    const answer = z.object({ betId: z.string(), payout: z.number() });
    app.get('/right', allow(PUBLIC, { response: answer }), async () => ({
      status: 200,
      message: 'ok',
      data: { betId: 'B1', payout: 2 },
    }));
    app.get('/drifted', allow(PUBLIC, { response: answer }), async () => ({
      status: 200,
      message: 'ok',
      data: { betId: 'B1', payout: '2.00' },
    }));
    // A refusal is the catalogue's envelope, not the success's shape: it is not checked.
    app.get('/refused', allow(PUBLIC, { response: answer }), async (_request, reply) =>
      reply.code(200).send({ status: 10_001, message: 'recusado', data: null }),
    );
    // Declares a stake of at least R$ 1 but parses with a laxer schema: it accepts 0.
    const declared = z.object({ amount: z.number().min(1) });
    const lax = z.object({ amount: z.number() });
    app.post('/lax', allow(PUBLIC, { body: declared }), async (request) => ({
      status: 200,
      message: 'ok',
      data: lax.parse(request.body),
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('catches a route that accepts what its declared body refuses', async () => {
    expect((await app.inject({ method: 'POST', url: '/lax', payload: { amount: 5 } })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/lax', payload: { amount: 0 } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('POST /lax succeeded outside its contract (body at amount)');
  });

  it('lets an answer within its contract through', async () => {
    expect((await app.inject({ url: '/right' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/refused' })).statusCode).toBe(200);
  });

  it('turns an answer outside its contract into a 500 naming the route and the field', async () => {
    const res = await app.inject({ url: '/drifted' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('GET /drifted succeeded outside its contract (answer at payout)');
  });
});
