/**
 * The Dixon–Coles football score grid (research/sports.md §3.1): home goals ~ Poisson(λ), away
 * goals ~ Poisson(μ), with the four low scores reweighted by τ to correct the independence model's
 * shortage of 0-0 and 1-1 draws. Every goals market is read off this one grid.
 */

/** P(k) of a Poisson(λ) count. */
export function poisson(k: number, lambda: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}

/** A score grid: p[i][j] = P(home scores i, away scores j), i and j from 0 to size − 1. */
export interface ScoreGrid {
  size: number;
  p: number[][];
}

/**
 * τ(i, j) of Dixon & Coles (1997): 1 − λμρ at 0-0, 1 + λρ at 0-1, 1 + μρ at 1-0, 1 − ρ at 1-1 and 1
 * elsewhere (the same τ as penaltyblog's dixon_coles.py). Clamped at 0 so a large λμρ cannot make
 * a probability negative.
 */
export function tau(i: number, j: number, lambda: number, mu: number, rho: number): number {
  let t = 1;
  if (i === 0 && j === 0) t = 1 - lambda * mu * rho;
  else if (i === 0 && j === 1) t = 1 + lambda * rho;
  else if (i === 1 && j === 0) t = 1 + mu * rho;
  else if (i === 1 && j === 1) t = 1 - rho;
  return Math.max(0, t);
}

/**
 * The grid for expected goals λ (home) and μ (away) with correlation ρ, truncated at `maxGoals`
 * per side and renormalised (the truncated tail is below 1e-6 for football's λ).
 */
export function dixonColesGrid(lambda: number, mu: number, rho: number, maxGoals = 12): ScoreGrid {
  const size = maxGoals + 1;
  const ph = Array.from({ length: size }, (_, i) => poisson(i, lambda));
  const pa = Array.from({ length: size }, (_, j) => poisson(j, mu));
  const p = ph.map((h, i) => pa.map((a, j) => h * a * tau(i, j, lambda, mu, rho)));
  let total = 0;
  for (const row of p) for (const v of row) total += v;
  return { size, p: p.map((row) => row.map((v) => v / total)) };
}

/** Sums grid cells: Σ f(i, j)·P(i, j). */
export function expectOver(grid: ScoreGrid, f: (home: number, away: number) => number): number {
  let total = 0;
  for (let i = 0; i < grid.size; i++) {
    const row = grid.p[i]!;
    for (let j = 0; j < grid.size; j++) total += row[j]! * f(i, j);
  }
  return total;
}

/** P(home win), P(draw), P(away win) of a grid whose scores are added to `offset`. */
export function matchWinnerProbabilities(
  grid: ScoreGrid,
  offset = { home: 0, away: 0 },
): [number, number, number] {
  const d0 = offset.home - offset.away;
  const home = expectOver(grid, (i, j) => (i - j + d0 > 0 ? 1 : 0));
  const draw = expectOver(grid, (i, j) => (i - j + d0 === 0 ? 1 : 0));
  return [home, draw, 1 - home - draw];
}

/**
 * Share of a football match's expected goals still to come at `minute` of play, from the goal-time
 * profile per 15-minute block (research §3.1 "In-play football": 13.2, 15.8, 16.0, 16.4, 17.1,
 * 21.5 %; the first half holds 45 % of the goals, matching f ≈ 0.45). Stoppage time counts with
 * the last block of its half.
 */
export const GOAL_TIME_PROFILE = [0.132, 0.158, 0.16, 0.164, 0.171, 0.215] as const;

/** Expected share of goals between minute `from` and `to` (0–90) of regular time. */
export function goalShareBetween(from: number, to: number): number {
  let share = 0;
  for (let b = 0; b < 6; b++) {
    const lo = Math.max(from, b * 15);
    const hi = Math.min(to, (b + 1) * 15);
    if (hi > lo) share += (GOAL_TIME_PROFILE[b]! * (hi - lo)) / 15;
  }
  return share;
}
