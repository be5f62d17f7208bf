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

/** P(home wins in extra innings) — the research's "coin flip with a slight home edge". */
export const EXTRA_INNINGS_HOME = 0.52;

/** Variance of a side's runs over its mean, over any number of innings. */
export const RUNS_DISPERSION = 2.4;

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
export function runsDistribution(mean: number, max = 40): number[] {
  if (mean <= 0) return Array.from({ length: max + 1 }, (_, k) => (k === 0 ? 1 : 0));
  const law = runsLaw(mean);
  const p = [law.zero];
  for (let k = 0; k < max; k++) p.push(p[k]! * law.next(k));
  const total = p.reduce((a, b) => a + b, 0);
  return p.map((x) => x / total);
}

export interface BaseballPricingInput {
  score: { home: number; away: number };
  /** Expected runs each side still scores in regulation. */
  homeRunsLeft: number;
  awayRunsLeft: number;
  margins: MarginFor;
}

/** Final margin and total, with a regulation tie resolved by one run in extra innings. */
function baseballLaw(input: BaseballPricingInput) {
  const homeRuns = runsDistribution(input.homeRunsLeft);
  const awayRuns = runsDistribution(input.awayRunsLeft);
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  const add = (d: Distribution, k: number, p: number) => d.set(k, (d.get(k) ?? 0) + p);
  for (let i = 0; i < homeRuns.length; i++) {
    for (let j = 0; j < awayRuns.length; j++) {
      const p = homeRuns[i]! * awayRuns[j]!;
      const d = input.score.home + i - (input.score.away + j);
      const n = input.score.home + i + input.score.away + j;
      if (d !== 0) {
        add(margin, d, p);
        add(total, n, p);
      } else {
        add(margin, 1, p * EXTRA_INNINGS_HOME);
        add(margin, -1, p * (1 - EXTRA_INNINGS_HOME));
        add(total, n + 1, p);
      }
    }
  }
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
