import { sql, type Kysely } from 'kysely';

/**
 * How many operators a withdrawal needs, fixed when it is requested (red-team review of decision
 * 71: the threshold was read at approval time, so an admin could raise it, approve alone and set
 * it back). 0 for automatic payouts, 1 above the approval threshold, 2 above the second one.
 * Withdrawals already waiting need one approval, as they did before decision 71.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('approvals_required', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update withdrawals set approvals_required = 0 where payout_state <> 'waiting_approval'`.execute(
    db,
  );
}
