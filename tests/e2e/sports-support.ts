import type { APIRequestContext } from '@playwright/test';

/** The sportsbook's wire shapes and look-ups shared by the journeys that bet on football. */

export interface WireFixture {
  id: string;
  home: string;
  away: string;
  live: boolean;
  periodCode: number;
  clock: string | null;
  startsAt: string;
  suspended: boolean;
  main: {
    id: string;
    status: number;
    outcomes: Array<{ id: string; active: boolean; odds: number | null }>;
  } | null;
}

export interface WireBet {
  betId: string;
  state: string;
  stake: number;
  payout: number;
  result: number;
  resultText: string;
  combinedOdds: number;
  legs: Array<{ fixtureId: string; result: number; odds: number }>;
}

/** Real time a pre-match bet keeps before kick-off, so the bet is placed before the market closes. */
const KICKOFF_MARGIN_MS = 15_000;

/**
 * Football fixtures that can be bet before their start from the home list, soonest first. At this
 * speed a match lasts under a minute, so a bet on one starting soon settles within the test.
 */
export async function soonestFootball(request: APIRequestContext): Promise<WireFixture[]> {
  const body = (await (await request.get('/api/app/sports/fixtures?sport=football')).json()) as {
    data: WireFixture[];
  };
  return body.data
    .filter(
      (f) =>
        !f.live &&
        f.periodCode === 0 &&
        !f.suspended &&
        Date.parse(f.startsAt) > Date.now() + KICKOFF_MARGIN_MS &&
        f.main?.status === 1 &&
        f.main.outcomes.every((o) => o.active && o.odds !== null),
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Match time codes that hold a fixture's bets: to be decided, interrupted, postponed. */
export const HELD_CODES = [-11, -13, -14];

/** A fixture's match time code (404 once the feed has dropped it: treated as finished). */
export async function periodOf(request: APIRequestContext, fixtureId: string): Promise<number> {
  const response = await request.get(`/api/app/sports/fixtures/${encodeURIComponent(fixtureId)}`);
  if (!response.ok()) return -1;
  return ((await response.json()) as { data: { periodCode: number } }).data.periodCode;
}

export async function myBets(request: APIRequestContext, token: string): Promise<WireBet[]> {
  const response = await request.get('/api/app/sports/bets', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: WireBet[] }).data;
}
