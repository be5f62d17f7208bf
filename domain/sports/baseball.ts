import type { MarketKey } from './markets';
import {
  effectiveProbability,
  handicapKinds,
  mainLine,
  quotePrices,
  type Distribution,
  type Quote,
  handicapQuote,
  totalQuote,
} from './pricing';
import type { MarginFor } from './book-margins';

/**
 * Baseball runs as a count model (research §3.4): each side's runs still to come over the innings
 * it has left, added to the score. Runs come in bunches (a big inning), so a side's runs are
 * negative binomial rather than Poisson: MLB's runs per team and game have a standard deviation
 * near 3.2 at 4.4 a game, a variance 2.4 times the mean, which gives the run margin its spread
 * (sd ≈ 4.4) and one-run games their share (≈ 28 %; Poisson runs gave 2.9 and 41 %). The
 * half-innings of the simulation draw from the same law, which adds up over innings. A tie after
 * nine goes to extra innings, which the home side wins slightly more often and which usually end
 * by one run.
 */

/**
 * Outs in a half-inning. Its runs come with its outs: a third of the half's runs (the same law at a
 * third of the mean, which the law's fixed variance-to-mean ratio makes exact) score on the play
 * that makes each out, so in play the half under way has (3 − outs) thirds of its runs to come,
 * whatever time has passed since the last out. Priced as a fresh half, it had live unders
 * returning 1.12 at fair odds.
 */
export const OUTS_PER_HALF = 3;

/** P(home wins in extra innings) — the research's "coin flip with a slight home edge". */
export const EXTRA_INNINGS_HOME = 0.52;

/** Variance of a side's runs over its mean, over any number of innings. */
const RUNS_DISPERSION = 2.4;

/**
 * The negative binomial of runs with this mean (variance RUNS_DISPERSION × mean), as the ratio
 * of P(k + 1) to P(k) and P(0): what both the pricing and the simulation's draws are made of.
 */
export function runsLaw(mean: number) {
  const keep = 1 / RUNS_DISPERSION;
  const shape = (mean * keep) / (1 - keep);
  return { zero: keep ** shape, next: (k: number) => ((k + shape) / (k + 1)) * (1 - keep) };
}

/** P(0 … max runs) from now, normalised over that range. */
function runsDistribution(mean: number, max = 40): number[] {
  if (mean <= 0) return Array.from({ length: max + 1 }, (_, k) => (k === 0 ? 1 : 0));
  const law = runsLaw(mean);
  const p = [law.zero];
  for (let k = 0; k < max; k++) p.push(p[k]! * law.next(k));
  const total = p.reduce((a, b) => a + b, 0);
  return p.map((x) => x / total);
}

export interface BaseballPricingInput {
  score: { home: number; away: number };
  /** Half-innings completed (0 before the first pitch): the next is a top when even. */
  halves: number;
  /** Outs of the half-inning under way (0 before its first pitch). */
  outs: number;
  /** Expected runs per inning of each side. */
  homeRate: number;
  awayRate: number;
  margins: MarginFor;
}

/** Margins and totals the game law keeps track of (beyond them the mass is negligible). */
const MAX_MARGIN = 30;
const MAX_TOTAL = 50;
/** Extra innings followed one by one; the rare game still level after them ends ±1. */
const EXTRA_INNINGS = 12;

/**
 * Final margin and total, half-inning by half-inning as the game is played: the home side does
 * not bat in the ninth (or later) when ahead, a home run that goes ahead in the ninth or later ends
 * the game on the spot (a walk-off: the margin becomes +1), and from the ninth on a full inning
 * that leaves a side ahead ends it. Summing the innings left as if all were played had priced the
 * in-play totals above what is played (live unders returned 1.22 at fair odds).
 */
