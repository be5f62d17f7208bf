import {
  marginFor,
  type CompetitionTier,
  type MarginFor,
  type MarginPlan,
} from '../../../../domain/sports/book-margins';
import type { FixtureResult, LegSpec, MarketKey } from '../../../../domain/sports/markets';
import type { BuilderChance } from '../../../../domain/sports/builder';
import type { Quote } from '../../../../domain/sports/pricing';
import type { FieldEntry } from '../../../../domain/sports/labels';
import type { SportKey } from '../../../../domain/sports/sports';
import { MatchTime } from '../../../../domain/codes';
import { DAY_MS, HOUR_MS, timeOnDay, weekdayOf } from './clock';
import { intBetween, normal, pick, randomStream, shuffled, type Random } from './random';
import type { Competition } from './world';

/**
 * What every sport's simulation provides to the simulated feed: a seeded schedule per São Paulo
 * day, a fixture's whole life drawn once from the seed (its timeline), its state and result at
 * any simulated moment, and prices from the sport's model (design/sports.md "Pricing").
 */

/** Fixtures appear in the listings this long before their start (prices drift meanwhile). */
export const LISTING_MS = 3 * DAY_MS;

/** The rare paths every settlement rule needs exercised (design/sports.md "Feed adapter"). */
export type Fate = 'normal' | 'postponed' | 'abandoned' | 'corrected' | 'retired';

export interface SimFixture {
  id: string;
  sport: SportKey;
  competition: string;
  /** The competition's tier: its margins (book-margins.ts). */
  tier: CompetitionTier;
  home: string;
  away: string;
  day: number;
  /** Scheduled start, simulated time. */
  startsAt: number;
  fate: Fate;
  /** A race's own fixture: its drivers (then `home` is the race's name and `away` is empty). */
  field?: readonly FieldEntry[];
}

export interface Pair {
  home: number;
  away: number;
}

/** An event of a fixture's life at a simulated time. */
export interface SimEvent {
  at: number;
  kind: string;
  team?: 'home' | 'away';
}

/** The part of a timeline every sport has. */
export interface SimTimeline {
  fixture: SimFixture;
  /** When play actually starts (a rescheduled fixture a day later); null if never played. */
  kickoff: number | null;
  events: SimEvent[];
  /** When the result is final (the end, a cancellation, the end of an abandonment window). */
  finalAt: number | null;
  /** When a corrected result replaces the first one, if ever. */
  correctionAt: number | null;
  /** When a new start was announced after a postponement, if ever. */
  rescheduledAt: number | null;
  /** Bet cancellations: bets placed from `from` to `to` are void, announced at `at` (simulated). */
  cancels?: Array<{ from: number; to: number; at: number }>;
}

/** A fixture at one simulated moment, in the adapter's terms. */
export interface SimState {
  periodCode: number;
  clock: string | null;
  score: Pair;
  stats: Record<string, Pair>;
  suspended: boolean;
  /** Material changes so far (scores, sets, periods, status): live bets compare it. */
  stateSeq: number;
  /** Bet stops so far. */
  stopSeq: number;
  /** 'pre' before the start, 'live' while it can be bet in play, null otherwise. */
  phase: 'pre' | 'live' | null;
}

/** The margins of a fixture's markets, in play or before it. */
export const fixtureMargins = (plan: MarginPlan, tl: SimTimeline, live: boolean): MarginFor =>
  marginFor(plan, live, tl.fixture.tier);

