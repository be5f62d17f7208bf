import { expect, type APIRequestContext } from '@playwright/test';

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

/**
 * The e2e server runs the sportsbook on a test clock (TREVO_TEST_CLOCK=1): its now, in ms, and the
 * feed's speed (simulated minutes per real minute).
 */
export async function sportsClock(request: APIRequestContext): Promise<{ now: number; speed: number }> {
  const body = (await (await request.get('/dev/sports/clock')).json()) as { now: string; speed: number };
  return { now: Date.parse(body.now), speed: body.speed };
}

/**
 * Moves the sportsbook's clock forward, to an instant (ms) or by simulated minutes: a journey plays
 * its matches out instead of waiting for them. The feed and the settlement catch up on their next
 * pass (half a second and a second). Sports journeys run one at a time (playwright.config.ts), so
 * no other journey's match moves under it.
 */
export async function advanceSports(
  request: APIRequestContext,
  to: { at: number } | { simMinutes: number },
): Promise<void> {
  const response = await request.post('/dev/sports/clock', {
    data: 'at' in to ? { to: new Date(to.at).toISOString() } : to,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Real time a pre-match bet keeps before kick-off, so the bet is placed before the market closes. */
const KICKOFF_MARGIN_MS = 15_000;

/** Football fixtures that can be bet before their start from the home list, soonest first. */
export async function soonestFootball(request: APIRequestContext): Promise<WireFixture[]> {
  const body = (await (await request.get('/api/app/sports/fixtures?sport=football')).json()) as {
    data: WireFixture[];
  };
  const { now } = await sportsClock(request);
  return body.data
    .filter(
      (f) =>
        !f.live &&
        f.periodCode === 0 &&
        !f.suspended &&
        Date.parse(f.startsAt) > now + KICKOFF_MARGIN_MS &&
        f.main?.status === 1 &&
        f.main.outcomes.every((o) => o.active && o.odds !== null),
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/**
 * At least `count` football fixtures to bet before their start, soonest first. When the list has
 * fewer (a night in São Paulo leaves none for a while), the clock moves half an hour on.
 */
export async function footballToBet(request: APIRequestContext, count: number): Promise<WireFixture[]> {
  let fixtures: WireFixture[] = [];
  await expect
    .poll(
      async () => {
        fixtures = await soonestFootball(request);
        if (fixtures.length < count) await advanceSports(request, { simMinutes: 30 });
        return fixtures.length;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return fixtures;
}

/**
 * Plays the matches of `fixtures` out: the clock moves to two and a half simulated hours after the
 * last one's start, past its final whistle and the feed's late correction. The start is the feed's
 * as it now stands: a match postponed and rescheduled is played a day later than it was listed
 * (sim/sport-sim.ts `postponement`), so a journey that finds a leg not started after a play-out
 * plays it out again. The clock only moves forward.
 */
export async function playOut(request: APIRequestContext, fixtures: Array<{ id: string; startsAt: string }>) {
  const { now, speed } = await sportsClock(request);
  const starts = await Promise.all(
    fixtures.map(async (f) => {
      const response = await request.get(`/api/app/sports/fixtures/${encodeURIComponent(f.id)}`);
      // Dropped from the feed once long finished: its listed start is as good as any.
      if (!response.ok()) return Date.parse(f.startsAt);
      return Date.parse(((await response.json()) as { data: WireFixture }).data.startsAt);
    }),
  );
  const at = Math.max(...starts) + (150 * 60_000) / speed;
  if (at > now) await advanceSports(request, { at });
}

/** Match time code of a fixture that has not started (a rescheduled one again, too). */
export const NOT_STARTED = 0;

/** Match time codes that hold a fixture's bets: to be decided, interrupted, postponed. */
export const HELD_CODES = [-11, -13, -14];

/** A fixture's match time code (404 once the feed has dropped it: treated as finished). */
export async function periodOf(request: APIRequestContext, fixtureId: string): Promise<number> {
  const response = await request.get(`/api/app/sports/fixtures/${encodeURIComponent(fixtureId)}`);
  if (!response.ok()) return -1;
  return ((await response.json()) as { data: { periodCode: number } }).data.periodCode;
}

export async function myBets(request: APIRequestContext, token: string): Promise<WireBet[]> {
  // Every bet a journey places fits the largest page.
  const response = await request.get('/api/app/sports/bets?size=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { list: WireBet[] } }).data.list;
}
