import type { Db } from '../../infra/db/connection';
import {
  bonusReleasedOf,
  depositsPaidBy,
  otherUsersOfKey,
  riskProfileOf,
  withdrawalsPaidOf,
} from './withdrawals.repository';

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
  /** Bonus the player's wagering turned into cash so far (decision 92): part of what is withdrawn. */
  bonusReleasedCents: number;
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
  const user = await riskProfileOf(db, w.userId);
  const deposits = await depositsPaidBy(db, w.userId, w.createdAt);
  const paidOut = await withdrawalsPaidOf(db, w.userId);
  const sameKey = await otherUsersOfKey(db, w.userId, w.account);
  const released = await bonusReleasedOf(db, w.userId);
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
    bonusReleasedCents: Number(released.total),
    turnoverLeftCents: Math.max(0, Number(user.turnover_required_cents) - wagered),
    sameKeyUsers: sameKey.map((r) => r.username),
    depositsPaidCents: Number(deposits.total),
    depositsPaidCount: Number(deposits.count),
    withdrawalsPaidCents: Number(paidOut.total),
    withdrawalsPaidCount: Number(paidOut.count),
  };
}
