import { sql, type Kysely } from 'kysely';

/**
 * Every home address a player has given, with the key that says which home it is (domain/address.ts).
 * The multi-accounting rule reads 90 days of them (red-team review: two accounts took turns with
 * one address between scans, and a rewrite after approval left no trace).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index user_addresses_key_idx on user_addresses (address_key, created_at)`.execute(db);
  await sql`create index user_addresses_user_idx on user_addresses (user_id, created_at)`.execute(db);
}
