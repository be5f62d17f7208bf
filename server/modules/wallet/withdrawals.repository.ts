import { sql, type Selectable } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { PayoutAccountsTable, WithdrawalsTable } from '../../infra/db/schema';

/**
 * The withdrawals' queries (issue 17: SQL in the repository, rules in withdraw.service.ts, the
 * payout processor and the payout owner guard): the withdrawal rows through their payout states,
 * the player's saved payout accounts, and what a withdrawal's limits count (money already gone
 * today, an open game).
 */

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;
type WithdrawMethod = WithdrawalsTable['method'];

/** Whether a game bill is being generated: an open Mines game still holds the player's stake. */
export async function hasOpenGame(db: Db | Trx, userId: number): Promise<boolean> {
  const open = await db
    .selectFrom('mines_games')
    .select('bet_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return open !== undefined;
}

/** The player's columns a withdrawal's limits and checks read. */
export async function withdrawerOf(db: Db | Trx, userId: number) {
  return db
    .selectFrom('users')
    .select(['cpf', 'lx', 'level', 'test_flag', 'turnover_required_cents', 'wagered_cents', 'kyc_review'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How many withdrawals the player asked for since `since`, and their sum; refused ones (01) do not count. */
export async function withdrawnSince(db: Db | Trx, userId: number, since: Date) {
  return db
    .selectFrom('withdrawals')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount_cents').as('total')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '!=', '01')
    .executeTakeFirstOrThrow();
}

/** How many transfers the player sent since `since`, and their sum. */
export async function transfersSentSince(db: Db | Trx, userId: number, since: Date) {
  return db
    .selectFrom('transfers')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount_cents').as('total')])
    .where('from_user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
}

/** The payout accounts the player used before, one per method (offered again in the form). */
export async function payoutAccountsOf(db: Db | Trx, userId: number): Promise<PayoutAccountRow[]> {
  return db.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).execute();
}

/**
 * Centavos that left the player after `since`: withdrawals asked for (unless rejected) plus
 * transfers sent, in one statement so both sums see the same snapshot.
 */
export async function movedOutSince(trx: Trx, userId: number, since: Date): Promise<number> {
  const { rows } = await sql<{ cents: string }>`
    select (select coalesce(sum(amount_cents), 0) from withdrawals
             where user_id = ${userId} and created_at > ${since} and payout_state <> 'rejected')
         + (select coalesce(sum(amount_cents), 0) from transfers
             where from_user_id = ${userId} and created_at > ${since}) as cents`.execute(trx);
  return Number(rows[0]!.cents);
}

/** Records a new withdrawal (status 00) in its first payout state. */
export async function insertWithdrawal(
  trx: Trx,
  w: {
    id: string;
    userId: number;
    method: WithdrawMethod;
    account: string;
    holderName: string;
    whatsapp: string;
    ifsc: string;
    amountCents: number;
    feeCents: number;
    payoutState: 'waiting_approval' | 'queued';
    approvalsRequired: number;
  },
): Promise<void> {
  await trx
    .insertInto('withdrawals')
    .values({
      id: w.id,
      user_id: w.userId,
      method: w.method,
      account: w.account,
      holder_name: w.holderName,
      whatsapp: w.whatsapp,
      ifsc: w.ifsc,
      amount_cents: w.amountCents,
      fee_cents: w.feeCents,
      payout_state: w.payoutState,
      approvals_required: w.approvalsRequired,
    })
    .execute();
}

/** Saves the account a withdrawal went to as the player's one for its method (the form's next default). */
export async function savePayoutAccount(
  trx: Trx,
  a: {
    userId: number;
    method: WithdrawMethod;
    account: string;
    holderName: string;
    whatsapp: string;
    ifsc: string;
  },
): Promise<void> {
  await trx
    .insertInto('payout_accounts')
    .values({
      user_id: a.userId,
      method: a.method,
      account: a.account,
      holder_name: a.holderName,
      whatsapp: a.whatsapp,
      ifsc: a.ifsc,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'method'])
        .doUpdateSet({ account: a.account, holder_name: a.holderName, whatsapp: a.whatsapp, ifsc: a.ifsc }),
    )
    .execute();
}

/**
 * Ends a withdrawal still in one of the `from` payout states, stamped with the database's clock.
 * Returns what the ledger needs, or undefined when it was not in those states (ended already, or
 * never there): the guard is what makes a withdrawal end once.
 */
export async function endWithdrawal(
  trx: Trx,
  id: string,
  from: string[],
  end: { status: '10' | '01'; state: 'paid' | 'failed' | 'rejected'; note: string; operatorId?: number },
) {
  return trx
    .updateTable('withdrawals')
    .set({
      status: end.status,
      payout_state: end.state,
      note: end.note,
      finished_at: sql<Date>`now()`,
      // The approver stays when the payout ends on its own (paid or failed at the bank); the
      // history shows who let the money go (issue 19).
      ...(end.operatorId === undefined ? {} : { decided_by: end.operatorId }),
    })
    .where('id', '=', id)
    .where('payout_state', 'in', from)
    .returning(['user_id', 'amount_cents', 'fee_cents'])
    .executeTakeFirst();
}

/**
 * Queues a withdrawal waiting for approval when this operator's approval is the last it needs: it
 * needs one, or another operator gave the first. True when this call queued it.
 */
export async function queueApproved(trx: Trx, id: string, operatorId: number): Promise<boolean> {
  const result = await trx
    .updateTable('withdrawals')
    .set({ payout_state: 'queued', decided_by: operatorId })
    .where('id', '=', id)
    .where('payout_state', '=', 'waiting_approval')
    .where((eb) =>
      eb.or([
        eb('approvals_required', '<=', 1),
        eb.and([eb('first_approved_by', 'is not', null), eb('first_approved_by', '!=', operatorId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the first of two approvals, if nobody gave it yet. True when this call recorded it. */
export async function recordFirstApproval(trx: Trx, id: string, operatorId: number): Promise<boolean> {
  const result = await trx
    .updateTable('withdrawals')
    .set({ first_approved_by: operatorId, first_approved_at: new Date() })
    .where('id', '=', id)
    .where('payout_state', '=', 'waiting_approval')
    .where('approvals_required', '>=', 2)
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A withdrawal's payout state and first approver (why an approval changed nothing). */
export async function approvalStateOf(trx: Trx, id: string) {
  return trx
    .selectFrom('withdrawals')
    .select(['payout_state', 'first_approved_by'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The oldest 50 withdrawals waiting to be sent to the provider. */
export async function queuedWithdrawals(db: Db) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'amount_cents', 'fee_cents', 'method', 'account'])
    .where('payout_state', '=', 'queued')
    .orderBy('created_at')
    .limit(50)
    .execute();
}

/** Marks a queued withdrawal as sent to the provider (unless another pass or a refusal moved it). */
export async function markWithdrawalSent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ payout_state: 'sent' })
    .where('id', '=', id)
    .where('payout_state', '=', 'queued')
    .execute();
}

/** The oldest 100 withdrawals sent to the provider, whose payouts are to be checked. */
export async function sentWithdrawals(db: Db) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('payout_state', '=', 'sent')
    .orderBy('created_at')
    .limit(100)
    .execute();
}

/** A withdrawal's method and account with its player's CPF, to tell whether the account is the player's own. */
export async function payoutOwnerOf(db: Db, withdrawalId: string) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .select(['withdrawals.method', 'withdrawals.account', 'users.cpf'])
    .where('withdrawals.id', '=', withdrawalId)
    .executeTakeFirst();
}
