import {
  dixonColesGrid,
  expectOver,
  goalShareBetween,
  matchWinnerProbabilities,
  poisson,
  type ScoreGrid,
} from './dixon-coles';
import type { MarketKey, Period } from './markets';
import { countsFromPlacement } from './rules';
import {
  effectiveProbability,
  handicapKinds,
  mainLine,
  negate,
  quoteLine,
  quotePrices,
  handicapQuote,
  totalQuote,
  type Distribution,
  type Quote,
} from './pricing';
import type { MarginFor } from './book-margins';
import { halvesOf, priceGoalsMarket, priceGoalsMarkets, type GoalsNow } from './football-goals';

/**
 * Football prices (design/sports.md "Pricing"): every goals market of both periods from the
 * Dixon–Coles grid, corners from their own count model, and in play the remaining goals from the
 * time left, shifted by the current score (research §3.1 "In-play football").
 */

/** Where a match stands, as pricing needs it. */
export type FootballPhase = 'pre' | 'first_half' | 'half_time' | 'second_half';

export interface FootballPricingInput {
  /** Expected goals of the whole match, home and away, as priced at kick-off. */
  lambda: number;
  mu: number;
  /** Dixon–Coles low-score correlation (fitted values −0.05 to −0.15, research §3.1). */
  rho: number;
  /** Expected corners of the whole match per side. */
  cornersHome: number;
  cornersAway: number;
  phase: FootballPhase;
  /** Minute of play (0–90, more in stoppage time); 0 before kick-off. */
  minute: number;
  /** Goals so far, and goals of the first half so far (equal during the first half). */
  score: { home: number; away: number };
  /** The first half's score once it is over (half-time, second half); null before. */
  halfTime: { home: number; away: number } | null;
  corners: { home: number; away: number };
  /** Expected cards (yellow and red) of a whole match per side, and the cards so far. */
  cardsHome: number;
  cardsAway: number;
  cards: { home: number; away: number };
  /** The margin of each market (book-margins.ts). */
  margins: MarginFor;
}

/** Share of the first half's goals in the whole match (f ≈ 0.45, research §3.1 "1st half"). */
export const FIRST_HALF_SHARE = goalShareBetween(0, 45);

/**
 * While a period runs its clock may pass 45 or 90 (stoppage time), where the profile is spent;
 * a little expectation is kept until the whistle.
 */
const STOPPAGE_FLOOR = 0.004;

/** Shares of the whole match's expected goals still to come: in the first half, and overall. */
export function remainingGoalShares(
  phase: FootballPhase,
  minute: number,
): { firstHalf: number; full: number } {
  switch (phase) {
    case 'pre':
      return { firstHalf: FIRST_HALF_SHARE, full: 1 };
    case 'first_half': {
      const firstHalf = Math.max(STOPPAGE_FLOOR, goalShareBetween(minute, 45));
      return { firstHalf, full: firstHalf + (1 - FIRST_HALF_SHARE) };
    }
    case 'half_time':
      return { firstHalf: 0, full: 1 - FIRST_HALF_SHARE };
    case 'second_half':
      return { firstHalf: 0, full: Math.max(STOPPAGE_FLOOR, goalShareBetween(Math.max(45, minute), 90)) };
  }
}

/**
 * Stoppage minutes of each half, whole minutes drawn evenly from these bounds: what the
 * simulation plays, and what the prices of the markets that count through it expect.
 */
export const STOPPAGE_MINUTES = { first: [1, 4], second: [2, 7] } as const;

/** Minutes of play a half still has at `minute`, its stoppage included, in expectation. */
function halfMinutesLeft(minute: number, end: 45 | 90, bounds: readonly [number, number]): number {
  if (minute < end) return end - minute + (bounds[0] + bounds[1]) / 2;
  // In stoppage time: the stoppage is longer than what has been played of it.
  const past = minute - end;
  const left: number[] = [];
  for (let s = bounds[0]; s <= bounds[1]; s++) if (s > past) left.push(s - past);
  return left.length ? left.reduce((a, b) => a + b, 0) / left.length : 0;
}

/**
 * The minutes of play still to come, stoppage time included, as a share of 90: what a count that
 * comes at an even rate through every minute played (corners, cards) still has to come, over its
 * 90-minute rate. The simulation plays stoppage time, and so do real matches; assuming 90 even
 * minutes had underpriced corner overs by 10–40 % (the fair-return check's "known gap").
 */
export function remainingPlayShare(phase: FootballPhase, minute: number): number {
  const second = halfMinutesLeft(45, 90, STOPPAGE_MINUTES.second);
  const minutes =
    phase === 'pre'
      ? halfMinutesLeft(0, 45, STOPPAGE_MINUTES.first) + second
      : phase === 'first_half'
        ? halfMinutesLeft(minute, 45, STOPPAGE_MINUTES.first) + second
        : phase === 'half_time'
          ? second
          : halfMinutesLeft(Math.max(45, minute), 90, STOPPAGE_MINUTES.second);
  return Math.max(STOPPAGE_FLOOR, minutes / 90);
}

