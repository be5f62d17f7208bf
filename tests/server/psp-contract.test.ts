import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PspAdapter } from '../../server/platform/psp';
import { SandboxPsp } from '../../server/modules/payments/sandbox-psp';
import { BcbPixAdapter } from '../../server/modules/payments/bcb-pix-adapter';
import { signWebhook, SIGNATURE_HEADER } from '../../server/modules/payments/webhook-signature';
import { migrate, openDb, type Db } from '../../server/infra/db/connection';
import { parseBrCode } from '../../domain/pix';
import { startBcbPixMock, type BcbPixMock } from '../support/bcb-pix-mock';
import { eventually, randomCpf } from './helpers';

/**
 * One contract, every payment provider adapter: what the wallet relies on must hold for the
 * sandbox and for an API Pix PSP alike, so a real PSP fits without touching the wallet.
 */
interface Harness {
  adapter: PspAdapter;
  pay(txid: string, payerCpf: string): Promise<void>;
  expire(txid: string): Promise<void>;
  failNextPayout(): void;
  close(): Promise<void>;
}

const SECRET = 'contract-secret-0123456789abcdef';

const harnesses: Record<string, () => Promise<Harness>> = {
  sandbox: async () => {
    const { db } = await openDb({ dataDir: 'memory://' });
    await migrate(db as Db);
    const psp = new SandboxPsp({
      db,
      secret: SECRET,
      publicUrl: 'http://localhost:3000',
      merchantName: 'Trevo',
      merchantCity: 'Sao Paulo',
      webhookDelayMs: 60_000,
      payoutDelayMs: 0,
      deliver: async () => {},
      log: { warn: () => {} },
    });
    return {
      adapter: psp,
      pay: async (txid, cpf) => void (await psp.pay(txid, cpf, 'normal')),
      expire: async (txid) => void (await psp.expire(txid)),
      failNextPayout: () => psp.failNext(),
      close: async () => {
        psp.close();
        await db.destroy();
      },
    };
  },
  'bcb-pix': async () => {
    const mock: BcbPixMock = await startBcbPixMock();
    const adapter = new BcbPixAdapter({
      baseUrl: mock.url,
      clientId: mock.clientId,
      clientSecret: mock.clientSecret,
      pixKey: 'financeiro@trevo.bet',
      webhookSecret: SECRET,
      checkoutPath: (txid) => `/pix/checkout/${txid}`,
    });
    return {
      adapter,
      pay: async (txid, cpf) => mock.pay(txid, cpf),
      expire: async (txid) => mock.expire(txid),
      failNextPayout: () => mock.failNextPayout(),
      close: () => mock.close(),
    };
  },
};

const newTxid = () => randomBytes(16).toString('hex');

describe.each(Object.keys(harnesses))('payment provider contract: %s', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harnesses[name]!();
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates an active charge with a valid BR Code, a payment page and a 30-minute deadline', async () => {
    const txid = newTxid();
    const charge = await h.adapter.createCharge({
      txid,
      amountCents: 10_050,
      payerCpf: randomCpf(),
      expiresInSeconds: 1800,
    });
    expect(charge).toMatchObject({ txid, status: 'ATIVA', amountCents: 10_050 });
    expect(() => parseBrCode(charge.brCode)).not.toThrow();
    expect(charge.checkoutUrl).toMatch(new RegExp(`/${txid}$`));
    expect(Math.abs(charge.expiresAt.getTime() - (Date.now() + 1_800_000))).toBeLessThan(5_000);
  });

  it('creates each txid once: a repeated create returns the same charge', async () => {
    const txid = newTxid();
    const input = { txid, amountCents: 5_000, payerCpf: randomCpf(), expiresInSeconds: 1800 };
    const a = await h.adapter.createCharge(input);
    const b = await h.adapter.createCharge(input);
    expect(b.brCode).toBe(a.brCode);
  });

  it('reports an unknown charge as undefined', async () => {
    expect(await h.adapter.getCharge(newTxid())).toBeUndefined();
  });

  it('reports a paid charge as CONCLUIDA with its end-to-end id and payer CPF', async () => {
    const txid = newTxid();
    const cpf = randomCpf();
    await h.adapter.createCharge({ txid, amountCents: 2_000, payerCpf: cpf, expiresInSeconds: 1800 });
    await h.pay(txid, cpf);
    const charge = await h.adapter.getCharge(txid);
    expect(charge?.status).toBe('CONCLUIDA');
    expect(charge?.payment?.payerCpf).toBe(cpf);
    expect(charge?.payment?.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
  });

  it('never reports an expired charge as payable', async () => {
    const txid = newTxid();
    await h.adapter.createCharge({ txid, amountCents: 2_000, payerCpf: randomCpf(), expiresInSeconds: 1800 });
    await h.expire(txid);
    expect((await h.adapter.getCharge(txid))?.status).not.toMatch(/ATIVA|CONCLUIDA/);
  });

  it('accepts only correctly signed, fresh webhooks', () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: 'E1', txid: 'x', valor: '1.00', horario: new Date().toISOString() }],
    });
    expect(h.adapter.verifyWebhook(body, { [SIGNATURE_HEADER]: signWebhook(SECRET, body) })).toBe(true);
    expect(h.adapter.verifyWebhook(`${body} `, { [SIGNATURE_HEADER]: signWebhook(SECRET, body) })).toBe(
      false,
    );
    expect(
      h.adapter.verifyWebhook(body, {
        [SIGNATURE_HEADER]: signWebhook(SECRET, body, Math.floor(Date.now() / 1000) - 301),
      }),
    ).toBe(false);
    expect(h.adapter.verifyWebhook(body, {})).toBe(false);
  });

  it('pays out once per id, whatever the retries, and reports the outcome', async () => {
    const id = `W${newTxid().slice(0, 12)}`;
    const input = { id, amountCents: 6_000, method: 'CPF' as const, account: randomCpf() };
    await h.adapter.createPayout(input);
    await h.adapter.createPayout(input);
    const done = await eventually(async () => {
      const p = await h.adapter.getPayout(id);
      return p?.status === 'REALIZADO' ? p : undefined;
    });
    expect(done.id).toBe(id);
  });

  it('reports a refused payout as NAO_REALIZADO', async () => {
    const id = `W${newTxid().slice(0, 12)}`;
    h.failNextPayout();
    await h.adapter.createPayout({ id, amountCents: 6_000, method: 'CPF', account: randomCpf() });
    expect((await h.adapter.getPayout(id))?.status).toBe('NAO_REALIZADO');
  });

  it('refunds a payment without failing, once per payment', async () => {
    const txid = newTxid();
    const cpf = randomCpf();
    await h.adapter.createCharge({ txid, amountCents: 2_000, payerCpf: cpf, expiresInSeconds: 1800 });
    await h.pay(txid, cpf);
    const e2e = (await h.adapter.getCharge(txid))!.payment!.endToEndId;
    await expect(h.adapter.refund(e2e, 2_000)).resolves.toBeUndefined();
    await expect(h.adapter.refund(e2e, 2_000)).resolves.toBeUndefined();
  });
});

