import type { Db } from '../../infra/db/connection';

/** Withdrawals listed per call, newest first. */
const WITHDRAWALS_LISTED = 200;

/** A payout state of a withdrawal, as the console filters by it. */
export type PayoutState = 'waiting_approval' | 'queued' | 'sent' | 'paid' | 'failed' | 'rejected';

/** The latest withdrawals with their player's username, optionally only those in one payout state. */
export async function findWithdrawals(db: Db, filter: { status?: PayoutState }) {
  let query = db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .select([
      'withdrawals.id',
      'withdrawals.user_id',
      'users.username',
      'withdrawals.method',
      'withdrawals.account',
      'withdrawals.amount_cents',
      'withdrawals.fee_cents',
      'withdrawals.status',
      'withdrawals.payout_state',
      'withdrawals.created_at',
    ])
    .orderBy('withdrawals.created_at', 'desc')
    .limit(WITHDRAWALS_LISTED);
  if (filter.status) query = query.where('withdrawals.payout_state', '=', filter.status);
  return query.execute();
}
