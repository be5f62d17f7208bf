import { sql, type Kysely } from 'kysely';

/** PIX deposit orders, the sandbox PSP's own charges, and received webhook notifications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Identity (KYC) as the player declared it: the holder's name and CPF or CNPJ.
  await db.schema.alterTable('users').addColumn('kyc_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('kyc_document', 'text').execute();
  await db.schema
    .createTable('deposit_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('pkg_id', 'text', (c) => c.notNull())
    .addColumn('curreny', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('gift_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('00'))
    .addColumn('txid', 'text', (c) => c.notNull().unique())
    .addColumn('pay_no', 'text', (c) => c.notNull())
    .addColumn('end_to_end_id', 'text', (c) => c.unique())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('deposit_orders_user_idx')
    .on('deposit_orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_charges')
    .addColumn('txid', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ATIVA'))
    .addColumn('expected_cpf', 'text', (c) => c.notNull())
    .addColumn('payer_cpf', 'text')
    .addColumn('end_to_end_id', 'text', (c) => c.unique())
    .addColumn('br_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('pix_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('end_to_end_id', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
