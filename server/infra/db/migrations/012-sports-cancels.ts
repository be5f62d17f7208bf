import { sql, type Kysely } from 'kysely';

/**
 * The feed's bet cancellations (UOF `bet_cancel { start, end }`, research §3.6 item 5): bets on a
 * fixture placed inside the window are void with result −10 (a price error, a goal first reported
 * wrongly). Stored like results, so settlement applies them the same way on every run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sports_fixture_cancels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('fixture_id', 'text', (c) => c.notNull().references('sports_fixtures.id'))
    .addColumn('from_at', 'timestamptz', (c) => c.notNull())
    .addColumn('to_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sports_fixture_cancels_window', ['fixture_id', 'from_at', 'to_at'])
    .execute();
}
