import type { MarketKey } from './markets';
import type { MarginFor } from './book-margins';
import { sumOfChances } from './chances';
import {
  effectiveProbability,
  handicapKinds,
  halfLineCandidates,
  handicapQuote,
  mainLine,
  threeWayQuote,
  totalQuote,
  type Distribution,
  type Quote,
} from './pricing';

/**
 * The first half of basketball and American football (issue 16, "half lines"): its result, spread
 * and total, priced from each side's chances still to come in it, each worth its sport's points
 * with the side's own chances (the laws the simulation plays: 3s and 7s in American football,
 * baskets in basketball), so a lumpy half is priced as lumpy as it plays. No buzzer tie or
 * overtime touches a first half, so nothing else enters it. Offered until half-time.
 */

/** A first half as pricing needs it. */
export interface FirstHalfNow {
  /** Its score so far. */
  score: { home: number; away: number };
  /** The chances each side still has in it. */
  chancesLeft: Distribution;
  values: readonly number[];
  home: readonly number[];
  away: readonly number[];
}

const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);

/** The half's final margin (home − away) and total. */
function halfDistributions(now: FirstHalfNow): { margin: Distribution; total: Distribution; points: number } {
  const home = sumOfChances(now.chancesLeft, now.values, now.home);
  const away = sumOfChances(now.chancesLeft, now.values, now.away);
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  const lead = now.score.home - now.score.away;
  const points = now.score.home + now.score.away;
  for (const [h, p] of home) {
    for (const [a, q] of away) {
      add(margin, lead + h - a, p * q);
      add(total, points + h + a, p * q);
    }
  }
  return { margin, total, points };
}

const key = (type: MarketKey['type'], lineQ: number | null): MarketKey => ({
  type,
  period: 'first_half',
  lineQ,
});

const winnerQuote = (margin: Distribution, margins: MarginFor) =>
  threeWayQuote(key('match_winner', null), margin, margins(key('match_winner', null)));

/** The half's result, and its spread and total at the main line and half a point either side. */
export function firstHalfQuotes(now: FirstHalfNow, margins: MarginFor): Quote[] {
  const { margin, total, points } = halfDistributions(now);
  const quotes: Quote[] = [];
  const winner = winnerQuote(margin, margins);
  if (winner) quotes.push(winner);
  const mean = (dist: Distribution) => [...dist].reduce((s, [k, p]) => s + k * p, 0);
  const spread = mainLine(halfLineCandidates(-mean(margin)), (lineQ) =>
    effectiveProbability(handicapKinds(margin, lineQ)),
  );
  const over = mainLine(
    halfLineCandidates(mean(total)).filter((l) => l > 4 * points),
    (lineQ) => effectiveProbability(handicapKinds(total, -lineQ)),
  );
  for (const d of [-2, 0, 2]) {
    if (spread !== null) {
      const q = handicapQuote(
        key('asian_handicap', spread + d),
        margin,
        margins(key('asian_handicap', spread + d)),
      );
      if (q) quotes.push(q);
    }
    if (over !== null && over + d > 4 * points) {
      const q = totalQuote(key('totals', over + d), total, margins(key('totals', over + d)));
      if (q) quotes.push(q);
    }
  }
  return quotes;
}

/** One first-half market at any line, or null. */
export function firstHalfMarket(now: FirstHalfNow, k: MarketKey, margins: MarginFor): Quote | null {
  const { margin, total, points } = halfDistributions(now);
  switch (k.type) {
    case 'match_winner':
      return winnerQuote(margin, margins);
    case 'asian_handicap':
      return handicapQuote(k, margin, margins(k));
    case 'totals':
      return k.lineQ! > 4 * points ? totalQuote(k, total, margins(k)) : null;
    default:
      return null;
  }
}
