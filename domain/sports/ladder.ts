/**
 * Decimal odds on the price ladder. Odds are integers in thousandths ("milli": 1.90 → 1900), the
 * way Kambi sends them (research/sports.md §2.3 "keep odds as exact decimals, e.g. integer
 * thousandths"), so settlement maths never meets a binary fraction.
 */

/** Lowest price offered: an outcome priced below 1.01 is not offered at all. */
export const MIN_ODDS_MILLI = 1010;
/** Highest price offered (combined parlay odds are capped separately by configuration). */
export const MAX_ODDS_MILLI = 1_000_000;

/**
 * Bands of the ladder: [from, to, step] in milli. The tick grows with the price, as on exchange and
 * bookmaker ladders, so a displayed price is never more precise than the model behind it.
 */
const BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [1010, 2000, 10],
  [2000, 3000, 20],
  [3000, 4000, 50],
  [4000, 6000, 100],
  [6000, 10_000, 200],
  [10_000, 20_000, 500],
  [20_000, 30_000, 1000],
  [30_000, 50_000, 2000],
  [50_000, 100_000, 5000],
  [100_000, MAX_ODDS_MILLI, 10_000],
];

/**
 * The largest ladder price not above `odds` (research §0 and §3.5: round DOWN, so rounding never
 * takes the book below its target margin); null when the price is below the ladder's first step.
 */
export function roundDownToLadder(odds: number): number | null {
  if (!Number.isFinite(odds)) return null;
  // The epsilon keeps an exact ladder price (e.g. 1.9 held as 1.8999999…) on its own step.
  const milli = Math.floor(odds * 1000 + 1e-6);
  if (milli < MIN_ODDS_MILLI) return null;
  if (milli >= MAX_ODDS_MILLI) return MAX_ODDS_MILLI;
  for (const [from, to, step] of BANDS) {
    if (milli < to) return from + Math.floor((milli - from) / step) * step;
  }
  return MAX_ODDS_MILLI;
}

/**
 * The ladder price after `milli` (a ladder price): the upper end of the range a quoted price was
 * rounded down from.
 */
export function nextLadderPrice(milli: number): number {
  if (milli >= MAX_ODDS_MILLI) return MAX_ODDS_MILLI;
  for (const [from, to, step] of BANDS) {
    if (milli < to) return Math.min(to, Math.max(from, milli) + step);
  }
  return MAX_ODDS_MILLI;
}

/** True when `milli` is a price of the ladder. */
export function isLadderPrice(milli: number): boolean {
  return Number.isInteger(milli) && roundDownToLadder(milli / 1000) === milli;
}

/** Milli odds as the wire's decimal number (1900 → 1.9). */
export function oddsFromMilli(milli: number): number {
  return milli / 1000;
}

/** A wire decimal price as milli, or null when it has more than three decimals or is out of range. */
export function oddsToMilli(odds: number): number | null {
  if (!Number.isFinite(odds)) return null;
  const milli = Math.round(odds * 1000);
  if (Math.abs(milli - odds * 1000) > 1e-6 || milli < 1000 || milli > MAX_ODDS_MILLI) return null;
  return milli;
}
