import { dixonColesGrid, expectOver, matchWinnerProbabilities, type ScoreGrid } from './dixon-coles';
import { correctScoreOf, outcomeIds, resultOf, type MarketKey } from './markets';
import { quotePrices, reachableQuote, type Quote } from './pricing';
import type { MarginFor } from './book-margins';

/**
 * Football's goals markets beyond the main lines (issue 16: Ambas Marcam, Dupla Chance, Empate
 * Anula, Placar Exato, Intervalo/Final), priced from the same Dixon–Coles grid of the goals still
 * to come as the 1X2 and the totals, so they cannot disagree with them; settled by markets.ts.
 * The team totals are football.ts' totals on one side's goals.
 */

/** Where the goals stand, as these markets need it. */
export interface GoalsNow {
  /** The goals still to come in the match, and the goals so far. */
  rest: ScoreGrid;
  score: { home: number; away: number };
  /**
   * Before the interval: the first half's goals still to come and the second half's (the
   * score so far is the first half's); after it, null, with `halfTime` the first half's score.
   */
  halves: { first: ScoreGrid; second: ScoreGrid } | null;
  halfTime: { home: number; away: number } | null;
}

/** A market of the given outcomes and fair chances; an outcome that cannot happen is left out. */
const quoteOf = (key: MarketKey, chances: ReadonlyMap<string, number>, margins: MarginFor): Quote | null =>
  reachableQuote(key, outcomeIds(key.type), chances, margins(key));

const KEYS = {
  btts: { type: 'btts', period: 'full', lineQ: null },
  doubleChance: { type: 'double_chance', period: 'full', lineQ: null },
  drawNoBet: { type: 'draw_no_bet', period: 'full', lineQ: null },
  correctScore: { type: 'correct_score', period: 'full', lineQ: null },
  htFt: { type: 'ht_ft', period: 'full', lineQ: null },
} satisfies Record<string, MarketKey>;

/** Ambas Marcam: both sides end with a goal. */
function btts(now: GoalsNow, margins: MarginFor): Quote | null {
  const { home, away } = now.score;
  const yes = expectOver(now.rest, (i, j) => (home + i > 0 && away + j > 0 ? 1 : 0));
  return quoteOf(
    KEYS.btts,
    new Map([
      ['yes', yes],
      ['no', 1 - yes],
    ]),
    margins,
  );
}

/**
 * Dupla Chance: each selection is the complement of one 1X2 result, so the three fair chances
 * sum to 2; each carries the two-way margin against its complement (proportional).
 */
function doubleChance(now: GoalsNow, margins: MarginFor): Quote | null {
  const [home, draw, away] = matchWinnerProbabilities(now.rest, now.score);
  const setting = margins(KEYS.doubleChance);
  const outcomes: Quote['outcomes'] = [];
  for (const [id, p] of [
    ['home_draw', home + draw],
    ['home_away', home + away],
    ['draw_away', draw + away],
  ] as const) {
    // With one result out of reach a selection is certain: the market is then not offered at
    // all, so its selections' chances always sum to 2 (cash-out and the checks rely on it).
    if (p >= 1 - 1e-9 || p <= 1e-9) return null;
    outcomes.push({ id, oddsMilli: quotePrices([p, 1 - p], setting)[0]! });
  }
  return outcomes.every((o) => o.oddsMilli !== null) ? { key: KEYS.doubleChance, outcomes } : null;
}

/** Empate Anula: home or away, the stake back on a draw. */
function drawNoBet(now: GoalsNow, margins: MarginFor): Quote | null {
  const [home, draw, away] = matchWinnerProbabilities(now.rest, now.score);
  if (home + away <= 1e-9) return null;
  const q = quoteOf(
    KEYS.drawNoBet,
    new Map([
      ['home', home / (home + away)],
      ['away', away / (home + away)],
    ]),
    margins,
  );
  return q && { ...q, refundShare: draw };
}

/** Placar Exato: each score up to four a side, and any other. */
function correctScore(now: GoalsNow, margins: MarginFor): Quote | null {
  const chances = new Map<string, number>();
  for (let i = 0; i < now.rest.size; i++) {
    for (let j = 0; j < now.rest.size; j++) {
      const id = correctScoreOf(now.score.home + i, now.score.away + j);
      chances.set(id, (chances.get(id) ?? 0) + now.rest.p[i]![j]!);
    }
  }
  return quoteOf(KEYS.correctScore, chances, margins);
}

/** Intervalo/Final: the half-time result with the full-time one. */
function htFt(now: GoalsNow, margins: MarginFor): Quote | null {
  const chances = new Map<string, number>();
  const add = (id: string, p: number) => chances.set(id, (chances.get(id) ?? 0) + p);
  if (now.halves === null) {
    if (now.halfTime === null) return null;
    const ht = resultOf(now.halfTime.home - now.halfTime.away);
    const [home, draw, away] = matchWinnerProbabilities(now.rest, now.score);
    add(`${ht}-home`, home);
    add(`${ht}-draw`, draw);
    add(`${ht}-away`, away);
  } else {
    const { first, second } = now.halves;
    // The second half's margin, then every first-half score with it.
    const secondMargin = new Map<number, number>();
    for (let k = 0; k < second.size; k++) {
      for (let l = 0; l < second.size; l++) {
        secondMargin.set(k - l, (secondMargin.get(k - l) ?? 0) + second.p[k]![l]!);
      }
    }
    for (let i = 0; i < first.size; i++) {
      for (let j = 0; j < first.size; j++) {
        const pHalf = first.p[i]![j]!;
        if (pHalf < 1e-12) continue;
        const halfDiff = now.score.home + i - (now.score.away + j);
        const ht = resultOf(halfDiff);
        for (const [d, p] of secondMargin) add(`${ht}-${resultOf(halfDiff + d)}`, pHalf * p);
      }
    }
  }
  return quoteOf(KEYS.htFt, chances, margins);
}

/** Every one of these markets now (full time only). */
export function priceGoalsMarkets(now: GoalsNow, margins: MarginFor): Quote[] {
  return [btts, doubleChance, drawNoBet, correctScore, htFt]
    .map((price) => price(now, margins))
    .filter((q): q is Quote => q !== null);
}

/** One of these markets, or null when it is not one or cannot be priced now. */
export function priceGoalsMarket(now: GoalsNow, key: MarketKey, margins: MarginFor): Quote | null {
  if (key.period !== 'full') return null;
  switch (key.type) {
    case 'btts':
      return btts(now, margins);
    case 'double_chance':
      return doubleChance(now, margins);
    case 'draw_no_bet':
      return drawNoBet(now, margins);
    case 'correct_score':
      return correctScore(now, margins);
    case 'ht_ft':
      return htFt(now, margins);
    default:
      return null;
  }
}

/** The grids of the two halves still to come, from the expected goals and the shares left. */
export function halvesOf(
  lambda: number,
  mu: number,
  rho: number,
  shares: { firstHalf: number; full: number },
): { first: ScoreGrid; second: ScoreGrid } {
  const second = shares.full - shares.firstHalf;
  return {
    first: dixonColesGrid(lambda * shares.firstHalf, mu * shares.firstHalf, rho),
    second: dixonColesGrid(lambda * second, mu * second, rho),
  };
}
