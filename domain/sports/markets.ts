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
import { countsFromPlacement, rulesOf } from './rules';
import { MARKET_TYPES, PERIODS, type MarketType, type Period } from './market-types';
import type { SportKey } from './sports';

/**
 * Market types and their settlement from a fixture's result (design/sports.md "Markets",
 * research/sports.md §1.2–§1.7, §1.10). Lines are held in quarter goals (lineQ = line × 4) so
 * −0.25, 2.75 and 9.5 are exact integers.
 */

export { MARKET_TYPES, PERIODS, listsReachableOnly, type MarketType, type Period } from './market-types';

/**
 * The outcome ids of a market type (API.md "fixtures/{id}"). `match_winner` is three-way (1X2);
 * `moneyline` and `head_to_head` are two-way.
 */
export function outcomeIds(type: MarketType): readonly string[] {
  switch (type) {
    case 'match_winner':
    case 'european_handicap':
      return ['home', 'draw', 'away'];
    case 'moneyline':
    case 'head_to_head':
    case 'asian_handicap':
    case 'corners_handicap':
    case 'games_handicap':
      return ['home', 'away'];
    case 'totals':
    case 'corners_totals':
    case 'cards_totals':
    case 'games_totals':
    case 'rounds_totals':
      return ['over', 'under'];
    case 'odd_even':
      return ['odd', 'even'];
    case 'btts':
      return ['yes', 'no'];
    case 'double_chance':
      return DOUBLE_CHANCES;
    case 'draw_no_bet':
      return ['home', 'away'];
    case 'home_totals':
    case 'away_totals':
      return ['over', 'under'];
    case 'correct_score':
      return CORRECT_SCORES;
    case 'ht_ft':
      return HT_FT;
    case 'set_score':
      return SET_SCORES;
    case 'method':
      return METHODS;
    case 'outright':
      // The drivers of the race's field: each race fixture lists its own (feed.ts `field`).
      return [];
  }
}

/** Dupla Chance: each selection wins on two of the three results (1X, 12, X2). */
const DOUBLE_CHANCES = ['home_draw', 'home_away', 'draw_away'] as const;

/**
 * Placar Exato: every score up to 4 goals a side ("2-1"), and `other` for any score with a side
 * above 4. The list is fixed, so `other` means the same whatever the prices show.
 */
const CORRECT_SCORE_MAX = 4;
const CORRECT_SCORES: readonly string[] = [
  ...Array.from({ length: (CORRECT_SCORE_MAX + 1) ** 2 }, (_, k) => {
    const home = Math.floor(k / (CORRECT_SCORE_MAX + 1));
    return `${home}-${k % (CORRECT_SCORE_MAX + 1)}`;
  }),
  'other',
];

/** The correct-score selection a final score falls in. */
export const correctScoreOf = (home: number, away: number) =>
  home > CORRECT_SCORE_MAX || away > CORRECT_SCORE_MAX ? 'other' : `${home}-${away}`;

/**
 * Placar em Sets: the match score in sets, home's first. One list serves both formats, best of
 * three's four scores and best of five's six, so an id means the same in every match and the
 * market's margin shape (three outcomes or more) does not depend on the format. A quote lists only
 * the scores its match can still end on (tennis.ts): a best-of-three match never shows `3-1`, and
 * once the away side has a set `2-0` leaves the list, as Placar Exato leaves out a score already
 * passed. Listing the impossible ones as not offered (`oddsMilli: null`) instead would leave a
 * price missing from the book, and such a book has no cash-out and no margin in the report
 * (cashout.ts leastFairChance, book-margins.ts overroundMilli); the fixture page drops a selection
 * that a price push no longer lists (market-types.ts listsReachableOnly).
 */
const SET_SCORES: readonly string[] = ['2-0', '2-1', '1-2', '0-2', '3-0', '3-1', '3-2', '2-3', '1-3', '0-3'];

/**
 * Método de Vitória: who wins and how, inside the distance (KO, TKO, retirement in the corner,
 * disqualification) or on the scorecards (a decision, a technical decision included), or a draw.
 */
const METHODS: readonly string[] = ['home_stoppage', 'home_points', 'draw', 'away_stoppage', 'away_points'];

