import type { Db, Trx } from '../../infra/db/connection';

/**
 * The shared rounds' queries (issue 17: SQL in the repository, rules in the service): the rounds of
 * DOUBLE and LUCKYCOLOR and the bets placed in them. Whether a round opens, closes or is cancelled,
 * and what a bet pays, is decided in rounds.service.ts.
 */

/** A stake in a round: the pick (JSON in `params`) and the amount. */
export async function roundStakes(db: Db | Trx, roundId: string) {
  return db.selectFrom('bets').select(['params', 'amount_cents']).where('round_id', '=', roundId).execute();
}

/** The game's newest round, whatever its phase (the scheduler's and the late joiner's view). */
export async function latestRound(db: Db, game: string) {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('game', '=', game)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Opens round `number` for bets; undefined when another instance opened it first (the unique
 * game and number make the insert a no-op, so only one opener announces it).
 */
export async function insertRound(
  db: Db,
  round: { id: string; game: string; number: number; opensAt: Date; closesAt: Date; completesAt: Date },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('rounds')
    .values({
      id: round.id,
      game: round.game,
      number: round.number,
      status: 'betting',
      opens_at: round.opensAt,
      closes_at: round.closesAt,
      completes_at: round.completesAt,
    })
    .onConflict((oc) => oc.columns(['game', 'number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Closes a round still taking bets and writes its result. The update waits for the bets being
 * placed (they share-lock the row), so none joins after it; false when the round was no longer
 * betting (another instance closed or cancelled it).
 */
export async function closeRound(db: Db, roundId: string, hash: string, result: number): Promise<boolean> {
  const closed = await db
    .updateTable('rounds')
    .set({ status: 'rolling', hash, result })
    .where('id', '=', roundId)
    .where('status', '=', 'betting')
    .returning('id')
    .executeTakeFirst();
  return closed !== undefined;
}

/** Marks a rolling round complete (a no-op when it already is). */
export async function completeRound(db: Db, roundId: string): Promise<void> {
  await db
    .updateTable('rounds')
    .set({ status: 'complete' })
    .where('id', '=', roundId)
    .where('status', '=', 'rolling')
    .execute();
}

/** Cancels a round still taking bets; false when it was no longer betting. */
export async function cancelBettingRound(db: Db, roundId: string): Promise<boolean> {
  const cancelled = await db
    .updateTable('rounds')
    .set({ status: 'cancelled' })
    .where('id', '=', roundId)
    .where('status', '=', 'betting')
    .returning('id')
    .executeTakeFirst();
  return cancelled !== undefined;
}

/** The game's rounds still taking bets (more than one only after an interrupted driver). */
export async function bettingRounds(db: Db, game: string) {
  return db
    .selectFrom('rounds')
    .select('id')
    .where('game', '=', game)
    .where('status', '=', 'betting')
    .execute();
}

/** Rounds past betting that still hold an open bet (their settling instance stopped midway). */
export async function roundsWithOpenBets(db: Db, game: string) {
  return db
    .selectFrom('rounds')
    .innerJoin('bets', 'bets.round_id', 'rounds.id')
    .select(['rounds.id', 'rounds.status', 'rounds.result'])
    .distinct()
    .where('rounds.game', '=', game)
    .where('rounds.status', '!=', 'betting')
    .where('bets.status', '=', 'open')
    .execute();
}

/** A round's open bets, by player then bet, the order their settlement locks them in. */
export async function openRoundBets(db: Db, roundId: string) {
  return db
    .selectFrom('bets')
    .select(['id', 'user_id', 'amount_cents', 'bonus_cents', 'params'])
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .orderBy('user_id')
    .orderBy('id')
    .execute();
}

/**
 * Settles (or, when cancelled, refunds) one open bet of a round. Guarded by its status, so a bet
 * is paid once however many instances reach it; false when it was no longer open. A refund writes
 * no outcome.
 */
export async function closeRoundBet(
  trx: Trx,
  betId: string,
  close: { status: 'settled' | 'cancelled'; payoutCents: number; multiplier: number; outcome?: string },
): Promise<boolean> {
  const updated = await trx
    .updateTable('bets')
    .set({
      status: close.status,
      payout_cents: close.payoutCents,
      multiplier: close.multiplier,
      ...(close.outcome !== undefined ? { outcome: close.outcome } : {}),
      settled_at: new Date(),
    })
    .where('id', '=', betId)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * The round a bet is placed in, share-locked for the rest of the transaction so closing it waits
 * for the bet; undefined when there is no such round.
 */
export async function shareLockRound(trx: Trx, game: string, number: number) {
  return trx
    .selectFrom('rounds')
    .select(['id', 'status', 'closes_at'])
    .where('game', '=', game)
    .where('number', '=', number)
    .forShare()
    .executeTakeFirst();
}

/** A player's bets in the given rounds, in the order they were placed. */
export async function playerBetsInRounds(db: Db, userId: number, roundIds: string[]) {
  return db
    .selectFrom('bets')
    .select(['id', 'round_id', 'params', 'amount_cents', 'status', 'payout_cents', 'multiplier'])
    .where('user_id', '=', userId)
    .where('round_id', 'in', roundIds)
    .orderBy('created_at')
    .execute();
}

/** The game's last 50 rounds with a result, newest first. */
export async function recentRounds(db: Db, game: string) {
  return db
    .selectFrom('rounds')
    .select(['id', 'number', 'result', 'hash'])
    .where('game', '=', game)
    .where('status', 'in', ['rolling', 'complete'])
    .orderBy('number', 'desc')
    .limit(50)
    .execute();
}

/** Round `number` of the game, in any phase. */
export async function roundByNumber(db: Db, game: string, number: number) {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('game', '=', game)
    .where('number', '=', number)
    .executeTakeFirst();
}

/**
 * Moves the close and the completion of a round still taking bets to the given instants (the
 * rounds' test control); false when the round no longer takes bets.
 */
export async function moveBettingClose(db: Db, id: string, closesAt: Date, completesAt: Date) {
  const row = await db
    .updateTable('rounds')
    .set({ closes_at: closesAt, completes_at: completesAt })
    .where('id', '=', id)
    .where('status', '=', 'betting')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
