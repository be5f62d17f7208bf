import { describe, expect, it } from 'vitest';
import {
  dixonColesGrid,
  expectOver,
  matchWinnerProbabilities,
  poisson,
} from '../../../domain/sports/dixon-coles';
import { effectiveProbability, handicapKinds, type Distribution } from '../../../domain/sports/pricing';
import {
  FIRST_HALF_SHARE,
  priceFootball,
  priceFootballMarket,
  remainingGoalShares,
} from '../../../domain/sports/football';
import { isLadderPrice, roundDownToLadder } from '../../../domain/sports/ladder';
import { marketId } from '../../../domain/sports/markets';
import { byShape } from '../../../domain/sports/book-margins';

/** Football test vectors of research/sports.md §3.1 (computed there; λ = 1.55, μ = 1.10). */
const LAMBDA = 1.55;
const MU = 1.1;

function margins(rho: number) {
  const grid = dixonColesGrid(LAMBDA, MU, rho);
  const margin: Distribution = new Map();
  const total: Distribution = new Map();
  for (let i = 0; i < grid.size; i++)
    for (let j = 0; j < grid.size; j++) {
      margin.set(i - j, (margin.get(i - j) ?? 0) + grid.p[i]![j]!);
      total.set(i + j, (total.get(i + j) ?? 0) + grid.p[i]![j]!);
    }
  return { grid, margin, total };
}

const fairOdds = (dist: Distribution, lineQ: number) => 1 / effectiveProbability(handicapKinds(dist, lineQ));
const negate = (d: Distribution): Distribution => new Map([...d].map(([v, p]) => [-v, p]));

describe('Dixon–Coles grid against the research values', () => {
  it('gives the Poisson (ρ = 0) 1X2, low scores, over 2.5, even and BTTS', () => {
    const { grid } = margins(0);
    const [h, d, a] = matchWinnerProbabilities(grid);
    expect(h).toBeCloseTo(0.477, 4);
    expect(d).toBeCloseTo(0.2533, 4);
    expect(a).toBeCloseTo(0.2697, 4);
    expect(grid.p[0]![0]).toBeCloseTo(0.0707, 4);
    expect(grid.p[1]![1]).toBeCloseTo(0.1205, 4);
    expect(grid.p[1]![0]).toBeCloseTo(0.1095, 4);
    expect(grid.p[0]![1]).toBeCloseTo(0.0777, 4);
    expect(expectOver(grid, (i, j) => (i + j > 2.5 ? 1 : 0))).toBeCloseTo(0.494, 4);
    expect(expectOver(grid, (i, j) => ((i + j) % 2 === 0 ? 1 : 0))).toBeCloseTo(0.5025, 4);
    // Independent Poisson: P(even) = (1 + e^{−2(λ+μ)})/2 (research §3.1 table).
    expect(expectOver(grid, (i, j) => ((i + j) % 2 === 0 ? 1 : 0))).toBeCloseTo(
      (1 + Math.exp(-2 * (LAMBDA + MU))) / 2,
      6,
    );
    expect(expectOver(grid, (i, j) => (i > 0 && j > 0 ? 1 : 0))).toBeCloseTo(0.5255, 4);
  });

  it('moves draws, odd/even and BTTS with ρ = −0.10 but leaves over 2.5 unchanged', () => {
    const { grid } = margins(-0.1);
    const [h, d, a] = matchWinnerProbabilities(grid);
    expect(h).toBeCloseTo(0.465, 4);
    expect(d).toBeCloseTo(0.2774, 4);
    expect(a).toBeCloseTo(0.2576, 4);
    expect(grid.p[0]![0]).toBeCloseTo(0.0827, 4);
    expect(grid.p[1]![1]).toBeCloseTo(0.1325, 4);
    expect(grid.p[1]![0]).toBeCloseTo(0.0975, 4);
    expect(grid.p[0]![1]).toBeCloseTo(0.0657, 4);
    expect(expectOver(grid, (i, j) => (i + j > 2.5 ? 1 : 0))).toBeCloseTo(0.494, 4);
    expect(expectOver(grid, (i, j) => ((i + j) % 2 === 0 ? 1 : 0))).toBeCloseTo(0.5266, 4);
    expect(expectOver(grid, (i, j) => (i > 0 && j > 0 ? 1 : 0))).toBeCloseTo(0.5376, 4);
  });

  it('prices the fair Asian handicap for home 0 to −1.5, quarter lines included', () => {
    const lines = [0, -1, -2, -3, -4, -5, -6];
    const poissonOdds = [1.565, 1.831, 2.096, 2.452, 3.148, 3.627, 4.107];
    const dcOdds = [1.554, 1.852, 2.151, 2.51, 3.197, 3.652, 4.107];
    const p = margins(0);
    const dc = margins(-0.1);
    lines.forEach((lineQ, k) => {
      expect(fairOdds(p.margin, lineQ)).toBeCloseTo(poissonOdds[k]!, 2);
      expect(fairOdds(dc.margin, lineQ)).toBeCloseTo(dcOdds[k]!, 2);
      // The two sides of a line are a fair two-way book.
      expect(1 / fairOdds(dc.margin, lineQ) + 1 / fairOdds(negate(dc.margin), -lineQ)).toBeCloseTo(1, 10);
    });
  });

  it('prices fair over/under 2 to 3 with quarter lines', () => {
    const lines = [8, 9, 10, 11, 12];
    const poissonOdds = [
      [1.522, 2.916],
      [1.773, 2.294],
      [2.024, 1.976],
      [2.316, 1.76],
      [2.84, 1.543],
    ];
    const p = margins(0);
    lines.forEach((lineQ, k) => {
      expect(fairOdds(p.total, -lineQ)).toBeCloseTo(poissonOdds[k]![0]!, 2);
      expect(fairOdds(negate(p.total), lineQ)).toBeCloseTo(poissonOdds[k]![1]!, 2);
    });
    const dc = margins(-0.1);
    expect(fairOdds(dc.total, -8)).toBeCloseTo(1.498, 2);
    expect(fairOdds(negate(dc.total), 8)).toBeCloseTo(3.01, 2);
    expect(fairOdds(dc.total, -9)).toBeCloseTo(1.761, 2);
    expect(fairOdds(negate(dc.total), 9)).toBeCloseTo(2.314, 2);
    expect(fairOdds(dc.total, -10)).toBeCloseTo(2.024, 2);
  });

  it('gives the first half with f = 0.45', () => {
    expect(FIRST_HALF_SHARE).toBeCloseTo(0.45, 10);
    const grid = dixonColesGrid(LAMBDA * 0.45, MU * 0.45, 0);
    const [h, d, a] = matchWinnerProbabilities(grid);
    expect(h).toBeCloseTo(0.3555, 4);
    expect(d).toBeCloseTo(0.4176, 4);
    expect(a).toBeCloseTo(0.2269, 4);
    expect(expectOver(grid, (i, j) => (i + j > 0.5 ? 1 : 0))).toBeCloseTo(0.6965, 4);
    expect(expectOver(grid, (i, j) => (i + j > 1.5 ? 1 : 0))).toBeCloseTo(0.3347, 4);
  });

  it('gives corners over 9.5 and 10.5 for a Poisson mean of 10.3', () => {
    let under10 = 0;
    for (let k = 0; k <= 9; k++) under10 += poisson(k, 10.3);
    expect(1 - under10).toBeCloseTo(0.579, 3);
    expect(1 - under10 - poisson(10, 10.3)).toBeCloseTo(0.454, 3);
  });
});