function baseballLaw(input: BaseballPricingInput) {
  const width = 2 * MAX_MARGIN + 1;
  const cell = (d: number, n: number) => (d + MAX_MARGIN) * (MAX_TOTAL + 1) + n;
  let state = new Float64Array(width * (MAX_TOTAL + 1));
  const d0 = input.score.home - input.score.away;
  const n0 = input.score.home + input.score.away;
  state[cell(Math.max(-MAX_MARGIN, Math.min(MAX_MARGIN, d0)), Math.min(MAX_TOTAL, n0))] = 1;
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);
  const finish = (d: number, n: number, p: number) => {
    add(margin, d, p);
    add(total, n, p);
  };
  const homeRuns = runsDistribution(input.homeRate, 20);
  const awayRuns = runsDistribution(input.awayRate, 20);
  // What the half under way still has to come: the thirds of its outs not yet made.
  const leftOfHalf = (OUTS_PER_HALF - input.outs) / OUTS_PER_HALF;
  const nowRuns = (top: boolean) =>
    runsDistribution((top ? input.awayRate : input.homeRate) * leftOfHalf, 20);
  const each = (f: (d: number, n: number, p: number) => void) => {
    for (let d = -MAX_MARGIN; d <= MAX_MARGIN; d++) {
      for (let n = 0; n <= MAX_TOTAL; n++) {
        const p = state[cell(d, n)]!;
        if (p > 0) f(d, n, p);
      }
    }
  };
  const clampD = (d: number) => Math.max(-MAX_MARGIN, Math.min(MAX_MARGIN, d));
  const clampN = (n: number) => Math.min(MAX_TOTAL, n);
  let left = 1;
  // Extra innings stop being followed once what is still level no longer moves a price.
  for (let halves = input.halves; halves < 18 + 2 * EXTRA_INNINGS && left > 1e-12; halves++) {
    const inning = Math.floor(halves / 2) + 1;
    const top = halves % 2 === 0;
    const next = new Float64Array(state.length);
    each((d, n, p) => {
      // The home side does not bat in the ninth or later when already ahead.
      if (!top && inning >= 9 && d > 0) return finish(d, n, p);
      const runs = halves === input.halves && input.outs > 0 ? nowRuns(top) : top ? awayRuns : homeRuns;
      for (let r = 0; r < runs.length; r++) {
        const q = p * runs[r]!;
        if (q === 0) continue;
        if (top) next[cell(clampD(d - r), clampN(n + r))]! += q;
        else if (inning >= 9 && d + r > 0) finish(1, n + 1 - d, q);
        else next[cell(clampD(d + r), clampN(n + r))]! += q;
      }
    });
    state = next;
    // From the ninth on, a full inning that leaves a side ahead ends the game.
    if (halves + 1 >= 18 && (halves + 1) % 2 === 0) {
      const level = new Float64Array(state.length);
      left = 0;
      each((d, n, p) => {
        if (d !== 0) finish(d, n, p);
        else {
          level[cell(0, n)] = p;
          left += p;
        }
      });
      state = level;
    }
  }
  // Still level after every extra inning followed (next to never): a run decides it.
  each((_d, n, p) => {
    add(margin, 1, p * EXTRA_INNINGS_HOME);
    add(margin, -1, p * (1 - EXTRA_INNINGS_HOME));
    add(total, n + 1, p);
  });
  let home = 0;
  for (const [d, p] of margin) if (d > 0) home += p;
  return { home, margin, total, runs: input.score.home + input.score.away };
}

function marketFrom(
  input: BaseballPricingInput,
  law: ReturnType<typeof baseballLaw>,
  key: MarketKey,
): Quote | null {
  if (key.period !== 'full') return null;
  const setting = input.margins(key);
  switch (key.type) {
    case 'moneyline': {
      const prices = quotePrices([law.home, 1 - law.home], setting);
      if (prices.some((p) => p === null)) return null;
      return { key, outcomes: ['home', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
    }
    case 'asian_handicap':
      return handicapQuote(key, law.margin, setting);
    case 'totals':
      if (key.lineQ! <= 4 * law.runs) return null;
      return totalQuote(key, law.total, setting);
    default:
      return null;
  }
}

/** The moneyline, the run line (±1.5) and totals around the main line. */
export function priceBaseball(input: BaseballPricingInput): Quote[] {
  const law = baseballLaw(input);
  const keys: MarketKey[] = [
    { type: 'moneyline', period: 'full', lineQ: null },
    { type: 'asian_handicap', period: 'full', lineQ: -6 },
    { type: 'asian_handicap', period: 'full', lineQ: 6 },
  ];
  const candidates = Array.from({ length: 20 }, (_, k) => 4 * (law.runs + k) + 2);
  const main = mainLine(candidates, (l) => effectiveProbability(handicapKinds(law.total, -l)));
  if (main !== null)
    for (const d of [-4, 0, 4]) keys.push({ type: 'totals', period: 'full', lineQ: main + d });
  return keys.map((k) => marketFrom(input, law, k)).filter((q): q is Quote => q !== null);
}

/** One baseball market at any line, or null. */
export function priceBaseballMarket(input: BaseballPricingInput, key: MarketKey): Quote | null {
  return marketFrom(input, baseballLaw(input), key);
}
