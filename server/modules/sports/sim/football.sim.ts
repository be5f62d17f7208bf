import { MatchTime } from '../../../../domain/codes';
import { GOAL_TIME_PROFILE } from '../../../../domain/sports/dixon-coles';
import type { FootballPhase } from '../../../../domain/sports/football';
import type { FixtureResult, PeriodScore } from '../../../../domain/sports/markets';
import { DAY_MS, HOUR_MS, MINUTE_MS, timeOnDay, weekdayOf } from './clock';
import { intBetween, normal, pick, randomStream, shuffled } from './random';
import { FOOTBALL_COMPETITIONS } from './world';

/**
 * The simulated football world: a seeded schedule per São Paulo day, and for each match a
 * timeline drawn once from the seed — pre-match drift of its expected goals, then minute by minute
 * goals, corners and cards with the goal-time profile and the in-game effects research/sports.md
 * §3.1 reports (a trailing side scores ~10–20 % faster, a red card cuts a side's rate by ~30 %),
 * suspensions around dangerous moments, and the rarer paths settlement must handle:
 * postponement, abandonment and a result corrected after the final whistle (§3.6).
 */

export type Side = 'home' | 'away';
export type Fate = 'normal' | 'postponed' | 'abandoned' | 'corrected';

export interface SimFixture {
  id: string;
  sport: 'football';
  competition: string;
  home: string;
  away: string;
  day: number;
  /** Scheduled kick-off, simulated time. */
  startsAt: number;
  fate: Fate;
}

/** Goals per side are exp(base + attack − opponent's defence), with home advantage. */
const GOALS_BASE = Math.log(1.1);
const HOME_ADVANTAGE = 0.22;
/** Hidden strength spread of every team (log goals). */
const TEAM_SPREAD = 0.22;
/** Dixon–Coles ρ of the simulated leagues (fitted values are −0.05 to −0.15, research §3.1). */
export const FOOTBALL_RHO = -0.08;
/** Corners per side before strength, and the home side's extra (league mean ≈ 10–11, §3.1). */
const CORNERS_BASE = 4.8;
const CORNERS_HOME_EXTRA = 0.5;
/** Fixtures are listed this long before their start, with their prices drifting hourly. */
export const LISTING_MS = 3 * DAY_MS;
/** Drift per simulated hour of log expected goals, and the occasional news jump. */
const DRIFT_SIGMA = 0.012;
const NEWS_PROBABILITY = 0.02;
const NEWS_SIZE = 0.08;
/** Each side's chance per match of a fate beyond the one fixture per day that always gets it. */
const EXTRA_FATE_PROBABILITY = 0.004;

interface Strength {
  attack: number;
  defence: number;
}

function strengthOf(seed: string, team: string): Strength {
  const r = randomStream(seed, 'team', team);
  return { attack: normal(r) * TEAM_SPREAD, defence: normal(r) * TEAM_SPREAD };
}

/** Expected goals and corners of a pairing before any drift. */
export function expectations(seed: string, home: string, away: string) {
  const h = strengthOf(seed, home);
  const a = strengthOf(seed, away);
  return {
    lambda: Math.exp(GOALS_BASE + h.attack - a.defence + HOME_ADVANTAGE),
    mu: Math.exp(GOALS_BASE + a.attack - h.defence),
    cornersHome: CORNERS_BASE * Math.exp(0.6 * (h.attack - a.defence)) + CORNERS_HOME_EXTRA,
    cornersAway: CORNERS_BASE * Math.exp(0.6 * (a.attack - h.defence)),
  };
}