describe('football prices with margin on the ladder', () => {
  const base = {
    lambda: LAMBDA,
    mu: MU,
    rho: -0.1,
    cornersHome: 5.6,
    cornersAway: 4.7,
    minute: 0,
    score: { home: 0, away: 0 },
    halfTime: null,
    corners: { home: 0, away: 0 },
    cardsHome: 2.06,
    cardsAway: 2.06,
    cards: { home: 0, away: 0 },
    margins: byShape({
      threeWay: { margin: 0.06, method: 'shin' as const },
      twoWay: { margin: 0.05, method: 'proportional' as const },
    }),
  };

  it('quotes every pre-match market on the ladder, rounded down from the fair price with margin', () => {
    const quotes = priceFootball({ ...base, phase: 'pre' });
    const ids = quotes.map((q) => marketId(q.key));
    expect(ids).toContain('match_winner:full');
    expect(ids).toContain('totals:full:2.5');
    expect(ids).toContain('totals:full:2.25');
    expect(ids).toContain('totals:full:2.75');
    expect(ids).toContain('asian_handicap:full:-0.25');
    expect(ids).toContain('european_handicap:full:-1');
    expect(ids).toContain('odd_even:full');
    expect(ids).toContain('match_winner:first_half');
    expect(ids.some((id) => id.startsWith('corners_totals:full:'))).toBe(true);
    for (const q of quotes) {
      const prices = q.outcomes.map((o) => o.oddsMilli).filter((o): o is number => o !== null);
      for (const o of prices) expect(isLadderPrice(o)).toBe(true);
      // Rounding down never takes the book under 100 %.
      expect(prices.reduce((s, o) => s + 1000 / o, 0)).toBeGreaterThan(1);
    }
    const winner = quotes.find((q) => marketId(q.key) === 'match_winner:full')!;
    const [h, d, a] = matchWinnerProbabilities(dixonColesGrid(LAMBDA, MU, -0.1));
    // Each price is below the fair price and at most one ladder step under the margined one.
    winner.outcomes.forEach((o, i) => {
      const fair = 1 / [h, d, a][i]!;
      expect(o.oddsMilli! / 1000).toBeLessThan(fair);
      expect(o.oddsMilli! / 1000).toBeGreaterThan(fair / 1.12);
    });
    const total = quotes.find((q) => marketId(q.key) === 'totals:full:2.5')!;
    // Fair 2.024 / 1.976 with 5 % proportional margin: 1.927 / 1.882 → ladder 1.92 / 1.88.
    expect(total.outcomes).toEqual([
      { id: 'over', oddsMilli: 1920 },
      { id: 'under', oddsMilli: 1880 },
    ]);
  });

  it('follows the score in play: a home lead shortens home and drops lines already passed', () => {
    const pre = priceFootball({ ...base, phase: 'pre' });
    const live = priceFootball({ ...base, phase: 'second_half', minute: 70, score: { home: 1, away: 1 } });
    const lead = priceFootball({ ...base, phase: 'second_half', minute: 70, score: { home: 1, away: 0 } });
    const price = (qs: typeof pre, id: string, outcome: string) =>
      qs.find((q) => marketId(q.key) === id)!.outcomes.find((o) => o.id === outcome)!.oddsMilli!;
    expect(price(lead, 'match_winner:full', 'home')).toBeLessThan(price(pre, 'match_winner:full', 'home'));
    expect(price(live, 'match_winner:full', 'draw')).toBeLessThan(price(pre, 'match_winner:full', 'draw'));
    const liveTotals = live.filter((q) => q.key.type === 'totals').map((q) => q.key.lineQ!);
    expect(Math.min(...liveTotals)).toBeGreaterThanOrEqual(10);
    // At 3-0 the home side is beyond the ladder: not offered, while the others still are.
    const rout = priceFootball({ ...base, phase: 'second_half', minute: 80, score: { home: 3, away: 0 } });
    expect(rout.find((q) => marketId(q.key) === 'match_winner:full')!.outcomes[0]!.oddsMilli).toBeNull();
    // No first-half markets after half-time.
    expect(live.some((q) => q.key.period === 'first_half')).toBe(false);
    expect(remainingGoalShares('second_half', 70).full).toBeCloseTo(0.215 + (0.171 * 5) / 15, 10);
  });
});

