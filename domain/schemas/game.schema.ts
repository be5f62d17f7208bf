import { z } from 'zod/mini';
import { jsonBrl, jsonInt, jsonNumber, textDecimal, textInt } from './common.schema';

/** Payloads of the game calls (API.md "Games"). Amounts are parsed by `parseAmount`. */
export const diceBetSchema = z.strictObject({
  amount: z.optional(z.unknown()),
  target: jsonNumber('diceTargetInvalid'),
  direction: z.enum(['over', 'under'], { message: 'diceTargetInvalid' }),
});

export const limboBetSchema = z.strictObject({
  amount: z.optional(z.unknown()),
  target: jsonNumber('limboTargetInvalid'),
});

export const rowDoubleBetSchema = z.strictObject({
  amount: z.optional(z.unknown()),
  color: z.enum(['red', 'black', 'white'], { message: 'pickInvalid' }),
});

export const minesBetSchema = z.strictObject({
  amount: z.optional(z.unknown()),
  mines: jsonInt('minesCountInvalid').check(
    z.gte(1, { message: 'minesCountInvalid' }),
    z.lte(24, { message: 'minesCountInvalid' }),
  ),
});

export const minesRevealSchema = z.strictObject({
  gameId: z.string().check(z.maxLength(40)),
  tile: jsonInt('minesTileInvalid').check(
    z.gte(0, { message: 'minesTileInvalid' }),
    z.lte(24, { message: 'minesTileInvalid' }),
  ),
  step: jsonInt().check(z.gte(0), z.lte(24)),
});

export const minesCashoutSchema = z.strictObject({ gameId: z.string().check(z.maxLength(40)) });

export const doubleBetSchema = z.strictObject({
  roundId: z.string().check(z.maxLength(40)),
  color: z.enum(['red', 'black', 'white'], { message: 'pickInvalid' }),
  amount: z.optional(z.unknown()),
});

export const luckyBetSchema = z.strictObject({
  periodId: z.string().check(z.maxLength(40)),
  pick: z.enum(['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], {
    message: 'pickInvalid',
  }),
  amount: z.optional(z.unknown()),
});

export const rotateSchema = z.strictObject({
  clientSeed: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, { message: 'invalidInput' }), z.maxLength(64, { message: 'tooLong' })),
  ),
});

export const verifyQuerySchema = z.object({
  game: z.enum(['dice', 'limbo', 'mines', 'rowdouble']),
  serverSeed: z.string().check(z.minLength(1), z.maxLength(128)),
  clientSeed: z.string().check(z.minLength(1), z.maxLength(128)),
  nonce: z.pipe(textInt(), z.number().check(z.maximum(2 ** 31))),
  mines: z.optional(z.pipe(textInt(), z.number().check(z.minimum(1), z.maximum(24)))),
  edge: z.optional(z.pipe(textDecimal(), z.number().check(z.minimum(0), z.maximum(0.15)))),
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
  stop: z.optional(z.boolean()),
  minBet: z.optional(jsonBrl().check(z.lte(1_000_000))),
  maxBet: z.optional(jsonBrl().check(z.lte(1_000_000))),
  maxPayout: z.optional(jsonBrl().check(z.lte(100_000_000))),
  edge: z.optional(z.number().check(z.minimum(0), z.maximum(0.15))),
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

export const rotatedSeedsSchema = z.extend(publicSeedsSchema, {
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
  roundId: z.nullable(z.string()),
  fairness: z.nullable(betFairnessSchema),
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
  result: z.nullable(z.number()),
  /** Null while bets are taken (the hash would give the result away). */
  hash: z.nullable(z.string()),
  totals: z.record(z.string(), z.number()),
});

export const roundStateBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  pick: z.string(),
  amount: z.number(),
  status: z.enum(['open', 'settled', 'cancelled']),
  payout: z.nullable(z.number()),
});

/** A bet of the logged-in player in the current or the previous round, as the state call gives it. */
export type RoundStateBet = z.infer<typeof roundStateBetSchema>;

export const roundStateSchema = z.object({
  game: z.enum(['double', 'luckycolor']),
  round: z.nullable(roundViewSchema),
  recent: z.array(
    z.object({ roundId: z.string(), number: z.number(), result: z.number(), hash: z.string() }),
  ),
  // Absent for a visitor (and from an older server): no bets of one's own to show.
  myBets: z._default(z.array(roundStateBetSchema), []),
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
  z.strictObject({ mines: z.array(z.int()) }),
  z.strictObject({ tile: z.int() }),
]);
export type InstantOutcome = z.infer<typeof instantOutcomeSchema>;

/** `GET /api/app/game/rounds/{game}/{roundId}`: a finished round with what a verifier needs. */
export const finishedRoundSchema = z.object({
  roundId: z.string(),
  hash: z.string(),
  previousHash: z.string(),
  salt: z.string(),
  result: z.int(),
});
export type FinishedRound = z.infer<typeof finishedRoundSchema>;

/** `GET /api/app/game/chain/{game}`: the round game's committed hash chain. */
export const roundChainSchema = z.object({
  terminatingHash: z.string(),
  salt: z.string(),
  length: z.int(),
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
  mines: z.int(),
  step: z.int(),
  revealed: z.array(z.int()),
  amount: z.number(),
  multiplier: z.number(),
  nextMultiplier: z.nullable(z.number()),
  payout: z.number(),
  outcome: z.optional(z.object({ mines: z.array(z.int()) })),
  fairness: betFairnessSchema,
  balance: z.number(),
});
/** The public state of a game (the mines only once it has ended). */
export type MinesGame = z.infer<typeof minesGameSchema>;

/** `POST /api/app/game/mines/reveal`: the game after the reveal, and what the tile was. */
export const minesRevealedSchema = z.extend(minesGameSchema, { mine: z.boolean(), tile: z.int() });
/** A game after a reveal, and what the tile was. */
export type MinesReveal = z.infer<typeof minesRevealedSchema>;

/** `GET /api/app/game/inPlay`: the player's open MINES game, null when none. */
export const gamesInPlaySchema = z.object({ mines: z.nullable(minesGameSchema) });
export type GamesInPlay = z.infer<typeof gamesInPlaySchema>;

/** `GET /api/app/game/stopGame`: whether an open game was settled. */
export const stopGameSchema = z.object({ settled: z.boolean() });
export type StopGame = z.infer<typeof stopGameSchema>;
