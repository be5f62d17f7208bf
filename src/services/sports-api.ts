import { z } from 'zod';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The sportsbook calls (API.md "Sports"): sports with counts, fixtures with their state and main
 * market, a fixture's markets, bets, "Minhas apostas" and cash-out. Answers are checked with zod so
 * a contract change shows up here. Reads are quiet (the pages refresh them on their own); bets and
 * cash-outs go through the client's error catalogue like every money call.
 */

const scoreSchema = z.object({ home: z.number(), away: z.number() });

const outcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  odds: z.number().nullable(),
  active: z.boolean(),
});

const marketSchema = z.object({
  id: z.string(),
  type: z.string(),
  period: z.string(),
  line: z.number().nullable(),
  /** 1 active, 0 inactive, −1 suspended, −3 settled, −4 cancelled (design/sports.md). */
  status: z.number(),
  name: z.string(),
  group: z.string(),
  outcomes: z.array(outcomeSchema),
});

/** One market of a fixture, with pt-BR names. */
export type SportsMarket = z.infer<typeof marketSchema>;
/** One selection of a market. */
export type SportsOutcome = z.infer<typeof outcomeSchema>;

const sportSchema = z.object({
  key: z.string(),
  name: z.string(),
  live: z.number(),
  upcoming: z.number(),
  competitions: z.array(z.string()).default([]),
});

/** A sport of `/sports/sports` with its live and upcoming counts. */
export type SportSummary = z.infer<typeof sportSchema>;

const fixtureSchema = z.object({
  id: z.string(),
  sport: z.string(),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  live: z.boolean(),
  periodCode: z.number(),
  clock: z.string().nullable(),
  score: scoreSchema,
  suspended: z.boolean().default(false),
  main: marketSchema.nullable().default(null),
});

/** A fixture in a list, with its winner market inline. */
export type SportsFixture = z.infer<typeof fixtureSchema>;

const fixtureDetailSchema = fixtureSchema.extend({
  stats: z.record(z.string(), scoreSchema).default({}),
  markets: z.array(marketSchema),
});

/** A fixture with statistics and every market. */
export type SportsFixtureDetail = z.infer<typeof fixtureDetailSchema>;

/** The twelve sports with counts. */
export async function fetchSports(): Promise<SportSummary[]> {
  const body = await apiGet<unknown>('/api/app/sports/sports', { loading: false }, { silent: true });
  return sportSchema.array().parse(body.data);
}

/** Live or upcoming fixtures of a sport (both when `live` is undefined), by start. */
export async function fetchFixtures(sport: string, live?: boolean): Promise<SportsFixture[]> {
  const params: Record<string, unknown> = { sport, loading: false };
  if (live !== undefined) params.live = String(live);
  const body = await apiGet<unknown>('/api/app/sports/fixtures', params, { silent: true });
  return fixtureSchema.array().parse(body.data);
}

/** One fixture with every market; `silent` keeps a background refresh from alerting. */
export async function fetchFixture(id: string, silent = true): Promise<SportsFixtureDetail> {
  const body = await apiGet<unknown>(
    `/api/app/sports/fixtures/${encodeURIComponent(id)}`,
    { loading: false },
    { silent },
  );
  return fixtureDetailSchema.parse(body.data);
}

/** The player's odds-change preference (design/sports.md "Betting"). */
export type OddsChangePreference = 'none' | 'higher' | 'any';

/** One leg as the server takes it: the odds are the ones the player saw. */
export interface BetLeg {
  fixtureId: string;
  marketId: string;
  outcomeId: string;
  odds: number;
}

const placedSchema = z.object({
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
export type PlacedSportsBet = z.infer<typeof placedSchema>;

/** Places one bet (a single with one leg, a múltipla with more) under the action's key. */
export async function placeSportsBet(
  body: { stake: number; legs: BetLeg[]; oddsChange: OddsChangePreference },
  idempotencyKey: string,
): Promise<PlacedSportsBet> {
  const answer = await apiPost<unknown>(
    '/api/app/sports/bet',
    { ...body, legs: body.legs.map((l) => ({ ...l })), loading: false },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return placedSchema.parse(answer.data);
}

const betLegSchema = z.object({
  fixtureId: z.string(),
  fixture: z.string(),
  marketId: z.string(),
  market: z.string(),
  outcomeId: z.string(),
  outcome: z.string(),
  odds: z.number(),
  live: z.boolean(),
  scoreAtPlacement: scoreSchema.nullable(),
  result: z.number(),
  resultText: z.string(),
});

const myBetSchema = z.object({
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
  legs: z.array(betLegSchema),
});

/** One of the player's bets in "Minhas apostas". */
export type MySportsBet = z.infer<typeof myBetSchema>;
/** One leg of a bet in "Minhas apostas". */
export type MySportsBetLeg = z.infer<typeof betLegSchema>;

/** The player's open or settled bets (both without `status`), newest first. */
export async function fetchMyBets(status?: 'open' | 'settled'): Promise<MySportsBet[]> {
  const params: Record<string, unknown> = { loading: false };
  if (status) params.status = status;
  const body = await apiGet<unknown>('/api/app/sports/bets', params, { silent: true });
  return myBetSchema.array().parse(body.data);
}

const cashoutSchema = z.object({
  betId: z.string(),
  amount: z.number(),
  value: z.number(),
  state: z.string(),
  stakeOpen: z.number(),
  cashedOut: z.number(),
});

/** What a cash-out paid. */
export type CashoutResult = z.infer<typeof cashoutSchema>;

/** Cashes out a bet: all of it, or `amount` BRL of its current value. */
export async function cashOutBet(
  betId: string,
  amount: number | null,
  idempotencyKey: string,
): Promise<CashoutResult> {
  const answer = await apiPost<unknown>(
    '/api/app/sports/cashout',
    amount === null ? { betId } : { betId, amount },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return cashoutSchema.parse(answer.data);
}
