import type { Db } from '../../infra/db/connection';

/** An account younger than this many days at the withdrawal is flagged as new. */
export const NEW_ACCOUNT_DAYS = 7;
/** A deposit paid this many hours or less before the withdrawal is flagged. */
export const DEPOSIT_BEFORE_HOURS = 24;

/** What an operator weighs before approving a withdrawal (back-office issue: risk signals). */
export interface WithdrawalRisk {
  accountAgeDays: number;
  newAccount: boolean;
  /** Minutes between the last paid deposit and the withdrawal, when within DEPOSIT_BEFORE_HOURS. */
  depositMinutesBefore: number | null;
  bonusTurnoverLeftCents: number;
  turnoverLeftCents: number;
  /** Other players who withdrew to, or saved, the same PIX key. */
  sameKeyUsers: string[];
  depositsPaidCents: number;
  depositsPaidCount: number;
  withdrawalsPaidCents: number;
  withdrawalsPaidCount: number;
}

/** The player's history and risk signals for one withdrawal. */
export async function withdrawalRisk(
  db: Db,
  w: { userId: number; account: string; createdAt: Date },
): Promise<WithdrawalRisk> {
  const user = await db
    .selectFrom('users')
    .select(['created_at', 'turnover_required_cents', 'bonus_turnover_required_cents', 'wagered_cents'])
    .where('id', '=', w.userId)
    .executeTakeFirstOrThrow();
  const deposits = await db
    .selectFrom('deposit_orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<string>().as('count'),
      eb.fn.max('paid_at').as('last'),
    ])
    .where('user_id', '=', w.userId)
    .where('paid_at', 'is not', null)
    .where('paid_at', '<=', w.createdAt)
    .executeTakeFirstOrThrow();
  const paidOut = await db
    .selectFrom('withdrawals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('user_id', '=', w.userId)
    .where('payout_state', '=', 'paid')
    .executeTakeFirstOrThrow();
  const sameKey = await db
    .selectFrom('users')
    .select('username')
    .where('id', '!=', w.userId)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('withdrawals').select('user_id').where('account', '=', w.account)),
        eb('id', 'in', eb.selectFrom('payout_accounts').select('user_id').where('account', '=', w.account)),
      ]),
    )
    .orderBy('username')
    .limit(20)
    .execute();
  const ageMs = w.createdAt.getTime() - new Date(user.created_at).getTime();
  const last = deposits.last ? new Date(deposits.last as Date | string).getTime() : null;
  const sinceDeposit = last === null ? null : Math.floor((w.createdAt.getTime() - last) / 60_000);
  const wagered = Number(user.wagered_cents);
  return {
    accountAgeDays: Math.floor(ageMs / 86_400_000),
    newAccount: ageMs < NEW_ACCOUNT_DAYS * 86_400_000,
    depositMinutesBefore:
      sinceDeposit !== null && sinceDeposit <= DEPOSIT_BEFORE_HOURS * 60 ? sinceDeposit : null,
    bonusTurnoverLeftCents: Math.max(0, Number(user.bonus_turnover_required_cents) - wagered),
    turnoverLeftCents: Math.max(0, Number(user.turnover_required_cents) - wagered),
    sameKeyUsers: sameKey.map((r) => r.username),
    depositsPaidCents: Number(deposits.total),
    depositsPaidCount: Number(deposits.count),
    withdrawalsPaidCents: Number(paidOut.total),
    withdrawalsPaidCount: Number(paidOut.count),
  };
}
