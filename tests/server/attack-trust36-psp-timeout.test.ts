import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startBcbPixMock, type BcbPixMock } from '../support/bcb-pix-mock';
import { signWebhook, SIGNATURE_HEADER } from '../../server/modules/payments/webhook-signature';
import { auth, buildTestApp, call, completeKyc, registerPlayer, type Player } from './helpers';

/**
 * Outside attack on the PSP deadline (TREVO_PSP_TIMEOUT_MS): a call cut by the deadline may still
 * have been done at the provider, and a provider that does not answer makes calls throw where they
 * used to hang. Between Trevo and an API Pix mock sits a proxy that can answer a refund only after
 * the deadline (the refund is done at the provider all the same), or answer nothing at all.
 */
const SECRET = 'trust36-webhook-secret-0123456789';
const TIMEOUT_MS = 300;

let mock: BcbPixMock;
let proxy: Server;
let mode: 'pass' | 'slow-refund-once' | 'silent' = 'pass';
let app: FastifyInstance;

async function forward(req: IncomingMessage, res: ServerResponse) {
  if (mode === 'silent') return; // takes the connection and never answers
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const upstream = await fetch(`${mock.url}${req.url}`, {
    method: req.method,
    headers: Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type'].includes(k)),
    ) as Record<string, string>,
    body,
  });
  const text = await upstream.text();
  if (mode === 'slow-refund-once' && req.url?.includes('/devolucao/')) {
    mode = 'pass';
    // Done at the provider; the answer comes after Trevo has stopped waiting.
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 300));
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/json',
  });
  res.end(text);
}

beforeAll(async () => {
  mock = await startBcbPixMock();
  proxy = createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  app = await buildTestApp(
    {},
    {
      TREVO_PSP: 'bcb-pix',
      TREVO_PSP_URL: `http://127.0.0.1:${port}`,
      TREVO_PSP_CLIENT_ID: mock.clientId,
      TREVO_PSP_CLIENT_SECRET: mock.clientSecret,
      TREVO_PSP_PIX_KEY: 'financeiro@trevo.bet',
      TREVO_PSP_WEBHOOK_SECRET: SECRET,
      TREVO_PSP_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  );
});
afterAll(async () => {
  await app.close();
  proxy.closeAllConnections();
  proxy.close();
  await mock.close();
});

let keys = 0;
async function order(player: Player) {
  const pre = await call(app, {
    method: 'POST',
    url: '/api/app/order/prePay/BRL3',
    headers: { ...auth(player.token), 'idempotency-key': `t36-${keys++}` },
    payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
  });
  expect(pre.code, pre.body.message).toBe(200);
  return pre.body.data as { orderId: string; payNo: string };
}

const notify = async (txid: string) => {
  const charge = (await app.ctx.psp.getCharge(txid))!;
  const body = JSON.stringify({
    pix: [
      {
        endToEndId: charge.payment!.endToEndId,
        txid,
        valor: (charge.amountCents / 100).toFixed(2),
        horario: charge.payment!.paidAt.toISOString(),
      },
    ],
  });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/pix',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(SECRET, body) },
    payload: body,
  });
};

const balanceOf = async (player: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/getBalance', headers: auth(player.token) })).body.data
    .balance as number;

const lock = (player: Player, at: Date | null) =>
  app.ctx.db
    .updateTable('users')
    .set({ locked_at: at, locked_reason: at ? 'suspeita de fraude' : '' })
    .where('cpf', '=', player.cpf)
    .execute();

describe('a refund the provider did, answered after the deadline', () => {
  it('is never followed by a credit of the same payment (the money would leave twice)', async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const { orderId, payNo } = await order(player);
    // The operator locks the account; the player pays; the payment is refused and sent back.
    await lock(player, new Date());
    mock.pay(payNo, player.cpf);
    mode = 'slow-refund-once';
    const first = await notify(payNo);
    expect(first.statusCode).toBeGreaterThanOrEqual(500); // the PSP is told to notify again
    expect(mock.refunds).toHaveLength(1); // …but the money already went back to the payer

    // The operator lifts the lock; the PSP's retry of the same notice arrives.
    await lock(player, null);
    const again = await notify(payNo);
    expect(again.statusCode).toBe(200);

    expect(mock.refunds).toHaveLength(1);
    expect(await balanceOf(player)).toBe(0);
    const row = await app.ctx.db
      .selectFrom('deposit_orders')
      .select(['status', 'note'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: '01', note: 'conta bloqueada pelo operador: devolvido' });
    const credits = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', orderId)
      .execute();
    expect(credits).toEqual([]);
  });
});

describe('a provider that stops answering', () => {
  it("answers a pending order's status from what is stored, not a 500", async () => {
    const player = await registerPlayer(app);
    await completeKyc(app, player);
    const { orderId } = await order(player);
    mode = 'silent';
    try {
      const status = await call(app, {
        method: 'GET',
        url: `/api/app/order/getStatus/${orderId}`,
        headers: auth(player.token),
      });
      expect(status.code, status.body.message).toBe(200);
      expect(status.body.data.status).toBe('00');
    } finally {
      mode = 'pass';
      proxy.closeAllConnections();
    }
  });
});
