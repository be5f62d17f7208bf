import { outcomeIds, type MarketKey } from './markets';
import {
  effectiveProbability,
  reachableQuote,
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
 * The point-level Markov model of tennis (research/sports.md §3.3): each player wins a point on
 * their own serve with a fixed probability; games, tie-breaks, sets and matches follow by exact
 * recursion. The same recursion from the current score prices live tennis; the distributions of
 * games feed the games handicap and total games markets.
 */

/** P(the server wins a game): p⁴(1 + 4q + 10q²) + 20p³q³ · p²/(1 − 2pq). */
export function holdProbability(p: number): number {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (1 - 2 * p * q);
}

/** P(the server wins a game) from points won (a) and lost (b) so far. */
export function holdFrom(p: number, a: number, b: number): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  // From deuce (3-3 or any level score beyond) the geometric series p²/(p² + q²).
  if (a >= 3 && b >= 3 && a === b) return (p * p) / (p * p + (1 - p) * (1 - p));
  return p * holdFrom(p, a + 1, b) + (1 - p) * holdFrom(p, a, b + 1);
}

/**
 * P(A wins a tie-break to 7, by 2) from points (a, b), A serving the first point: serve goes A, B,
 * B, A, A, B, B, … (the server of point n is A when ⌊(n + 1)/2⌋ is even).
 */