describe('the wallet over an API Pix PSP', () => {
  it('deposits through the bcb-pix adapter exactly as through the sandbox', async () => {
    const { buildTestApp, registerPlayer, completeKyc, call, auth } = await import('./helpers');
    const mock = await startBcbPixMock();
    const app = await buildTestApp(
      {},
      {
        TREVO_PSP: 'bcb-pix',
        TREVO_PSP_URL: mock.url,
        TREVO_PSP_CLIENT_ID: mock.clientId,
        TREVO_PSP_CLIENT_SECRET: mock.clientSecret,
        TREVO_PSP_PIX_KEY: 'financeiro@trevo.bet',
        TREVO_PSP_WEBHOOK_SECRET: SECRET,
      },
    );
    try {
      const player = await registerPlayer(app);
      await completeKyc(app, player);
      const pre = await call(app, {
        method: 'POST',
        url: '/api/app/order/prePay/BRL3',
        headers: { ...auth(player.token), 'idempotency-key': 'bcb-1' },
        payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
      });
      expect(pre.body.data.url).toBe(`/pix/checkout/${pre.body.data.payNo}`);
      const page = await app.inject({ method: 'GET', url: pre.body.data.url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Simular o banco pagador');
      mock.pay(pre.body.data.payNo, player.cpf);
      const charge = (await app.ctx.psp.getCharge(pre.body.data.payNo))!;
      const body = SandboxPsp.notification(charge);
      const hook = await app.inject({
        method: 'POST',
        url: '/api/webhooks/pix',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(SECRET, body) },
        payload: body,
      });
      expect(hook.statusCode).toBe(200);
      const status = await call(app, {
        method: 'GET',
        url: `/api/app/order/getStatus/${pre.body.data.orderId}`,
        headers: auth(player.token),
      });
      expect(status.body.data.status).toBe('10');
      expect(
        (await call(app, { method: 'GET', url: '/api/app/user/getBalance', headers: auth(player.token) }))
          .body.data.balance,
      ).toBe(100);
      expect(
        (await app.inject({ method: 'POST', url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay` }))
          .statusCode,
      ).toBe(404);
    } finally {
      await app.close();
      await mock.close();
    }
  });

  it('answers a deposit "try again" (503) when the PSP does not answer in time, and records nothing', async () => {
    const { buildTestApp, registerPlayer, completeKyc, call, auth } = await import('./helpers');
    // A PSP that takes every connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const app = await buildTestApp(
      {},
      {
        TREVO_PSP: 'bcb-pix',
        TREVO_PSP_URL: `http://127.0.0.1:${port}`,
        TREVO_PSP_CLIENT_ID: 'trevo',
        TREVO_PSP_CLIENT_SECRET: 'secret',
        TREVO_PSP_PIX_KEY: 'financeiro@trevo.bet',
        TREVO_PSP_WEBHOOK_SECRET: SECRET,
        TREVO_PSP_TIMEOUT_MS: '300',
      },
    );
    try {
      const player = await registerPlayer(app);
      await completeKyc(app, player);
      const prePay = () =>
        call(app, {
          method: 'POST',
          url: '/api/app/order/prePay/BRL3',
          headers: { ...auth(player.token), 'idempotency-key': 'silent-psp' },
          payload: { gift: '0', pkgId: 'BRL3', isapp: '0' },
        });
      const first = await prePay();
      expect(first.code).toBe(503);
      expect(first.body.message).toBe('Serviço temporariamente indisponível, tente novamente');
      // Not stored under the key: the same request may try again, and it meets the PSP again.
      expect((await prePay()).code).toBe(503);
      expect(await app.ctx.db.selectFrom('deposit_orders').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