const RESULTS = ['home', 'draw', 'away'] as const;
/** Intervalo/Final: the half-time result and the full-time result ("home-draw"). */
const HT_FT: readonly string[] = RESULTS.flatMap((ht) => RESULTS.map((ft) => `${ht}-${ft}`));

/** 1X2 of a margin: home, draw or away. */
export const resultOf = (diff: number): (typeof RESULTS)[number] =>
  diff > 0 ? 'home' : diff < 0 ? 'away' : 'draw';

/**
 * How many selections of a market win on any one result: 2 for Dupla Chance, 1 for every other
 * market. Its fair probabilities sum to this, which removing the margin must respect (cash-out,
 * the fair-return checks).
 */
export const winnersPerResult = (type: MarketType): number => (type === 'double_chance' ? 2 : 1);

/** Market types that take a line. */
const LINE_TYPES: readonly MarketType[] = [
  'asian_handicap',
  'european_handicap',
  'totals',
  'corners_totals',
  'cards_totals',
  'corners_handicap',
  'games_handicap',
  'games_totals',
  'rounds_totals',
  'home_totals',
  'away_totals',
];
export const hasLine = (type: MarketType) => LINE_TYPES.includes(type);

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
  // Boxing's total rounds are half lines: x.5 is the half-way mark (1:30) of round x + 1.
  if (t === 'rounds_totals' && (lineQ % 4 !== 2 || lineQ < 0)) return null;
  return { type: t, period: period as Period, lineQ: Object.is(lineQ, -0) ? 0 : lineQ };
}

/** A score (goals, corners, …) of one period, and whether that period was played to its end. */
export interface PeriodScore {
  home: number;
  away: number;
  complete: boolean;
}

/**
 * Which counts a result carries: the score of each period in the sport's unit (goals, points,
 * sets, frames, runs), corners, football's cards (yellow and red, one each), and tennis's games.
 */