export function tiebreakFrom(pA: number, pB: number, a = 0, b = 0): number {
  const memo = new Map<string, number>();
  const go = (x: number, y: number): number => {
    if (x >= 7 && x - y >= 2) return 1;
    if (y >= 7 && y - x >= 2) return 0;
    if (x >= 6 && y >= 6 && x === y) {
      // From 6-6 each pair of points has one serve each (research §3.3).
      const win = pA * (1 - pB);
      return win / (win + (1 - pA) * pB);
    }
    const key = `${x},${y}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const n = x + y;
    const aServes = Math.floor((n + 1) / 2) % 2 === 0;
    const pt = aServes ? pA : 1 - pB;
    const value = pt * go(x + 1, y) + (1 - pt) * go(x, y + 1);
    memo.set(key, value);
    return value;
  };
  return go(a, b);
}

/** A set's final games: probability of each (games A, games B), e.g. "7-6". */
export type SetScores = Map<string, number>;

/**
 * Distribution of a set's final score from games (a, b), with A serving the next game when
 * `aServes`; a tie-break at 6-6. A forward pass over the game scores (serve alternates by game).
 */
export function setScoresFrom(pA: number, pB: number, a = 0, b = 0, aServes = true): SetScores {
  const holdA = holdProbability(pA);
  const holdB = holdProbability(pB);
  const out: SetScores = new Map();
  let layer = new Map<string, number>([[`${a}-${b}`, 1]]);
  while (layer.size > 0) {
    const next = new Map<string, number>();
    const add = (m: Map<string, number>, k: string, p: number) => m.set(k, (m.get(k) ?? 0) + p);
    for (const [k, p] of layer) {
      const [x, y] = k.split('-').map(Number) as [number, number];
      if ((x >= 6 && x - y >= 2) || x === 7 || (y >= 6 && y - x >= 2) || y === 7) {
        add(out, k, p);
        continue;
      }
      const server = (x + y - a - b) % 2 === 0 ? aServes : !aServes;
      if (x === 6 && y === 6) {
        const tb = tiebreakFrom(server ? pA : pB, server ? pB : pA);
        const aWins = server ? tb : 1 - tb;
        add(out, '7-6', p * aWins);
        add(out, '6-7', p * (1 - aWins));
        continue;
      }
      const winA = server ? holdA : 1 - holdB;
      add(next, `${x + 1}-${y}`, p * winA);
      add(next, `${x}-${y + 1}`, p * (1 - winA));
    }
    layer = next;
  }
  return out;
}

/** P(A wins a set) from its start, A serving first. */
export function setProbability(pA: number, pB: number): number {
  let p = 0;
  for (const [k, v] of setScoresFrom(pA, pB)) {
    const [x, y] = k.split('-').map(Number) as [number, number];
    if (x > y) p += v;
  }
  return p;
}

/** P(A wins a best-of-3 or best-of-5 match) from the set probability s. */
export function matchProbability(s: number, bestOf: 3 | 5): number {
  return bestOf === 3 ? s * s * (3 - 2 * s) : s ** 3 * (10 - 15 * s + 6 * s * s);
}

/** Where a match stands, as the live recursion needs it. */
export interface TennisScore {
  sets: [number, number];
  games: [number, number];
  /** Games won in the sets already completed. */
  previousGames: [number, number];
  /** Points of the current game (or tie-break points at 6-6). */
  points: [number, number];
  /** True when A serves the current game (in a tie-break: when A served its first point). */
  aServes: boolean;
}

/**
 * The joint distribution, from `score` to the end of the match, of the winner, the games each
 * player wins (games already won included) and the sets: key `winner|gamesA|gamesB|setsA|setsB`,
 * winner 'A' or 'B'.
 * Sets are played in turn; the player who received first in one set serves first in the next.
 */
export function matchOutcomes(
  pA: number,
  pB: number,
  bestOf: 3 | 5,
  score: TennisScore,
): Map<string, number> {
  const need = (bestOf + 1) / 2;
  const fresh = new Map([true, false].map((first) => [first, setScoresFrom(pA, pB, 0, 0, first)] as const));
  const out = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  // States between sets: sets, games and who serves first next, merged as they meet.
  let layer = new Map<string, number>();
  if (score.sets[0] >= need || score.sets[1] >= need) {
    const winner = score.sets[0] >= need ? 'A' : 'B';
    const sets = `${score.sets[0]}|${score.sets[1]}`;
    return new Map([[`${winner}|${score.previousGames[0]}|${score.previousGames[1]}|${sets}`, 1]]);
  }
  for (const [k, p] of currentSetScores(pA, pB, score)) {
    const [x, y, nextA] = k.split('|').map(Number) as [number, number, number];
    const setsA = score.sets[0] + (x > y ? 1 : 0);
    const setsB = score.sets[1] + (y > x ? 1 : 0);
    const gamesA = score.previousGames[0] + x;
    const gamesB = score.previousGames[1] + y;
    add(layer, `${setsA}|${setsB}|${gamesA}|${gamesB}|${nextA}`, p);
  }
  while (layer.size > 0) {
    const next = new Map<string, number>();
    for (const [k, p] of layer) {
      const [setsA, setsB, gamesA, gamesB, first] = k.split('|').map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      if (setsA >= need || setsB >= need) {
        add(out, `${setsA >= need ? 'A' : 'B'}|${gamesA}|${gamesB}|${setsA}|${setsB}`, p);
        continue;
      }
      for (const [set, v] of fresh.get(first === 1)!) {
        const [x, y] = set.split('-').map(Number) as [number, number];
        // After an odd number of games (a tie-break counts as one) the other player serves first.
        const nextFirst = (x + y) % 2 === 1 ? first !== 1 : first === 1;
        const key = `${setsA + (x > y ? 1 : 0)}|${setsB + (y > x ? 1 : 0)}|${gamesA + x}|${gamesB + y}|${nextFirst ? 1 : 0}`;
        add(next, key, p * v);
      }
    }
    layer = next;
  }
  return out;
}

/** The current set's final score from the live score, and who serves first in the next set. */
function currentSetScores(pA: number, pB: number, score: TennisScore): Map<string, number> {
  const out = new Map<string, number>();
  const holdA = holdProbability(pA);
  const holdB = holdProbability(pB);
  const add = (x: number, y: number, nextAServes: boolean, p: number) => {
    const k = `${x}|${y}|${nextAServes ? 1 : 0}`;
    out.set(k, (out.get(k) ?? 0) + p);
  };
  const go = (x: number, y: number, aServes: boolean, pa: number, pb: number, p: number) => {
    if (p === 0) return;
    if ((x >= 6 && x - y >= 2) || x === 7 || (y >= 6 && y - x >= 2) || y === 7) return add(x, y, aServes, p);
    if (x === 6 && y === 6) {
      const tb = aServes ? tiebreakFrom(pA, pB, pa, pb) : 1 - tiebreakFrom(pB, pA, pb, pa);
      // The player who received first in the tie-break serves first in the next set.
      add(7, 6, !aServes, p * tb);
      add(6, 7, !aServes, p * (1 - tb));
      return;
    }
    const winA =
      pa === 0 && pb === 0
        ? aServes
          ? holdA
          : 1 - holdB
        : aServes
          ? holdFrom(pA, pa, pb)
          : 1 - holdFrom(pB, pb, pa);
    go(x + 1, y, !aServes, 0, 0, p * winA);
    go(x, y + 1, !aServes, 0, 0, p * (1 - winA));
  };
  go(score.games[0], score.games[1], score.aServes, score.points[0], score.points[1], 1);
  return out;
}

/** P(A wins the set being played) from the live score. */
export function currentSetProbability(pA: number, pB: number, score: TennisScore): number {
  let p = 0;
  for (const [k, v] of currentSetScores(pA, pB, score)) {
    const [x, y] = k.split('|').map(Number) as [number, number];
    if (x > y) p += v;
  }
  return p;
}

export interface TennisPricingInput {
  /** Each player's probability of winning a point on their own serve. */
  pA: number;
  pB: number;
  bestOf: 3 | 5;
  score: TennisScore;
  margins: MarginFor;
}

interface TennisLaw {
  aWins: number;
  /** Games of A minus games of B, and games in all, at the end. */
  margin: Distribution;
  total: Distribution;
  gamesSoFar: number;
  /** Sets of A minus sets of B, and sets in all, at the end. */
  setMargin: Distribution;
  setTotal: Distribution;
  setsSoFar: number;
  /** The final score in sets ("2-1", home's first), as Placar em Sets lists it. */
  setScores: Map<string, number>;
  firstSet: number | null;
}

function tennisLaw(input: TennisPricingInput): TennisLaw {
  const { pA, pB, bestOf, score } = input;
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  const setMargin: Distribution = new Map();
  const setTotal: Distribution = new Map();
  const setScores = new Map<string, number>();
  const add = (dist: Distribution, value: number, p: number) => dist.set(value, (dist.get(value) ?? 0) + p);
  let aWins = 0;
  for (const [k, p] of matchOutcomes(pA, pB, bestOf, score)) {
    const [winner, a, b, sa, sb] = k.split('|');
    if (winner === 'A') aWins += p;
    add(margin, Number(a) - Number(b), p);
    add(total, Number(a) + Number(b), p);
    add(setMargin, Number(sa) - Number(sb), p);
    add(setTotal, Number(sa) + Number(sb), p);
    setScores.set(`${sa}-${sb}`, (setScores.get(`${sa}-${sb}`) ?? 0) + p);
  }
  const inFirstSet = score.sets[0] + score.sets[1] === 0;
  const gamesSoFar = score.previousGames[0] + score.previousGames[1] + score.games[0] + score.games[1];
  return {
    aWins,
    margin,
    total,
    gamesSoFar,
    setMargin,
    setTotal,
    setsSoFar: score.sets[0] + score.sets[1],
    setScores,
    firstSet: inFirstSet ? currentSetProbability(pA, pB, score) : null,
  };
}

/** Games lines are half lines (a whole-game push is allowed but rarely offered). */
const gameLines = (centre: number) => {
  const c = 4 * Math.floor(centre) + 2;
  return Array.from({ length: 21 }, (_, k) => c + 4 * (k - 10));
};

function tennisMarketFrom(input: TennisPricingInput, law: TennisLaw, key: MarketKey): Quote | null {
  const setting = input.margins(key);
  const winner = (p: number): Quote | null => {
    const prices = quotePrices([p, 1 - p], setting);
    if (prices.some((x) => x === null)) return null;
    return { key, outcomes: ['home', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
  };
  switch (key.type) {
    case 'moneyline':
      if (key.period === 'full') return winner(law.aWins);
      return key.period === 'first_set' && law.firstSet !== null ? winner(law.firstSet) : null;
    case 'games_handicap':
      if (key.period !== 'full') return null;
      return handicapQuote(key, law.margin, setting);
    case 'games_totals':
      if (key.period !== 'full' || key.lineQ! <= 4 * law.gamesSoFar) return null;
      return totalQuote(key, law.total, setting);
    // Sets: the match score in sets is what `asian_handicap` and `totals` count in tennis.
    case 'asian_handicap':
      if (key.period !== 'full') return null;
      return handicapQuote(key, law.setMargin, setting);
    case 'totals':
      if (key.period !== 'full' || key.lineQ! <= 4 * law.setsSoFar) return null;
      return totalQuote(key, law.setTotal, setting);
    // Placar em Sets from the same joint law: only the scores the match can still end on, so a
    // best-of-three match lists four and a set won takes away the scores it passed (markets.ts).
    case 'set_score':
      if (key.period !== 'full') return null;
      return reachableQuote(key, outcomeIds(key.type), law.setScores, setting);
    default:
      return null;
  }
}

/**
 * Tennis markets from the Markov model at the live score: the match and first-set winners, the
 * sets handicap (the favourite −1.5: a straight-sets win), total sets and the score in sets, and
 * the games handicap and total games around their main lines, all from the one joint law of the
 * match.
 */
export function priceTennis(input: TennisPricingInput): Quote[] {
  const law = tennisLaw(input);
  const keys: MarketKey[] = [
    { type: 'moneyline', period: 'full', lineQ: null },
    { type: 'moneyline', period: 'first_set', lineQ: null },
  ];
  let meanMargin = 0;
  let meanTotal = 0;
  for (const [d, p] of law.margin) meanMargin += d * p;
  for (const [n, p] of law.total) meanTotal += n * p;
  const spread = mainLine(gameLines(-meanMargin), (lineQ) =>
    effectiveProbability(handicapKinds(law.margin, lineQ)),
  );
  const totals = mainLine(
    gameLines(meanTotal).filter((l) => l > 4 * law.gamesSoFar),
    (lineQ) => effectiveProbability(handicapKinds(law.total, -lineQ)),
  );
  // The favourite −1.5 sets (in best of three: a straight-sets win), and over/under one set less
  // than the most that can be played (over: a deciding set).
  keys.push({ type: 'asian_handicap', period: 'full', lineQ: law.aWins >= 0.5 ? -6 : 6 });
  keys.push({ type: 'totals', period: 'full', lineQ: 4 * input.bestOf - 2 });
  keys.push({ type: 'set_score', period: 'full', lineQ: null });
  for (const d of [-4, 0, 4]) {
    if (spread !== null) keys.push({ type: 'games_handicap', period: 'full', lineQ: spread + d });
    if (totals !== null) keys.push({ type: 'games_totals', period: 'full', lineQ: totals + d });
  }
  return keys.map((k) => tennisMarketFrom(input, law, k)).filter((q): q is Quote => q !== null);
}

/** One tennis market at any line, or null when it cannot be priced now. */
export function priceTennisMarket(input: TennisPricingInput, key: MarketKey): Quote | null {
  return tennisMarketFrom(input, tennisLaw(input), key);
}
