import type { MarketKey } from './markets';
import type { MarginFor } from './book-margins';
import { phi } from './normal';
import { sumOfChances } from './chances';
import {
  effectiveProbability,
  handicapKinds,
  mainLine,
  totalQuote,
  type Distribution,
  type Quote,
} from './pricing';

/**
 * Cricket's Total de Corridas da 1ª Entrada (issue 16, "cricket totals"): the runs of the first
 * innings, whoever bats first, priced from the law of an over as the game plays it — a side's runs
 * in an over are a normal draw around its rate, rounded and never below nought, so an innings is
 * the sum of its overs left (exact, not a normal curve, which would miss the mass the floor at
 * nought adds: about 4 runs an innings). Before the toss either side may bat first, an even
 * chance. Offered until the first innings ends; settled on the result's first innings
 * (`first_half`), a rain-shortened one by the universal clause.
 */

export interface FirstInningsNow {
  /** Runs so far and overs left in the first innings. */
  runs: number;
  oversLeft: number;
  /** Each possible first batting side's runs per over: mean and deviation, with its chance. */
  batting: ReadonlyArray<{ chance: number; mean: number; sd: number }>;
}

const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);

/** The runs of one over: round(max(0, N(mean, sd²))). */
export function overRuns(mean: number, sd: number): Distribution {
  const dist: Distribution = new Map();
  const top = Math.ceil(mean + 8 * sd);
  let below = 0;
  for (let k = 0; k <= top; k++) {
    const upTo = phi((k + 0.5 - mean) / sd);
    dist.set(k, upTo - below);
    below = upTo;
  }
  return dist;
}

/** The first innings' final runs: the overs left, each an over's runs (chances.ts sums them). */
export function firstInningsRuns(now: FirstInningsNow): Distribution {
  const total: Distribution = new Map();
  const overs: Distribution = new Map([[now.oversLeft, 1]]);
  for (const side of now.batting) {
    const over = overRuns(side.mean, side.sd);
    for (const [k, p] of sumOfChances(overs, [...over.keys()], [...over.values()])) {
      add(total, now.runs + k, p * side.chance);
    }
  }
  return total;
}

const keyAt = (lineQ: number): MarketKey => ({ type: 'totals', period: 'first_half', lineQ });

/** Over and under the first innings' runs at half lines: the main one, 5 and 10 runs either side. */
export function priceFirstInnings(now: FirstInningsNow, margins: MarginFor): Quote[] {
  const runs = firstInningsRuns(now);
  const mean = [...runs].reduce((s, [k, p]) => s + k * p, 0);
  const candidates = Array.from({ length: 41 }, (_, k) => 4 * (Math.floor(mean) + k - 20) + 2).filter(
    (l) => l > 4 * now.runs,
  );
  const main = mainLine(candidates, (lineQ) => effectiveProbability(handicapKinds(runs, -lineQ)));
  if (main === null) return [];
  const quotes: Quote[] = [];
  for (const d of [-40, -20, 0, 20, 40]) {
    if (main + d <= 4 * now.runs) continue;
    const q = totalQuote(keyAt(main + d), runs, margins(keyAt(main + d)));
    if (q) quotes.push(q);
  }
  return quotes;
}

/** The first innings' total at any line above its runs, or null. */
export function priceFirstInningsMarket(
  now: FirstInningsNow,
  key: MarketKey,
  margins: MarginFor,
): Quote | null {
  if (key.type !== 'totals' || key.period !== 'first_half' || key.lineQ! <= 4 * now.runs) return null;
  return totalQuote(key, firstInningsRuns(now), margins(key));
}
