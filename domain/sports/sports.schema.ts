import { z } from 'zod';
import { SPORT_KEYS, type SportKey } from './sports';

/** Payloads of the sports calls (API.md "Sports"). Stakes are parsed by `parseAmount`. */

const sportParam = z
  .string()
  .refine((s): s is SportKey => (SPORT_KEYS as readonly string[]).includes(s))
  .optional();
/** What a bettor types to find a fixture (search.ts), and a competition's name as listed. */
const searchParam = z.string().trim().min(2).max(60).optional();
const competitionParam = z.string().trim().min(1).max(80).optional();

/** `GET /sports/fixtures?sport=&live=&q=&competition=` (without `sport`, every sport). */
export const fixturesQuerySchema = z.object({
  sport: sportParam,
  live: z.enum(['true', 'false', '1', '0']).optional(),
  q: searchParam,
  competition: competitionParam,
});

/** `GET /sports/results?sport=&q=&competition=`: finished fixtures of the last seven days. */
export const resultsQuerySchema = z.object({
  sport: sportParam,
  q: searchParam,
  competition: competitionParam,
});

const oddsSchema = z.number().min(1).max(1_000_000);
const selectionSchema = z.strictObject({
  marketId: z.string().min(1).max(64),
  outcomeId: z.string().min(1).max(16),
});
const legSchema = selectionSchema.extend({
  fixtureId: z.string().min(1).max(64),
  /** The price the slip showed; a builder's legs have none (the bet has one price, `odds`). */
  odds: oddsSchema.optional(),
});

/**
 * `POST /sports/bet`: one leg is a single, more a parlay; `kind: "builder"` makes the legs, all of
 * one fixture, one Criar Aposta bet at `odds` (its quote). The stake is parsed by parseAmount.
 */
export const sportsBetSchema = z.strictObject({
  stake: z.unknown().optional(),
  legs: z.array(legSchema).min(1, { message: 'sportsLegsRequired' }).max(100),
  oddsChange: z.enum(['none', 'higher', 'any']).default('none'),
  kind: z.enum(['builder']).optional(),
  odds: oddsSchema.optional(),
  /** A Super Odd (boosts.service.ts): a single on its selection at its boosted price. */
  boostId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type SportsBetInput = z.infer<typeof sportsBetSchema>;

/** `POST /api/admin/sports/boosts`: a trader's Super Odd on one selection before the start. */
export const boostInputSchema = z.strictObject({
  fixtureId: z.string().min(1).max(64),
  marketId: z.string().min(1).max(64),
  outcomeId: z.string().min(1).max(16),
  odds: oddsSchema,
  /** The most one player may stake on it, BRL (parsed by parseAmount; at least R$ 1,00). */
  maxStake: z.unknown(),
});
export type BoostInput = z.infer<typeof boostInputSchema>;

/** `POST /sports/builder/quote { fixtureId, legs }` → `{ odds }`: Criar Aposta's price now. */
export const builderQuoteSchema = z.strictObject({
  fixtureId: z.string().min(1).max(64),
  legs: z.array(selectionSchema).min(1, { message: 'sportsLegsRequired' }).max(20),
});
export type BuilderQuoteInput = z.infer<typeof builderQuoteSchema>;

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

/** A driver of a race's field, as its selection's id. */
const driverIdSchema = z.string().min(1).max(16);

/**
 * An operator's result (`POST /api/admin/sports/fixtures/{id}/result`): the match time code it
 * ended with and the scores reached; `complete` marks which periods were played to their end.
 * Beyond football's full time, first half and corners, every score and fact a sport's markets
 * settle on: basketball's regulation and fourth quarter, tennis's first set and games, who
 * retired or withdrew, who advanced (a super over), the innings a called baseball game completed,
 * a head-to-head's two drivers, a race's classification, and how long a fight lasted.
 */
export const operatorResultSchema = z.strictObject({
  status: z.number().int(),
  full: periodSchema.optional(),
  firstHalf: periodSchema.optional(),
  corners: periodSchema.optional(),
  /** Football's yellow and red cards, one each (Total de Cartões). */
  cards: periodSchema.optional(),
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
  /**
   * A race's own fixture (Vencedor da Corrida): the drivers classified first (two or more share a
   * dead heat) and those who did not start, by their selection ids.
   */
  classification: z
    .strictObject({
      winners: z.array(driverIdSchema).max(99),
      notStarted: z.array(driverIdSchema).max(99).default([]),
    })
    .optional(),
  rounds: z
    .strictObject({ round: z.number().int().min(1).max(15), seconds: z.number().int().min(0).max(180) })
    .optional(),
  /** How a fight with a winner ended (Método de Vitória): inside the distance or on points. */
  method: z.enum(['stoppage', 'points']).optional(),
});
export type OperatorResultInput = z.infer<typeof operatorResultSchema>;

/** A player keeps at most this many favourite teams and competitions. */
export const FAVOURITES_MAX = 50;
const FAVOURITE_KINDS = ['team', 'competition'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** `POST /sports/favourites { kind, name, on }`: marks (`on: true`) or unmarks a favourite. */
export const favouriteSchema = z.strictObject({
  kind: z.enum(FAVOURITE_KINDS),
  name: z.string().trim().min(1).max(80),
  on: z.boolean(),
});
export type FavouriteInput = z.infer<typeof favouriteSchema>;

/** `POST /sports/cashout { betId, amount? }`: without an amount the whole bet is cashed out. */
export const sportsCashoutSchema = z.strictObject({
  betId: z.string().min(1).max(40),
  amount: z.unknown().optional(),
});

// The answers, written with zod/mini so a visitor's first page carries no classic Zod.
export * from './sports-answers.schema';
