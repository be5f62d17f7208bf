import type { Distribution } from './pricing';

/** Points scored over a random number of chances (normal.ts, played-game.ts, first-half.ts). */

/**
 * One side's scoring as a count of chances, each worth one of `values` points (0 included) with
 * the side's own chances: the chances each side still has, and those one overtime brings.
 */
export interface ScoringLaw {
  values: readonly number[];
  home: readonly number[];
  away: readonly number[];
  chancesLeft: Distribution;
  overtimeChances: Distribution;
}

/**
 * The points of a random number of chances (`count`), each worth `values[i]` (whole, not
 * negative) with chance `law[i]`. Dense arrays, not maps: a basketball side has about a hundred
 * chances left at tip-off, and this runs for each side whenever the game's prices change.
 */
export function sumOfChances(
  count: Distribution,
  values: readonly number[],
  law: readonly number[],
): Distribution {
  const most = Math.max(...count.keys());
  const top = Math.max(...values);
  const out = new Float64Array(most * top + 1);
  // The points of n chances, one chance more each turn; what cannot matter (1e-14) is dropped.
  let nFold = new Float64Array([1]);
  for (let n = 0; n <= most; n++) {
    const pn = count.get(n) ?? 0;
    if (pn > 0) for (let k = 0; k < nFold.length; k++) out[k]! += pn * nFold[k]!;
    if (n === most) break;
    const next = new Float64Array(nFold.length + top);
    for (let k = 0; k < nFold.length; k++) {
      const p = nFold[k]!;
      if (p === 0) continue;
      for (let i = 0; i < values.length; i++) {
        const q = p * law[i]!;
        if (q > 1e-14) next[k + values[i]!]! += q;
      }
    }
    nFold = next;
  }
  const dist: Distribution = new Map();
  out.forEach((p, k) => {
    if (p > 0) dist.set(k, p);
  });
  return dist;
}
