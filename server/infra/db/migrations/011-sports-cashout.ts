import type { Kysely } from 'kysely';

/**
 * Sports cash-out: how much of a bet's stake still rides (a partial cash-out sells the rest) and
 * what cash-outs have paid. A bet never cashed out has stake_open_cents null: all of it rides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sports_bets').addColumn('stake_open_cents', 'bigint').execute();
  await db.schema
    .alterTable('sports_bets')
    .addColumn('cashed_out_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
