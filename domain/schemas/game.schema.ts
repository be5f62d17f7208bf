import { z } from 'zod';
import { jsonBrl, jsonInt, jsonNumber, textDecimal, textInt } from './common.schema';

/** Payloads of the game calls (API.md "Games"). Amounts are parsed by `parseAmount`. */
export const diceBetSchema = z.strictObject({
  amount: z.unknown().optional(),
  target: jsonNumber('diceTargetInvalid'),
  direction: z.enum(['over', 'under'], { message: 'diceTargetInvalid' }),
});

export const limboBetSchema = z.strictObject({
  amount: z.unknown().optional(),
  target: jsonNumber('limboTargetInvalid'),
});

export const rowDoubleBetSchema = z.strictObject({
  amount: z.unknown().optional(),
  color: z.enum(['red', 'black', 'white'], { message: 'pickInvalid' }),
});

export const minesBetSchema = z.strictObject({
  amount: z.unknown().optional(),
  mines: jsonInt('minesCountInvalid').check(
    z.gte(1, { message: 'minesCountInvalid' }),
    z.lte(24, { message: 'minesCountInvalid' }),
  ),
});

export const minesRevealSchema = z.strictObject({
  gameId: z.string().max(40),
  tile: jsonInt('minesTileInvalid').check(
    z.gte(0, { message: 'minesTileInvalid' }),
    z.lte(24, { message: 'minesTileInvalid' }),
  ),
  step: jsonInt().check(z.gte(0), z.lte(24)),
});

export const minesCashoutSchema = z.strictObject({ gameId: z.string().max(40) });

export const doubleBetSchema = z.strictObject({
  roundId: z.string().max(40),
  color: z.enum(['red', 'black', 'white'], { message: 'pickInvalid' }),
  amount: z.unknown().optional(),
});

export const luckyBetSchema = z.strictObject({
  periodId: z.string().max(40),
  pick: z.enum(['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], {
    message: 'pickInvalid',
  }),
  amount: z.unknown().optional(),
});

export const rotateSchema = z.strictObject({
  clientSeed: z
    .string()
    .trim()
    .min(1, { message: 'invalidInput' })
    .max(64, { message: 'tooLong' })
    .optional(),
});

export const verifyQuerySchema = z.object({
  game: z.enum(['dice', 'limbo', 'mines', 'rowdouble']),
  serverSeed: z.string().min(1).max(128),
  clientSeed: z.string().min(1).max(128),
  nonce: z.pipe(textInt(), z.number().max(2 ** 31)),
  mines: z.pipe(textInt(), z.number().min(1).max(24)).optional(),
  edge: z.pipe(textDecimal(), z.number().min(0).max(0.15)).optional(),
});

/**
 * The answer of a settled instant bet (API.md): the server declares it on DICE, LIMBO and
 * ROWDOUBLE's bet routes (checked in the test runs) and the client parses it.
 */
/** The seeds a bet was played with (the server seed only by its hash until the player rotates). */
export const betFairnessSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});

export const settledBetSchema = z.object({
  betId: z.string(),
  gameCode: z.string(),
  amount: z.number(),
  multiplier: z.number(),
  payout: z.number(),
  win: z.boolean(),
  balance: z.number(),
  outcome: z.unknown(),
  fairness: betFairnessSchema,
});
export type SettledBet = z.infer<typeof settledBetSchema>;

export const gameSettingsPatchSchema = z.strictObject({
  stop: z.boolean().optional(),
  minBet: z.optional(jsonBrl().check(z.lte(1_000_000))),
  maxBet: z.optional(jsonBrl().check(z.lte(1_000_000))),
  maxPayout: z.optional(jsonBrl().check(z.lte(100_000_000))),
  edge: z.number().min(0).max(0.15).optional(),
});

// ---- answers of the game routes (the client parses them with these; the routes declare them) ----

export const gameEntrySchema = z.object({
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

export const publicSeedsSchema = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});

/** The player's seed pair as the public sees it (never the active server seed). */
export type PublicSeeds = z.infer<typeof publicSeedsSchema>;

export const rotatedSeedsSchema = publicSeedsSchema.extend({
  previousServerSeed: z.string(),
  previousServerSeedHash: z.string(),
  previousClientSeed: z.string(),
  previousNonce: z.number(),
});

/** What a rotation answers: the old server seed revealed and the new pair. */
export type RotatedSeeds = z.infer<typeof rotatedSeedsSchema>;

export const gameRecordSchema = z.object({
  id: z.string(),
  game: z.string(),
  amount: z.number(),
  payout: z.number(),
  multiplier: z.number(),
  status: z.string(),
  params: z.unknown(),
  outcome: z.unknown(),
  roundId: z.string().nullable(),
  fairness: betFairnessSchema.nullable(),
  createdAt: z.string(),
});