/** The football fixtures of one São Paulo day, in kick-off order. */
export function footballDay(seed: string, seedTag: string, day: number): SimFixture[] {
  const fixtures: SimFixture[] = [];
  FOOTBALL_COMPETITIONS.forEach((comp, ci) => {
    if (!comp.weekdays.includes(weekdayOf(day))) return;
    const r = randomStream(seed, 'schedule', comp.key, day);
    const n = intBetween(r, comp.perDay[0], comp.perDay[1]);
    const teams = shuffled(r, comp.teams);
    const times = Array.from({ length: n }, () => pick(r, comp.kickoffs)).sort();
    for (let k = 0; k < n; k++) {
      fixtures.push({
        id: `fb-${seedTag}-${day}-${ci}-${k}`,
        sport: 'football',
        competition: comp.name,
        home: teams[2 * k]!,
        away: teams[2 * k + 1]!,
        day,
        startsAt: timeOnDay(day, times[k]!),
        fate: 'normal',
      });
    }
  });
  fixtures.sort((x, y) => x.startsAt - y.startsAt || x.id.localeCompare(y.id));
  // Every simulated day exercises each rare settlement path at least once (design/sports.md).
  const r = randomStream(seed, 'fates', day);
  const order = shuffled(
    r,
    fixtures.map((_, i) => i),
  );
  const forced: Fate[] = ['postponed', 'abandoned', 'corrected'];
  forced.forEach((fate, k) => {
    if (order[k] !== undefined) fixtures[order[k]!]!.fate = fate;
  });
  for (const f of fixtures) {
    if (f.fate !== 'normal') continue;
    const x = r();
    if (x < EXTRA_FATE_PROBABILITY) f.fate = 'postponed';
    else if (x < 2 * EXTRA_FATE_PROBABILITY) f.fate = 'abandoned';
    else if (x < 4 * EXTRA_FATE_PROBABILITY) f.fate = 'corrected';
  }
  return fixtures;
}

export type EventKind =
  | 'postponed'
  | 'rescheduled'
  | 'cancelled'
  | 'kickoff'
  | 'goal'
  | 'corner'
  | 'yellow'
  | 'red'
  | 'half_time'
  | 'second_half'
  | 'full_time'
  | 'interrupted'
  | 'abandoned';

export interface SimEvent {
  at: number;
  kind: EventKind;
  team?: Side;
  /** A goal that the result correction after the match takes away. */
  overturned?: boolean;
}

interface Pair {
  home: number;
  away: number;
}

/** The match after an event: what the feed reports as its state. */
export interface MatchSnapshot {
  periodCode: number;
  score: Pair;
  firstHalf: Pair;
  corners: Pair;
  yellow: Pair;
  red: Pair;
  /** Count of material changes so far (goals, red cards, periods, status): live bets compare it. */
  stateSeq: number;
}

export interface Timeline {
  fixture: SimFixture;
  /** Kick-off actually played (a rescheduled match starts a day later); null if never played. */
  kickoff: number | null;
  /** Cumulative log drift of λ and μ per simulated hour since listing. */
  driftHome: number[];
  driftAway: number[];
  lambda0: number;
  mu0: number;
  cornersHome: number;
  cornersAway: number;
  events: SimEvent[];
  snapshots: MatchSnapshot[];
  /** Bet stops: kick-off, dangerous attacks, goals, red cards. Sorted, not overlapping. */
  suspensions: Array<{ from: number; to: number }>;
  halfTimeAt: number | null;
  secondHalfAt: number | null;
  /** When the result is final (full time, cancellation, or the end of the abandonment window). */
  finalAt: number | null;
  /** When a corrected result replaces the first one. */
  correctionAt: number | null;
}

const sides: Side[] = ['home', 'away'];

