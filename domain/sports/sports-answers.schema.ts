import { z } from 'zod/mini';

/**
 * The sports calls' answers (API.md "Sports"): the client parses them with these and the routes
 * declare them. Written with zod/mini, Zod's tree-shakable API, so a visitor's first page (home's
 * sports highlights) carries no classic Zod; sports.schema.ts re-exports them beside the requests.
 */

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
export const sportsResultSchema = z.extend(fixtureIdentitySchema, {
  status: z.number(),
  score: z.nullable(z.object({ home: z.number(), away: z.number() })),
  /** The first half's or the first set's score where the sport has one. */
  firstPeriod: z.nullable(z.object({ home: z.number(), away: z.number() })),
  /** A race's winner (drivers sharing a dead heat, comma-separated); null for other fixtures. */
  winner: z._default(z.nullable(z.string()), null),
});
export type SportsResult = z.infer<typeof sportsResultSchema>;

export const sportsScoreSchema = z.object({ home: z.number(), away: z.number() });

export const sportsOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  odds: z.nullable(z.number()),
  active: z.boolean(),
});

export const sportsMarketSchema = z.object({
  id: z.string(),
  type: z.string(),
  period: z.string(),
  line: z.nullable(z.number()),
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
  competitions: z._default(z.array(z.string()), []),
});

/** A sport of `/sports/sports` with its live and upcoming counts. */
export type SportSummary = z.infer<typeof sportSummarySchema>;

export const sportsFixtureSchema = z.extend(fixtureIdentitySchema, {
  live: z.boolean(),
  periodCode: z.number(),
  clock: z.nullable(z.string()),
  score: sportsScoreSchema,
  suspended: z._default(z.boolean(), false),
  main: z._default(z.nullable(sportsMarketSchema), null),
});

/** A fixture in a list, with its winner market inline. */
export type SportsFixture = z.infer<typeof sportsFixtureSchema>;

export const sportsFixtureDetailSchema = z.extend(sportsFixtureSchema, {
  stats: z._default(z.record(z.string(), sportsScoreSchema), {}),
  markets: z.array(sportsMarketSchema),
  /** Pagamento Antecipado: its Resultado Final singles are paid as won two goals ahead. */
  earlyPayout: z.optional(z.boolean()),
});

/**
 * A trader's result entry: the fixture, and each bet it settled or settled again — its result code
 * (domain/codes `BetResult`) and what it pays now (BRL).
 */
export const operatorResultAnswerSchema = z.object({
  fixtureId: z.string(),
  settled: z.array(z.object({ betId: z.string(), result: z.int(), payout: z.number() })),
});
export type OperatorResultAnswer = z.infer<typeof operatorResultAnswerSchema>;

/** A fixture with statistics and every market. */
export type SportsFixtureDetail = z.infer<typeof sportsFixtureDetailSchema>;

export const placedSportsBetSchema = z.object({
  betId: z.string(),
  /** `single`, `parlay` (múltipla) or `builder` (Criar Aposta). */
  kind: z._default(z.string(), 'single'),
  stake: z.number(),
  status: z.number(),
  /** `pending` while a live bet waits its delay, `open` once accepted. */
  state: z.string(),
  acceptAt: z._default(z.nullable(z.string()), null),
  combinedOdds: z.number(),
  potentialReturn: z.number(),
  legs: z.array(
    z.object({
      fixtureId: z.string(),
      marketId: z.string(),
      outcomeId: z.string(),
      odds: z.number(),
      live: z._default(z.boolean(), false),
    }),
  ),
});

/** A bet the server took (a live one may still be refused after its delay). */
export type PlacedSportsBet = z.infer<typeof placedSportsBetSchema>;

export const mySportsBetLegSchema = z.object({
  fixtureId: z.string(),
  /** The fixture's sport (null once the fixture is gone): the page names the market from it. */
  sport: z._default(z.nullable(z.string()), null),
  fixture: z.string(),
  marketId: z.string(),
  market: z.string(),
  outcomeId: z.string(),
  outcome: z.string(),
  odds: z.number(),
  live: z.boolean(),
  scoreAtPlacement: z.nullable(sportsScoreSchema),
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
  cashout: z.nullable(z.object({ available: z.boolean(), value: z.nullable(z.number()) })),
  potentialReturn: z.number(),
  combinedOdds: z.number(),
  result: z.number(),
  resultText: z.string(),
  orderStatus: z.number(),
  oddsChange: z.string(),
  placedAt: z.string(),
  acceptAt: z.nullable(z.string()),
  settledAt: z.nullable(z.string()),
  /** Paid as won when its team went two goals ahead (Pagamento Antecipado). */
  earlyPaid: z.optional(z.boolean()),
  /** Taken at a Super Odd (its boosted price; no cash-out). */
  boosted: z.optional(z.boolean()),
  legs: z.array(mySportsBetLegSchema),
});

/** One of the player's bets in "Minhas apostas". */
export type MySportsBet = z.infer<typeof mySportsBetSchema>;
/** One leg of a bet in "Minhas apostas". */
export type MySportsBetLeg = z.infer<typeof mySportsBetLegSchema>;

/** A Super Odd as the trader's calls answer it: the boosted price, and the book's when it was set. */
export const boostSchema = z.object({
  id: z.number(),
  fixtureId: z.string(),
  fixture: z.string(),
  startsAt: z.string(),
  marketId: z.string(),
  market: z.string(),
  outcomeId: z.string(),
  outcome: z.string(),
  odds: z.number(),
  was: z.number(),
  maxStake: z.number(),
});

/**
 * A running Super Odd as players see it (`GET /sports/boosts`), with its fixture's sport: the
 * player's page names a market such as `totals` by it (points, sets…) in the player's language.
 */
export const sportsBoostSchema = z.extend(boostSchema, { sport: z.string() });
export type SportsBoost = z.infer<typeof sportsBoostSchema>;

/** A Super Odd in the operator's report, with its own figures. */
export const boostReportRowSchema = z.extend(boostSchema, {
  endedAt: z.nullable(z.string()),
  bets: z.number(),
  players: z.number(),
  stakes: z.number(),
  paid: z.number(),
  hold: z.number(),
  boostCost: z.number(),
});

/**
 * `GET /sports/limits`: the operator's betting limits (BRL; odds as decimals), so the slip and a
 * partial cash-out can say a limit before the player confirms. The server still checks each one.
 */
export const sportsLimitsSchema = z.object({
  minStake: z.number(),
  maxStake: z.number(),
  maxLegs: z.number(),
  maxCombinedOdds: z.number(),
  maxPayoutPerBet: z.number(),
  cashoutMinPartial: z.number(),
});
export type SportsLimits = z.infer<typeof sportsLimitsSchema>;

/** `POST /sports/builder/quote` → Criar Aposta's price now for the selections sent. */
export const builderQuoteAnswerSchema = z.object({ odds: z.number() });

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

/** A player's favourites, in the order they were marked. */
export const favouritesSchema = z.object({ teams: z.array(z.string()), competitions: z.array(z.string()) });
export type Favourites = z.infer<typeof favouritesSchema>;