export const SCORE_KEYS = [...PERIODS, 'corners', 'cards', 'games'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

/** How long a fight lasted: it ended in round `round`, `seconds` into it (a decision: the last round's full 180). */
export interface FightLength {
  round: number;
  seconds: number;
}

/** Seconds of a boxing round (the half-round of the total rounds market is 1:30, research §1.9). */
export const ROUND_SECONDS = 180;

/** A motor-racing head-to-head driver's race: classified position (null: did not finish) and laps. */
export interface RaceResult {
  started: boolean;
  position: number | null;
  laps: number;
}

/**
 * A race's classification as its Vencedor da Corrida settles on it: the drivers (the field's
 * outcome ids) classified first — more than one only in a dead heat — and those who did not take
 * the start. A disqualified driver is not classified, as in a head-to-head: the first is whoever
 * the official classification puts first.
 */
export interface RaceClassification {
  winners: string[];
  notStarted: string[];
}

/**
 * A fixture's result as settlement reads it: the match time code of its end (−1 finished,
 * −10 cancelled, −12 cut in half; others mean it is not over) and the scores it reached, with what
 * some sports need besides: who retired or withdrew, who advanced (a retirement, a super over),
 * the innings a called baseball game completed (4.5: the home side did not need to bat), the
 * two drivers of a head-to-head, a race's classification, and how long a fight lasted.
 */
export interface FixtureResult {
  status: number;
  scores: Partial<Record<ScoreKey, PeriodScore>>;
  retired?: 'home' | 'away';
  advanced?: 'home' | 'away';
  innings?: number;
  race?: { home: RaceResult; away: RaceResult };
  classification?: RaceClassification;
  rounds?: FightLength;
  /** How a fight with a winner ended (Método de Vitória); absent, its method waits for review. */
  method?: FightMethod;
}

/**
 * How a fight was won: `stoppage` inside the distance (KO, TKO, retirement in the corner,
 * disqualification), `points` on the scorecards (a decision; a technical decision too). Its length
 * alone cannot tell them apart: a stoppage in the last round and a decision both end in it, and a
 * technical decision ends early.
 */
export type FightMethod = 'stoppage' | 'points';

/**
 * What a leg is on: the market, the selection, and for live bets the score when it was placed
 * (what a football handicap in play is settled from).
 */
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

/** The score a market reads: corners and games markets their counts, others the period's score. */
export function scoreKeyOf(type: MarketType, period: Period): ScoreKey {
  if (type === 'corners_totals' || type === 'corners_handicap') return 'corners';
  if (type === 'cards_totals') return 'cards';
  if (type === 'games_totals' || type === 'games_handicap') return 'games';
  return period;
}

/**
 * Settles a leg on a result. Returns null while it cannot be settled yet: its period is not over
 * and the match may still go on (held: in play, −11 to be decided, −13 interrupted, −14
 * postponed). When play stopped for good before the period ended (−10, −12, or a retirement), a
 * market stands only if already determined — over 1.5 once two goals are in (research §1.10
 * "universal clause") — and is void otherwise; each half of a quarter line is judged on its own.
 * The sport decides ties in two-way markets and who wins a match stopped early (rules.ts).
 */
export function settleLeg(
  leg: LegSpec,
  result: FixtureResult,
  sport: SportKey = 'football',
): LegSettlement | null {
  if (leg.type === 'head_to_head') return settleHeadToHead(leg, result);
  if (leg.type === 'outright') return settleOutright(leg, result);
  if (leg.type === 'rounds_totals') return settleRounds(leg, result);
  const score = result.scores[scoreKeyOf(leg.type, leg.period)];
  const final = FINAL_STATUSES.includes(result.status);
  if (!score) return final && result.status !== MatchTime.finished ? settled('void') : null;
  if (!score.complete) {
    if (!final) return null;
    if (leg.type === 'moneyline' && leg.period === 'full') {
      const early = earlyWinner(result, score, sport);
      if (early) return settled(leg.outcome === early ? 'won' : 'lost');
    }
    return settleUndetermined(leg, score, result);
  }
  return settleComplete(leg, score, result, sport);
}

/**
 * Who wins the winner market of a match that stopped early, if anyone: the player who advances
 * after a retirement (tennis after a completed set, snooker at once), or the side ahead in a
 * called baseball game after 5 innings (4½ when the home side leads; research §1.9).
 */
function earlyWinner(result: FixtureResult, score: PeriodScore, sport: SportKey): 'home' | 'away' | null {
  const rules = rulesOf(sport);
  if (result.retired && rules.minimumToAdvance !== null) {
    const completed = score.home + score.away;
    if (completed >= rules.minimumToAdvance) return result.retired === 'home' ? 'away' : 'home';
  }
  if (rules.calledGameInnings !== null && result.innings !== undefined && score.home !== score.away) {
    const homeAhead = score.home > score.away;
    const needed = homeAhead ? rules.calledGameInnings - 0.5 : rules.calledGameInnings;
    if (result.innings >= needed) return homeAhead ? 'home' : 'away';
  }
  return null;
}

/** Head-to-head of two drivers: the better classified; if neither finished, more laps (research §1.9). */
function settleHeadToHead(leg: LegSpec, result: FixtureResult): LegSettlement | null {
  if (!result.race) return FINAL_STATUSES.includes(result.status) ? settled('void') : null;
  const { home, away } = result.race;
  // Both drivers must start; equal laps with neither classified is void.
  if (!home.started || !away.started) return settled('void');
  let winner: 'home' | 'away' | null;
  if (home.position !== null && away.position !== null)
    winner = home.position < away.position ? 'home' : 'away';
  else if (home.position !== null) winner = 'home';
  else if (away.position !== null) winner = 'away';
  else winner = home.laps === away.laps ? null : home.laps > away.laps ? 'home' : 'away';
  if (winner === null) return settled('void');
  return settled(leg.outcome === winner ? 'won' : 'lost');
}

/**
 * Vencedor da Corrida: the driver classified first wins, and drivers sharing first place are a dead
 * heat (the odds divided among them). A driver who did not start is void, as in a head-to-head, and
 * so is a race never run (−10) or with nobody classified; a race stopped for good (−12) stands on
 * its classification. A finished race without its classification waits for review: voiding it
 * would refund the losing bets too.
 */
function settleOutright(leg: LegSpec, result: FixtureResult): LegSettlement | null {
  if (result.status === MatchTime.cancelled) return settled('void');
  if (!FINAL_STATUSES.includes(result.status)) return null;
  const race = result.classification;
  if (!race) return result.status === MatchTime.finished ? null : settled('void');
  if (race.notStarted.includes(leg.outcome) || race.winners.length === 0) return settled('void');
  if (!race.winners.includes(leg.outcome)) return settled('lost');
  return race.winners.length === 1 ? settled('won') : settled('won', { num: 1, den: race.winners.length });
}

/**
 * Total rounds of a fight: over x.5 wins when the fight lasts past 1:30 of round x + 1 (a decision
 * goes the distance, over every line).
 */
function settleRounds(leg: LegSpec, result: FixtureResult): LegSettlement | null {
  // A bout that never finished is void; a finished one without its length waits for review.
  if (!result.rounds) {
    return FINAL_STATUSES.includes(result.status) && result.status !== MatchTime.finished
      ? settled('void')
      : null;
  }
  // In quarter-seconds against the line in quarter-rounds: exact integers.
  const lasted = 4 * (ROUND_SECONDS * (result.rounds.round - 1) + result.rounds.seconds);
  const part = partOf(lasted - ROUND_SECONDS * leg.lineQ!);
  const won = leg.outcome === 'over' ? part === 'W' : part === 'L';
  return settled(part === 'P' ? 'push' : won ? 'won' : 'lost');
}

function settleComplete(
  leg: LegSpec,
  score: PeriodScore,
  result: FixtureResult,
  sport: SportKey,
): LegSettlement | null {
  const diff = score.home - score.away;
  const total = score.home + score.away;
  switch (leg.type) {
    case 'match_winner':
      return settled(leg.outcome === resultOf(diff) ? 'won' : 'lost');
    case 'double_chance':
      return settled(leg.outcome.split('_').includes(resultOf(diff)) ? 'won' : 'lost');
    case 'draw_no_bet':
      if (diff === 0) return settled('void');
      return settled(leg.outcome === resultOf(diff) ? 'won' : 'lost');
    case 'btts':
      return settled((score.home > 0 && score.away > 0 ? 'yes' : 'no') === leg.outcome ? 'won' : 'lost');
    case 'correct_score':
      return settled(leg.outcome === correctScoreOf(score.home, score.away) ? 'won' : 'lost');
    case 'set_score':
      return settled(leg.outcome === `${score.home}-${score.away}` ? 'won' : 'lost');
    case 'method':
      // A draw is only ever given on the scorecards: it needs no method.
      if (diff === 0) return settled(leg.outcome === 'draw' ? 'won' : 'lost');
      // A winner entered without how the fight ended waits for review, as Intervalo/Final does
      // without its half-time score.
      if (!result.method) return null;
      return settled(leg.outcome === `${resultOf(diff)}_${result.method}` ? 'won' : 'lost');
    case 'ht_ft': {
      // A full time played to its end had its first half too: a result entered without it waits
      // for review, as the first half's own markets do (voiding it refunded the losing bets too).
      const half = result.scores.first_half;
      if (!half?.complete) return null;
      const picked = `${resultOf(half.home - half.away)}-${resultOf(diff)}`;
      return settled(leg.outcome === picked ? 'won' : 'lost');
    }
    case 'home_totals':
    case 'away_totals': {
      const goals = leg.type === 'home_totals' ? score.home : score.away;
      return leg.outcome === 'over' ? settleHandicap(goals, -leg.lineQ!) : settleHandicap(-goals, leg.lineQ!);
    }
    case 'moneyline': {
      if (diff !== 0) return settled(leg.outcome === (diff > 0 ? 'home' : 'away') ? 'won' : 'lost');
      // A super over (or any official decider) names the winner of a tie.
      if (result.advanced) return settled(leg.outcome === result.advanced ? 'won' : 'lost');
      // A two-way market that ends level: no action, or half the odds (research §1.8, §1.11).
      if (rulesOf(sport).twoWayTie === 'deadHeat') return settled('won', { num: 1, den: 2 });
      return settled('void');
    }
    case 'head_to_head':
    case 'rounds_totals':
    case 'outright':
      return settled('void');
    case 'european_handicap': {
      // The handicap is added to the home side and the result read as 1X2 (research §1.3).
      const adjusted = 4 * diff + leg.lineQ!;
      const winner = adjusted > 0 ? 'home' : adjusted < 0 ? 'away' : 'draw';
      return settled(leg.outcome === winner ? 'won' : 'lost');
    }
    case 'asian_handicap':
    case 'corners_handicap':
    case 'games_handicap': {
      // In play, the markets of rules.ts's FROM_PLACEMENT count only what happens after the bet
      // (research §1.2 "In-play AH"); every other live spread is on the whole game.
      const fromPlacement = leg.scoreAtPlacement !== null && countsFromPlacement(sport, leg.type);
      const before = fromPlacement ? leg.scoreAtPlacement!.home - leg.scoreAtPlacement!.away : 0;
      const homeMargin = diff - before;
      return leg.outcome === 'home'
        ? settleHandicap(homeMargin, leg.lineQ!)
        : settleHandicap(-homeMargin, -leg.lineQ!);
    }
    case 'totals':
    case 'corners_totals':
    case 'cards_totals':
    case 'games_totals':
      // In-play totals count every goal of the period, before the bet too (research §1.2).
      return leg.outcome === 'over' ? settleHandicap(total, -leg.lineQ!) : settleHandicap(-total, leg.lineQ!);
    case 'odd_even':
      // 0-0 counts as even (research §1.5).
      return settled((total % 2 === 1 ? 'odd' : 'even') === leg.outcome ? 'won' : 'lost');
  }
}

/** A period that will never be finished: only parts already decided stand (research §1.10). */
function settleUndetermined(leg: LegSpec, score: PeriodScore, result: FixtureResult): LegSettlement {
  // The interval was played: a selection whose half-time result failed is decided lost.
  if (leg.type === 'ht_ft') {
    const half = result.scores.first_half;
    if (half?.complete && leg.outcome.split('-')[0] !== resultOf(half.home - half.away))
      return settled('lost');
    return settled('void');
  }
  // Both sides have scored: Ambas Marcam is decided whatever the rest would have been.
  if (leg.type === 'btts' && score.home > 0 && score.away > 0) {
    return settled(leg.outcome === 'yes' ? 'won' : 'lost');
  }
  // Counts only grow: a side above four makes "other" the correct score, and a score already
  // passed can no longer be it; every other score is undetermined.
  if (leg.type === 'correct_score') {
    if (score.home > CORRECT_SCORE_MAX || score.away > CORRECT_SCORE_MAX) {
      return settled(leg.outcome === 'other' ? 'won' : 'lost');
    }
    const [h, a] = leg.outcome.split('-').map(Number) as [number, number];
    if (leg.outcome !== 'other' && (h < score.home || a < score.away)) return settled('lost');
    return settled('void');
  }
  // Sets only grow too (a retirement): a score in sets already passed is lost, the rest void.
  if (leg.type === 'set_score') {
    const [h, a] = leg.outcome.split('-').map(Number) as [number, number];
    return settled(h < score.home || a < score.away ? 'lost' : 'void');
  }
  const counted: Partial<Record<MarketType, number>> = {
    totals: score.home + score.away,
    corners_totals: score.home + score.away,
    cards_totals: score.home + score.away,
    games_totals: score.home + score.away,
    home_totals: score.home,
    away_totals: score.away,
  };
  const total = counted[leg.type];
  if (total === undefined) return settled('void');
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
 * A held result once the fixture's window has passed (research §1.10, design "Match time codes"):
 * postponed (−14) and never played becomes cancelled (−10: every market void); interrupted (−13)
 * and never resumed becomes cut in half (−12: markets already determined stand, the rest void).
 * Any other result, or one still inside its window, is returned as it is.
 */
export function expireHeld(
  result: FixtureResult,
  startsAt: number,
  now: number,
  windowMs: number,
): FixtureResult {
  if (now < startsAt + windowMs) return result;
  if (result.status === MatchTime.postponed) return { status: MatchTime.cancelled, scores: {} };
  if (result.status === MatchTime.interrupted) return { ...result, status: MatchTime.cutInHalf };
  return result;
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
