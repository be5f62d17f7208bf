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

/** Which fixture: what every list of fixtures, open or finished, says of it. */
export const fixtureIdentitySchema = z.object({
  id: z.string(),
  sport: z.string(),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
});

/** A finished fixture: how it ended (the specification's match time code) and its final score. */
export const sportsResultSchema = fixtureIdentitySchema.extend({
  status: z.number(),
  score: z.object({ home: z.number(), away: z.number() }).nullable(),
  /** The first half's or the first set's score where the sport has one. */
  firstPeriod: z.object({ home: z.number(), away: z.number() }).nullable(),
});
export type SportsResult = z.infer<typeof sportsResultSchema>;

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

/** A player's favourites, in the order they were marked. */
export const favouritesSchema = z.object({ teams: z.array(z.string()), competitions: z.array(z.string()) });
export type Favourites = z.infer<typeof favouritesSchema>;

/** `POST /sports/cashout { betId, amount? }`: without an amount the whole bet is cashed out. */
export const sportsCashoutSchema = z.strictObject({
  betId: z.string().min(1).max(40),
  amount: z.unknown().optional(),
});

// ---- answers (the client parses them with these; the routes declare them) ----

export const sportsScoreSchema = z.object({ home: z.number(), away: z.number() });

export const sportsOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  odds: z.number().nullable(),
  active: z.boolean(),
});

export const sportsMarketSchema = z.object({
  id: z.string(),
  type: z.string(),
  period: z.string(),
  line: z.number().nullable(),
  /** 1 active, 0 inactive, −1 suspended, −3 settled, −4 cancelled (design/sports.md). */
  status: z.number(),
  name: z.string(),
  group: z.string(),
  outcomes: z.array(sportsOutcomeSchema),
});

/** One market of a fixture, with pt-BR names. */
export type SportsMarket = z.infer<typeof sportsMarketSchema>;
/** One selection of a market. */
export type SportsOutcome = z.infer<typeof sportsOutcomeSchema>;

export const sportSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  live: z.number(),
  upcoming: z.number(),
  competitions: z.array(z.string()).default([]),
});

/** A sport of `/sports/sports` with its live and upcoming counts. */
export type SportSummary = z.infer<typeof sportSummarySchema>;

export const sportsFixtureSchema = fixtureIdentitySchema.extend({
  live: z.boolean(),
  periodCode: z.number(),
  clock: z.string().nullable(),
  score: sportsScoreSchema,
  suspended: z.boolean().default(false),
  main: sportsMarketSchema.nullable().default(null),
});

/** A fixture in a list, with its winner market inline. */
export type SportsFixture = z.infer<typeof sportsFixtureSchema>;

export const sportsFixtureDetailSchema = sportsFixtureSchema.extend({
  stats: z.record(z.string(), sportsScoreSchema).default({}),
  markets: z.array(sportsMarketSchema),
  /** Pagamento Antecipado: its Resultado Final singles are paid as won two goals ahead. */
  earlyPayout: z.boolean().optional(),
});

/**
 * A trader's result entry: the fixture, and each bet it settled or settled again — its result code
 * (domain/codes `BetResult`) and what it pays now (BRL).
 */
export const operatorResultAnswerSchema = z.object({
  fixtureId: z.string(),
  settled: z.array(z.object({ betId: z.string(), result: z.number().int(), payout: z.number() })),
});
export type OperatorResultAnswer = z.infer<typeof operatorResultAnswerSchema>;

/** A fixture with statistics and every market. */
export type SportsFixtureDetail = z.infer<typeof sportsFixtureDetailSchema>;

export const placedSportsBetSchema = z.object({
  betId: z.string(),
  stake: z.number(),
  status: z.number(),
  /** `pending` while a live bet waits its delay, `open` once accepted. */
  state: z.string(),
  acceptAt: z.string().nullable().default(null),
  combinedOdds: z.number(),
  potentialReturn: z.number(),
  legs: z.array(
    z.object({
      fixtureId: z.string(),
      marketId: z.string(),
      outcomeId: z.string(),
      odds: z.number(),
      live: z.boolean().default(false),
    }),
  ),
});

/** A bet the server took (a live one may still be refused after its delay). */
export type PlacedSportsBet = z.infer<typeof placedSportsBetSchema>;

export const mySportsBetLegSchema = z.object({
  fixtureId: z.string(),
  fixture: z.string(),
  marketId: z.string(),
  market: z.string(),
  outcomeId: z.string(),
  outcome: z.string(),
  odds: z.number(),
  live: z.boolean(),
  scoreAtPlacement: sportsScoreSchema.nullable(),
  result: z.number(),
  resultText: z.string(),
});

export const mySportsBetSchema = z.object({
  betId: z.string(),
  kind: z.string(),
  state: z.string(),
  stake: z.number(),
  stakeOpen: z.number(),
  payout: z.number(),
  cashedOut: z.number(),
  cashout: z.object({ available: z.boolean(), value: z.number().nullable() }).nullable(),
  potentialReturn: z.number(),
  combinedOdds: z.number(),
  result: z.number(),
  resultText: z.string(),
  orderStatus: z.number(),
  oddsChange: z.string(),
  placedAt: z.string(),
  acceptAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** Paid as won when its team went two goals ahead (Pagamento Antecipado). */
  earlyPaid: z.boolean().optional(),
  legs: z.array(mySportsBetLegSchema),
});

/** One of the player's bets in "Minhas apostas". */
export type MySportsBet = z.infer<typeof mySportsBetSchema>;
/** One leg of a bet in "Minhas apostas". */
export type MySportsBetLeg = z.infer<typeof mySportsBetLegSchema>;

export const cashoutResultSchema = z.object({
  betId: z.string(),
  amount: z.number(),
  value: z.number(),
  state: z.string(),
  stakeOpen: z.number(),
  cashedOut: z.number(),
});

/** What a cash-out paid. */
export type CashoutResult = z.infer<typeof cashoutResultSchema>;
