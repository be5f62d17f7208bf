import type { Kysely } from 'kysely';

/** A deposit discount offer (extra bonus as a fraction of each deposit) and the bonus turnover. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('pay_discount', 'numeric(5, 4)', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('pay_discount_expires_at', 'timestamptz').execute();
  // Bonus money has its own wagering requirement (it turns into cash when met); cash withdrawals
  // depend only on the main requirement.
  await db.schema
    .alterTable('users')
    .addColumn('bonus_turnover_required_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
