import { describe, expect, it } from 'vitest';
import {
  holdFrom,
  holdProbability,
  matchOutcomes,
  matchProbability,
  priceTennis,
  priceTennisMarket,
  setProbability,
  tiebreakFrom,
} from '../../../domain/sports/tennis';
import {
  discreteNormal,
  inPlayWinProbability,
  moneylineWithOvertime,
  phi,
  priceNormalGame,
  priceNormalMarket,
  withBuzzerTies,
} from '../../../domain/sports/normal';
import { marketId } from '../../../domain/sports/markets';
import { priceRace, raceOutcomes, rallyGameFrom } from '../../../domain/sports/race';
import {
  boxingOutcomes,
  lastsPast,
  methodOutcomes,
  priceBoxing,
  priceBoxingMarket,
} from '../../../domain/sports/ratings';
import { handicapKinds } from '../../../domain/sports/pricing';
import { byShape } from '../../../domain/sports/book-margins';
import { priceBaseballMarket } from '../../../domain/sports/baseball';

/** Tennis test vectors of research/sports.md §3.3 (computed there by DP; games match the closed form). */
describe('tennis Markov model', () => {
  it('holds serve with G(p) for p from 0.50 to 0.70', () => {
    const table: Array<[number, number]> = [
      [0.5, 0.5],
      [0.55, 0.6231],
      [0.6, 0.7357],
      [0.62, 0.7759],
      [0.65, 0.8296],
      [2 / 3, 0.856],
      [0.7, 0.9008],
    ];
    for (const [p, g] of table) {
      expect(holdProbability(p)).toBeCloseTo(g, 4);
      expect(holdFrom(p, 0, 0)).toBeCloseTo(holdProbability(p), 12);
    }
    // p = 2/3 gives exactly 208/243 (trefethen.net).
    expect(holdProbability(2 / 3)).toBeCloseTo(208 / 243, 12);
  });

  it('gives hold, tie-break, set and match for the research pairs', () => {
    const table: Array<[number, number, number, number, number, number, number, number]> = [
      [0.62, 0.62, 0.7759, 0.7759, 0.5, 0.5, 0.5, 0.5],
      [0.64, 0.6, 0.8126, 0.7357, 0.5652, 0.6328, 0.6945, 0.7375],
      [0.66, 0.6, 0.8457, 0.7357, 0.598, 0.6929, 0.775, 0.8274],
      [0.7, 0.62, 0.9008, 0.7759, 0.6327, 0.7427, 0.8355, 0.8886],
    ];
    for (const [pA, pB, holdA, holdB, tb, set, bo3, bo5] of table) {
      expect(holdProbability(pA)).toBeCloseTo(holdA, 4);
      expect(holdProbability(pB)).toBeCloseTo(holdB, 4);
      expect(tiebreakFrom(pA, pB)).toBeCloseTo(tb, 4);
      expect(setProbability(pA, pB)).toBeCloseTo(set, 4);
      expect(matchProbability(setProbability(pA, pB), 3)).toBeCloseTo(bo3, 4);
      expect(matchProbability(setProbability(pA, pB), 5)).toBeCloseTo(bo5, 4);
    }
  });

  it('plays a whole match set by set into a joint law of winner and games', () => {
    const outcomes = matchOutcomes(0.64, 0.6, 3, {
      sets: [0, 0],
      games: [0, 0],
      previousGames: [0, 0],
      points: [0, 0],
      aServes: true,
    });
    let total = 0;
    let aWins = 0;
    let games = 0;
    for (const [k, p] of outcomes) {
      const [winner, a, b] = k.split('|');
      total += p;
      if (winner === 'A') aWins += p;
      games += p * (Number(a) + Number(b));
    }
    expect(total).toBeCloseTo(1, 12);
    // Who serves first alternates between sets, so the exact value sits next to the i.i.d. formula.
    expect(aWins).toBeCloseTo(0.6945, 2);
    expect(games).toBeGreaterThan(18);
    expect(games).toBeLessThan(30);
    // From two sets to none, A has won.
    const won = matchOutcomes(0.64, 0.6, 3, {
      sets: [2, 0],
      games: [0, 0],
      previousGames: [0, 0],
      points: [0, 0],
      aServes: true,
    });
    expect([...won.keys()].every((k) => k.startsWith('A|'))).toBe(true);
    // 5-0 up and serving at 40-0 in the third set is nearly over.
    const close = matchOutcomes(0.64, 0.6, 3, {
      sets: [1, 1],
      games: [5, 0],
      previousGames: [0, 0],
      points: [3, 0],
      aServes: true,
    });
    const closeA = [...close].filter(([k]) => k.startsWith('A|')).reduce((s, [, p]) => s + p, 0);
    expect(closeA).toBeGreaterThan(0.999);
  });

  it('prices the sets handicap and total sets from the same law: straight sets ≈ s², a third set ≈ 2s(1 − s)', () => {
    const start = { sets: [0, 0], games: [0, 0], previousGames: [0, 0], points: [0, 0], aServes: true };
    const law = matchOutcomes(0.64, 0.6, 3, start as Parameters<typeof matchOutcomes>[3]);
    const sets = (a: number, b: number) =>
      [...law].filter(([k]) => k.endsWith(`|${a}|${b}`)).reduce((sum, [, p]) => sum + p, 0);
    const s = 0.6328;
    // Who serves first alternates between sets, so the values sit next to the i.i.d. formulas.
    expect(sets(2, 0)).toBeCloseTo(s * s, 2);
    expect(sets(2, 1) + sets(1, 2)).toBeCloseTo(2 * s * (1 - s), 2);
    const margins = byShape({
      threeWay: { margin: 0, method: 'proportional' as const },
      twoWay: { margin: 0, method: 'proportional' as const },
    });
    const quotes = priceTennis({ pA: 0.64, pB: 0.6, bestOf: 3, score: start as never, margins });
    const implied = (id: string, outcome: string) =>
      1000 / quotes.find((q) => marketId(q.key) === id)!.outcomes.find((o) => o.id === outcome)!.oddsMilli!;
    // Without margin, only the ladder's rounding down separates the price from 1/p.
    for (const [id, outcome, p] of [
      ['asian_handicap:full:-1.5', 'home', sets(2, 0)],
      ['totals:full:2.5', 'over', sets(2, 1) + sets(1, 2)],
    ] as const) {
      expect(implied(id, outcome)).toBeGreaterThanOrEqual(p);
      expect(implied(id, outcome)).toBeLessThan(p * 1.03);
    }
    // At one set all, the deciding set is certain: neither market is offered.
    const level = priceTennis({
      pA: 0.64,
      pB: 0.6,
      bestOf: 3,
      score: { sets: [1, 1], games: [2, 1], previousGames: [6, 6], points: [0, 0], aServes: true },
      margins,
    }).map((q) => marketId(q.key));
    expect(level).not.toContain('totals:full:2.5');
    expect(level.some((id) => id.startsWith('asian_handicap:'))).toBe(false);
  });

  it('prices the score in sets from the same law, listing only the scores the match can still end on', () => {
    const start = { sets: [0, 0], games: [0, 0], previousGames: [0, 0], points: [0, 0], aServes: true };
    const law = matchOutcomes(0.64, 0.6, 3, start as Parameters<typeof matchOutcomes>[3]);
    const sets = (a: number, b: number) =>
      [...law].filter(([k]) => k.endsWith(`|${a}|${b}`)).reduce((sum, [, p]) => sum + p, 0);
    const margins = byShape({
      threeWay: { margin: 0, method: 'proportional' as const },
      twoWay: { margin: 0, method: 'proportional' as const },
    });
    const setScore = (score: typeof start, bestOf: 3 | 5 = 3) =>
      priceTennis({ pA: 0.64, pB: 0.6, bestOf, score: score as never, margins }).find(
        (q) => q.key.type === 'set_score',
      );
    const pre = setScore(start)!;
    expect(pre.outcomes.map((o) => o.id)).toEqual(['2-0', '2-1', '1-2', '0-2']);
    for (const o of pre.outcomes) {
      const [a, b] = o.id.split('-').map(Number) as [number, number];
      expect(1000 / o.oddsMilli!).toBeGreaterThanOrEqual(sets(a, b));
      expect(1000 / o.oddsMilli!).toBeLessThan(sets(a, b) * 1.03);
    }
    // Best of five lists its six scores; a set won takes away the scores it passed.
    expect(setScore(start, 5)!.outcomes.map((o) => o.id)).toEqual(['3-0', '3-1', '3-2', '2-3', '1-3', '0-3']);
    const afterOne = { ...start, sets: [1, 0], previousGames: [6, 3] };
    expect(setScore(afterOne)!.outcomes.map((o) => o.id)).toEqual(['2-0', '2-1', '1-2']);
    expect(
      priceTennisMarket({ pA: 0.64, pB: 0.6, bestOf: 3, score: afterOne as never, margins }, pre.key),
    ).toEqual(setScore(afterOne));
  });
});