/** The whole life of one fixture, drawn from the seed. */
export function footballTimeline(seed: string, fixture: SimFixture, windowMs: number): Timeline {
  const r = randomStream(seed, fixture.id, 'match');
  const base = expectations(seed, fixture.home, fixture.away);
  const steps = Math.ceil(LISTING_MS / HOUR_MS);
  const driftHome = [0];
  const driftAway = [0];
  for (let k = 1; k <= steps; k++) {
    const jump = () => (r() < NEWS_PROBABILITY ? (r() < 0.5 ? -NEWS_SIZE : NEWS_SIZE) : 0);
    driftHome.push(driftHome[k - 1]! + DRIFT_SIGMA * normal(r) + jump());
    driftAway.push(driftAway[k - 1]! + DRIFT_SIGMA * normal(r) + jump());
  }
  const events: SimEvent[] = [];
  const suspensions: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;

  if (fixture.fate === 'postponed') {
    const postponedAt = fixture.startsAt - 2 * HOUR_MS;
    events.push({ at: postponedAt, kind: 'postponed' });
    if (r() < 0.5) {
      // Played a day later, inside the window: every bet stands (research §1.10).
      events.push({ at: postponedAt + HOUR_MS, kind: 'rescheduled' });
      kickoff = fixture.startsAt + DAY_MS;
    } else {
      kickoff = null;
      finalAt = fixture.startsAt + windowMs;
      events.push({ at: finalAt, kind: 'cancelled' });
    }
  }

  const lambda = base.lambda * Math.exp(driftHome[steps]!);
  const mu = base.mu * Math.exp(driftAway[steps]!);
  let halfTimeAt: number | null = null;
  let secondHalfAt: number | null = null;
  let correctionAt: number | null = null;

  if (kickoff !== null) {
    const stoppage1 = intBetween(r, 1, 4);
    const stoppage2 = intBetween(r, 2, 7);
    halfTimeAt = kickoff + (45 + stoppage1) * MINUTE_MS;
    secondHalfAt = halfTimeAt + 15 * MINUTE_MS;
    const fullTimeAt = secondHalfAt + (45 + stoppage2) * MINUTE_MS;
    const interruptMinute = fixture.fate === 'abandoned' ? intBetween(r, 20, 85) : null;
    events.push({ at: kickoff, kind: 'kickoff' });
    // Pre-match markets close at the start; the live book opens a minute into play.
    suspensions.push({ from: kickoff, to: kickoff + MINUTE_MS });
    const score: Pair = { home: 0, away: 0 };
    const reds: Pair = { home: 0, away: 0 };
    const rates = { home: lambda, away: mu };
    const cornerRates = { home: base.cornersHome, away: base.cornersAway };
    let stopped = false;

    const playHalf = (startAt: number, fromMinute: number, stoppage: number) => {
      const minutes = 45 + stoppage;
      for (let k = 0; k < minutes && !stopped; k++) {
        const minute = fromMinute + k;
        const at = startAt + k * MINUTE_MS;
        if (minute === interruptMinute) {
          events.push({ at, kind: 'interrupted' });
          stopped = true;
          return;
        }
        // The profile's last block of each half also covers its stoppage time.
        const block = Math.min(Math.floor(minute / 15), fromMinute === 0 ? 2 : 5);
        const length = 15 + (block === 2 ? stoppage : block === 5 ? stoppage : 0);
        for (const side of sides) {
          const other = side === 'home' ? 'away' : 'home';
          const behind = score[other] - score[side];
          const chase = behind >= 2 ? 1.2 : behind === 1 ? 1.1 : 1;
          const rate = ((rates[side] * GOAL_TIME_PROFILE[block]!) / length) * chase * 0.7 ** reds[side];
          if (r() < 1 - Math.exp(-rate)) {
            const goalAt = at + intBetween(r, 0, 59) * 1000;
            events.push({ at: goalAt, kind: 'goal', team: side });
            suspensions.push({ from: goalAt - intBetween(r, 15, 40) * 1000, to: goalAt + MINUTE_MS });
            score[side]++;
          }
          if (r() < 1 - Math.exp(-(cornerRates[side] / 90) * (behind > 0 ? 1.15 : 1))) {
            events.push({ at: at + intBetween(r, 0, 59) * 1000, kind: 'corner', team: side });
          }
          if (r() < 1 - Math.exp(-2 / 90)) {
            events.push({ at: at + intBetween(r, 0, 59) * 1000, kind: 'yellow', team: side });
          }
          if (r() < 1 - Math.exp(-0.06 / 90)) {
            const redAt = at + intBetween(r, 0, 59) * 1000;
            events.push({ at: redAt, kind: 'red', team: side });
            suspensions.push({ from: redAt, to: redAt + 45_000 });
            reds[side]++;
          }
        }
        // A dangerous attack or a penalty shout that comes to nothing.
        if (r() < 0.05) {
          const from = at + intBetween(r, 0, 40) * 1000;
          suspensions.push({ from, to: from + intBetween(r, 20, 45) * 1000 });
        }
      }
    };

    playHalf(kickoff, 0, stoppage1);
    if (stopped) {
      halfTimeAt = null;
      secondHalfAt = null;
    } else {
      events.push({ at: halfTimeAt, kind: 'half_time' });
      events.push({ at: secondHalfAt, kind: 'second_half' });
      playHalf(secondHalfAt, 45, stoppage2);
    }
    if (stopped) {
      // Not resumed within the window: settled as cut in half (research §1.10).
      finalAt = fixture.startsAt + windowMs;
      events.push({ at: finalAt, kind: 'abandoned' });
    } else {
      events.push({ at: fullTimeAt, kind: 'full_time' });
      finalAt = fullTimeAt;
      if (fixture.fate === 'corrected') {
        const goals = events.filter((e) => e.kind === 'goal').sort((x, y) => x.at - y.at);
        const last = goals[goals.length - 1];
        if (last) {
          last.overturned = true;
          correctionAt = fullTimeAt + 10 * MINUTE_MS;
        }
      }
    }
  }

  events.sort((x, y) => x.at - y.at);
  return {
    fixture,
    kickoff,
    driftHome,
    driftAway,
    lambda0: base.lambda,
    mu0: base.mu,
    cornersHome: base.cornersHome,
    cornersAway: base.cornersAway,
    events,
    snapshots: snapshotsOf(events),
    suspensions: merged(suspensions),
    halfTimeAt,
    secondHalfAt,
    finalAt,
    correctionAt,
  };
}

