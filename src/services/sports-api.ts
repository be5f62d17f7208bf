import { z } from 'zod/mini';
import {
  builderQuoteAnswerSchema,
  cashoutResultSchema,
  placedSportsBetSchema,
  sportSummarySchema,
  sportsFixtureDetailSchema,
  sportsFixtureSchema,
  sportsResultSchema,
  sportsBoostSchema,
  sportsLimitsSchema,
  favouritesSchema,
  type Favourites,
  type SportsResult,
  type SportsMarket,
  type SportsOutcome,
  type SportSummary,
  type SportsFixture,
  type SportsFixtureDetail,
  type PlacedSportsBet,
  type MySportsBet,
  type MySportsBetLeg,
  type CashoutResult,
  type SportsBoost,
  type SportsLimits,
} from '../../domain/sports/sports-answers.schema';
import type { FavouriteKind } from '../../domain/sports/sports.schema';
import { mySportsBetsPageSchema, type MySportsBetsPage } from '../../domain/schemas/sports-bets.schema';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The sportsbook calls (API.md "Sports"): sports with counts, fixtures with their state and main
 * market, a fixture's markets, bets, "Minhas apostas" and cash-out. Answers are checked with zod so
 * a contract change shows up here. Reads are quiet (the pages refresh them on their own); bets and
 * cash-outs go through the client's error catalogue like every money call.
 */

/** The twelve sports with counts. */
export async function fetchSports(): Promise<SportSummary[]> {
  const body = await apiGet<unknown>('/api/app/sports/sports', { loading: false }, { silent: true });
  return z.array(sportSummarySchema).parse(body.data);
}

/** The operator's betting limits (stake, legs, combined odds, payout, a partial cash-out's floor). */
export async function fetchSportsLimits(): Promise<SportsLimits> {
  const body = await apiGet<unknown>('/api/app/sports/limits', { loading: false }, { silent: true });
  return sportsLimitsSchema.parse(body.data);
}

/** What a list asks for: a sport (every sport without), a search, a competition. */
export interface FixtureQuery {
  sport?: string;
  live?: boolean;
  q?: string;
  competition?: string;
}

/** The query's set fields as request parameters. */
const queryParams = (query: FixtureQuery): Record<string, unknown> => {
  const params: Record<string, unknown> = { loading: false };
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params[key] = String(value);
  return params;
};

/** Live or upcoming fixtures (both when `live` is undefined), by start. */
export async function fetchFixtures(query: FixtureQuery): Promise<SportsFixture[]> {
  const body = await apiGet<unknown>('/api/app/sports/fixtures', queryParams(query), { silent: true });
  return z.array(sportsFixtureSchema).parse(body.data);
}

/** Finished fixtures of the last seven days, newest first. */
export async function fetchResults(query: Omit<FixtureQuery, 'live'>): Promise<SportsResult[]> {
  const body = await apiGet<unknown>('/api/app/sports/results', queryParams(query), { silent: true });
  return z.array(sportsResultSchema).parse(body.data);
}

/** One fixture with every market; `silent` keeps a background refresh from alerting. */
export async function fetchFixture(id: string, silent = true): Promise<SportsFixtureDetail> {
  const body = await apiGet<unknown>(
    `/api/app/sports/fixtures/${encodeURIComponent(id)}`,
    { loading: false },
    { silent },
  );
  return sportsFixtureDetailSchema.parse(body.data);
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

export type {
  SportsMarket,
  SportsOutcome,
  SportSummary,
  SportsFixture,
  SportsFixtureDetail,
  PlacedSportsBet,
  MySportsBet,
  MySportsBetLeg,
  CashoutResult,
  SportsBoost,
  SportsLimits,
  SportsResult,
  Favourites,
  FavouriteKind,
};

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
  return placedSportsBetSchema.parse(answer.data);
}

/** The running Super Odds (decision 88), open to visitors; quiet like the other reads. */
export async function fetchBoosts(): Promise<SportsBoost[]> {
  const body = await apiGet<unknown>('/api/app/sports/boosts', { loading: false }, { silent: true });
  return z.array(sportsBoostSchema).parse(body.data);
}

/**
 * Takes a Super Odd under the action's key: a single on the boosted selection at the boosted
 * price, with no odds change accepted (the server refuses any other leg or price in its words).
 */
export async function placeBoostBet(boost: SportsBoost, stake: number, idempotencyKey: string) {
  const answer = await apiPost<unknown>(
    '/api/app/sports/bet',
    {
      boostId: boost.id,
      stake,
      legs: [
        {
          fixtureId: boost.fixtureId,
          marketId: boost.marketId,
          outcomeId: boost.outcomeId,
          odds: boost.odds,
        },
      ],
      oddsChange: 'none',
      loading: false,
    },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return placedSportsBetSchema.parse(answer.data);
}

/** A Criar Aposta selection as the server takes it: a market of the fixture and one of its outcomes. */
export interface BuilderLeg {
  marketId: string;
  outcomeId: string;
}

/**
 * Criar Aposta's price now for selections of one fixture (open to visitors). Quiet: a refusal
 * ("Essas seleções não podem acontecer juntas") is shown beside the selections, not alerted, and a
 * quote the player has moved on from is cancelled through `signal`.
 */
export async function fetchBuilderQuote(
  fixtureId: string,
  legs: BuilderLeg[],
  signal?: AbortSignal,
): Promise<number> {
  const answer = await apiPost<unknown>(
    '/api/app/sports/builder/quote',
    { fixtureId, legs: legs.map((l) => ({ marketId: l.marketId, outcomeId: l.outcomeId })), loading: false },
    { silent: true, signal },
  );
  return builderQuoteAnswerSchema.parse(answer.data).odds;
}

/**
 * Places a Criar Aposta under the action's key: the selections of one fixture as one bet at `odds`
 * (the quote the player saw), the legs without prices of their own.
 */
export async function placeBuilderBet(
  body: {
    stake: number;
    odds: number;
    fixtureId: string;
    legs: BuilderLeg[];
    oddsChange: OddsChangePreference;
  },
  idempotencyKey: string,
): Promise<PlacedSportsBet> {
  const answer = await apiPost<unknown>(
    '/api/app/sports/bet',
    {
      kind: 'builder',
      stake: body.stake,
      odds: body.odds,
      legs: body.legs.map((l) => ({
        fixtureId: body.fixtureId,
        marketId: l.marketId,
        outcomeId: l.outcomeId,
      })),
      oddsChange: body.oddsChange,
      loading: false,
    },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return placedSportsBetSchema.parse(answer.data);
}

/** A page of the player's open or settled bets (both without `status`), newest first. */
export async function fetchMyBets(
  query: { status?: 'open' | 'settled'; page?: number; size?: number } = {},
): Promise<MySportsBetsPage> {
  const params: Record<string, unknown> = { loading: false, ...query };
  const body = await apiGet<unknown>('/api/app/sports/bets', params, { silent: true });
  return mySportsBetsPageSchema.parse(body.data);
}

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
  return cashoutResultSchema.parse(answer.data);
}

/** The player's favourite teams and competitions. */
export async function fetchFavourites(): Promise<Favourites> {
  const body = await apiGet<unknown>('/api/app/sports/favourites', { loading: false }, { silent: true });
  return favouritesSchema.parse(body.data);
}

/** Marks or unmarks a favourite; answers the favourites after the change. */
export async function saveFavourite(kind: FavouriteKind, name: string, on: boolean): Promise<Favourites> {
  const body = await apiPost<unknown>('/api/app/sports/favourites', { kind, name, on, loading: false });
  return favouritesSchema.parse(body.data);
}