/** Distribution of (home − away) and of (home + away) over a grid. */
function marginAndTotal(grid: ScoreGrid): { margin: Distribution; total: Distribution } {
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  for (let i = 0; i < grid.size; i++) {
    for (let j = 0; j < grid.size; j++) {
      const p = grid.p[i]![j]!;
      margin.set(i - j, (margin.get(i - j) ?? 0) + p);
      total.set(i + j, (total.get(i + j) ?? 0) + p);
    }
  }
  return { margin, total };
}

const shift = (dist: Distribution, by: number): Distribution =>
  new Map([...dist].map(([v, p]) => [v + by, p]));

/**
 * The margin a handicap settles on, from the distribution of what is still to come: that alone
 * when the market counts from placement (rules.ts), the final margin (shifted by the lead so far)
 * otherwise. Pricing and settlement read the same table, so they cannot disagree.
 */
const handicapMargin = (
  type: 'asian_handicap' | 'corners_handicap',
  rest: Distribution,
  lead: number,
): Distribution => (countsFromPlacement('football', type) ? rest : shift(rest, lead));

/** Independent Poisson counts (corners), as a grid without the Dixon–Coles correction. */
export function poissonGrid(lambda: number, mu: number, maxCount: number): ScoreGrid {
  const size = maxCount + 1;
  const ph = Array.from({ length: size }, (_, i) => poisson(i, lambda));
  const pa = Array.from({ length: size }, (_, j) => poisson(j, mu));
  let sum = 0;
  const p = ph.map((h) => pa.map((a) => ((sum += h * a), h * a)));
  return { size, p: p.map((row) => row.map((v) => v / sum)) };
}

/** The Asian handicap lines offered around the main line: main, ±¼ and ±½. */
function handicapQuotes(
  period: Period,
  type: 'asian_handicap' | 'corners_handicap',
  margin: Distribution,
  margins: MarginFor,
  spread: number[],
): Quote[] {
  const candidates = Array.from({ length: 65 }, (_, k) => k - 32);
  const main = mainLine(candidates, (lineQ) => effectiveProbability(handicapKinds(margin, lineQ)));
  if (main === null) return [];
  const away = negate(margin);
  const quotes: Quote[] = [];
  for (const d of spread) {
    const lineQ = main + d;
    const key: MarketKey = { type, period, lineQ };
    const q = quoteLine(key, ['home', 'away'], margin, lineQ, away, -lineQ, margins(key));
    if (q) quotes.push(q);
  }
  return quotes;
}

/** Over/under lines around the main line, never at or below what is already in. */
function totalQuotes(
  period: Period,
  type: 'totals' | 'corners_totals',
  total: Distribution,
  current: number,
  margins: MarginFor,
  spread: number[],
): Quote[] {
  const first = 4 * current + 2;
  const candidates = Array.from({ length: 60 }, (_, k) => first + k);
  // Over a line L settles on total − L: the handicap form with line −L.
  const overAt = (lineQ: number) => effectiveProbability(handicapKinds(total, -lineQ));
  const main = mainLine(candidates, overAt);
  if (main === null) return [];
  const under = negate(total);
  const quotes: Quote[] = [];
  for (const d of spread) {
    const lineQ = main + d;
    if (lineQ < first) continue;
    const key: MarketKey = { type, period, lineQ };
    const q = quoteLine(key, ['over', 'under'], total, -lineQ, under, lineQ, margins(key));
    if (q) quotes.push(q);
  }
  return quotes;
}

/** Where the goals stand now, for the markets of football-goals.ts. */
function goalsNow(
  input: FootballPricingInput,
  rest: ScoreGrid,
  shares: { firstHalf: number; full: number },
): GoalsNow {
  const halfOver = input.phase === 'half_time' || input.phase === 'second_half';
  return {
    rest,
    score: input.score,
    halves: halfOver ? null : halvesOf(input.lambda, input.mu, input.rho, shares),
    halfTime: input.halfTime,
  };
}

/** Over and under on one side's goals at the key's line (Gols por Equipe: x.5 lines above the count). */
function teamTotal(key: MarketKey, now: GoalsNow, margins: MarginFor): Quote | null {
  const side = key.type === 'home_totals' ? 'home' : 'away';
  const current = now.score[side];
  if (key.lineQ! <= 4 * current) return null;
  const goals: Distribution = new Map();
  for (let i = 0; i < now.rest.size; i++) {
    for (let j = 0; j < now.rest.size; j++) {
      const g = current + (side === 'home' ? i : j);
      goals.set(g, (goals.get(g) ?? 0) + now.rest.p[i]![j]!);
    }
  }
  return totalQuote(key, goals, margins(key));
}

