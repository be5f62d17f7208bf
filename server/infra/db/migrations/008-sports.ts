import { sql, type Kysely } from 'kysely';

/**
 * The sportsbook: the feed's shared seed, fixtures that bets refer to (with their official result
 * and its version), bets and their legs. Market data (odds, live state) is not stored: each
 * instance reads it from the feed adapter; what money depends on is here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One seed for every instance when SPORTS_FEED_SEED is not set: the first instance draws it.
  await db.schema
    .createTable('sports_feed_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sports_fixtures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('competition', 'text', (c) => c.notNull())
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('away', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    // The official result as settlement reads it (domain/sports/markets.ts FixtureResult), JSON.
    .addColumn('result', 'text')
    .addColumn('result_final', 'boolean', (c) => c.notNull().defaultTo(false))
    // Grows with every change of the result; legs remember the version they were settled at.
    .addColumn('result_version', 'integer', (c) => c.notNull().defaultTo(0))
    // 'feed' or 'operator'; once an operator entered a result the feed no longer overrides it.
    .addColumn('result_source', 'text', (c) => c.notNull().defaultTo('feed'))
    .addColumn('settled_version', 'integer', (c) => c.notNull().defaultTo(0))
    // True once the final result is settled everywhere: the settlement loop skips the fixture.
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sports_fixtures_open on sports_fixtures (id) where not done`.execute(db);

  await db.schema
    .createTable('sports_bets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('stake_cents', 'bigint', (c) => c.notNull().check(sql`stake_cents > 0`))
    .addColumn('bonus_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('odds_change', 'text', (c) => c.notNull())
    // pending (live delay) → open → settled; or refused (−11), cancelled (−10), exception (−1).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('result_code', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('order_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('combined_odds_milli', 'bigint', (c) => c.notNull())
    .addColumn('potential_cents', 'bigint', (c) => c.notNull())
    .addColumn('payout_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    // Money events after the stake (payouts, reversals); keys the ledger postings of each.
    .addColumn('settle_seq', 'integer', (c) => c.notNull().defaultTo(0))
    // What a correction could not take back because the player had spent it (operator follow-up).
    .addColumn('shortfall_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('accept_at', 'timestamptz')
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sports_bets_user')
    .on('sports_bets')
    .columns(['user_id', 'placed_at'])
    .execute();
  await sql`create index sports_bets_pending on sports_bets (accept_at) where state = 'pending'`.execute(db);

  await db.schema
    .createTable('sports_bet_legs')
    .addColumn('bet_id', 'text', (c) => c.notNull().references('sports_bets.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('fixture_id', 'text', (c) => c.notNull().references('sports_fixtures.id'))
    .addColumn('market_id', 'text', (c) => c.notNull())
    .addColumn('outcome_id', 'text', (c) => c.notNull())
    .addColumn('odds_milli', 'integer', (c) => c.notNull())
    .addColumn('live', 'boolean', (c) => c.notNull())
    // The score (or corners, for a corner handicap) when an in-play bet was placed (research §1.2).
    .addColumn('score_home_at', 'integer')
    .addColumn('score_away_at', 'integer')
    // The feed's change counters at placement: a live bet is refused if they moved in its delay.
    .addColumn('state_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fixture_label', 'text', (c) => c.notNull())
    .addColumn('market_label', 'text', (c) => c.notNull())
    .addColumn('outcome_label', 'text', (c) => c.notNull())
    // The leg's settlement: kind (won, halfWon, push, halfLost, lost, void) and its code.
    .addColumn('kind', 'text')
    .addColumn('result_code', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('settled_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sports_bet_legs_pk', ['bet_id', 'idx'])
    .execute();
  await db.schema.createIndex('sports_bet_legs_fixture').on('sports_bet_legs').column('fixture_id').execute();
}
