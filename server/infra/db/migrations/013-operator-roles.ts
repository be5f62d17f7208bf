import { sql, type Kysely } from 'kysely';

/**
 * Operator roles and the TOTP second factor (back-office issue, security.md). Operators that exist
 * already become `admin` (the bootstrap operator is the only one so far); new ones name their role.
 * `totp_secret` (migration 001) holds the confirmed secret, `totp_pending_secret` one being enrolled,
 * `totp_last_step` the last step accepted, so a code is never accepted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('support', 'finance', 'trader', 'admin')`),
    )
    .execute();
  await sql`alter table operators alter column role drop default`.execute(db);
  await db.schema.alterTable('operators').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('operators').addColumn('totp_enrolled_at', 'timestamptz').execute();
  await db.schema.alterTable('operators').addColumn('totp_last_step', 'bigint').execute();
}
