import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals with their payout state, saved payout accounts (cardInfo), turnover counters, the
 * sandbox PSP's payouts, and leases that elect one instance to drive each background loop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('CPF', 'CNPJ', 'USDT')`))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('whatsapp', 'text', (c) => c.notNull())
    .addColumn('ifsc', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('00'))
    .addColumn('payout_state', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('withdrawals_user_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('withdrawals_state_idx').on('withdrawals').column('payout_state').execute();

  await db.schema
    .createTable('payout_accounts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('whatsapp', 'text', (c) => c.notNull())
    .addColumn('ifsc', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payout_accounts_pk', ['user_id', 'method'])
    .execute();

  // Turnover: what must be wagered before cash can leave, and what has been wagered (centavos).
  await db.schema
    .alterTable('users')
    .addColumn('turnover_required_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('wagered_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settles_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
