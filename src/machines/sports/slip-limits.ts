import { combinedOddsMilli, potentialReturnCents } from '../../../domain/sports/settlement';
import type { SportsLimits } from '../../../domain/sports/sports-answers.schema';

/**
 * The operator's limits as the slip applies them before a bet leaves the device, with the same
 * arithmetic the server uses (betting.service.ts): a pick the server would refuse is stopped on
 * the slip, with what to change, instead of failing after the player pressed "Apostar".
 * The daily payout limit depends on the player's other bets, so only the server checks it.
 */

/** Which limit the slip as it stands breaks, and what would fit. Money in centavos. */
export type SlipLimitBreach =
  | { kind: 'stakeBelow'; minCents: number }
  | { kind: 'stakeAbove'; maxCents: number }
  | { kind: 'legs'; max: number }
  | { kind: 'combinedOdds'; maxMilli: number }
  /** `fitCents`: the largest stake whose return stays within the cap (0 when none does). */
  | { kind: 'payout'; capCents: number; fitCents: number };

/** What the limits look at: the legs of each bet the slip would place, and the stake of each. */
export interface SlipBets {
  /** Each bet's legs' odds in thousandths (a múltipla is one bet of every leg). */
  bets: number[][];
  multiple: boolean;
  stakeCents: number | null;
}

const cents = (brl: number) => Math.round(brl * 100);

/** The largest stake (centavos, at most `maxCents`) whose return on `legs` stays within `capCents`. */
export function largestStakeWithin(legs: readonly number[], capCents: number, maxCents: number): number {
  // The return grows with the stake, so the answer is where it first passes the cap.
  let low = 0;
  let high = maxCents;
  if (potentialReturnCents(high, legs) <= capCents) return high;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (potentialReturnCents(mid, legs) <= capCents) low = mid;
    else high = mid;
  }
  return low;
}

/** The first limit the slip breaks, in the order the server checks them; null when none. */
export function limitBreach(slip: SlipBets, limits: SportsLimits | null): SlipLimitBreach | null {
  if (!limits) return null;
  const legs = slip.multiple ? (slip.bets[0]?.length ?? 0) : 1;
  if (legs > limits.maxLegs) return { kind: 'legs', max: limits.maxLegs };
  const stake = slip.stakeCents;
  if (stake !== null && stake > 0) {
    if (stake < cents(limits.minStake)) return { kind: 'stakeBelow', minCents: cents(limits.minStake) };
    if (stake > cents(limits.maxStake)) return { kind: 'stakeAbove', maxCents: cents(limits.maxStake) };
  }
  const maxMilli = Math.round(limits.maxCombinedOdds * 1000);
  if (slip.multiple && slip.bets.some((b) => b.length > 1 && combinedOddsMilli(b) > maxMilli)) {
    return { kind: 'combinedOdds', maxMilli };
  }
  const capCents = cents(limits.maxPayoutPerBet);
  if (stake !== null && stake > 0 && slip.bets.some((b) => potentialReturnCents(stake, b) > capCents)) {
    const fit = Math.min(...slip.bets.map((b) => largestStakeWithin(b, capCents, cents(limits.maxStake))));
    return { kind: 'payout', capCents, fitCents: fit >= cents(limits.minStake) ? fit : 0 };
  }
  return null;
}
