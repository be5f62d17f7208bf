import { sql, type Kysely } from 'kysely';

/** Deposit offers' deadlines, e-mailed transfer codes and player-to-player transfers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('fp_expires_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('fc_expires_at', 'timestamptz').execute();

  await db.schema
    .createTable('transfer_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('transfers_from_idx').on('transfers').column('from_user_id').execute();
  await db.schema.createIndex('transfers_to_idx').on('transfers').column('to_user_id').execute();
}