/** Home, draw and away of a European handicap (added to the home side) on the final margin. */
function europeanHandicap(finalMargin: Distribution, lineQ: number): [number, number, number] {
  let home = 0;
  let draw = 0;
  for (const [d, p] of finalMargin) {
    const adjusted = 4 * d + lineQ;
    if (adjusted > 0) home += p;
    else if (adjusted === 0) draw += p;
  }
  return [home, draw, 1 - home - draw];
}

function threeWay(key: MarketKey, probs: [number, number, number], margins: MarginFor): Quote {
  const prices = quotePrices(probs, margins(key));
  return { key, outcomes: ['home', 'draw', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

/**
 * Every football market at one moment: 1X2, Asian and European handicaps, totals with quarter
 * lines, odd/even, the first-half markets while the first half can still be bet, and corners.
 */
export function priceFootball(input: FootballPricingInput): Quote[] {
  const { lambda, mu, rho, score, margins } = input;
  const shares = remainingGoalShares(input.phase, input.minute);
  const quotes: Quote[] = [];

  // Full time: remaining goals, shifted by the score for markets that count every goal.
  const rest = dixonColesGrid(lambda * shares.full, mu * shares.full, rho);
  const { margin: restMargin, total: restTotal } = marginAndTotal(rest);
  quotes.push(
    threeWay(
      { type: 'match_winner', period: 'full', lineQ: null },
      matchWinnerProbabilities(rest, score),
      margins,
    ),
  );
  const lead = score.home - score.away;
  quotes.push(
    ...handicapQuotes(
      'full',
      'asian_handicap',
      handicapMargin('asian_handicap', restMargin, lead),
      margins,
      [-2, -1, 0, 1, 2],
    ),
  );
  const finalMargin = shift(restMargin, lead);
  for (const lineQ of [-4, 4]) {
    quotes.push(
      threeWay(
        { type: 'european_handicap', period: 'full', lineQ },
        europeanHandicap(finalMargin, lineQ),
        margins,
      ),
    );
  }
  const goals = score.home + score.away;
  quotes.push(
    ...totalQuotes('full', 'totals', shift(restTotal, goals), goals, margins, [-4, -2, -1, 0, 1, 2, 4]),
  );
  const odd = expectOver(rest, (i, j) => ((i + j + goals) % 2 === 1 ? 1 : 0));
  const oddEvenKey: MarketKey = { type: 'odd_even', period: 'full', lineQ: null };
  const oddEven = quotePrices([odd, 1 - odd], margins(oddEvenKey));
  quotes.push({
    key: oddEvenKey,
    outcomes: [
      { id: 'odd', oddsMilli: oddEven[0]! },
      { id: 'even', oddsMilli: oddEven[1]! },
    ],
  });
  const now = goalsNow(input, rest, shares);
  quotes.push(...priceGoalsMarkets(now, margins));
  for (const side of ['home', 'away'] as const) {
    for (let n = 0; n < 3; n++) {
      const q = teamTotal(
        { type: `${side}_totals`, period: 'full', lineQ: 4 * (score[side] + n) + 2 },
        now,
        margins,
      );
      if (q) quotes.push(q);
    }
  }

  // First half: offered until half-time (the score so far is the first half's score).
  if (input.phase === 'pre' || input.phase === 'first_half') {
    const half = dixonColesGrid(lambda * shares.firstHalf, mu * shares.firstHalf, rho);
    const { margin: halfMargin, total: halfTotal } = marginAndTotal(half);
    quotes.push(
      threeWay(
        { type: 'match_winner', period: 'first_half', lineQ: null },
        matchWinnerProbabilities(half, score),
        margins,
      ),
    );
    quotes.push(
      ...handicapQuotes(
        'first_half',
        'asian_handicap',
        handicapMargin('asian_handicap', halfMargin, lead),
        margins,
        [0],
      ),
    );
    quotes.push(...totalQuotes('first_half', 'totals', shift(halfTotal, goals), goals, margins, [-2, 0, 2]));
  }

  // Corners: independent Poisson counts per side, spread evenly over the match.
  const cornerShare = remainingPlayShare(input.phase, input.minute);
  const corners = poissonGrid(input.cornersHome * cornerShare, input.cornersAway * cornerShare, 30);
  const { margin: cornerMargin, total: cornerTotal } = marginAndTotal(corners);
  const taken = input.corners.home + input.corners.away;
  quotes.push(
    ...totalQuotes('full', 'corners_totals', shift(cornerTotal, taken), taken, margins, [-4, -1, 0, 1, 4]),
  );
  const cornerLead = input.corners.home - input.corners.away;
  quotes.push(
    ...handicapQuotes(
      'full',
      'corners_handicap',
      handicapMargin('corners_handicap', cornerMargin, cornerLead),
      margins,
      [0],
    ),
  );
  quotes.push(...cardsQuotes(input));
  return quotes;
}

/**
 * Total de Cartões: each side's cards come at an even rate through every minute played, stoppage
 * included, like corners (the simulation draws them so, whatever the score): Poisson counts over
 * the minutes left, added to those shown.
 */
function cardsQuotes(input: FootballPricingInput): Quote[] {
  const { total, shown } = cardsTotal(input);
  // Half lines only, as Brazilian books list cards (4,5 cartões): never a push.
  const candidates = Array.from({ length: 16 }, (_, k) => 4 * (shown + k) + 2);
  const main = mainLine(candidates, (lineQ) => effectiveProbability(handicapKinds(total, -lineQ)));
  if (main === null) return [];
  return [-4, 0, 4]
    .filter((d) => main + d > 4 * shown)
    .map((d) => {
      const key: MarketKey = { type: 'cards_totals', period: 'full', lineQ: main + d };
      return totalQuote(key, total, input.margins(key));
    })
    .filter((q): q is Quote => q !== null);
}

function cardsTotal(input: FootballPricingInput): { total: Distribution; shown: number } {
  const share = remainingPlayShare(input.phase, input.minute);
  const grid = poissonGrid(input.cardsHome * share, input.cardsAway * share, 20);
  const shown = input.cards.home + input.cards.away;
  return { total: shift(marginAndTotal(grid).total, shown), shown };
}

/**
 * One market at any line, priced like the listed ones: what a cash-out needs for a line the book
 * does not list now (a pre-match handicap in play maps onto the live line moved by the goals since
 * it was placed). Null when the market cannot be priced (a period over, a line already passed).
 */
export function priceFootballMarket(input: FootballPricingInput, key: MarketKey): Quote | null {
  const { lambda, mu, rho, score, margins } = input;
  const shares = remainingGoalShares(input.phase, input.minute);
  const goals = score.home + score.away;
  const halfOpen = input.phase === 'pre' || input.phase === 'first_half';
  if (key.period === 'first_half' && !halfOpen) return null;
  if (key.period !== 'full' && key.period !== 'first_half') return null;
  const share = key.period === 'full' ? shares.full : shares.firstHalf;
  const line = (dist: Distribution) => handicapQuote(key, dist, margins(key));
  const totals = (dist: Distribution, current: number) =>
    key.lineQ! <= 4 * current ? null : totalQuote(key, dist, margins(key));
  if (key.type === 'cards_totals') {
    if (key.period !== 'full') return null;
    const cards = cardsTotal(input);
    return totals(cards.total, cards.shown);
  }
  if (key.type === 'corners_totals' || key.type === 'corners_handicap') {
    if (key.period !== 'full') return null;
    const cornerShare = remainingPlayShare(input.phase, input.minute);
    const grid = poissonGrid(input.cornersHome * cornerShare, input.cornersAway * cornerShare, 30);
    const { margin, total } = marginAndTotal(grid);
    const taken = input.corners.home + input.corners.away;
    const cornerLead = input.corners.home - input.corners.away;
    return key.type === 'corners_handicap'
      ? line(handicapMargin('corners_handicap', margin, cornerLead))
      : totals(shift(total, taken), taken);
  }
  const grid = dixonColesGrid(lambda * share, mu * share, rho);
  const { margin, total } = marginAndTotal(grid);
  switch (key.type) {
    case 'match_winner':
      return threeWay(key, matchWinnerProbabilities(grid, score), margins);
    case 'asian_handicap':
      return line(handicapMargin('asian_handicap', margin, score.home - score.away));
    case 'european_handicap':
      if (key.period !== 'full') return null;
      return threeWay(key, europeanHandicap(shift(margin, score.home - score.away), key.lineQ!), margins);
    case 'totals':
      return totals(shift(total, goals), goals);
    case 'odd_even': {
      if (key.period !== 'full') return null;
      const odd = expectOver(grid, (i, j) => ((i + j + goals) % 2 === 1 ? 1 : 0));
      const prices = quotePrices([odd, 1 - odd], margins(key));
      return {
        key,
        outcomes: [
          { id: 'odd', oddsMilli: prices[0]! },
          { id: 'even', oddsMilli: prices[1]! },
        ],
      };
    }
    case 'home_totals':
    case 'away_totals':
      return key.period === 'full' ? teamTotal(key, goalsNow(input, grid, shares), margins) : null;
    default:
      return key.period === 'full' ? priceGoalsMarket(goalsNow(input, grid, shares), key, margins) : null;
  }
}
