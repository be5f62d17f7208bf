import { roundDownToLadder } from './ladder';
import { oddsWithMargin, type MarginMethod } from './margin';
import { handicapKind, type LegKind } from './settlement';
import type { MarketKey } from './markets';

/**
 * From a distribution over outcomes of the model to quoted ladder prices (research §3.1 "Fair
 * odds for any line", §3.5). Shared by every sport's pricing.
 */

/** A margin and how it is applied. */
export interface MarginSetting {
  margin: number;
  method: MarginMethod;
}

/** A priced market: each outcome's ladder price in thousandths, or null when not offered. */
export interface Quote {
  key: MarketKey;
  outcomes: Array<{ id: string; oddsMilli: number | null }>;
  /**
   * The expected share of a stake the market hands back without a win or a loss (pushes, half
   * results, a void tie): P(push) + ½P(half won) + ½P(half lost), the same for both sides of a
   * line. Cash-out needs it to value a line bet (cashout.ts); absent means none.
   */
  refundShare?: number;
}

/** Probabilities of each way a line bet can end. */
export type KindProbabilities = Record<Exclude<LegKind, 'void'>, number>;

/** A distribution of an integer count or margin: value → probability. */
export type Distribution = Map<number, number>;

/**
 * What a handicap on `dist` (the selection's margin, or a signed total) at `lineQ` does, by
 * settling every value with the same function settlement uses, so prices and payouts agree.
 */
export function handicapKinds(dist: Distribution, lineQ: number): KindProbabilities {
  const out: KindProbabilities = { won: 0, halfWon: 0, push: 0, halfLost: 0, lost: 0 };
  for (const [value, p] of dist) {
    const kind = handicapKind(value, lineQ) as keyof KindProbabilities;
    out[kind] += p;
  }
  return out;
}

/**
 * The fair "probability" of a line bet — the inverse of its fair odds
 * o = (1 − P_push − ½P_hw − ½P_hl) / (P_win + ½P_hw). The two sides of a line sum to exactly 1, so
 * the margin methods apply to the pair as to any two-way market.
 */
export function effectiveProbability(k: KindProbabilities): number {
  const stake = 1 - k.push - k.halfWon / 2 - k.halfLost / 2;
  return stake <= 0 ? 0 : (k.won + k.halfWon / 2) / stake;
}

/** Mirror of a distribution (value → −value), e.g. the away side's margin from the home side's. */
export function negate(dist: Distribution): Distribution {
  return new Map([...dist].map(([v, p]) => [-v, p]));
}

/** Fair probabilities to ladder prices with the margin (rounded DOWN, research §3.5). */
export function quotePrices(fair: number[], setting: MarginSetting): Array<number | null> {
  // An outcome that cannot happen is not offered; the others share the book.
  const live = fair.map((p) => p > 1e-9);
  const kept = fair.filter((_, i) => live[i]);
  const total = kept.reduce((a, b) => a + b, 0);
  if (kept.length < 2 || total <= 0) return fair.map(() => null);
  const odds = oddsWithMargin(
    kept.map((p) => p / total),
    setting.margin,
    setting.method,
  );
  let k = 0;
  return fair.map((_, i) => (live[i] ? roundDownToLadder(odds[k++]!) : null));
}

/**
 * A market of many selections (a score, a method) from each one's fair chance, in the order of
 * `ids`: a selection that cannot happen is left out, not listed without a price, so the book of
 * those left has every price (cash-out and the margin report read it whole). Null with fewer than
 * two left.
 */
export function reachableQuote(
  key: MarketKey,
  ids: readonly string[],
  chances: ReadonlyMap<string, number>,
  setting: MarginSetting,
): Quote | null {
  const kept = ids.filter((id) => (chances.get(id) ?? 0) > 1e-9);
  if (kept.length < 2) return null;
  const prices = quotePrices(
    kept.map((id) => chances.get(id)!),
    setting,
  );
  return { key, outcomes: kept.map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

/** A two-way line market (handicap or total) priced from the selection's distribution. */
export function quoteLine(
  key: MarketKey,
  ids: readonly [string, string],
  first: Distribution,
  firstLineQ: number,
  second: Distribution,
  secondLineQ: number,
  setting: MarginSetting,
): Quote | null {
  const kinds = handicapKinds(first, firstLineQ);
  const q1 = effectiveProbability(kinds);
  const q2 = effectiveProbability(handicapKinds(second, secondLineQ));
  const prices = quotePrices([q1, q2], setting);
  // A line with one side off the ladder is of no use to anyone.
  if (prices.some((p) => p === null)) return null;
  const refundShare = kinds.push + kinds.halfWon / 2 + kinds.halfLost / 2;
  return {
    key,
    outcomes: ids.map((id, i) => ({ id, oddsMilli: prices[i]! })),
    ...(refundShare > 0 ? { refundShare } : {}),
  };
}

/**
 * Whole and half lines (quarter units) within 12 points of a centre, for the sports whose lines
 * have no quarters (basketball, American football; their first halves too).
 */
export function halfLineCandidates(centre: number): number[] {
  const c = 2 * Math.round(centre * 2);
  return Array.from({ length: 49 }, (_, k) => c + 2 * (k - 24));
}

/** A three-way result (home, draw, away) from the distribution of home's margin; null unpriced. */
export function threeWayQuote(key: MarketKey, margin: Distribution, setting: MarginSetting): Quote | null {
  let home = 0;
  let draw = 0;
  for (const [k, p] of margin) {
    if (k > 0) home += p;
    else if (k === 0) draw += p;
  }
  const prices = quotePrices([home, draw, 1 - home - draw], setting);
  if (prices.some((p) => p === null)) return null;
  return { key, outcomes: ['home', 'draw', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

/** A handicap at the key's line (home's), from the distribution of home's margin. */
export const handicapQuote = (key: MarketKey, margin: Distribution, setting: MarginSetting) =>
  quoteLine(key, ['home', 'away'], margin, key.lineQ!, negate(margin), -key.lineQ!, setting);

/** Over and under at the key's line, from the distribution of the total. */
export const totalQuote = (key: MarketKey, total: Distribution, setting: MarginSetting) =>
  quoteLine(key, ['over', 'under'], total, -key.lineQ!, negate(total), key.lineQ!, setting);

/** The line (quarter units) among `candidates` whose first side is closest to an even price. */
export function mainLine(candidates: number[], probabilityAt: (lineQ: number) => number): number | null {
  let best: number | null = null;
  let bestGap = Infinity;
  for (const lineQ of candidates) {
    const gap = Math.abs(probabilityAt(lineQ) - 0.5);
    if (gap < bestGap - 1e-12) {
      best = lineQ;
      bestGap = gap;
    }
  }
  return best;
}
