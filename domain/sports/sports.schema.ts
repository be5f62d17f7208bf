import { z } from 'zod/mini';
import { SPORT_KEYS, type SportKey } from './sports';

/** Payloads of the sports calls (API.md "Sports"). Stakes are parsed by `parseAmount`. */

const isSportKey = (s: string): s is SportKey => (SPORT_KEYS as readonly string[]).includes(s);
// zod/mini's `.check` does not narrow a refinement's type as classic `.refine` did: the cast says
// what the check guarantees, so the parsed query still reads as a `SportKey`.
const sportKey = z.string().check(z.refine(isSportKey)) as z.ZodMiniType<SportKey, string>;
const sportParam = z.optional(sportKey);
/** What a bettor types to find a fixture (search.ts), and a competition's name as listed. */
const searchParam = z.optional(z.string().check(z.trim(), z.minLength(2), z.maxLength(60)));
const competitionParam = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80)));

/** `GET /sports/fixtures?sport=&live=&q=&competition=` (without `sport`, every sport). */
export const fixturesQuerySchema = z.object({
  sport: sportParam,
  live: z.optional(z.enum(['true', 'false', '1', '0'])),
  q: searchParam,
  competition: competitionParam,
});

/** `GET /sports/results?sport=&q=&competition=`: finished fixtures of the last seven days. */
export const resultsQuerySchema = z.object({
  sport: sportParam,
  q: searchParam,
  competition: competitionParam,
});

const oddsSchema = z.number().check(z.minimum(1), z.maximum(1_000_000));
const selectionSchema = z.strictObject({
  marketId: z.string().check(z.minLength(1), z.maxLength(64)),
  outcomeId: z.string().check(z.minLength(1), z.maxLength(16)),
});
const legSchema = z.extend(selectionSchema, {
  fixtureId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The price the slip showed; a builder's legs have none (the bet has one price, `odds`). */
  odds: z.optional(oddsSchema),
});

/**
 * `POST /sports/bet`: one leg is a single, more a parlay; `kind: "builder"` makes the legs, all of
 * one fixture, one Criar Aposta bet at `odds` (its quote). The stake is parsed by parseAmount.
 */
export const sportsBetSchema = z.strictObject({
  stake: z.optional(z.unknown()),
  legs: z.array(legSchema).check(z.minLength(1, { message: 'sportsLegsRequired' }), z.maxLength(100)),
  oddsChange: z._default(z.enum(['none', 'higher', 'any']), 'none'),
  kind: z.optional(z.enum(['builder'])),
  odds: z.optional(oddsSchema),
  /** A Super Odd (boosts.service.ts): a single on its selection at its boosted price. */
  boostId: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
});
export type SportsBetInput = z.infer<typeof sportsBetSchema>;

/** `POST /api/admin/sports/boosts`: a trader's Super Odd on one selection before the start. */
export const boostInputSchema = z.strictObject({
  fixtureId: z.string().check(z.minLength(1), z.maxLength(64)),
  marketId: z.string().check(z.minLength(1), z.maxLength(64)),
  outcomeId: z.string().check(z.minLength(1), z.maxLength(16)),
  odds: oddsSchema,
  /** The most one player may stake on it, BRL (parsed by parseAmount; at least R$ 1,00). */
  maxStake: z.unknown(),
});
export type BoostInput = z.infer<typeof boostInputSchema>;

/** `POST /sports/builder/quote { fixtureId, legs }` → `{ odds }`: Criar Aposta's price now. */
export const builderQuoteSchema = z.strictObject({
  fixtureId: z.string().check(z.minLength(1), z.maxLength(64)),
  legs: z.array(selectionSchema).check(z.minLength(1, { message: 'sportsLegsRequired' }), z.maxLength(20)),
});
export type BuilderQuoteInput = z.infer<typeof builderQuoteSchema>;

const scoreSchema = z.strictObject({
  home: z.int().check(z.minimum(0), z.maximum(999)),
  away: z.int().check(z.minimum(0), z.maximum(999)),
});

const periodSchema = z.extend(scoreSchema, { complete: z._default(z.boolean(), true) });

const driverSchema = z.strictObject({
  started: z._default(z.boolean(), true),
  /** Classified position, or null when the driver did not finish. */
  position: z.nullable(z.int().check(z.minimum(1), z.maximum(99))),
  laps: z.int().check(z.minimum(0), z.maximum(999)),
});

/** A driver of a race's field, as its selection's id. */
const driverIdSchema = z.string().check(z.minLength(1), z.maxLength(16));

/**
 * An operator's result (`POST /api/admin/sports/fixtures/{id}/result`): the match time code it
 * ended with and the scores reached; `complete` marks which periods were played to their end.
 * Beyond football's full time, first half and corners, every score and fact a sport's markets
 * settle on: basketball's regulation and fourth quarter, tennis's first set and games, who
 * retired or withdrew, who advanced (a super over), the innings a called baseball game completed,
 * a head-to-head's two drivers, a race's classification, and how long a fight lasted.
 */
export const operatorResultSchema = z.strictObject({
  status: z.int(),
  full: z.optional(periodSchema),
  firstHalf: z.optional(periodSchema),
  corners: z.optional(periodSchema),
  /** Football's yellow and red cards, one each (Total de Cartões). */
  cards: z.optional(periodSchema),
  regulation: z.optional(periodSchema),
  fourthQuarter: z.optional(periodSchema),
  firstSet: z.optional(periodSchema),
  games: z.optional(periodSchema),
  retired: z.optional(z.enum(['home', 'away'])),
  advanced: z.optional(z.enum(['home', 'away'])),
  innings: z.optional(
    z.number().check(
      z.minimum(0),
      z.maximum(30),
      z.refine((n) => Number.isInteger(n * 2), { message: 'sportsResultInvalid' }),
    ),
  ),
  race: z.optional(z.strictObject({ home: driverSchema, away: driverSchema })),
  /**
   * A race's own fixture (Vencedor da Corrida): the drivers classified first (two or more share a
   * dead heat) and those who did not start, by their selection ids.
   */
  classification: z.optional(
    z.strictObject({
      winners: z.array(driverIdSchema).check(z.maxLength(99)),
      notStarted: z._default(z.array(driverIdSchema).check(z.maxLength(99)), []),
    }),
  ),
  rounds: z.optional(
    z.strictObject({
      round: z.int().check(z.minimum(1), z.maximum(15)),
      seconds: z.int().check(z.minimum(0), z.maximum(180)),
    }),
  ),
  /** How a fight with a winner ended (Método de Vitória): inside the distance or on points. */
  method: z.optional(z.enum(['stoppage', 'points'])),
});
export type OperatorResultInput = z.infer<typeof operatorResultSchema>;

/** A player keeps at most this many favourite teams and competitions. */
export const FAVOURITES_MAX = 50;
const FAVOURITE_KINDS = ['team', 'competition'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** `POST /sports/favourites { kind, name, on }`: marks (`on: true`) or unmarks a favourite. */
export const favouriteSchema = z.strictObject({
  kind: z.enum(FAVOURITE_KINDS),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  on: z.boolean(),
});
export type FavouriteInput = z.infer<typeof favouriteSchema>;

/** `POST /sports/cashout { betId, amount? }`: without an amount the whole bet is cashed out. */
export const sportsCashoutSchema = z.strictObject({
  betId: z.string().check(z.minLength(1), z.maxLength(40)),
  amount: z.optional(z.unknown()),
});

// The answers, written with zod/mini so a visitor's first page carries no classic Zod.
export * from './sports-answers.schema';
