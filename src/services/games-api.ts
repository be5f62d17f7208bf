import { z } from 'zod';
import { settledBetSchema, type SettledBet } from '../../domain/schemas/game.schema';
import type { DiceDirection, DoubleColor } from '../../domain/games/rules';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The calls the games share (API.md "Games"): the game list with RTP and limits, the instant bets,
 * the player's seeds and their rotation, and the player's game history. Answers are checked with
 * zod so a contract change shows up here rather than as a wrong number on the table. Bets never
 * light the global loading indicator: the table itself shows the round.
 */

const gameEntrySchema = z.object({
  glId: z.number(),
  gameCode: z.string(),
  gameNameEn: z.string(),
  gameType: z.string(),
  stop: z.boolean(),
  rtp: z.number(),
  minBet: z.number(),
  maxBet: z.number(),
  maxPayout: z.number(),
  edge: z.number(),
});

/** One game of `/api/app/game/list`: limits in BRL, RTP in percent, edge as a fraction. */
export type GameEntry = z.infer<typeof gameEntrySchema>;

/** The six games with their current settings. */
export async function fetchGameList(): Promise<GameEntry[]> {
  const body = await apiGet<unknown>('/api/app/game/list', { loading: false }, { silent: true });
  return gameEntrySchema.array().parse(body.data);
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

const seedsSchema = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});

/** The player's seed pair as the public sees it (never the active server seed). */
export type PublicSeeds = z.infer<typeof seedsSchema>;

/** The player's current seeds. */
export async function fetchSeeds(): Promise<PublicSeeds> {
  const body = await apiGet<unknown>('/api/app/game/fairness', { loading: false });
  return seedsSchema.parse(body.data);
}

const rotatedSchema = seedsSchema.extend({
  previousServerSeed: z.string(),
  previousServerSeedHash: z.string(),
  previousClientSeed: z.string(),
  previousNonce: z.number(),
});

/** What a rotation answers: the old server seed revealed and the new pair. */
export type RotatedSeeds = z.infer<typeof rotatedSchema>;

/** Reveals the active server seed and moves to the committed next one (with `clientSeed`, if any). */
export async function rotateSeeds(clientSeed?: string): Promise<RotatedSeeds> {
  const body = await apiPost<unknown>('/api/app/game/fairness/rotate', clientSeed ? { clientSeed } : {});
  return rotatedSchema.parse(body.data);
}

const gameRecordSchema = z.object({
  id: z.string(),
  game: z.string(),
  amount: z.number(),
  payout: z.number(),
  multiplier: z.number(),
  status: z.string(),
  params: z.unknown(),
  outcome: z.unknown(),
  roundId: z.string().nullable(),
  fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() }).nullable(),
  createdAt: z.string(),
});

/** One of the player's bets in the game history. */
export type GameRecord = z.infer<typeof gameRecordSchema>;

/** The player's latest bets (every game), newest first; quiet, as the table refreshes it itself. */
export async function fetchGameRecords(size = 30): Promise<GameRecord[]> {
  const body = await apiGet<unknown>(
    '/api/app/user/records',
    { kind: 'game', page: 1, size, loading: false },
    { silent: true },
  );
  return z.object({ list: gameRecordSchema.array() }).parse(body.data).list;
}

/** One page of the player's bets (`/gameMess`), of one game or all, newest first, with the total. */
export async function fetchGameRecordsPage(
  game: string | null,
  page: number,
  size: number,
): Promise<{ list: GameRecord[]; total: number }> {
  const body = await apiGet<unknown>('/api/app/user/records', {
    kind: 'game',
    ...(game ? { game } : {}),
    page,
    size,
    loading: false,
  });
  return z.object({ list: gameRecordSchema.array(), total: z.number() }).parse(body.data);
}
