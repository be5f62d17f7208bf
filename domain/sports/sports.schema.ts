import { z } from 'zod';
import { SPORT_KEYS, type SportKey } from './sports';

/** Payloads of the sports calls (API.md "Sports"). Stakes are parsed by `parseAmount`. */

/** `GET /sports/fixtures?sport=&live=`. */
export const fixturesQuerySchema = z.object({
  sport: z
    .string()
    .refine((s): s is SportKey => (SPORT_KEYS as readonly string[]).includes(s))
    .optional(),
  live: z.enum(['true', 'false', '1', '0']).optional(),
});

const legSchema = z.strictObject({
  fixtureId: z.string().min(1).max(64),
  marketId: z.string().min(1).max(64),
  outcomeId: z.string().min(1).max(16),
  odds: z.number().min(1).max(1_000_000),
});

/** `POST /sports/bet`: one leg is a single, more a parlay; the stake is parsed by parseAmount. */
export const sportsBetSchema = z.strictObject({
  stake: z.unknown().optional(),
  legs: z.array(legSchema).min(1, { message: 'sportsLegsRequired' }).max(100),
  oddsChange: z.enum(['none', 'higher', 'any']).default('none'),
});
export type SportsBetInput = z.infer<typeof sportsBetSchema>;

/** `GET /sports/bets?status=`: open (waiting) or settled bets; both when absent. */
export const sportsBetsQuerySchema = z.object({ status: z.enum(['open', 'settled']).optional() });

const scoreSchema = z.strictObject({
  home: z.number().int().min(0).max(999),
  away: z.number().int().min(0).max(999),
});

const periodSchema = scoreSchema.extend({ complete: z.boolean().default(true) });

const driverSchema = z.strictObject({
  started: z.boolean().default(true),
  /** Classified position, or null when the driver did not finish. */
  position: z.number().int().min(1).max(99).nullable(),
  laps: z.number().int().min(0).max(999),
});

/**
 * An operator's result (`POST /api/admin/sports/fixtures/{id}/result`): the match time code it
 * ended with and the scores reached; `complete` marks which periods were played to their end.
 * Beyond football's full time, first half and corners, every score and fact a sport's markets
 * settle on: basketball's regulation and fourth quarter, tennis's first set and games, who
 * retired or withdrew, who advanced (a super over), the innings a called baseball game completed,
 * a head-to-head's two drivers, and how long a fight lasted.
 */
export const operatorResultSchema = z.strictObject({
  status: z.number().int(),
  full: periodSchema.optional(),
  firstHalf: periodSchema.optional(),
  corners: periodSchema.optional(),
  regulation: periodSchema.optional(),
  fourthQuarter: periodSchema.optional(),
  firstSet: periodSchema.optional(),
  games: periodSchema.optional(),
  retired: z.enum(['home', 'away']).optional(),
  advanced: z.enum(['home', 'away']).optional(),
  innings: z
    .number()
    .min(0)
    .max(30)
    .refine((n) => Number.isInteger(n * 2), { message: 'sportsResultInvalid' })
    .optional(),
  race: z.strictObject({ home: driverSchema, away: driverSchema }).optional(),
  rounds: z
    .strictObject({ round: z.number().int().min(1).max(15), seconds: z.number().int().min(0).max(180) })
    .optional(),
});
export type OperatorResultInput = z.infer<typeof operatorResultSchema>;

/** `POST /sports/cashout { betId, amount? }`: without an amount the whole bet is cashed out. */
export const sportsCashoutSchema = z.strictObject({
  betId: z.string().min(1).max(40),
  amount: z.unknown().optional(),
});
