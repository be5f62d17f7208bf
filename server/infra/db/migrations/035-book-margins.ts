import { sql, type Kysely } from 'kysely';

/**
 * What the margin report needs (decision 80): each fixture's competition tier, and each leg's book
 * margin at placement — the overround of its market's prices then, in thousandths (null for a bet
 * placed before this migration, or a market with an outcome unpriced).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sports_fixtures add column tier smallint`.execute(db);
  await sql`alter table sports_bet_legs add column book_margin_milli integer`.execute(db);
}