/** Normal-model vectors of research §3.2 (μ = 6, σ = 12). */
describe('normal margin model (basketball, American football)', () => {
  it('prices −5.5, −6 with its push, the moneyline and a total', () => {
    const margin = discreteNormal(6, 12);
    expect(handicapKinds(margin, -22).won).toBeCloseTo(0.5166, 4);
    const six = handicapKinds(margin, -24);
    expect(six.won).toBeCloseTo(0.4834, 4);
    expect(six.push).toBeCloseTo(0.0332, 4);
    expect(moneylineWithOvertime(margin)).toBeCloseTo(0.6913, 4);
    expect(1 - phi((220.5 - 222) / 18)).toBeCloseTo(0.5332, 4);
  });

  it('moves with the lead and the time left (Brownian, Stern 1994)', () => {
    expect(inPlayWinProbability(4, 6, 12, 0.5)).toBeCloseTo(0.7953, 4);
    expect(inPlayWinProbability(-3, 6, 12, 0.25)).toBeCloseTo(0.4013, 4);
    expect(inPlayWinProbability(1, 6, 12, 0)).toBe(1);
  });
});

describe('a last shot to tie (basketball)', () => {
  it('moves a quarter of the 1-to-3-point margins to a tie and keeps the rest', () => {
    const before = discreteNormal(2, 12);
    const after = withBuzzerTies(before, 0.25);
    const sum = [...after.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
    const moved = [-3, -2, -1, 1, 2, 3].reduce((t, k) => t + before.get(k)! * 0.25, 0);
    expect(after.get(0)).toBeCloseTo(before.get(0)! + moved, 12);
    expect(after.get(2)).toBeCloseTo(before.get(2)! * 0.75, 12);
    expect(after.get(4)).toBe(before.get(4));
    // About 3 % of regulation ties without it, about 6 % with it (NBA: research §3.2).
    expect(discreteNormal(0, 13).get(0)!).toBeLessThan(0.035);
    expect(withBuzzerTies(discreteNormal(0, 13), 0.25).get(0)!).toBeGreaterThan(0.05);
  });
});

describe('a level game goes to overtime (basketball)', () => {
  // 30 seconds left at 112-112 in an NBA game (σ 13.9 over 48 minutes), default-like margins.
  const late = {
    score: { home: 112, away: 112 },
    marginLeft: 0,
    marginSd: 13.9 * Math.sqrt(0.5 / 48),
    totalLeft: 0.5 * 4.7,
    totalSd: 13.9 * Math.sqrt(0.5 / 48),
    inRegulation: true,
    tie: 'overtime' as const,
    spreadFromPlacement: false,
    buzzerTie: 0.25,
    margins: byShape({
      threeWay: { margin: 0.07, method: 'shin' as const },
      twoWay: { margin: 0.06, method: 'proportional' as const },
    }),
  };
  const overtime = {
    marginSd: 13.9 * Math.sqrt(5 / 48),
    totalMean: 226 * (5 / 48),
    totalSd: 13.9 * Math.sqrt(5 / 48),
  };
  const minusHalf = (input: typeof late & { overtime: typeof overtime | null }) => {
    const home = priceNormalMarket(input, { type: 'asian_handicap', period: 'full', lineQ: -2 })!;
    const away = priceNormalMarket(input, { type: 'asian_handicap', period: 'full', lineQ: 2 })!;
    // Home −0.5 and away −0.5: exactly one wins, since the whole game cannot end level.
    return 1000 / home.outcomes[0]!.oddsMilli! + 1000 / away.outcomes[1]!.oddsMilli!;
  };

  it('prices both sides of −0.5 as one of them must win, no sure profit (reviewer’s case)', () => {
    // Priced on regulation's margin, the level mass was nobody's: a book of 0.62, a sure profit.
    expect(minusHalf({ ...late, overtime: null })).toBeLessThan(0.7);
    expect(minusHalf({ ...late, overtime })).toBeGreaterThan(1);
  });

  it('gives the whole game’s total the overtime’s points when regulation may end level', () => {
    const over = (input: typeof late & { overtime: typeof overtime | null }) =>
      priceNormalMarket(input, { type: 'totals', period: 'full', lineQ: 4 * 230.5 });
    // With no overtime, 230.5 cannot be reached in 30 seconds from 224; with it, it can.
    expect(over({ ...late, overtime: null })).toBeNull();
    expect(over({ ...late, overtime })!.outcomes[0]!.oddsMilli).toBeLessThan(10_000);
  });
});

describe('normal-model games on the ladder', () => {
  const shapes = {
    threeWay: { margin: 0.06, method: 'shin' as const },
    twoWay: { margin: 0.05, method: 'proportional' as const },
  };
  const margins = byShape(shapes);
  const base = {
    score: { home: 0, away: 0 },
    marginLeft: 6,
    marginSd: 12,
    totalLeft: 222,
    totalSd: 18,
    inRegulation: true,
    spreadFromPlacement: false,
    buzzerTie: 0,
    overtime: null,
    margins,
  };

  it('lists the moneyline, spreads and totals around the main lines, each priceable alone', () => {
    for (const tie of ['overtime', 'void'] as const) {
      const quotes = priceNormalGame({ ...base, tie });
      const ids = quotes.map((q) => marketId(q.key));
      expect(ids).toContain('moneyline:full');
      expect(ids).toContain('match_winner:regulation');
      // Main spread near −6 and total near 222 (half and whole points, no quarters).
      expect(ids.some((id) => /^asian_handicap:full:-[56](\.5)?$/.test(id))).toBe(true);
      expect(ids.some((id) => /^totals:full:22[12](\.5)?$/.test(id))).toBe(true);
      expect(ids.every((id) => !/\.(25|75)$/.test(id))).toBe(true);
      for (const q of quotes) expect(priceNormalMarket({ ...base, tie }, q.key)).toEqual(q);
    }
  });

  it('prices each team’s points from the margin and total laws: (T ± M)/2, x.5 lines around its mean', () => {
    const quotes = priceNormalGame({ ...base, tie: 'overtime' });
    const ids = quotes.map((q) => marketId(q.key));
    // Home expects (222 + 6)/2 = 114 and away 108, each with σ = √(12² + 18²)/2 ≈ 10.8.
    expect(ids).toEqual(expect.arrayContaining(['home_totals:full:113.5', 'away_totals:full:107.5']));
    const over = (id: string) => {
      const q = quotes.find((x) => marketId(x.key) === id)!;
      const [o, u] = q.outcomes.map((x) => 1000 / x.oddsMilli!) as [number, number];
      return o / (o + u);
    };
    const sd = Math.hypot(12, 18) / 2;
    expect(over('home_totals:full:113.5')).toBeCloseTo(1 - phi((113.5 - 114) / sd), 2);
    expect(over('away_totals:full:108.5')).toBeCloseTo(1 - phi((108.5 - 108) / sd), 2);
    // In play a line at or below the team's points is not offered.
    const live = {
      ...base,
      tie: 'overtime' as const,
      score: { home: 100, away: 90 },
      marginLeft: 1,
      marginSd: 3,
      totalLeft: 10,
      totalSd: 4,
    };
    expect(priceNormalMarket(live, { type: 'home_totals', period: 'full', lineQ: 4 * 99.5 })).toBeNull();
    expect(priceNormalMarket(live, { type: 'home_totals', period: 'full', lineQ: 4 * 104.5 })).not.toBeNull();
  });

  it('prices a team’s points from its own scoring law where one is given (American football)', () => {
    // Two chances left, each a touchdown (7) with chance 0.3: 0, 7 or 14 more, never 1 to 6.
    const scoring = {
      values: [0, 7],
      home: [0.7, 0.3],
      away: [0.7, 0.3],
      chancesLeft: new Map([[2, 1]]),
      overtimeChances: new Map([[0, 1]]),
    };
    const input = { ...base, tie: 'void' as const, score: { home: 20, away: 17 }, scoring };
    const fair = (line: number) => {
      const q = priceNormalMarket(input, { type: 'home_totals', period: 'full', lineQ: 4 * line })!;
      const [o, u] = q.outcomes.map((x) => 1000 / x.oddsMilli!) as [number, number];
      return o / (o + u);
    };
    expect(fair(20.5)).toBeCloseTo(1 - 0.49, 2);
    expect(fair(26.5)).toBeCloseTo(1 - 0.49, 2);
    expect(fair(27.5)).toBeCloseTo(0.09, 2);
  });

  it('prices the moneyline from the tie rule: overtime shares the tie, a void refunds it', () => {
    const ml = (tie: 'overtime' | 'void') =>
      priceNormalGame({
        ...base,
        tie,
        margins: byShape({ ...shapes, twoWay: { margin: 0, method: 'proportional' } }),
      }).find((q) => q.key.type === 'moneyline')!.outcomes[0]!.oddsMilli;
    // Fair 1/0.6913 = 1.4466 → 1.44 on the ladder.
    expect(ml('overtime')).toBe(1440);
    expect(ml('void')).toBeLessThanOrEqual(1440);
  });
});

describe('races to a number of units (volleyball, badminton, table tennis, snooker)', () => {
  it('wins a rally-scored game and a race exactly, with the tennis match formula as a check', () => {
    expect(rallyGameFrom(0.5, 0, 0, 25)).toBeCloseTo(0.5, 12);
    expect(rallyGameFrom(0.55, 0, 0, 21, 30)).toBeGreaterThan(0.55);
    // From 29-29 with the cap at 30 the next rally decides.
    expect(rallyGameFrom(0.6, 29, 29, 21, 30)).toBeCloseTo(0.6, 12);
    // Deuce at 10-10 to 11: q² / (q² + (1 − q)²).
    expect(rallyGameFrom(0.6, 10, 10, 11)).toBeCloseTo(0.36 / (0.36 + 0.16), 12);
    for (const s of [0.5, 0.6328, 0.7]) {
      const bo3 = [...raceOutcomes(2, [0, 0], null, s)].filter(([k]) => k === '2|0' || k === '2|1');
      expect(bo3.reduce((a, [, p]) => a + p, 0)).toBeCloseTo(matchProbability(s, 3), 12);
      const bo5 = [...raceOutcomes(3, [0, 0], null, s)].filter(([k]) => k.startsWith('3|'));
      expect(bo5.reduce((a, [, p]) => a + p, 0)).toBeCloseTo(matchProbability(s, 5), 12);
    }
    // Each unit at its own chance: at two sets all, the fifth (to 15 in volleyball) decides alone.
    const fifth = raceOutcomes(3, [2, 2], null, (n) => (n === 5 ? 0.3 : 0.9));
    expect(fifth.get('3|2')).toBeCloseTo(0.3, 12);
    // A 15-point set is closer to even than a 25-point one for the same rally edge.
    expect(rallyGameFrom(0.55, 0, 0, 15)).toBeLessThan(rallyGameFrom(0.55, 0, 0, 25));
  });

  it('prices the winner, units handicap and total units around the main lines', () => {
    const quotes = priceRace({
      need: 5,
      won: [2, 1],
      current: 0.55,
      unit: 0.55,
      margins: byShape({
        threeWay: { margin: 0.06, method: 'shin' },
        twoWay: { margin: 0.05, method: 'proportional' },
      }),
    });
    const ids = quotes.map((q) => marketId(q.key));
    expect(ids).toContain('moneyline:full');
    expect(
      ids
        .filter((id) => id.startsWith('asian_handicap:full:'))
        .every((id) => !id.endsWith(':0.5') && !id.endsWith(':-0.5')),
    ).toBe(true);
    // Three frames already played: no total at or below 3.
    expect(quotes.filter((q) => q.key.type === 'totals').every((q) => q.key.lineQ! > 12)).toBe(true);
  });
});

describe('boxing from per-round stoppage chances', () => {
  const input = {
    rounds: 12,
    roundsLeft: 12,
    stopHome: 0.03,
    stopAway: 0.02,
    decisionHome: 0.5,
    decisionDraw: 0.04,
    margins: byShape({
      threeWay: { margin: 0.06, method: 'shin' as const },
      twoWay: { margin: 0.05, method: 'proportional' as const },
    }),
  };

  it('lasts past the half-way mark of a round when no round before it and not its first half ended it', () => {
    expect(lastsPast(input, 1)).toBeCloseTo(1 - 0.05 / 2, 12);
    expect(lastsPast(input, 12)).toBeCloseTo(0.95 ** 11 * 0.975, 12);
    // In round 8, rounds 1–7 are behind: the 7.5 mark has passed, 8.5 is half of this round away.
    const live = { ...input, roundsLeft: 5 };
    expect(lastsPast(live, 7)).toBeNull();
    expect(lastsPast(live, 8)).toBeCloseTo(0.975, 12);
  });

  it('lists the total rounds around the even line, over priced as the fight lasting', () => {
    const quotes = priceBoxing(input);
    const rounds = quotes.filter((q) => q.key.type === 'rounds_totals');
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    for (const q of rounds) {
      const over = lastsPast(input, (q.key.lineQ! + 2) / 4)!;
      const [o, u] = q.outcomes.map((x) => x.oddsMilli! / 1000);
      // Rounded down from the margined fair price: never above 1/p.
      expect(o).toBeLessThanOrEqual(1 / over);
      expect(u).toBeLessThanOrEqual(1 / (1 - over));
      expect(1 / o! + 1 / u!).toBeGreaterThan(1.04);
    }
    expect(priceBoxingMarket(input, { type: 'rounds_totals', period: 'full', lineQ: 4 * 12 + 2 })).toBeNull();
  });

  it('splits the result by method: stoppages over the rounds left, the rest on the scorecards', () => {
    const m = methodOutcomes(input);
    const going = 0.95 ** 12;
    expect(m.get('home_stoppage')).toBeCloseTo((0.03 * (1 - going)) / 0.05, 12);
    expect(m.get('away_stoppage')).toBeCloseTo((0.02 * (1 - going)) / 0.05, 12);
    expect(m.get('home_points')).toBeCloseTo(going * 0.5, 12);
    expect(m.get('draw')).toBeCloseTo(going * 0.04, 12);
    const [home, draw] = boxingOutcomes(input);
    expect(m.get('home_stoppage')! + m.get('home_points')!).toBeCloseTo(home, 12);
    expect(m.get('draw')).toBeCloseTo(draw, 12);
    expect([...m.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const quote = priceBoxing(input).find((q) => q.key.type === 'method')!;
    expect(quote.outcomes.map((o) => o.id)).toEqual([
      'home_stoppage',
      'home_points',
      'draw',
      'away_stoppage',
      'away_points',
    ]);
    expect(priceBoxingMarket(input, quote.key)).toEqual(quote);
  });

  it('in play counts only the part of the round under way still to box', () => {
    // Half-way through round 8 (stoppages come evenly from 0:10 to 2:50) and in the rest after it.
    const half = { ...input, roundsLeft: 5, elapsed: 90 };
    const rest = { ...input, roundsLeft: 5, elapsed: 180 };
    const next = { ...input, roundsLeft: 4 };
    const stops = (i: typeof input) => {
      const m = methodOutcomes(i);
      return m.get('home_stoppage')! + m.get('away_stoppage')!;
    };
    expect(stops(rest)).toBeCloseTo(stops(next), 12);
    expect(stops(half)).toBeGreaterThan(stops(next));
    expect(stops(half)).toBeLessThan(stops({ ...input, roundsLeft: 5 }));
    // The 7.5 mark of round 8 has passed at 1:30; the 8.5 mark is a whole round on.
    expect(lastsPast(half, 8)).toBeNull();
    expect(lastsPast(rest, 9)).toBeCloseTo(lastsPast(next, 9)!, 12);
  });
});

describe('baseball in play, inning by inning', () => {
  const margins = byShape({
    threeWay: { margin: 0, method: 'proportional' },
    twoWay: { margin: 0, method: 'proportional' },
  });
  const totalOver = (input: Parameters<typeof priceBaseballMarket>[0], line: number) =>
    priceBaseballMarket(input, { type: 'totals', period: 'full', lineQ: 4 * line });

  it('does not let the home side bat the ninth when ahead, and ends a walk-off at the winning run', () => {
    // Home 3-2 after the top of the ninth: the game is over at 5 runs.
    const over = { score: { home: 3, away: 2 }, halves: 17, outs: 0, homeRate: 0.5, awayRate: 0.5, margins };
    expect(totalOver(over, 5.5)).toBeNull();
    expect(priceBaseballMarket(over, { type: 'moneyline', period: 'full', lineQ: null })).toBeNull();
    // Level 2-2 going to the bottom of the ninth: any home run ends it 3-2, never by more.
    const level = { ...over, score: { home: 2, away: 2 } };
    // From here the home side can only win on a walk-off, by exactly one: home −1.5 cannot win,
    // so the run line is not offered at all, while the moneyline is.
    expect(priceBaseballMarket(level, { type: 'asian_handicap', period: 'full', lineQ: -6 })).toBeNull();
    expect(priceBaseballMarket(level, { type: 'moneyline', period: 'full', lineQ: null })).not.toBeNull();
    // Before the ninth, home −1.5 is a live price.
    const early = { ...level, halves: 9 };
    expect(priceBaseballMarket(early, { type: 'asian_handicap', period: 'full', lineQ: -6 })).not.toBeNull();
  });

  it('prices the half-inning under way by the outs still to make: two out is a third of a half left', () => {
    const under = (input: Parameters<typeof priceBaseballMarket>[0], line: number) => {
      const q = totalOver(input, line)!;
      return 1000 / q.outcomes.find((o) => o.id === 'under')!.oddsMilli!;
    };
    // The top of the eighth, 3-3: with two out, the top has a third of its runs to come.
    const base = { score: { home: 3, away: 3 }, halves: 14, outs: 0, homeRate: 0.5, awayRate: 0.5, margins };
    const fresh = under(base, 8.5);
    const twoOut = under({ ...base, outs: 2 }, 8.5);
    expect(twoOut).toBeGreaterThan(fresh);
    // One out lies between none and two.
    const oneOut = under({ ...base, outs: 1 }, 8.5);
    expect(oneOut).toBeGreaterThan(fresh);
    expect(oneOut).toBeLessThan(twoOut);
  });
});
