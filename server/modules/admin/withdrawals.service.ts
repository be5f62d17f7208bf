import type { AppContext } from '../../platform/context';
import { centsToBrl } from '../../../domain/money';
import type {
  AdminWithdrawal,
  PayoutState,
  WithdrawalsPage,
} from '../../../domain/schemas/back-office.schema';
import { withdrawalRisk } from './withdrawal-risk';
import { findWithdrawals, type WithdrawalFilter } from './withdrawals.repository';

/**
 * Withdrawals as the console shows them (finance's search, a player's history): BRL, ISO instants,
 * who decided, and the risk signals of those still waiting for a decision.
 */
export async function listWithdrawals(ctx: AppContext, filter: WithdrawalFilter): Promise<WithdrawalsPage> {
  const { rows, total } = await findWithdrawals(ctx.db, filter);
  const list: AdminWithdrawal[] = [];
  for (const r of rows) {
    const createdAt = new Date(r.created_at);
    // Signals matter for the decision, so only the withdrawals still waiting for one carry them.
    const risk =
      r.payout_state === 'waiting_approval'
        ? await withdrawalRisk(ctx.db, { userId: r.user_id, account: r.account, createdAt })
        : null;
    list.push({
      id: r.id,
      userId: r.user_id,
      username: r.username,
      method: r.method,
      account: r.account,
      holderName: r.holder_name,
      amount: centsToBrl(Number(r.amount_cents)),
      fee: centsToBrl(Number(r.fee_cents)),
      status: r.status,
      payoutState: r.payout_state as PayoutState,
      note: r.note,
      decidedBy: r.decided_by,
      firstApprovedBy: r.first_approved_by,
      createdAt: createdAt.toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      risk: risk && {
        accountAgeDays: risk.accountAgeDays,
        newAccount: risk.newAccount,
        depositMinutesBefore: risk.depositMinutesBefore,
        bonusTurnoverLeft: centsToBrl(risk.bonusTurnoverLeftCents),
        bonusReleased: centsToBrl(risk.bonusReleasedCents),
        turnoverLeft: centsToBrl(risk.turnoverLeftCents),
        sameKeyUsers: risk.sameKeyUsers,
        depositsPaid: centsToBrl(risk.depositsPaidCents),
        depositsPaidCount: risk.depositsPaidCount,
        withdrawalsPaid: centsToBrl(risk.withdrawalsPaidCents),
        withdrawalsPaidCount: risk.withdrawalsPaidCount,
      },
    });
  }
  return { list, total };
}
