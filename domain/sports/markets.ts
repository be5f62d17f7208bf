import { MatchTime } from '../codes';
import {
  combineParts,
  partLines,
  partOf,
  settled,
  settleHandicap,
  type LegSettlement,
  type Part,
} from './settlement';

/**
 * Market types and their settlement from a fixture's result (design/sports.md "Markets",
 * research/sports.md §1.2–§1.7, §1.10). Lines are held in quarter goals (lineQ = line × 4) so
 * −0.25, 2.75 and 9.5 are exact integers.
 */

export const MARKET_TYPES = [
  'match_winner',
  'asian_handicap',
  'european_handicap',
  'totals',
  'odd_even',
  'corners_totals',
  'corners_handicap',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

export const PERIODS = ['full', 'first_half'] as const;
export type Period = (typeof PERIODS)[number];

/** The outcome ids of a market type (API.md "fixtures/{id}"). */
export function outcomeIds(type: MarketType): readonly string[] {
  switch (type) {
    case 'match_winner':
    case 'european_handicap':
      return ['home', 'draw', 'away'];
    case 'asian_handicap':
    case 'corners_handicap':
      return ['home', 'away'];
    case 'totals':
    case 'corners_totals':
      return ['over', 'under'];
    case 'odd_even':
      return ['odd', 'even'];
  }
}

/** Market types that take a line. */
export const hasLine = (type: MarketType) => type !== 'match_winner' && type !== 'odd_even';

export interface MarketKey {
  type: MarketType;
  period: Period;
  /** The line in quarter units (home's handicap for handicaps), or null. */
  lineQ: number | null;
}

/** The line as a number (−0.25) from quarter units. */
export const lineOf = (lineQ: number) => lineQ / 4;

/** A market's id: `type:period` or `type:period:line` (e.g. `totals:full:2.5`). */
export function marketId(key: MarketKey): string {
  return key.lineQ === null ? `${key.type}:${key.period}` : `${key.type}:${key.period}:${lineOf(key.lineQ)}`;
}

const LINE_TEXT = /^-?(0|[1-9]\d{0,3})(\.(25|5|75))?$/;

/** Parses a market id; null when it is not one Trevo can offer. */
export function parseMarketId(id: string): MarketKey | null {
  const [type, period, line, ...rest] = id.split(':');
  if (rest.length > 0) return null;
  if (!(MARKET_TYPES as readonly string[]).includes(type ?? '')) return null;
  if (!(PERIODS as readonly string[]).includes(period ?? '')) return null;
  const t = type as MarketType;
  if (!hasLine(t)) return line === undefined ? { type: t, period: period as Period, lineQ: null } : null;
  if (line === undefined || !LINE_TEXT.test(line)) return null;
  const lineQ = Math.round(Number(line) * 4);
  // A three-way (European) handicap has whole lines only: its draw is a selection (research §1.3).
  if (t === 'european_handicap' && lineQ % 4 !== 0) return null;
  return { type: t, period: period as Period, lineQ: Object.is(lineQ, -0) ? 0 : lineQ };
}

/** A score (goals, corners, …) of one period, and whether that period was played to its end. */
export interface PeriodScore {
  home: number;
  away: number;
  complete: boolean;
}

/** Which counts a football result carries. */
export type ScoreKey = 'full' | 'first_half' | 'corners';

/**
 * A fixture's result as settlement reads it: the match time code of its end (−1 finished,
 * −10 cancelled, −12 cut in half; others mean it is not over) and the scores it reached.
 */
export interface FixtureResult {
  status: number;
  scores: Partial<Record<ScoreKey, PeriodScore>>;
}

/** What a leg is on: the market, the selection, and for live bets the score when it was placed. */
export interface LegSpec extends MarketKey {
  outcome: string;
  /** Goals (or corners for corner handicaps) when an in-play bet was placed; null pre-match. */
  scoreAtPlacement: { home: number; away: number } | null;
}

/** Final codes after which nothing more will be played (research §1.10 table). */
export const FINAL_STATUSES: readonly number[] = [
  MatchTime.finished,
  MatchTime.cancelled,
  MatchTime.cutInHalf,
];

/** The score a market reads: corners markets the corner count, others the period's goals. */
export function scoreKeyOf(type: MarketType, period: Period): ScoreKey {
  return type === 'corners_totals' || type === 'corners_handicap' ? 'corners' : period;
}

/**
 * Settles a leg on a result. Returns null while it cannot be settled yet: its period is not over
 * and the match may still go on (held: in play, −11 to be decided, −13 interrupted, −14
 * postponed). When play stopped for good before the period ended (−10, −12), a market stands only
 * if already determined — over 1.5 once two goals are in (research §1.10 "universal clause") —
 * and is void otherwise; each half of a quarter line is judged on its own.
 */
export function settleLeg(leg: LegSpec, result: FixtureResult): LegSettlement | null {
  const score = result.scores[scoreKeyOf(leg.type, leg.period)];
  const final = FINAL_STATUSES.includes(result.status);
  if (!score) return final && result.status !== MatchTime.finished ? settled('void') : null;
  if (!score.complete) {
    if (!final) return null;
    return settleUndetermined(leg, score);
  }
  return settleComplete(leg, score);
}

function settleComplete(leg: LegSpec, score: PeriodScore): LegSettlement {
  const diff = score.home - score.away;
  const total = score.home + score.away;
  switch (leg.type) {
    case 'match_winner': {
      const winner = diff > 0 ? 'home' : diff < 0 ? 'away' : 'draw';
      return settled(leg.outcome === winner ? 'won' : 'lost');
    }
    case 'european_handicap': {
      // The handicap is added to the home side and the result read as 1X2 (research §1.3).
      const adjusted = 4 * diff + leg.lineQ!;
      const winner = adjusted > 0 ? 'home' : adjusted < 0 ? 'away' : 'draw';
      return settled(leg.outcome === winner ? 'won' : 'lost');
    }
    case 'asian_handicap':
    case 'corners_handicap': {
      // In play, only what happens after the bet counts (research §1.2 "In-play AH").
      const before = leg.scoreAtPlacement ? leg.scoreAtPlacement.home - leg.scoreAtPlacement.away : 0;
      const homeMargin = diff - before;
      return leg.outcome === 'home'
        ? settleHandicap(homeMargin, leg.lineQ!)
        : settleHandicap(-homeMargin, -leg.lineQ!);
    }
    case 'totals':
    case 'corners_totals':
      // In-play totals count every goal of the period, before the bet too (research §1.2).
      return leg.outcome === 'over' ? settleHandicap(total, -leg.lineQ!) : settleHandicap(-total, leg.lineQ!);
    case 'odd_even':
      // 0-0 counts as even (research §1.5).
      return settled((total % 2 === 1 ? 'odd' : 'even') === leg.outcome ? 'won' : 'lost');
  }
}

/** A period that will never be finished: only parts already decided stand (research §1.10). */
function settleUndetermined(leg: LegSpec, score: PeriodScore): LegSettlement {
  if (leg.type !== 'totals' && leg.type !== 'corners_totals') return settled('void');
  const total = score.home + score.away;
  // Counts only grow: an over part is won once passed, an under part lost once passed.
  const part = (partQ: number): Part => {
    const p = partOf(4 * total - partQ);
    if (leg.outcome === 'over') return p === 'W' ? 'W' : 'V';
    return p === 'W' ? 'L' : 'V';
  };
  const [a, b] = partLines(leg.lineQ!);
  return combineParts(part(a), part(b));
}

/**
 * The part of a result that can settle something: while the match may go on, only periods played
 * to their end count (an in-play score settles nothing), so storing this changes only at
 * half-time, at the end, or on a correction.
 */
export function settleablePart(result: FixtureResult): FixtureResult {
  if (FINAL_STATUSES.includes(result.status)) return result;
  const scores: FixtureResult['scores'] = {};
  for (const [key, score] of Object.entries(result.scores) as Array<[ScoreKey, PeriodScore]>) {
    if (score.complete) scores[key] = score;
  }
  return { status: result.status, scores };
}
