import { sql, type Kysely } from 'kysely';

/**
 * Promotions (issue 7): what a player has received by hand — the promo gift, agent rewards and
 * referral commission payouts. One row per receipt, written in the same transaction as its ledger
 * posting; the unique (user, bonus) pair makes a one-off bonus impossible to receive twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_receipts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // `gift:<id>`, `agent:<level>` or `commission:<n>` (the n-th commission payout).
    .addColumn('bonus_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('gift', 'agent', 'commission')`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('promo_receipts_user_bonus_key', ['user_id', 'bonus_id'])
    .execute();
}