export interface SportSim<T extends SimTimeline = SimTimeline> {
  sport: SportKey;
  /** Two letters that start the sport's fixture ids. */
  prefix: string;
  /** The rare fates this sport's fixtures can have. */
  fates: readonly Fate[];
  /** The day's fixtures with fate 'normal' (the feed assigns the rare fates across sports). */
  day(seed: string, seedTag: string, day: number): SimFixture[];
  /**
   * The event a fixture is a bet on, where several fixtures are one event (a race: its own fixture
   * and its head-to-heads); they share its rare fate (shareEventFates). Absent: each is its own.
   */
  eventOf?(fixture: SimFixture): string;
  timeline(seed: string, fixture: SimFixture, windowMs: number): T;
  state(tl: T, t: number): SimState;
  result(tl: T, t: number): FixtureResult;
  /** A key that changes whenever the prices may change (quotes are cached by it). */
  quoteKey(tl: T, state: SimState, t: number): string;
  quotes(tl: T, state: SimState, t: number, margins: MarginPlan): Quote[];
  /** One market at any line, or null when it cannot be priced now. */
  price(tl: T, state: SimState, t: number, margins: MarginPlan, key: MarketKey): Quote | null;
  /**
   * The fair joint chance of a bet builder's selections now (Criar Aposta, domain/sports/builder.ts);
   * absent for a sport without a joint model, whose builder is refused.
   */
  builderChance?(
    tl: T,
    state: SimState,
    t: number,
    margins: MarginPlan,
    legs: readonly LegSpec[],
  ): BuilderChance;
}

/**
 * Gives a day's fixtures their fates: every rare fate at least once a day on a fixture whose sport
 * has it (the realism figures of design/sports.md), and now and then one more.
 */
export function assignFates(
  seed: string,
  day: number,
  fixtures: SimFixture[],
  fatesOf: (f: SimFixture) => readonly Fate[],
  extraProbability: number,
): void {
  const r = randomStream(seed, 'fates', day);
  const order = shuffled(
    r,
    fixtures.map((_, i) => i),
  );
  for (const fate of ['postponed', 'abandoned', 'corrected', 'retired'] as const) {
    const k = order.find((i) => fixtures[i]!.fate === 'normal' && fatesOf(fixtures[i]!).includes(fate));
    if (k !== undefined) fixtures[k]!.fate = fate;
  }
  for (const f of fixtures) {
    if (f.fate !== 'normal') continue;
    const x = r();
    const options = fatesOf(f);
    if (x < extraProbability * options.length) f.fate = options[Math.floor(x / extraProbability)]!;
  }
}

/**
 * Gives every fixture of one event the rare fate dealt to any of them: a race is put off whole, so
 * a head-to-head cannot wait a day while its race is run and its winner shown. The first fate in
 * the day's order wins (a sport whose events share fates has one rare fate).
 */
export function shareEventFates(
  fixtures: SimFixture[],
  eventOf: (f: SimFixture) => string | undefined,
): void {
  const fates = new Map<string, Fate>();
  for (const f of fixtures) {
    const event = eventOf(f);
    if (event !== undefined && f.fate !== 'normal' && !fates.has(event)) fates.set(event, f.fate);
  }
  for (const f of fixtures) {
    const fate = fates.get(eventOf(f) ?? '');
    if (fate) f.fate = fate;
  }
}

/** Index of the last item at or before t (−1 when none); items sorted by `at`. */
export function lastAtOrBefore(items: ReadonlyArray<{ at: number }>, t: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.at <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Bet-stop windows merged where they overlap, sorted; `at` is where each starts. */
export function mergedWindows(
  windows: Array<{ from: number; to: number }>,
): Array<{ at: number; to: number }> {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const out: Array<{ at: number; to: number }> = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.from <= last.to) last.to = Math.max(last.to, w.to);
    else out.push({ at: w.from, to: w.to });
  }
  return out;
}

/** Whether t is inside a bet stop, and how many have started by t. */
export function stopsAt(windows: Array<{ at: number; to: number }>, t: number) {
  const w = lastAtOrBefore(windows, t);
  return { suspended: w >= 0 && t < windows[w]!.to, stopSeq: w + 1 };
}

/**
 * Whether a team may play on `day` when it needs `restDays` between two matches: each team keeps
 * its own rhythm, one day in `restDays` (a function of the seed, the team and the day alone, so
 * any day's schedule is drawn without the days before it).
 */
