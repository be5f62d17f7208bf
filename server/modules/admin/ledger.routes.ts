import { z } from 'zod';
import {
  transactionsQuerySchema,
  dayRangeSchema,
  reconciliationSchema,
} from '../../../domain/schemas/back-office.schema';
import {
  ledgerAccountRowSchema,
  ledgerAuditSchema,
  ledgerTransactionSchema,
} from '../../../domain/schemas/console-money.schema';
import { allow, operator } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { centsToBrl } from '../../../domain/money';
import { auditLedger } from '../../platform/money/ledger-audit';
import type { ReconciledRow, Verdict } from '../../../domain/schemas/back-office.schema';
import { auditEntry } from '../../platform/audit-trail';
import { recordOperatorAction } from './audit.repository';
import { refundPending } from '../wallet/deposit.service';
import {
  findDepositOrdersCreated,
  findLedgerTransactions,
  findPostingsOf,
  findWithdrawalsCreated,
  ledgerAccountTotals,
  ledgerByKey,
} from './ledger.repository';

/**
 * Finance's view of the ledger (issue 8): the accounts, transactions with their postings, the audit
 * on demand, and the reconciliation of the payment provider's charges and payouts with the ledger.
 */

/** Deposits or withdrawals reconciled per call: each one asks the provider once. */
const RECONCILE_MAX = 300;

/** Range of `from`..`to` (São Paulo days) as instants. */
function rangeOf(from: string, to: string): [Date, Date] {
  const start = new Date(`${from}T00:00:00-03:00`);
  const end = new Date(Date.parse(`${to}T00:00:00-03:00`) + 86_400_000);
  if (!(end > start) || end.getTime() - start.getTime() > 93 * 86_400_000) throw badRequest('invalidInput');
  return [start, end];
}

/**
 * Deposits: every order of the range against the provider's charge and the ledger credit keyed by
 * the PIX end-to-end id. A charge the provider says was paid but the ledger never credited is the
 * worst finding (the player paid and got nothing); the opposite is money credited from nowhere.
 */
async function reconcileDeposits(ctx: AppContext, start: Date, end: Date): Promise<ReconciledRow[]> {
  const orders = await findDepositOrdersCreated(ctx.db, start, end, RECONCILE_MAX);
  const credits = await ledgerByKey(
    ctx.db,
    orders.flatMap((o) => (o.end_to_end_id ? [`pix:${o.end_to_end_id}`] : [])),
  );
  const rows: ReconciledRow[] = [];
  for (const o of orders) {
    const charge = await ctx.psp.getCharge(o.txid);
    const amount = Number(o.amount_cents);
    const credited = o.end_to_end_id ? credits.get(`pix:${o.end_to_end_id}`) : undefined;
    const paidAtProvider = charge?.status === 'CONCLUIDA';
    let verdict: Verdict = 'ok';
    if (!charge) verdict = 'unknownAtProvider';
    else if (paidAtProvider && charge.amountCents !== amount) verdict = 'amountMismatch';
    else if (credited !== undefined && credited !== amount) verdict = 'amountMismatch';
    else if (credited !== undefined && !paidAtProvider) verdict = 'creditedNotPaid';
    // Sent back, never credited (design/payments.md): paid by someone else than the player, or
    // past a deposit limit or during an exclusion at payment. Such an order keeps the payment's
    // end-to-end id (older refunds only their note); one whose refund is still pending
    // (deposit.service.ts sendBack) is money Trevo still holds, shown as paid and not credited.
    else if (
      paidAtProvider &&
      credited === undefined &&
      !(o.status === '01' && (o.end_to_end_id || o.note.startsWith('pagador')) && !refundPending(o))
    )
      verdict = 'paidNotCredited';
    else if ((o.status === '10') !== (credited !== undefined)) verdict = 'stateMismatch';
    rows.push({
      kind: 'deposit',
      id: o.id,
      userId: o.user_id,
      amount: centsToBrl(amount),
      state: o.status,
      provider: charge?.status ?? '—',
      ledger: credited === undefined ? '—' : centsToBrl(credited).toFixed(2),
      verdict,
    });
  }
  return rows;
}

/**
 * Withdrawals: the state Trevo recorded, the provider's payout and the ledger's release of the hold
 * (`withdraw-paid` or `withdraw-returned`). Paid at the provider must be paid here and in the
 * ledger; refused or rejected must have returned the money to the player.
 */
