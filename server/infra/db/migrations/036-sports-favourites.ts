import { sql, type Kysely } from 'kysely';

/**
 * A player's favourite teams and competitions (issue 16, "finding a bet"): the sportsbook shows
 * their fixtures first. Names as the feed lists them; at most FAVOURITES_MAX a player.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sports_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('team', 'competition')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sports_favourites_pk', ['user_id', 'kind', 'name'])
    .execute();
}