/** One of the player's bets in the game history. */
export type GameRecord = z.infer<typeof gameRecordSchema>;

export const roundViewSchema = z.object({
  roundId: z.string(),
  number: z.number(),
  phase: z.enum(['betting', 'rolling', 'complete', 'cancelled']),
  opensAt: z.string(),
  closesAt: z.string(),
  rollsAt: z.string(),
  completesAt: z.string(),
  /** The hash of the round before: the chain a player can check this round's hash against. */
  previousHash: z.string(),
  result: z.number().nullable(),
  /** Null while bets are taken (the hash would give the result away). */
  hash: z.string().nullable(),
  totals: z.record(z.string(), z.number()),
});

export const roundStateBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  pick: z.string(),
  amount: z.number(),
  status: z.enum(['open', 'settled', 'cancelled']),
  payout: z.number().nullable(),
});

/** A bet of the logged-in player in the current or the previous round, as the state call gives it. */
export type RoundStateBet = z.infer<typeof roundStateBetSchema>;

export const roundStateSchema = z.object({
  game: z.enum(['double', 'luckycolor']),
  round: roundViewSchema.nullable(),
  recent: z.array(
    z.object({ roundId: z.string(), number: z.number(), result: z.number(), hash: z.string() }),
  ),
  // Absent for a visitor (and from an older server): no bets of one's own to show.
  myBets: z.array(roundStateBetSchema).default([]),
  serverTime: z.string(),
});

/**
 * `GET /api/app/game/{game}/state`: the current round, the last results (newest first), the
 * player's own bets in the current and previous round (a reload settles what it shows), the
 * server's clock.
 */
export type RoundState = z.infer<typeof roundStateSchema>;

export const roundBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  pick: z.string(),
  amount: z.number(),
});

/** An accepted bet in a round (settled later with the round's result). */
export type RoundBet = z.infer<typeof roundBetSchema>;

/**
 * `GET /api/app/game/fairness/verify`: what the seeds give, by game — DICE's roll, LIMBO's result,
 * the MINES board's mine tiles, ROWDOUBLE's tile (domain/fairness/instant.ts `instantOutcome`).
 */
export const instantOutcomeSchema = z.union([
  z.strictObject({ roll: z.number() }),
  z.strictObject({ result: z.number() }),
  z.strictObject({ mines: z.array(z.number().int()) }),
  z.strictObject({ tile: z.number().int() }),
]);
export type InstantOutcome = z.infer<typeof instantOutcomeSchema>;

/** `GET /api/app/game/rounds/{game}/{roundId}`: a finished round with what a verifier needs. */
export const finishedRoundSchema = z.object({
  roundId: z.string(),
  hash: z.string(),
  previousHash: z.string(),
  salt: z.string(),
  result: z.number().int(),
});
export type FinishedRound = z.infer<typeof finishedRoundSchema>;

/** `GET /api/app/game/chain/{game}`: the round game's committed hash chain. */
export const roundChainSchema = z.object({
  terminatingHash: z.string(),
  salt: z.string(),
  length: z.number().int(),
});
export type RoundChain = z.infer<typeof roundChainSchema>;

/**
 * A MINES game as its player sees it (`mines/bet`, `mines/cashout`, `inPlay`): the mines only once
 * it has ended (`outcome`), the multiplier now and after one more gem, amounts in BRL.
 */
export const minesGameSchema = z.object({
  gameId: z.string(),
  gameCode: z.string(),
  status: z.enum(['open', 'busted', 'cashed']),
  mines: z.number().int(),
  step: z.number().int(),
  revealed: z.array(z.number().int()),
  amount: z.number(),
  multiplier: z.number(),
  nextMultiplier: z.number().nullable(),
  payout: z.number(),
  outcome: z.object({ mines: z.array(z.number().int()) }).optional(),
  fairness: betFairnessSchema,
  balance: z.number(),
});
/** The public state of a game (the mines only once it has ended). */
export type MinesGame = z.infer<typeof minesGameSchema>;

/** `POST /api/app/game/mines/reveal`: the game after the reveal, and what the tile was. */
export const minesRevealedSchema = minesGameSchema.extend({ mine: z.boolean(), tile: z.number().int() });
/** A game after a reveal, and what the tile was. */
export type MinesReveal = z.infer<typeof minesRevealedSchema>;

/** `GET /api/app/game/inPlay`: the player's open MINES game, null when none. */
export const gamesInPlaySchema = z.object({ mines: minesGameSchema.nullable() });
export type GamesInPlay = z.infer<typeof gamesInPlaySchema>;

/** `GET /api/app/game/stopGame`: whether an open game was settled. */
export const stopGameSchema = z.object({ settled: z.boolean() });
export type StopGame = z.infer<typeof stopGameSchema>;
