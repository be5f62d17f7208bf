import { sql, type ColumnType } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';

/**
 * The prize deadlines' rows (issue 9; issue 17: SQL here, the clock and its escalations in
 * prize-deadline.ts): the sports bets still waiting after their events ended, the deadline each
 * one is watched under, and the breaches the operators read.
 */

/** The tables of migration 020, typed here (they belong to this module); a type, as Kysely asks. */
type PrizeTables = {
  sports_fixture_ends: {
    fixture_id: string;
    ended_at: ColumnType<Date, Date | undefined, never>;
  };
  prize_deadlines: {
    bet_id: string;
    user_id: number;
    fixture_id: string;
    ended_at: Date;
    due_at: Date;
    found_at: Date;
    found_state: string;
    stage: ColumnType<number, number | undefined, number>;
    breached_at: Date | null;
    resolved_at: Date | null;
    resolution: string | null;
  };
};

const prizeDb = (db: Db) => db.withTables<PrizeTables>();

/** One leg of a candidate bet, with its fixture's end (null while the fixture has not ended). */
export interface WaitingLegRow {
  id: string;
  user_id: number;
  state: string;
  stake_cents: string | number;
  potential_cents: string | number;
  fixture_id: string;
  fixture_label: string;
  ended_at: Date | string | null;
}

/**
 * The legs of every unsettled sports bet that may be waiting for its prize, by bet and leg order.
 * Candidates are bets held for review, bets on fixtures that ended but settlement has not finished
 * (`done` is false), and bets already being watched — never the whole book.
 */
export async function waitingPrizeLegs(db: Db): Promise<WaitingLegRow[]> {
  const rows = await sql<WaitingLegRow>`
    with candidates as (
      select id as bet_id from sports_bets where state = 'exception'
      union
      select l.bet_id from sports_fixtures f
        join sports_fixture_ends e on e.fixture_id = f.id
        join sports_bet_legs l on l.fixture_id = f.id
       where not f.done
      union
      select bet_id from prize_deadlines where resolved_at is null
    )
    select b.id, b.user_id, b.state, b.stake_cents, b.potential_cents,
           l.fixture_id, l.fixture_label, e.ended_at
      from candidates c
      join sports_bets b on b.id = c.bet_id
      join sports_bet_legs l on l.bet_id = b.id
      left join sports_fixture_ends e on e.fixture_id = l.fixture_id
     where b.state in ('open', 'pending', 'exception')
     order by b.id, l.idx`.execute(db);
  return rows.rows;
}

/** The monitor's records of these bets: the stage reached and whether it was closed. */
export async function watchedDeadlinesOf(db: Db, betIds: string[]) {
  if (betIds.length === 0) return [];
  return prizeDb(db)
    .selectFrom('prize_deadlines')
    .select(['bet_id', 'stage', 'resolved_at'])
    .where('bet_id', 'in', betIds)
    .execute();
}

/** Starts watching a bet (stage 0); a record another pass wrote first stays as it is. */
export async function insertDeadline(
  db: Db,
  d: {
    betId: string;
    userId: number;
    fixtureId: string;
    endedAt: Date;
    dueAt: Date;
    foundAt: Date;
    state: string;
  },
): Promise<void> {
  await prizeDb(db)
    .insertInto('prize_deadlines')
    .values({
      bet_id: d.betId,
      user_id: d.userId,
      fixture_id: d.fixtureId,
      ended_at: d.endedAt,
      due_at: d.dueAt,
      found_at: d.foundAt,
      found_state: d.state,
      stage: 0,
    })
    .onConflict((oc) => oc.column('bet_id').doNothing())
    .execute();
}

/** Opens a closed record again: a corrected result put its bet back to waiting. */
export async function reopenDeadline(db: Db, betId: string): Promise<void> {
  await prizeDb(db)
    .updateTable('prize_deadlines')
    .set({ resolved_at: null, resolution: null })
    .where('bet_id', '=', betId)
    .execute();
}

/** Records the breach (`stage`, the breached one, and its time); false when it was recorded already. */
export async function markBreached(trx: Trx, betId: string, stage: number, at: Date): Promise<boolean> {
  const row = await trx
    .withTables<PrizeTables>()
    .updateTable('prize_deadlines')
    .set({ stage, breached_at: at })
    .where('bet_id', '=', betId)
    .where('stage', '<', stage)
    .returning('bet_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Raises a record's stage to `stage`; never lowers it (two passes at once cannot go back). */
export async function raiseStage(db: Db, betId: string, stage: number): Promise<void> {
  await prizeDb(db)
    .updateTable('prize_deadlines')
    .set({ stage })
    .where('bet_id', '=', betId)
    .where('stage', '<', stage)
    .execute();
}

/** Every record still open, with its bet's state and result now. */
export async function unresolvedDeadlines(db: Db) {
  return prizeDb(db)
    .selectFrom('prize_deadlines')
    .innerJoin('sports_bets', 'sports_bets.id', 'prize_deadlines.bet_id')
    .select([
      'prize_deadlines.bet_id',
      'prize_deadlines.stage',
      'prize_deadlines.due_at',
      'sports_bets.state',
      'sports_bets.result_code',
      'sports_bets.payout_cents',
    ])
    .where('prize_deadlines.resolved_at', 'is', null)
    .execute();
}

/** Closes a record with how its bet ended; false when another pass closed it first. */
export async function markResolved(trx: Trx, betId: string, at: Date, resolution: string): Promise<boolean> {
  const row = await trx
    .withTables<PrizeTables>()
    .updateTable('prize_deadlines')
    .set({ resolved_at: at, resolution })
    .where('bet_id', '=', betId)
    .where('resolved_at', 'is', null)
    .returning('bet_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The operators' view of these bets' records: the stage and when it was breached. */
export async function reportedDeadlinesOf(db: Db, betIds: string[]) {
  if (betIds.length === 0) return [];
  return prizeDb(db)
    .selectFrom('prize_deadlines')
    .select(['bet_id', 'stage', 'breached_at'])
    .where('bet_id', 'in', betIds)
    .execute();
}

/** The usernames of these players, by id. */
export async function usernamesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
}

/** The latest `limit` breaches, newest first, paid late or still open, with the player's username. */
export async function latestBreaches(db: Db, limit: number) {
  return prizeDb(db)
    .selectFrom('prize_deadlines')
    .innerJoin('users', 'users.id', 'prize_deadlines.user_id')
    .select([
      'prize_deadlines.bet_id',
      'prize_deadlines.user_id',
      'users.username',
      'prize_deadlines.fixture_id',
      'prize_deadlines.found_state',
      'prize_deadlines.ended_at',
      'prize_deadlines.due_at',
      'prize_deadlines.breached_at',
      'prize_deadlines.resolved_at',
      'prize_deadlines.resolution',
    ])
    .where('prize_deadlines.breached_at', 'is not', null)
    .orderBy('prize_deadlines.breached_at', 'desc')
    .orderBy('prize_deadlines.bet_id')
    .limit(limit)
    .execute();
}
