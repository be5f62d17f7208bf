import { sql, type Kysely } from 'kysely';

/**
 * A race's field (its drivers' ids and names, JSON), stored with the fixture when it is first bet
 * on: an operator's classification is checked against it after the feed has forgotten the race, as
 * a real feed does with old fixtures (otherwise a winner of `d99` would be taken and every bet on
 * the race lose). Null for a fixture of two sides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sports_fixtures add column field text`.execute(db);
}
