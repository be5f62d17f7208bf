import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import { GOAL_TIME_PROFILE } from '../../../../domain/sports/dixon-coles';
import {
  priceFootball,
  priceFootballMarket,
  type FootballPhase,
  type FootballPricingInput,
  STOPPAGE_MINUTES,
} from '../../../../domain/sports/football';
import type { FixtureResult, PeriodScore } from '../../../../domain/sports/markets';
import { footballBuilderChance } from '../../../../domain/sports/football-builder';
import { HOUR_MS, MINUTE_MS } from './clock';
import { intBetween, normal, randomStream } from './random';
import {
  LISTING_MS,
  lastAtOrBefore,
  mergedWindows,
  postponement,
  scheduleDay,
  STATUS_CODES,
  stopsAt,
  type Pair,
  type SimEvent,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
  fixtureMargins,
} from './sport-sim';
import { FOOTBALL_COMPETITIONS } from './world';

/**
 * The simulated football world: a seeded schedule per São Paulo day, and for each match a
 * timeline drawn once from the seed — pre-match drift of its expected goals, then minute by minute
 * goals, corners and cards with the goal-time profile and the in-game effects research/sports.md
 * §3.1 reports (a trailing side scores ~10–20 % faster, a red card cuts a side's rate by ~30 %),
 * suspensions around dangerous moments, and the rarer paths settlement must handle:
 * postponement, abandonment and a result corrected after the final whistle (§3.6).
 */

type Side = 'home' | 'away';

/** Goals per side are exp(base + attack − opponent's defence), with home advantage. */
const GOALS_BASE = Math.log(1.1);
const HOME_ADVANTAGE = 0.22;
/** Hidden strength spread of every team (log goals). */
const TEAM_SPREAD = 0.22;
/** Dixon–Coles ρ of the simulated leagues (fitted values are −0.05 to −0.15, research §3.1). */
export const FOOTBALL_RHO = -0.08;
/** Corners per side before strength, and the home side's extra (league mean ≈ 10–11, §3.1). */
const CORNERS_BASE = 4.8;
/** Yellow and red cards a side is shown per 90 minutes, whatever the score (Total de Cartões). */
const YELLOWS_PER_90 = 2;
const REDS_PER_90 = 0.06;
const CARDS_PER_90 = YELLOWS_PER_90 + REDS_PER_90;
const CORNERS_HOME_EXTRA = 0.5;
/**
 * A club plays at most once in this many days: never two days running (three would be kinder to
 * the players, but would leave a Friday of a sportsbook with a handful of matches).
 */
const REST_DAYS = 2;
/** Drift per simulated hour of log expected goals, and the occasional news jump. */
const DRIFT_SIGMA = 0.012;
const NEWS_PROBABILITY = 0.02;
const NEWS_SIZE = 0.08;

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

/** A football event; a goal may be taken away by the correction after the match. */
interface FootballEvent extends SimEvent {
  kind: EventKind;
  overturned?: boolean;
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

export interface FootballTimeline extends SimTimeline {
  events: FootballEvent[];
  /** Cumulative log drift of λ and μ per simulated hour since listing. */
  driftHome: number[];
  driftAway: number[];
  lambda0: number;
  mu0: number;
  cornersHome: number;
  cornersAway: number;
  snapshots: MatchSnapshot[];
  /** Bet stops: kick-off, dangerous attacks, goals, red cards. Sorted, not overlapping. */
  suspensions: Array<{ at: number; to: number }>;
  halfTimeAt: number | null;
  secondHalfAt: number | null;
}

const sides: Side[] = ['home', 'away'];

/** The whole life of one fixture, drawn from the seed. */
export function footballTimeline(seed: string, fixture: SimFixture, windowMs: number): FootballTimeline {
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
  const events: FootballEvent[] = [];
  const suspensions: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;

  let rescheduledAt: number | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...(p.events as FootballEvent[]));
    ({ kickoff, finalAt, rescheduledAt } = p);
  }

  const lambda = base.lambda * Math.exp(driftHome[steps]!);
  const mu = base.mu * Math.exp(driftAway[steps]!);
  let halfTimeAt: number | null = null;
  const cancels: Array<{ from: number; to: number; at: number }> = [];
  let secondHalfAt: number | null = null;
  let correctionAt: number | null = null;

  if (kickoff !== null) {
    const stoppage1 = intBetween(r, ...STOPPAGE_MINUTES.first);
    const stoppage2 = intBetween(r, ...STOPPAGE_MINUTES.second);
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
          if (r() < 1 - Math.exp(-YELLOWS_PER_90 / 90)) {
            events.push({ at: at + intBetween(r, 0, 59) * 1000, kind: 'yellow', team: side });
          }
          if (r() < 1 - Math.exp(-REDS_PER_90 / 90)) {
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
        // The same feed error priced the match wrongly for three minutes of the first half: bets
        // placed then are cancelled (UOF bet_cancel with a window), announced five minutes later.
        const from = kickoff + intBetween(r, 10, 35) * MINUTE_MS;
        cancels.push({ from, to: from + 3 * MINUTE_MS, at: from + 8 * MINUTE_MS });
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
    suspensions: mergedWindows(suspensions),
    halfTimeAt,
    secondHalfAt,
    finalAt,
    correctionAt,
    rescheduledAt,
    cancels,
  };
}

