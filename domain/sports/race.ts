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
 * Matches that are races to a number of units — sets of volleyball, games of badminton and table
 * tennis, frames of snooker (research §3.3 "Adapt the same DP"): a unit in rally scoring is won
 * point by point (to a target, by two, up to a cap), and the match by the first side to win
 * `need` units, as a negative binomial over units.
 */

/**
 * P(home wins a rally-scored game) from points (a, b): first to `target`, by two, and at `cap` the
 * next point wins (badminton's 30); q = P(home wins a rally).
 */
export function rallyGameFrom(q: number, a: number, b: number, target: number, cap = Infinity): number {
  const memo = new Map<string, number>();
  const go = (x: number, y: number): number => {
    if (x >= cap || (x >= target && x - y >= 2)) return 1;
    if (y >= cap || (y >= target && y - x >= 2)) return 0;
    // From level at target − 1 or beyond (and below the cap) two points in a row decide it.
    if (x === y && x >= target - 1 && cap === Infinity) return (q * q) / (q * q + (1 - q) * (1 - q));
    const key = `${x},${y}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = q * go(x + 1, y) + (1 - q) * go(x, y + 1);
    memo.set(key, value);
    return value;
  };
  return go(a, b);
}

/**
 * Final units (home|away) of a race to `need` from `won`, with the unit in play won by home with
 * probability `current` (null between units) and every later unit with probability `unit` —
 * or `unit(n)` for the n-th unit (1-based) where units differ: volleyball's fifth set is to 15
 * points, not 25, which at uneven sides changes who wins it.
 */
export function raceOutcomes(
  need: number,
  won: [number, number],
  current: number | null,
  unit: number | ((n: number) => number),
) {
  const unitAt = typeof unit === 'number' ? () => unit : unit;
  const out = new Map<string, number>();
  const add = (k: string, p: number) => out.set(k, (out.get(k) ?? 0) + p);
  const go = (h: number, a: number, p: number, first: number | null) => {
    if (p === 0) return;
    if (h >= need || a >= need) return add(`${h}|${a}`, p);
    const u = first ?? unitAt(h + a + 1);
    go(h + 1, a, p * u, null);
    go(h, a + 1, p * (1 - u), null);
  };
  go(won[0], won[1], 1, current);
  return out;
}

export interface RacePricingInput {
  need: number;
  won: [number, number];
  current: number | null;
  unit: number | ((n: number) => number);
  margins: MarginFor;
}

function raceLaw(input: RacePricingInput) {
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  let home = 0;
  for (const [k, p] of raceOutcomes(input.need, input.won, input.current, input.unit)) {
    const [h, a] = k.split('|').map(Number) as [number, number];
    if (h > a) home += p;
    margin.set(h - a, (margin.get(h - a) ?? 0) + p);
    total.set(h + a, (total.get(h + a) ?? 0) + p);
  }
  return { home, margin, total, played: input.won[0] + input.won[1] };
}

function raceMarketFrom(
  input: RacePricingInput,
  law: ReturnType<typeof raceLaw>,
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
      if (key.lineQ! <= 4 * law.played) return null;
      return totalQuote(key, law.total, setting);
    default:
      return null;
  }
}

/** The winner, the units handicap and the total units of a race, around their main lines. */
export function priceRace(input: RacePricingInput): Quote[] {
  const law = raceLaw(input);
  const quotes: Quote[] = [];
  const add = (key: MarketKey) => {
    const q = raceMarketFrom(input, law, key);
    if (q) quotes.push(q);
  };
  add({ type: 'moneyline', period: 'full', lineQ: null });
  // Half lines only: a units handicap or total never pushes.
  const halfLines = (lo: number, hi: number) =>
    Array.from({ length: hi - lo + 1 }, (_, k) => 4 * (lo + k) + 2);
  // ±0.5 would be the winner market again.
  const spread = mainLine(
    halfLines(-input.need, input.need - 1).filter((l) => Math.abs(l) > 2),
    (l) => effectiveProbability(handicapKinds(law.margin, l)),
  );
  const totals = mainLine(
    halfLines(law.played, 2 * input.need - 2).filter((l) => l > 4 * law.played),
    (l) => effectiveProbability(handicapKinds(law.total, -l)),
  );
  for (const d of [-4, 0, 4]) {
    if (spread !== null && Math.abs(spread + d) > 2) {
      add({ type: 'asian_handicap', period: 'full', lineQ: spread + d });
    }
    if (totals !== null) add({ type: 'totals', period: 'full', lineQ: totals + d });
  }
  return quotes;
}

/** One race market at any line, or null when it cannot be priced now. */
export function priceRaceMarket(input: RacePricingInput, key: MarketKey): Quote | null {
  return raceMarketFrom(input, raceLaw(input), key);
}
