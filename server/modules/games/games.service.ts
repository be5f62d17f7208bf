import type { Db, Trx } from '../../infra/db/connection';
import type { AppContext } from '../../platform/context';
import type { GameKey } from '../../../domain/codes';
import { gameSettings, updateGameSettings, type GameSettings } from './settings';
import { rotateSeeds } from './seeds';
import { openMines, settleOpenMines } from './mines.service';

/**
 * The transactions the games' routes run: each function opens one and calls the settings, seeds
 * and mines functions inside it, so a route never holds a transaction itself.
 */

/**
 * Applies an operator's patch to a game's settings and runs `audit` with the settings before and
 * after, in one transaction; returns the settings after.
 */
export async function changeGameSettings(
  db: Db,
  game: GameKey,
  patch: Parameters<typeof updateGameSettings>[2],
  audit: (trx: Trx, before: GameSettings, after: GameSettings) => Promise<void>,
): Promise<GameSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await gameSettings(trx, game);
    await updateGameSettings(trx, game, patch);
    const changed = await gameSettings(trx, game);
    await audit(trx, before, changed);
    return changed;
  });
}

/** Reveals the player's server seed and starts a new pair, in one transaction. */
export async function rotatePlayerSeeds(db: Db, userId: number, clientSeed: string | undefined) {
  return db.transaction().execute((trx) => rotateSeeds(trx, userId, clientSeed));
}

/** The player's open MINES game, if any. */
export async function findOpenMines(db: Db, userId: number) {
  return db.transaction().execute((trx) => openMines(trx, userId));
}

/** Cashes out or closes the player's open MINES game (stopGame); true if there was one. */
export async function settlePlayersOpenMines(ctx: AppContext, userId: number): Promise<boolean> {
  return ctx.db.transaction().execute((trx) => settleOpenMines(ctx, trx, userId));
}
