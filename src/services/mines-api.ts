import {
  gamesInPlaySchema,
  stopGameSchema,
  minesGameSchema,
  minesRevealedSchema,
  type MinesGame,
  type MinesReveal,
} from '../../domain/schemas/game.schema';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The MINES calls (API.md "Games"): start a game, reveal a tile (step-checked), cash out, and
 * `inPlay` to resume the player's open game. Every move carries the action's Idempotency-Key, so a
 * retried request after a lost answer cannot reveal or cash out twice. Answers are checked with zod.
 */

export type { MinesGame, MinesReveal };

const post = async (path: string, body: Record<string, unknown>, idempotencyKey: string) =>
  (
    await apiPost<unknown>(
      `/api/app/game/mines/${path}`,
      { ...body, loading: false },
      { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
    )
  ).data;

/** Starts a game of `mines` mines for `amount` BRL (the stake is debited). */
export async function startMinesGame(
  amount: number,
  mines: number,
  idempotencyKey: string,
): Promise<MinesGame> {
  return minesGameSchema.parse(await post('bet', { amount, mines }, idempotencyKey));
}

/** Reveals `tile` as the move number `step` (the gems found so far). */
export async function revealMinesTile(
  input: { gameId: string; tile: number; step: number },
  idempotencyKey: string,
): Promise<MinesReveal> {
  return minesRevealedSchema.parse(await post('reveal', input, idempotencyKey));
}

/** Cashes out the open game at its current multiplier. */
export async function cashOutMines(gameId: string, idempotencyKey: string): Promise<MinesGame> {
  return minesGameSchema.parse(await post('cashout', { gameId }, idempotencyKey));
}

/** The player's open game, if any (quiet: the table asks on its own). */
export async function fetchOpenMines(): Promise<MinesGame | null> {
  const body = await apiGet<unknown>('/api/app/game/inPlay', { loading: false }, { silent: true });
  return gamesInPlaySchema.parse(body.data).mines;
}

/**
 * Ends the player's game in play, if any (spec 7.18 `stopGame`): an open MINES game is cashed out at
 * what it has revealed (its stake back when nothing is). Quiet: the table is already gone.
 */
export async function stopGameInPlay(): Promise<boolean> {
  const body = await apiGet<unknown>('/api/app/game/stopGame', { loading: false }, { silent: true });
  return stopGameSchema.parse(body.data).settled;
}
