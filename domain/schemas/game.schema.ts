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
  mines: jsonInt('minesCountInvalid')
    .min(1, { message: 'minesCountInvalid' })
    .max(24, { message: 'minesCountInvalid' }),
});

export const minesRevealSchema = z.strictObject({
  gameId: z.string().max(40),
  tile: jsonInt('minesTileInvalid')
    .min(0, { message: 'minesTileInvalid' })
    .max(24, { message: 'minesTileInvalid' }),
  step: jsonInt().min(0).max(24),
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
  nonce: textInt().pipe(z.number().max(2 ** 31)),
  mines: textInt().pipe(z.number().min(1).max(24)).optional(),
  edge: textDecimal().pipe(z.number().min(0).max(0.15)).optional(),
});

/**
 * The answer of a settled instant bet (API.md): the server declares it on DICE, LIMBO and
 * ROWDOUBLE's bet routes (checked in the test runs) and the client parses it.
 */
export const settledBetSchema = z.object({
  betId: z.string(),
  gameCode: z.string(),
  amount: z.number(),
  multiplier: z.number(),
  payout: z.number(),
  win: z.boolean(),
  balance: z.number(),
  outcome: z.unknown(),
  fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() }),
});
export type SettledBet = z.infer<typeof settledBetSchema>;

export const gameSettingsPatchSchema = z.strictObject({
  stop: z.boolean().optional(),
  minBet: jsonBrl().max(1_000_000).optional(),
  maxBet: jsonBrl().max(1_000_000).optional(),
  maxPayout: jsonBrl().max(100_000_000).optional(),
  edge: z.number().min(0).max(0.15).optional(),
});
