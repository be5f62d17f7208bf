import { MAX_ODDS_MILLI, nextLadderPrice } from './ladder';
import { removeMarginFromImplied, type MarginMethod } from './margin';
import { legMultiplier, type LegSettlement } from './settlement';

/**
 * Cash-out from fair prices (design/sports.md "Cash-out", decision 52). An open bet is worth what
 * its legs are expected to return at the prices now with the book's margin taken out: for each
 * open leg, the chance of its selection is read from its market's current prices de-margined by
 * the method the margin was applied with (Shin for three-way markets, proportional or power for
 * two-way ones, research §3.5), and the bet's value is
 *
 *   stake riding × ∏ M (legs already settled) × ∏ E[M] (open legs) × (1 − take).
 *
 * Every estimate errs on the player's side of zero: the offer never exceeds the bet's fair value.
 * Quoted prices are rounded DOWN to the ladder, so a selection's book probability lies between the
 * inverse of its price and the inverse of the next ladder step; the chance used is the least the
 * prices allow (the selection's book share as small and the others' as large as the rounding
 * permits). A line bet can also push or half-win, returning part of the stake whatever the odds:
 * with q its effective chance (pricing.ts) and B the expected share of the stake refunded,
 * E[M] = 1 + (1 − B)(o·q − 1), with B from the pricing model (`refundShare`; a feed adapter must
 * supply it for every market that can refund).
 */

/** An open leg as cash-out sees it: the odds taken and its market's prices now. */
export interface OpenLegPrices {
  /** Odds taken, thousandths. */
  oddsMilli: number;
  /** The market's current prices (thousandths; null when an outcome is not offered). */
  prices: ReadonlyArray<{ id: string; oddsMilli: number | null }>;
  outcomeId: string;
  /** How the book applied its margin to this market. */
  method: MarginMethod;
  /**
   * How many of its selections win on any one result (markets.ts winnersPerResult: 2 for Dupla
   * Chance); its fair chances sum to this. Absent: 1.
   */
  winners?: number;
  /**
   * The expected share of a stake the market refunds (pushes, half results, a void tie), from the
   * pricing model (0 for a market that cannot refund).
   */
  refundShare: number;
}

export type CashoutLeg =
  { oddsMilli: number; settlement: LegSettlement } | { settlement: null; open: OpenLegPrices | null };

/**
 * The least chance of `outcomeId` that the quoted prices allow, or null when it cannot be read:
 * its book probability at the bottom of its rounding range, the others' at the top, de-margined.
 * An outcome quoted without a price is priced under the ladder's first step (a near certainty), so
 * the book's margin no longer shows in the prices: Shin's and power's put almost all of it on the
 * longshots, and counting the unpriced one as a certainty removed too little of it (a review found
 * an Intervalo/Final offer at 9.7× its fair value at 85'). With one outcome unpriced there is no
 * cash-out, as a book suspends it when a result is all but decided.
 */
export function leastFairChance(
  prices: OpenLegPrices['prices'],
  outcomeId: string,
  method: MarginMethod,
  winners = 1,
): number | null {
  const mine = prices.findIndex((p) => p.id === outcomeId);
  const own = prices[mine]?.oddsMilli;
  if (mine < 0 || own === null || own === undefined || prices.length < 2) return null;
  if (prices.some((p) => p.oddsMilli === null)) return null;
  // At the ladder's top the price says only "1000 or longer": the chance has no floor above 0
  // (a 4-4 at 0-0 on the hour is one in a million), so such a leg is worth nothing to cash-out.
  if (own >= MAX_ODDS_MILLI) return 0;
  const implied = prices.map((p, i) => (i === mine ? 1000 / nextLadderPrice(own) : 1000 / p.oddsMilli!));
  return Math.min(1, removeMarginFromImplied(implied, method)[mine]! * winners);
}

/** A lower bound of what an open leg returns per unit staked, or null when it has no price now. */
export function openLegValue(leg: OpenLegPrices): number | null {
  const q = leastFairChance(leg.prices, leg.outcomeId, leg.method, leg.winners);
  if (q === null) return null;
  const x = (leg.oddsMilli / 1000) * q;
  // At or below even, o·q is itself below the expected return whatever the refunds.
  if (x <= 1) return x;
  const refunded = Math.min(1, Math.max(0, leg.refundShare));
  return 1 + (1 - refunded) * (x - 1);
}

/**
 * What an open bet can be cashed out for now, in centavos rounded down, less the take (thousandths);
 * null when an open leg has no price (suspended, closed, or its selection no longer offered).
 */
export function cashoutValueCents(
  stakeCents: number,
  legs: readonly CashoutLeg[],
  takeMilli: number,
): number | null {
  let value = stakeCents * (1 - takeMilli / 1000);
  for (const leg of legs) {
    if (leg.settlement) {
      const m = legMultiplier(leg.oddsMilli, leg.settlement);
      value *= Number(m.num) / Number(m.den);
    } else {
      const v = leg.open === null ? null : openLegValue(leg.open);
      if (v === null) return null;
      value *= v;
    }
  }
  // A hair under, so a float product that should be a whole centavo never rounds up past it.
  return Math.max(0, Math.floor(value * (1 - 1e-12)));
}

/**
 * What an open Criar Aposta bet can be cashed out for (builder.ts): the stake riding at its price
 * times the fair joint chance of its selections now, from the model itself rather than read back
 * from de-margined prices, less the take; rounded down like every offer.
 */
export function builderCashoutCents(
  stakeCents: number,
  oddsMilli: number,
  chance: number,
  takeMilli: number,
): number {
  const value = stakeCents * (oddsMilli / 1000) * Math.min(1, Math.max(0, chance)) * (1 - takeMilli / 1000);
  return Math.max(0, Math.floor(value * (1 - 1e-12)));
}
