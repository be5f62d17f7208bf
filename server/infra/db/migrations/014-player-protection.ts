import { sql, type Kysely } from 'kysely';

/**
 * Player protection (issue 9): the limits a player sets on themself and their exclusions.
 * A limit lowered takes effect at once; raised or removed, it waits 24 h (`pending_from`), so a
 * decision made in the heat of a session cannot be undone in it. Exclusions are never edited: a
 * cool-off or a self-exclusion is a row with its end (null: permanent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_limits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('deposit', 'loss', 'session')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    // Centavos for deposit and loss limits, minutes for the session-time limit.
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    // A raise or removal waiting its 24 h: the new amount (null: removal) from `pending_from`.
    .addColumn('pending_amount', 'bigint', (c) => c.check(sql`pending_amount >= 0`))
    .addColumn('pending_from', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('player_limits_pk', ['user_id', 'kind', 'period'])
    .execute();

  await db.schema
    .createTable('player_exclusions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cooloff', 'self')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('player_exclusions_user_idx')
    .on('player_exclusions')
    .columns(['user_id', 'starts_at'])
    .execute();
}
