import { sql, type Kysely } from 'kysely';

/**
 * Operator accounts an admin can trust (issue 19, item 9): usernames unique whatever their case
 * ("Caixa" and "caixa" were two accounts, one easy to mistake for the other in the audit), and an
 * account that can be disabled, with its reason, without deleting the audit's actor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A database that already holds case twins keeps the oldest as it is; the later ones get their
  // id appended, so the unique index can exist and nobody's sign-in silently changes owner.
  await sql`
    update operators o set username = o.username || '-' || o.id
    where exists (
      select 1 from operators p where lower(p.username) = lower(o.username) and p.id < o.id
    )`.execute(db);
  await sql`create unique index operators_username_lower_idx on operators (lower(username))`.execute(db);
  await db.schema.alterTable('operators').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema
    .alterTable('operators')
    .addColumn('disabled_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
