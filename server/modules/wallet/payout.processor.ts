import type { AppContext } from '../../platform/context';
import { finishWithdrawal } from './withdraw.service';

/**
 * One pass of the payout processor: queued withdrawals are sent to the provider (one payout per
 * withdrawal id, whatever the retries), sent ones are checked and finished. Safe to run twice at
 * once: every state change is a guarded update and the provider deduplicates on the id.
 */
export async function processPayouts(ctx: AppContext): Promise<void> {
  const queued = await ctx.db
    .selectFrom('withdrawals')
    .select(['id', 'amount_cents', 'fee_cents', 'method', 'account'])
    .where('payout_state', '=', 'queued')
    .orderBy('created_at')
    .limit(50)
    .execute();
  for (const w of queued) {
    await ctx.psp.createPayout({
      id: w.id,
      amountCents: Number(w.amount_cents) - Number(w.fee_cents),
      method: w.method,
      account: w.account,
    });
    await ctx.db
      .updateTable('withdrawals')
      .set({ payout_state: 'sent' })
      .where('id', '=', w.id)
      .where('payout_state', '=', 'queued')
      .execute();
  }
  const sent = await ctx.db
    .selectFrom('withdrawals')
    .select('id')
    .where('payout_state', '=', 'sent')
    .orderBy('created_at')
    .limit(100)
    .execute();
  for (const w of sent) {
    const payout = await ctx.psp.getPayout(w.id);
    if (payout?.status === 'REALIZADO') await finishWithdrawal(ctx, w.id, ['sent'], 'paid');
    if (payout?.status === 'NAO_REALIZADO')
      await finishWithdrawal(ctx, w.id, ['sent'], 'failed', 'pagamento recusado pelo banco');
  }
}
