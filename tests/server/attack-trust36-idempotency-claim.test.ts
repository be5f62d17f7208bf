import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, completeKyc, eventually, registerPlayer } from './helpers';

/**
 * Outside attack on the claim a preparing money call holds on its key (platform/idempotency.ts):
 * a twin that looked for an earlier answer just before the first committed, and claimed the key
 * just after the first gave it back, found no answer and no claim, and prepared again — a second
 * charge at the provider for one deposit. The order of the two steps is forced here by holding the
 * twin's claim until the first has answered.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("a deposit's twin that looked before the first committed and claimed after it finished", () => {
  it('replays the first answer and asks the provider for no second charge', async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const psp = app.ctx.psp;
    const limiter = app.ctx.limiter;
    const realCreate = psp.createCharge.bind(psp);
    const realHit = limiter.hit.bind(limiter);
    const txids: string[] = [];
    let openFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (openFirst = resolve));
    psp.createCharge = async (input) => {
      txids.push(input.txid);
      if (txids.length === 1) await firstHeld;
      return realCreate(input);
    };
    let claims = 0;
    let first: Promise<unknown> | undefined;
    limiter.hit = async (key, windowMs) => {
      if (key.startsWith('idempotency-running:') && ++claims === 2) {
        // The twin has looked (nothing stored yet); the first now finishes and gives its claim back.
        openFirst();
        await first;
      }
      return realHit(key, windowMs);
    };
    try {
      const send = () =>
        call(app, {
          method: 'POST',
          url: '/api/app/order/prePay/BRL3',
          headers: { ...auth(player.token), 'idempotency-key': 'trust36-twin' },
          payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
        });
      first = send();
      await eventually(async () => (txids.length === 1 ? true : undefined));
      const twin = await send();
      const answer = (await first) as Awaited<ReturnType<typeof send>>;
      expect(answer.code).toBe(200);
      expect(twin.code).toBe(200);
      expect(twin.body.data).toEqual(answer.body.data);
      expect(txids).toHaveLength(1);
      const orders = await app.ctx.db.selectFrom('deposit_orders').select('txid').execute();
      expect(orders.map((o) => o.txid)).toEqual(txids);
    } finally {
      psp.createCharge = realCreate;
      limiter.hit = realHit;
    }
  });
});
