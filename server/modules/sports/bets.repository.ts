import type { Selectable } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { Database } from '../../infra/db/schema';

/**
 * The queries of "Minhas apostas" (bets.service.ts): a player's bets by state, a page at a time,
 * newest first, with their legs; and the rows of one bet, as settlement, the live decision and
 * cash-out read them.
 */

/** A stored sports bet, as every reader of bets sees it. */
export type BetRow = Selectable<Database['sports_bets']>;
/** A stored leg of a sports bet. */
export type LegRow = Selectable<Database['sports_bet_legs']>;

// A bet held for review (exception) is still open: its result is yet to come.
const OPEN_STATES = ['pending', 'open', 'exception'];
const CLOSED_STATES = ['settled', 'refused', 'cashed_out'];

export type BetsFilter = { status?: 'open' | 'settled' };

function playerBets(db: Db, userId: number, filter: BetsFilter) {
  let query = db.selectFrom('sports_bets').where('user_id', '=', userId);
  if (filter.status)
    query = query.where('state', 'in', filter.status === 'open' ? OPEN_STATES : CLOSED_STATES);
  return query;
}

/** One page of a player's bets, newest first. */
export async function findPlayerBets(
  db: Db,
  userId: number,
  filter: BetsFilter,
  page: { page: number; size: number },
) {
  return playerBets(db, userId, filter)
    .selectAll()
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
}

/** How many bets a player has in the filter's states. */
export async function countPlayerBets(db: Db, userId: number, filter: BetsFilter = {}): Promise<number> {
  const row = await playerBets(db, userId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The legs of the given bets, in their order, with their fixture's sport (null once it is gone). */
export async function findLegsOf(db: Db, betIds: string[]) {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('sports_bet_legs')
    .leftJoin('sports_fixtures', 'sports_fixtures.id', 'sports_bet_legs.fixture_id')
    .selectAll('sports_bet_legs')
    .select('sports_fixtures.sport')
    .where('bet_id', 'in', betIds)
    .orderBy('idx')
    .execute();
}

/**
 * The legs of one bet, in their order: settlement, the live decision and cash-out read them inside
 * the transaction that holds the bet's row lock.
 */
export async function legsOfBet(db: Db | Trx, betId: string): Promise<LegRow[]> {
  return db.selectFrom('sports_bet_legs').selectAll().where('bet_id', '=', betId).orderBy('idx').execute();
}
