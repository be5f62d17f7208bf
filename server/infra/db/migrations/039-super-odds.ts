import { sql, type Kysely } from 'kysely';

/**
 * Super Odds (issue 16, decision 88): a trader's boosted price on one selection of a fixture
 * before its start, with a most a player may stake on it. What each player has staked on a boost
 * is a counter consumed atomically with the bet (a conditional upsert, boosts.repository.ts), so a
 * burst of bets cannot pass the limit; a boosted bet names its boost for the separate report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sports_boosts (
      id serial primary key,
      fixture_id text not null,
      market_id text not null,
      outcome_id text not null,
      odds_milli integer not null check (odds_milli > 1000),
      was_milli integer not null check (was_milli > 1000 and was_milli < odds_milli),
      max_stake_cents bigint not null check (max_stake_cents > 0),
      fixture_label text not null,
      market_label text not null,
      outcome_label text not null,
      starts_at timestamptz not null,
      created_by integer not null references operators (id),
      created_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  // One boost at a time per selection: a second would leave a player two limits on one price.
  await sql`
    create unique index sports_boosts_one_live on sports_boosts (fixture_id, market_id, outcome_id)
      where ended_at is null`.execute(db);
  await sql`
    create table sports_boost_stakes (
      boost_id integer not null references sports_boosts (id),
      user_id integer not null references users (id),
      staked_cents bigint not null check (staked_cents > 0),
      primary key (boost_id, user_id)
    )`.execute(db);
  await sql`alter table sports_bets add column boost_id integer references sports_boosts (id)`.execute(db);
  await sql`create index sports_bets_boost on sports_bets (boost_id) where boost_id is not null`.execute(db);
}
