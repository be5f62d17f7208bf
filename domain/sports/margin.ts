/**
 * Bookmaker margin (overround): turning fair probabilities into quoted odds and back
 * (research/sports.md §3.5). Power and Shin reproduce the favourite–longshot bias and are used for
 * three-way and many-outcome markets; proportional is fine for two-way markets.
 */

export type MarginMethod = 'proportional' | 'power' | 'shin';

/** Bisection on a monotone function: the x in [lo, hi] where f(x) crosses `target`. */
function solve(f: (x: number) => number, target: number, lo: number, hi: number): number {
  const increasing = f(hi) > f(lo);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target === increasing) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The power method's exponent k < 1 with Σ p_i^k = 1 + margin. */
export function powerExponent(fair: number[], margin: number): number {
  return solve((k) => sum(fair.map((p) => p ** k)), 1 + margin, 1e-9, 1);
}

const shinBook = (fair: number[], z: number) => {
  const y = fair.map((p) => Math.sqrt(z * p + (1 - z) * p * p));
  const total = sum(y);
  return y.map((v) => v * total);
};

/** Shin's z (the insider share, Shin 1993 eq. 5) that gives a book of 1 + margin. */
export function shinZ(fair: number[], margin: number): number {
  return solve((z) => sum(shinBook(fair, z)), 1 + margin, 0, 0.999_999);
}

/**
 * Book probabilities π_i (summing to 1 + margin) for fair probabilities `fair`; the quoted odds are
 * 1/π_i before ladder rounding. Fair probabilities must sum to 1.
 */
export function bookProbabilities(fair: number[], margin: number, method: MarginMethod): number[] {
  if (margin <= 0) return [...fair];
  if (method === 'proportional') return fair.map((p) => p * (1 + margin));
  if (method === 'power') {
    const k = powerExponent(fair, margin);
    return fair.map((p) => p ** k);
  }
  return shinBook(fair, shinZ(fair, margin));
}

/** Quoted odds (unrounded) for fair probabilities with the given margin and method. */
export function oddsWithMargin(fair: number[], margin: number, method: MarginMethod): number[] {
  return bookProbabilities(fair, margin, method).map((p) => 1 / p);
}

/** Shin's fair probabilities for book probabilities `implied` (book B) at insider share z. */
const shinFair = (implied: number[], book: number, z: number) =>
  implied.map((pi) => (Math.sqrt(z * z + (4 * (1 - z) * pi * pi) / book) - z) / (2 * (1 - z)));

/** The Shin z that a book of odds implies: the z at which its fair probabilities sum to 1. */
export function impliedShinZ(odds: number[]): number {
  const implied = odds.map((o) => 1 / o);
  const book = sum(implied);
  return solve((z) => sum(shinFair(implied, book, z)), 1, 0, 0.999);
}

/** Fair probabilities implied by a book of odds, with the margin removed by `method`. */
export function removeMargin(odds: number[], method: MarginMethod): number[] {
  return removeMarginFromImplied(
    odds.map((o) => 1 / o),
    method,
  );
}

/**
 * Fair probabilities from implied ones (1/odds, summing to the book), the margin removed by
 * `method`. A book at or under 1 (possible once ladder rounding is allowed for) has no Shin
 * insider share: it is normalised proportionally.
 */
export function removeMarginFromImplied(implied: number[], method: MarginMethod): number[] {
  const book = sum(implied);
  if (method === 'proportional' || (method === 'shin' && book <= 1)) return implied.map((p) => p / book);
  if (method === 'power') {
    const e = solve((x) => sum(implied.map((p) => p ** x)), 1, 1e-3, 100);
    return implied.map((p) => p ** e);
  }
  const z = solve((z) => sum(shinFair(implied, book, z)), 1, 0, 0.999);
  return shinFair(implied, book, z);
}
