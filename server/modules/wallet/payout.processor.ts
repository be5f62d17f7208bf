import type { AppContext } from '../../platform/context';
import { finishWithdrawal } from './withdraw.service';
import { markWithdrawalSent, queuedWithdrawals, sentWithdrawals } from './withdrawals.repository';

/**
 * One pass of the payout processor: queued withdrawals are sent to the provider (one payout per
 * withdrawal id, whatever the retries), sent ones are checked and finished. Safe to run twice at
 * once: every state change is a guarded update and the provider deduplicates on the id. A
 * withdrawal the provider fails on (an error, its deadline) stays as it was for the next pass; the
 * others go on (one failing payout used to stop the pass, and every withdrawal behind it waited).
 */
export async function processPayouts(ctx: AppContext): Promise<void> {
  const queued = await queuedWithdrawals(ctx.db);
  for (const w of queued) {
    await oneWithdrawal(ctx, w.id, 'send', async () => {
      await ctx.psp.createPayout({
        id: w.id,
        amountCents: Number(w.amount_cents) - Number(w.fee_cents),
        method: w.method,
        account: w.account,
      });
      await markWithdrawalSent(ctx.db, w.id);
    });
  }
  const sent = await sentWithdrawals(ctx.db);
  for (const w of sent) {
    await oneWithdrawal(ctx, w.id, 'check', async () => {
      const payout = await ctx.psp.getPayout(w.id);
      if (payout?.status === 'REALIZADO') await finishWithdrawal(ctx, w.id, ['sent'], 'paid');
      if (payout?.status === 'NAO_REALIZADO')
        await finishWithdrawal(ctx, w.id, ['sent'], 'failed', 'pagamento recusado pelo banco');
    });
  }
}

async function oneWithdrawal(ctx: AppContext, id: string, step: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    ctx.log.warn({ err, withdrawalId: id, step }, 'payout left for the next pass');
  }
}