function merged(windows: Array<{ from: number; to: number }>) {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const out: Array<{ from: number; to: number }> = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.from <= last.to) last.to = Math.max(last.to, w.to);
    else out.push({ ...w });
  }
  return out;
}

const PERIOD_OF: Partial<Record<EventKind, number>> = {
  postponed: MatchTime.postponed,
  rescheduled: MatchTime.notStarted,
  cancelled: MatchTime.cancelled,
  kickoff: MatchTime.firstHalf,
  half_time: MatchTime.halfTime,
  second_half: MatchTime.secondHalf,
  full_time: MatchTime.finished,
  interrupted: MatchTime.interrupted,
  abandoned: MatchTime.cutInHalf,
};

const INITIAL: MatchSnapshot = {
  periodCode: MatchTime.notStarted,
  score: { home: 0, away: 0 },
  firstHalf: { home: 0, away: 0 },
  corners: { home: 0, away: 0 },
  yellow: { home: 0, away: 0 },
  red: { home: 0, away: 0 },
  stateSeq: 0,
};

function snapshotsOf(events: SimEvent[]): MatchSnapshot[] {
  let s = INITIAL;
  return events.map((e) => {
    s = structuredClone(s);
    const period = PERIOD_OF[e.kind];
    if (period !== undefined) {
      s.periodCode = period;
      s.stateSeq++;
    } else if (e.kind === 'goal') {
      s.score[e.team!]++;
      if (s.periodCode === MatchTime.firstHalf) s.firstHalf[e.team!]++;
      s.stateSeq++;
    } else if (e.kind === 'red') {
      s.red[e.team!]++;
      s.stateSeq++;
    } else if (e.kind === 'corner') {
      s.corners[e.team!]++;
    } else if (e.kind === 'yellow') {
      s.yellow[e.team!]++;
    }
    return s;
  });
}