export function restedOn(seed: string, team: string, day: number, restDays: number): boolean {
  if (restDays <= 1) return true;
  const offset = Math.floor(randomStream(seed, 'rest', team)() * restDays);
  return (((day + offset) % restDays) + restDays) % restDays === 0;
}

/**
 * A sport's fixtures of one day: pairings and start times drawn from the seed. A team plays at
 * most once a day across the sport's competitions (Flamengo is in the Brasileirão, the
 * Libertadores and the Copa do Brasil), and at most once in `restDays` days (a club every other
 * day at most, a boxer every two weeks).
 */
export function scheduleDay(
  seed: string,
  seedTag: string,
  day: number,
  prefix: string,
  competitions: readonly Competition[],
  restDays = 1,
): SimFixture[] {
  const fixtures: SimFixture[] = [];
  const playing = new Set<string>();
  competitions.forEach((comp, ci) => {
    if (!comp.weekdays.includes(weekdayOf(day))) return;
    const r = randomStream(seed, 'schedule', comp.key, day);
    const wanted = intBetween(r, comp.perDay[0], comp.perDay[1]);
    const teams = shuffled(r, comp.teams).filter(
      (team) => !playing.has(team) && restedOn(seed, team, day, restDays),
    );
    const n = Math.min(wanted, Math.floor(teams.length / 2));
    for (const team of teams.slice(0, 2 * n)) playing.add(team);
    const times = Array.from({ length: n }, () => pick(r, comp.kickoffs)).sort();
    for (let k = 0; k < n; k++) {
      fixtures.push({
        id: `${prefix}-${seedTag}-${day}-${ci}-${k}`,
        sport: comp.sport,
        competition: comp.name,
        tier: comp.tier,
        home: teams[2 * k]!,
        away: teams[2 * k + 1]!,
        day,
        startsAt: timeOnDay(day, times[k]!),
        fate: 'normal',
      });
    }
  });
  return fixtures.sort((x, y) => x.startsAt - y.startsAt || x.id.localeCompare(y.id));
}

/**
 * A postponement two hours before the start (research §1.10): half the time the fixture is played
 * a day later, inside the window, and every bet stands; otherwise it is cancelled when the window
 * ends and its bets are void.
 */
export function postponement(r: Random, fixture: SimFixture, windowMs: number) {
  const postponedAt = fixture.startsAt - 2 * HOUR_MS;
  const events: SimEvent[] = [{ at: postponedAt, kind: 'postponed' }];
  if (r() < 0.5) {
    const rescheduledAt = postponedAt + HOUR_MS;
    events.push({ at: rescheduledAt, kind: 'rescheduled' });
    return { events, kickoff: fixture.startsAt + DAY_MS, rescheduledAt, finalAt: null };
  }
  const finalAt = fixture.startsAt + windowMs;
  events.push({ at: finalAt, kind: 'cancelled' });
  return { events, kickoff: null, rescheduledAt: null, finalAt };
}

/** Period codes of the status events every sport shares. */
export const STATUS_CODES: Readonly<Record<string, number>> = {
  postponed: MatchTime.postponed,
  rescheduled: MatchTime.notStarted,
  cancelled: MatchTime.cancelled,
  interrupted: MatchTime.interrupted,
  abandoned: MatchTime.cutInHalf,
  full_time: MatchTime.finished,
};

/** Hidden strength of a team or player from the seed: a standard normal draw. */
export function ratingOf(seed: string, name: string, salt = 'rating'): number {
  return normal(randomStream(seed, salt, name));
}

/**
 * How far a rating difference moves a probability: `perRating` per rating point near even,
 * levelling off at `cap` (tanh). Two normal ratings differ by up to three points; a linear
 * effect strong enough for realistic close matches made the odd mismatch so lopsided that its
 * favourite was priced under 1.01 and its winner market not offered at all.
 */
export const ratingEffect = (edge: number, perRating: number, cap: number) =>
  cap * Math.tanh((perRating * edge) / cap);