const PERIOD_OF: Readonly<Record<string, number>> = {
  ...STATUS_CODES,
  kickoff: MatchTime.firstHalf,
  half_time: MatchTime.halfTime,
  second_half: MatchTime.secondHalf,
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

function snapshotsOf(events: FootballEvent[]): MatchSnapshot[] {
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

/** The match at simulated time t. */
export interface FootballState extends MatchSnapshot {
  /** Minutes of play (0–90+) while the ball is in play; 45 at half-time. */
  minute: number;
  suspended: boolean;
  /** Count of bet stops so far: a live bet is refused if one started during its delay. */
  stopSeq: number;
}

/** The state of the match at simulated time t. */
export function stateAt(tl: FootballTimeline, t: number): FootballState {
  const i = lastAtOrBefore(tl.events, t);
  const snap = i < 0 ? INITIAL : tl.snapshots[i]!;
  const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
  let minute = 0;
  if (snap.periodCode === MatchTime.firstHalf && tl.kickoff !== null) minute = (t - tl.kickoff) / MINUTE_MS;
  else if (snap.periodCode === MatchTime.halfTime) minute = 45;
  else if (snap.periodCode === MatchTime.secondHalf && tl.secondHalfAt !== null)
    minute = 45 + (t - tl.secondHalfAt) / MINUTE_MS;
  else if (snap.periodCode === MatchTime.finished) minute = 90;
  return { ...snap, minute, suspended, stopSeq };
}

/** Pricing phase of a state, or null when the match cannot be bet (over, stopped, postponed). */
export function phaseOf(state: FootballState): FootballPhase | null {
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
export function expectedGoalsAt(tl: FootballTimeline, t: number): { lambda: number; mu: number } {
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
export function resultAt(tl: FootballTimeline, t: number): FixtureResult {
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
  scores.cards = {
    home: state.yellow.home + state.red.home,
    away: state.yellow.away + state.red.away,
    complete: final,
  };
  return { status: state.periodCode, scores };
}

const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');

/** What the football model needs at t (null when the match cannot be bet). */
function pricingInput(
  tl: FootballTimeline,
  state: FootballState,
  t: number,
  margins: MarginPlan,
): FootballPricingInput | null {
  const phase = phaseOf(state);
  if (phase === null) return null;
  const pre = phase === 'pre';
  if (!pre && tl.kickoff === null) return null;
  const goals = pre ? expectedGoalsAt(tl, t) : expectedGoalsAt(tl, tl.kickoff!);
  return {
    // A red card cuts the side's scoring rate for the rest of the match (research §3.1).
    lambda: goals.lambda * 0.7 ** state.red.home,
    mu: goals.mu * 0.7 ** state.red.away,
    rho: FOOTBALL_RHO,
    cornersHome: tl.cornersHome,
    cornersAway: tl.cornersAway,
    // Each side's yellow and red cards per 90 minutes, as playHalf draws them.
    cardsHome: CARDS_PER_90,
    cardsAway: CARDS_PER_90,
    cards: { home: state.yellow.home + state.red.home, away: state.yellow.away + state.red.away },
    phase,
    minute: state.minute,
    score: state.score,
    halfTime: phase === 'half_time' || phase === 'second_half' ? state.firstHalf : null,
    corners: state.corners,
    margins: fixtureMargins(margins, tl, !pre),
  };
}

/** Football for the simulated feed. */
export const footballSim: SportSim<FootballTimeline> = {
  sport: 'football',
  prefix: 'fb',
  fates: ['postponed', 'abandoned', 'corrected'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'fb', FOOTBALL_COMPETITIONS, REST_DAYS),
  timeline: footballTimeline,
  state(tl, t): SimState {
    const s = stateAt(tl, t);
    const running = s.periodCode === MatchTime.firstHalf || s.periodCode === MatchTime.secondHalf;
    const seconds = Math.floor(s.minute * 60);
    const phase = phaseOf(s);
    return {
      periodCode: s.periodCode,
      clock:
        running || s.periodCode === MatchTime.halfTime ? `${pad(seconds / 60)}:${pad(seconds % 60)}` : null,
      score: { ...s.score },
      stats: { corners: { ...s.corners }, yellowCards: { ...s.yellow }, redCards: { ...s.red } },
      suspended: s.suspended,
      stateSeq: s.stateSeq,
      stopSeq: s.stopSeq,
      phase: phase === null ? null : phase === 'pre' ? 'pre' : 'live',
    };
  },
  result: resultAt,
  quoteKey(tl, _state, t) {
    const s = stateAt(tl, t);
    const phase = phaseOf(s);
    if (phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    return `${phase}|${Math.floor(s.minute)}|${s.score.home}-${s.score.away}|${s.corners.home}-${s.corners.away}|${s.red.home}-${s.red.away}`;
  },
  quotes(tl, _state, t, margins) {
    const input = pricingInput(tl, stateAt(tl, t), t, margins);
    return input ? priceFootball(input) : [];
  },
  price(tl, _state, t, margins, key) {
    const input = pricingInput(tl, stateAt(tl, t), t, margins);
    return input ? priceFootballMarket(input, key) : null;
  },
  builderChance(tl, _state, t, margins, legs) {
    const input = pricingInput(tl, stateAt(tl, t), t, margins);
    return input ? footballBuilderChance(input, legs) : { ok: false, reason: 'market' };
  },
};
