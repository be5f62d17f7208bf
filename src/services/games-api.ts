import { z } from 'zod/mini';
import {
  settledBetSchema,
  type SettledBet,
  gameEntrySchema,
  publicSeedsSchema,
  rotatedSeedsSchema,
  type GameEntry,
  type PublicSeeds,
  type RotatedSeeds,
  type GameRecord,
} from '../../domain/schemas/game.schema';
import { gameRecordsPageSchema, type GameRecordsPage } from '../../domain/schemas/wallet.schema';
import type { DiceDirection, DoubleColor } from '../../domain/games/rules';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The calls the games share (API.md "Games"): the game list with RTP and limits, the instant bets,
 * the player's seeds and their rotation, and the player's game history. Answers are checked with
 * zod so a contract change shows up here rather than as a wrong number on the table. Bets never
 * light the global loading indicator: the table itself shows the round.
 */

export type { GameEntry, PublicSeeds, RotatedSeeds, GameRecord };

/** The six games with their current settings. */
export async function fetchGameList(): Promise<GameEntry[]> {
  const body = await apiGet<unknown>('/api/app/game/list', { loading: false }, { silent: true });
  return z.array(gameEntrySchema).parse(body.data);
}

/** The terms of an instant bet by game (the server's request bodies). */
export type InstantBetTerms =
  | { game: 'dice'; target: number; direction: DiceDirection }
  | { game: 'limbo'; target: number }
  | { game: 'rowdouble'; color: DoubleColor };

/** Places and settles an instant bet under the action's idempotency key. */
export async function placeInstantBet(
  terms: InstantBetTerms,
  amount: number,
  idempotencyKey: string,
): Promise<SettledBet> {
  const { game, ...rest } = terms;
  const body = await apiPost<unknown>(
    `/api/app/game/${game}/bet`,
    { ...rest, amount, loading: false },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return settledBetSchema.parse(body.data);
}

/** The player's current seeds. */
export async function fetchSeeds(): Promise<PublicSeeds> {
  const body = await apiGet<unknown>('/api/app/game/fairness', { loading: false });
  return publicSeedsSchema.parse(body.data);
}

/** Reveals the active server seed and moves to the committed next one (with `clientSeed`, if any). */
export async function rotateSeeds(clientSeed?: string): Promise<RotatedSeeds> {
  const body = await apiPost<unknown>('/api/app/game/fairness/rotate', clientSeed ? { clientSeed } : {});
  return rotatedSeedsSchema.parse(body.data);
}

/** The player's latest bets (every game), newest first; quiet, as the table refreshes it itself. */
export async function fetchGameRecords(size = 30): Promise<GameRecord[]> {
  const body = await apiGet<unknown>(
    '/api/app/user/records',
    { kind: 'game', page: 1, size, loading: false },
    { silent: true },
  );
  return gameRecordsPageSchema.parse(body.data).list;
}

/**
 * One page of the player's bets (`/gameMess`), of one game or all, newest first, with the total.
 * `quiet` is for a call the player did not ask for (a table's recent results): a failure is not
 * alerted, the caller just shows nothing.
 */
export async function fetchGameRecordsPage(
  game: string | null,
  page: number,
  size: number,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<GameRecordsPage> {
  const body = await apiGet<unknown>(
    '/api/app/user/records',
    { kind: 'game', ...(game ? { game } : {}), page, size, loading: false },
    { silent: quiet },
  );
  return gameRecordsPageSchema.parse(body.data);
}
