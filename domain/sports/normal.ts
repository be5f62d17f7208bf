import type { Distribution } from './pricing';

/**
 * The normal approximation for basketball and American football (research/sports.md §3.2): the
 * final margin ~ N(μ, σ²) and the total ~ N(μ_T, σ_T²), read at integers with a continuity
 * correction; in play, Brownian motion over the time left (Stern 1994).
 */

/** Standard normal CDF Φ (Abramowitz–Stegun 7.1.26 on erf; error below 1.5e-7). */
export function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The integer distribution of N(mean, sd²): P(k) = Φ((k + ½ − mean)/sd) − Φ((k − ½ − mean)/sd), over
 * mean ± 7 sd (the tails beyond hold under 1e-11).
 */
export function discreteNormal(mean: number, sd: number): Distribution {
  const dist: Distribution = new Map();
  const lo = Math.floor(mean - 7 * sd);
  const hi = Math.ceil(mean + 7 * sd);
  let total = 0;
  for (let k = lo; k <= hi; k++) {
    const p = phi((k + 0.5 - mean) / sd) - phi((k - 0.5 - mean) / sd);
    dist.set(k, p);
    total += p;
  }
  for (const [k, p] of dist) dist.set(k, p / total);
  return dist;
}

/**
 * The moneyline of a sport that plays overtime until someone wins: a level score after
 * regulation is shared evenly, P(home) ≈ P(M ≥ ½) + ½·P(|M| < ½) (research §3.2).
 */
export function moneylineWithOvertime(margin: Distribution): number {
  let home = 0;
  for (const [k, p] of margin) {
    if (k > 0) home += p;
    else if (k === 0) home += p / 2;
  }
  return home;
}

/**
 * P(home wins) in play with a lead ℓ and a fraction τ of the game left: Φ((ℓ + μτ)/(σ√τ)), where μ
 * is the expected full-game margin and σ its standard deviation.
 */
export function inPlayWinProbability(lead: number, mean: number, sd: number, timeLeft: number): number {
  if (timeLeft <= 0) return lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
  return phi((lead + mean * timeLeft) / (sd * Math.sqrt(timeLeft)));
}
