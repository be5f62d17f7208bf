import type { Db } from '../../infra/db/connection';

/** Winners shown on the home page. */
const WINNERS_SHOWN = 12;

/** How many real (not test) accounts there are. */
export async function countRealPlayers(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('test_flag', '=', 0)
    .executeTakeFirstOrThrow();
}

/** What the games have paid to real accounts, in centavos (demo play money left out). */
export async function sumRealPayouts(db: Db) {
  return db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('bets.payout_cents'), eb.lit(0)).as('cents'))
    .where('bets.status', '=', 'settled')
    .where('users.test_flag', '=', 0)
    .executeTakeFirstOrThrow();
}

/** The latest notices, newest first. */
export async function findLatestNotices(db: Db, limit: number) {
  return db.selectFrom('notices').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** The latest paid bets of real accounts, newest first, with the player's username. */
export async function findLatestWinners(db: Db) {
  return db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select([
      'bets.id',
      'bets.game',
      'bets.amount_cents',
      'bets.multiplier',
      'bets.payout_cents',
      'bets.settled_at',
      'users.username',
    ])
    .where('bets.status', '=', 'settled')
    .where('bets.payout_cents', '>', 0)
    .where('users.test_flag', '=', 0)
    .orderBy('bets.settled_at', 'desc')
    .orderBy('bets.id', 'desc')
    .limit(WINNERS_SHOWN)
    .execute();
}