describe('one market at any line', () => {
  const input = {
    lambda: LAMBDA,
    mu: MU,
    rho: -0.1,
    cornersHome: 5.6,
    cornersAway: 4.7,
    score: { home: 1, away: 0 },
    halfTime: null as { home: number; away: number } | null,
    corners: { home: 3, away: 2 },
    cardsHome: 2.06,
    cardsAway: 2.06,
    cards: { home: 1, away: 2 },
    margins: byShape({
      threeWay: { margin: 0.06, method: 'shin' as const },
      twoWay: { margin: 0.05, method: 'proportional' as const },
    }),
  };

  it('prices every listed market exactly as the book lists it', () => {
    for (const phase of ['pre', 'first_half', 'second_half'] as const) {
      const at = {
        ...input,
        phase,
        minute: phase === 'pre' ? 0 : phase === 'first_half' ? 30 : 70,
        halfTime: phase === 'second_half' ? { home: 1, away: 0 } : null,
      };
      const listed = priceFootball(
        phase === 'pre' ? { ...at, score: { home: 0, away: 0 }, corners: { home: 0, away: 0 } } : at,
      );
      for (const q of listed) {
        const alone = priceFootballMarket(
          phase === 'pre' ? { ...at, score: { home: 0, away: 0 }, corners: { home: 0, away: 0 } } : at,
          q.key,
        );
        expect(alone).toEqual(q);
      }
    }
  });

  it('prices an unlisted handicap line and refuses a passed total or a closed half', () => {
    const live = { ...input, phase: 'second_half' as const, minute: 60 };
    const far = priceFootballMarket(live, { type: 'asian_handicap', period: 'full', lineQ: 3 });
    expect(far!.outcomes.map((o) => o.id)).toEqual(['home', 'away']);
    expect(priceFootballMarket(live, { type: 'totals', period: 'full', lineQ: 2 })).toBeNull();
    expect(priceFootballMarket(live, { type: 'match_winner', period: 'first_half', lineQ: null })).toBeNull();
  });
});

describe('the price ladder', () => {
  it('rounds down to the ladder step of each band', () => {
    expect(roundDownToLadder(1.927)).toBe(1920);
    expect(roundDownToLadder(1.9)).toBe(1900);
    expect(roundDownToLadder(2.039)).toBe(2020);
    expect(roundDownToLadder(3.378)).toBe(3350);
    expect(roundDownToLadder(4.251)).toBe(4200);
    expect(roundDownToLadder(7.9)).toBe(7800);
    expect(roundDownToLadder(1.005)).toBeNull();
    expect(roundDownToLadder(5000)).toBe(1_000_000);
  });
});
