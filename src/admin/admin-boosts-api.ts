import { AxiosError } from 'axios';
import { z } from 'zod/mini';
import {
  boostReportRowSchema,
  boostSchema,
  sportsFixtureDetailSchema,
  sportsFixtureSchema,
  type SportsFixture,
  type SportsFixtureDetail,
} from '../../domain/sports/sports-answers.schema';
import { isLadderPrice, nextLadderPrice, roundDownToLadder } from '../../domain/sports/ladder';
import { AdminApiError, adminHttp, queryText, request } from './admin-api';

/**
 * Super Odds for traders (decision 88): the boosts with their figures, setting and ending one,
 * and the sportsbook's public reads a trader picks a selection from (the console's own fixture
 * search lists only fixtures with bets or results, not the feed's upcoming ones).
 */

/** A boost in the trader's report: the boost and its own figures (money in BRL). */
export type BoostRow = z.infer<typeof boostReportRowSchema>;

/** What `POST /api/admin/sports/boosts` takes: the selection, the boosted price, the limit (BRL text). */
export interface BoostInput {
  fixtureId: string;
  marketId: string;
  outcomeId: string;
  odds: number;
  maxStake: string;
}

export type { SportsFixture, SportsFixtureDetail };

/** A public sportsbook read (no operator token: it is not the console's to send there). */
async function publicRead(url: string): Promise<unknown> {
  try {
    const res = await adminHttp.request<{ data: unknown }>({ method: 'get', url });
    return res.data.data;
  } catch (err) {
    if (err instanceof AxiosError) {
      const body = err.response?.data as { message?: string } | undefined;
      throw new AdminApiError(body?.message || err.message, err.response?.status ?? null);
    }
    throw err;
  }
}

export const boostApi = {
  list: async () =>
    z.array(boostReportRowSchema).parse(await request<unknown>('get', '/api/admin/sports/boosts')),
  create: async (input: BoostInput) =>
    boostSchema.parse(await request<unknown>('post', '/api/admin/sports/boosts', input)),
  end: async (id: number) =>
    boostSchema.parse(await request<unknown>('post', `/api/admin/sports/boosts/${id}/end`)),
  /** Fixtures of `sport` still to start, soonest first; `q` (2+ letters) a team or competition. */
  upcoming: async (sport: string, q: string) =>
    z
      .array(sportsFixtureSchema)
      .parse(await publicRead(`/api/app/sports/fixtures?${queryText({ live: 'false', sport, q })}`)),
  fixture: async (id: string) =>
    sportsFixtureDetailSchema.parse(await publicRead(`/api/app/sports/fixtures/${encodeURIComponent(id)}`)),
};

/** How far above the book the suggested boost goes (the trader types any other price). */
const SUGGESTED_LIFT = 1.15;
/** The server refuses a boost above twice the book's price (boosts.service.ts). */
const MOST_ABOVE_BOOK = 2;

/**
 * The boosted price the form suggests for a selection at `odds`: about 15 % above it, rounded
 * down to the ladder, at least the next ladder price and never above twice the book's.
 */
export function suggestedOdds(odds: number): number {
  const book = Math.round(odds * 1000);
  const lifted = roundDownToLadder(odds * SUGGESTED_LIFT) ?? book;
  const most = roundDownToLadder(odds * MOST_ABOVE_BOOK) ?? book;
  return Math.min(Math.max(lifted, nextLadderPrice(book)), most) / 1000;
}

/** The highest boost the server takes for a selection at `odds` (a ladder price). */
export function highestBoost(odds: number): number {
  return (roundDownToLadder(odds * MOST_ABOVE_BOOK) ?? Math.round(odds * 1000)) / 1000;
}

/**
 * What the server will refuse in a typed boost over a book's price `was`, told before it is sent
 * (the server still judges it, with the price it has then): not above it, above twice it, or not
 * a price of the ladder (with the ladder price just below).
 */
export function oddsProblem(
  odds: number,
  was: number,
): { problem: 'low' | 'high' | 'ladder'; near?: number } | null {
  if (odds <= was) return { problem: 'low' };
  if (odds > highestBoost(was)) return { problem: 'high' };
  const milli = Math.round(odds * 1000);
  if (!isLadderPrice(milli)) return { problem: 'ladder', near: (roundDownToLadder(odds) ?? milli) / 1000 };
  return null;
}

/** A price as the console writes it: "2,10". */
export function oddsText(odds: number): string {
  return odds.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
}

/** A typed price ("2,10" or "2.10") as the wire's number, or null when it is not one. */
export function typedOdds(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(plain)) return null;
  const odds = Number(plain);
  return odds > 1 ? odds : null;
}

/** True while a fixture can take a boost: not in play, before its published start, not held. */
export function canBoost(fixture: SportsFixture, now = Date.now()): boolean {
  return (
    !fixture.live && fixture.periodCode === 0 && !fixture.suspended && Date.parse(fixture.startsAt) > now
  );
}
