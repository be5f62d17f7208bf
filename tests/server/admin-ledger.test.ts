import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPsp } from '../../server/modules/payments/sandbox-psp';
import { signWebhook, SIGNATURE_HEADER } from '../../server/modules/payments/webhook-signature';
import { auth, buildTestApp, call, completeKyc, eventually, registerPlayer, operatorAuth } from './helpers';

/**
 * Finance's ledger views (issue 8): accounts, transactions with postings, the audit on demand, and
 * the reconciliation of the sandbox provider's charges with the ledger — a PIX paid at the bank whose
 * notification never arrived shows as paid-not-credited until the webhook credits it.
 */

const SECRET = 'test-webhook-secret-0123456789abcdef';
let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TREVO_PSP_WEBHOOK_SECRET: SECRET });
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => call(app, { method: 'GET', url, headers: opAuth });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function charge() {
  const player = await registerPlayer(app);
  await completeKyc(app, player);
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/order/prePay/BRL3',
    headers: {
      ...auth(player.token),
      'idempotency-key': `k-${Date.now()}-${Math.random()}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'gift=0&pkgId=BRL3&isapp=0',
  });
  expect(res.code).toBe(200);
  return { player, orderId: res.body.data.orderId as string, txid: res.body.data.payNo as string };
}

type Row = { kind: string; id: string; verdict: string; provider: string; state: string };
const rowOf = async (id: string): Promise<Row | undefined> =>
  (await get(`/api/admin/ledger/reconciliation?from=${today()}&to=${today()}`)).body.data.rows.find(
    (r: Row) => r.id === id,
  );

describe('reconciliation', () => {
  it('finds a PIX paid at the bank but never credited, and clears it once the webhook credits it', async () => {
    const { player, orderId, txid } = await charge();
    // The bank takes the money; the notification is lost on the way.
    await app.ctx.db
      .updateTable('sandbox_charges')
      .set({
        status: 'CONCLUIDA',
        payer_cpf: player.cpf,
        end_to_end_id: `E18236120${Date.now()}`.slice(0, 32),
        paid_at: new Date(),
      })
      .where('txid', '=', txid)
      .execute();
    expect(await rowOf(orderId)).toMatchObject({
      kind: 'deposit',
      provider: 'CONCLUIDA',
      verdict: 'paidNotCredited',
    });

    const body = SandboxPsp.notification((await app.ctx.psp.getCharge(txid))!);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/webhooks/pix',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(SECRET, body) },
      payload: body,
    });
    expect(sent.statusCode).toBe(200);
    await eventually(async () => ((await rowOf(orderId))?.verdict === 'ok' ? true : undefined));
    expect(await rowOf(orderId)).toMatchObject({ state: '10', provider: 'CONCLUIDA', verdict: 'ok' });
  });

  it('an unpaid charge is fine; a range that is not a range is refused', async () => {
    const { orderId } = await charge();
    expect(await rowOf(orderId)).toMatchObject({ provider: 'ATIVA', state: '00', verdict: 'ok' });
    expect((await get('/api/admin/ledger/reconciliation?from=2026-13-01&to=2026-13-02')).code).toBe(400);
    expect((await get(`/api/admin/ledger/reconciliation?from=${today()}&to=2020-01-01`)).code).toBe(400);
  });
});

describe('accounts, transactions and the audit', () => {
  it('lists house and player accounts summing to zero, and transactions with balanced postings', async () => {
    const accounts = (await get('/api/admin/ledger/accounts')).body.data as Array<{
      kind: string;
      house: boolean;
      balance: number;
    }>;
    expect(accounts.some((a) => a.kind === 'user_cash' && !a.house)).toBe(true);
    const total = accounts.reduce((sum, a) => sum + Math.round(a.balance * 100), 0);
    expect(total).toBe(0);

    const txs = (await get('/api/admin/ledger/transactions?kind=deposit')).body.data as Array<{
      id: string;
      kind: string;
      postings: Array<{ amount: number }>;
    }>;
    expect(txs.length).toBeGreaterThan(0);
    for (const tx of txs) {
      expect(tx.kind).toBe('deposit');
      expect(tx.postings.reduce((s, p) => s + Math.round(p.amount * 100), 0)).toBe(0);
    }
    const older = await get(`/api/admin/ledger/transactions?before=${txs[0]!.id}`);
    expect(older.body.data.every((t: { id: string }) => Number(t.id) < Number(txs[0]!.id))).toBe(true);
  });

  it('runs the ledger audit on demand and records that it ran', async () => {
    const res = await call(app, { method: 'POST', url: '/api/admin/ledger/audit', headers: opAuth });
    expect(res.body.data).toEqual({ sound: true, problems: [] });
    const last = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.action).toBe('ledger.audit');
  });
});