async function reconcileWithdrawals(ctx: AppContext, start: Date, end: Date): Promise<ReconciledRow[]> {
  const list = await findWithdrawalsCreated(ctx.db, start, end, RECONCILE_MAX);
  const released = await ledgerByKey(
    ctx.db,
    list.flatMap((w) => [`withdraw-paid:${w.id}`, `withdraw-returned:${w.id}`]),
  );
  const rows: ReconciledRow[] = [];
  for (const w of list) {
    const payout = await ctx.psp.getPayout(w.id);
    const paid = released.has(`withdraw-paid:${w.id}`);
    const returned = released.has(`withdraw-returned:${w.id}`);
    const state = w.payout_state;
    let verdict: Verdict = 'ok';
    if (payout?.status === 'REALIZADO' && !paid) verdict = 'paidNotCredited';
    else if (paid && payout?.status !== 'REALIZADO') verdict = 'creditedNotPaid';
    else if (paid && returned) verdict = 'stateMismatch';
    else if ((state === 'paid') !== paid || (['failed', 'rejected'].includes(state) && !returned))
      verdict = 'stateMismatch';
    else if (['sent', 'paid', 'failed'].includes(state) && !payout) verdict = 'unknownAtProvider';
    rows.push({
      kind: 'withdrawal',
      id: w.id,
      userId: w.user_id,
      amount: centsToBrl(Number(w.amount_cents)),
      state,
      provider: payout?.status ?? '—',
      ledger: paid ? 'withdraw-paid' : returned ? 'withdraw-returned' : '—',
      verdict,
    });
  }
  return rows;
}

export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  // House accounts with their balances (sums of postings), and the players' wallets in total.
  const accounts = allow(operator(['finance']), { response: z.array(ledgerAccountRowSchema) });
  app.get('/api/admin/ledger/accounts', accounts, async (request, reply) => {
    const rows = await ledgerAccountTotals(ctx.db);
    return ok(
      request,
      reply,
      rows.map((r) => ({
        kind: r.kind,
        house: Boolean(r.house),
        accounts: Number(r.accounts),
        balance: centsToBrl(Number(r.cents)),
      })),
    );
  });

  // Transactions newest first, each with its postings; filter by kind or reference (a bet, an order).
  app.get(
    '/api/admin/ledger/transactions',
    allow(operator(['finance']), {
      query: transactionsQuerySchema,
      response: z.array(ledgerTransactionSchema),
    }),
    async (request, reply) => {
      const q = parseInput(transactionsQuerySchema, request.query);
      const txs = await findLedgerTransactions(ctx.db, q);
      const postings = await findPostingsOf(
        ctx.db,
        txs.map((t) => String(t.id)),
      );
      return ok(
        request,
        reply,
        txs.map((t) => ({
          id: String(t.id),
          key: t.idempotency_key,
          kind: t.kind,
          reference: t.reference,
          createdAt: new Date(t.created_at).toISOString(),
          postings: postings
            .filter((p) => String(p.transaction_id) === String(t.id))
            .map((p) => ({
              account: p.code,
              kind: p.kind,
              userId: p.user_id,
              amount: centsToBrl(Number(p.amount)),
            })),
        })),
      );
    },
  );

  // The ledger audit of `npm run ledger:audit`, on demand; running it is itself recorded.
  const audit = allow(operator(['finance']), { response: ledgerAuditSchema });
  app.post('/api/admin/ledger/audit', audit, async (request, reply) => {
    const problems = await auditLedger(ctx.db);
    await recordOperatorAction(
      ctx.db,
      auditEntry(request, 'ledger.audit', 'ledger', null, { problems: problems.length }),
    );
    return ok(request, reply, { sound: problems.length === 0, problems });
  });

  app.get(
    '/api/admin/ledger/reconciliation',
    allow(operator(['finance']), { query: dayRangeSchema, response: reconciliationSchema }),
    async (request, reply) => {
      const { from, to } = parseInput(dayRangeSchema, request.query);
      const [start, end] = rangeOf(from, to);
      const rows = [
        ...(await reconcileDeposits(ctx, start, end)),
        ...(await reconcileWithdrawals(ctx, start, end)),
      ];
      const issues = rows.filter((r) => r.verdict !== 'ok');
      return ok(request, reply, {
        provider: ctx.psp.name,
        checked: rows.length,
        issues: issues.length,
        rows,
      });
    },
  );
}
