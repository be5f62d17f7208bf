import { sql, type Kysely } from 'kysely';

/**
 * Looking after players (issues 8 and 9): an operator can lock an account (login refused, sessions
 * ended) and keep notes on it; a player can ask for reality checks, a reminder every N minutes of a
 * session with the time played and the net result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('locked_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reality_check_minutes', 'integer', (c) =>
      c.check(sql`reality_check_minutes is null or reality_check_minutes between 5 and 240`),
    )
    .execute();

  await db.schema
    .createTable('player_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('player_notes_user_idx')
    .on('player_notes')
    .columns(['user_id', 'id'])
    .execute();
}