/** Index of the last element with at ≤ t (−1 when none). */
function lastAtOrBefore<T extends { at: number } | { from: number }>(items: T[], t: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const item = items[mid]!;
    const at = 'at' in item ? item.at : item.from;
    if (at <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The match at simulated time t. */
export interface SimState extends MatchSnapshot {
  /** Minutes of play (0–90+) while the ball is in play; 45 at half-time. */
  minute: number;
  suspended: boolean;
  /** Count of bet stops so far: a live bet is refused if one started during its delay. */
  stopSeq: number;
}

/** The state of the match at simulated time t. */
export function stateAt(tl: Timeline, t: number): SimState {
  const i = lastAtOrBefore(tl.events, t);
  const snap = i < 0 ? INITIAL : tl.snapshots[i]!;
  const w = lastAtOrBefore(tl.suspensions, t);
  const suspended = w >= 0 && t < tl.suspensions[w]!.to;
  let minute = 0;
  if (snap.periodCode === MatchTime.firstHalf && tl.kickoff !== null) minute = (t - tl.kickoff) / MINUTE_MS;
  else if (snap.periodCode === MatchTime.halfTime) minute = 45;
  else if (snap.periodCode === MatchTime.secondHalf && tl.secondHalfAt !== null)
    minute = 45 + (t - tl.secondHalfAt) / MINUTE_MS;
  else if (snap.periodCode === MatchTime.finished) minute = 90;
  return { ...snap, minute, suspended, stopSeq: w + 1 };
}

/** Pricing phase of a state, or null when the match cannot be bet (over, stopped, postponed). */
export function phaseOf(state: SimState): FootballPhase | null {
  switch (state.periodCode) {
    case MatchTime.notStarted:
      return 'pre';
    case MatchTime.firstHalf:
      return 'first_half';
    case MatchTime.halfTime:
      return 'half_time';
    case MatchTime.secondHalf:
      return 'second_half';
    default:
      return null;
  }
}

/** Expected goals at simulated time t: drifting before kick-off, fixed from then on. */
export function expectedGoalsAt(tl: Timeline, t: number): { lambda: number; mu: number } {
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const step = Math.max(0, Math.min(tl.driftHome.length - 1, Math.floor((t - listedFrom) / HOUR_MS)));
  return { lambda: tl.lambda0 * Math.exp(tl.driftHome[step]!), mu: tl.mu0 * Math.exp(tl.driftAway[step]!) };
}

/**
 * The official result at simulated time t, as settlement reads it (domain/sports/markets.ts):
 * a finished period is complete; the final result comes at full time (a corrected one replaces it
 * ten minutes later); an abandoned match is cut in half once its window has passed, a postponed
 * one never played is cancelled.
 */
export function resultAt(tl: Timeline, t: number): FixtureResult {
  const state = stateAt(tl, t);
  const corrected = tl.correctionAt !== null && t >= tl.correctionAt;
  const goals = tl.events.filter((e) => e.kind === 'goal' && e.at <= t && !(corrected && e.overturned));
  const count = (side: Side, until = Infinity) =>
    goals.filter((g) => g.team === side && g.at <= until).length;
  const halfDone = tl.halfTimeAt !== null && t >= tl.halfTimeAt;
  const scores: FixtureResult['scores'] = {};
  if (state.periodCode === MatchTime.cancelled) return { status: MatchTime.cancelled, scores };
  if (tl.kickoff === null || t < tl.kickoff) return { status: state.periodCode, scores };
  const final = state.periodCode === MatchTime.finished;
  const score = (until?: number): PeriodScore => ({
    home: count('home', until),
    away: count('away', until),
    complete: false,
  });
  if (halfDone) scores.first_half = { ...score(tl.halfTimeAt!), complete: true };
  scores.full = { ...score(), complete: final };
  scores.corners = { ...state.corners, complete: final };
  return { status: state.periodCode, scores };
}
