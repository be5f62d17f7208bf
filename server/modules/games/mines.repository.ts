import type { Db, Trx } from '../../infra/db/connection';

/**
 * MINES' queries (issue 17: SQL in the repository, rules in the service): the games
 * (`mines_games`, one per bet) and their bets. The moves' checks and the payouts are decided in
 * mines.service.ts.
 */

/** A game as its moves read it: the board (JSON `mine_tiles`) and the tiles revealed so far. */
export interface MinesGameRow {
  bet_id: string;
  user_id: number;
  mines: number;
  mine_tiles: string;
  revealed: string;
  step: number;
  status: string;
}

/**
 * The player's game, locked for update so a double click or a replay waits for the move before
 * it; undefined when the player has no game with this id.
 */
export async function lockMinesGame(
  trx: Trx,
  userId: number,
  gameId: string,
): Promise<MinesGameRow | undefined> {
  return trx
    .selectFrom('mines_games')
    .select(['bet_id', 'user_id', 'mines', 'mine_tiles', 'revealed', 'step', 'status'])
    .where('bet_id', '=', gameId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The bet of a game: its stake, its fairness inputs and, once ended, its payout. */
export async function minesBet(trx: Trx, betId: string) {
  return trx
    .selectFrom('bets')
    .select([
      'amount_cents',
      'bonus_cents',
      'server_seed_hash',
      'client_seed',
      'nonce',
      'payout_cents',
      'multiplier',
    ])
    .where('id', '=', betId)
    .executeTakeFirstOrThrow();
}

/** The id of the player's open game, if any (a player has at most one; not locked). */
export async function openMinesGameId(trx: Trx, userId: number): Promise<string | undefined> {
  const open = await trx
    .selectFrom('mines_games')
    .select('bet_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return open?.bet_id;
}

/** Writes a new game with its board (the mines' tiles as JSON). */
export async function insertMinesGame(
  trx: Trx,
  game: { betId: string; userId: number; mines: number; mineTiles: string },
): Promise<void> {
  await trx
    .insertInto('mines_games')
    .values({ bet_id: game.betId, user_id: game.userId, mines: game.mines, mine_tiles: game.mineTiles })
    .execute();
}

/** Records a revealed tile and the step it leads to; the move restarts the idle window. */
export async function recordReveal(trx: Trx, betId: string, revealed: string, step: number): Promise<void> {
  await trx
    .updateTable('mines_games')
    .set({ revealed, step, last_move_at: new Date() })
    .where('bet_id', '=', betId)
    .execute();
}

/** Marks a game ended (busted or cashed). */
export async function endMinesGame(trx: Trx, betId: string, status: 'busted' | 'cashed'): Promise<void> {
  await trx
    .updateTable('mines_games')
    .set({ status, last_move_at: new Date() })
    .where('bet_id', '=', betId)
    .execute();
}

/** Settles a game's bet with its payout and outcome (the board and the tiles revealed, as JSON). */
export async function settleMinesBet(
  trx: Trx,
  betId: string,
  settled: { payoutCents: number; multiplier: number; outcome: string },
): Promise<void> {
  await trx
    .updateTable('bets')
    .set({
      status: 'settled',
      payout_cents: settled.payoutCents,
      multiplier: settled.multiplier,
      outcome: settled.outcome,
      settled_at: new Date(),
    })
    .where('id', '=', betId)
    .execute();
}

/** Players whose open game has had no move since `before`. */
export async function idleMinesPlayerIds(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('mines_games')
    .select('user_id')
    .where('status', '=', 'open')
    .where('last_move_at', '<', before)
    .execute();
  return rows.map((r) => r.user_id);
}
