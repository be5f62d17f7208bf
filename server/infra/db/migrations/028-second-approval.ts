import type { Kysely } from 'kysely';

/**
 * Four eyes on large withdrawals (issue 19): above `withdraw.secondApprovalThreshold` a withdrawal
 * needs two different operators. The first approval is recorded here; the second, by someone
 * else, queues the payout (`decided_by`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('first_approved_by', 'integer').execute();
  await db.schema.alterTable('withdrawals').addColumn('first_approved_at', 'timestamptz').execute();
}
