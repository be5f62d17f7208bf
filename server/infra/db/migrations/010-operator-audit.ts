import { sql, type Kysely } from 'kysely';

/**
 * The operators' audit trail (security.md, back-office issue): every operator action with actor,
 * action, object, state before and after, time and request id, in an append-only table whose rows
 * are hash-chained. The one-row head holds the last hash and sequence; updating it is what
 * serialises writers, so the chain never forks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_audit')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object', 'text', (c) => c.notNull())
    // JSON text, not jsonb: the hash covers these exact characters.
    .addColumn('before_state', 'text', (c) => c.notNull())
    .addColumn('after_state', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into operator_audit_head (id, seq, hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);
  // The same guard as the ledger's: rows are never updated or deleted.
  await sql`create trigger operator_audit_append_only before update or delete on operator_audit
    for each row execute function ledger_append_only()`.execute(db);
}
