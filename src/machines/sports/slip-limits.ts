import { combinedOddsMilli, potentialReturnCents } from '../../../domain/sports/settlement';
import type { SportsLimits } from '../../../domain/sports/sports-answers.schema';

/**
 * The operator's limits as the slip applies them before a bet leaves the device, with the same
 * arithmetic the server uses (betting.service.ts): a pick the server would refuse is stopped on
 * the slip, with what to change, instead of failing after the player pressed "Apostar".
 * The daily payout limit depends on the player's other bets, so only the server checks it.
 */

/**
 * Which limit the slip as it stands breaks (money in centavos), and `fitCents`: the stake to
 * offer instead, one with which the whole slip passes every limit the slip checks — the least
 * stake for a stake too small, the largest that fits for one too large — or null when no stake
 * would do (too many legs, combined odds over the cap, or even the least stake over the payout cap).
 */
export type SlipLimitBreach = (
  | { kind: 'stakeBelow'; minCents: number }
  | { kind: 'stakeAbove'; maxCents: number }
  | { kind: 'legs'; max: number }
  | { kind: 'combinedOdds'; maxMilli: number }
  | { kind: 'payout'; capCents: number }
) & { fitCents: number | null };

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

/**
 * The first limit the slip breaks, in the order the server checks them (the stake's range, then
 * the legs, the combined odds and the payout per bet); null when none does. In singles one bet
 * over a limit stops them all: the slip places its singles together, and says which limit.
 */
export function limitBreach(slip: SlipBets, limits: SportsLimits | null): SlipLimitBreach | null {
  if (!limits) return null;
  const minCents = cents(limits.minStake);
  const maxCents = cents(limits.maxStake);
  const capCents = cents(limits.maxPayoutPerBet);
  const maxMilli = Math.round(limits.maxCombinedOdds * 1000);
  const legs = slip.multiple ? (slip.bets[0]?.length ?? 0) : 1;
  const tooManyLegs = legs > limits.maxLegs;
  const oddsOver = slip.multiple && slip.bets.some((b) => b.length > 1 && combinedOddsMilli(b) > maxMilli);
  // The stake to offer instead: the largest every bet can take within the payout cap (none past
  // the legs or the odds). Searched only once a limit is broken, not on every price the slip shows.
  const offer = (least: boolean): number | null => {
    if (tooManyLegs || oddsOver || slip.bets.length === 0) return null;
    const largest = Math.min(...slip.bets.map((b) => largestStakeWithin(b, capCents, maxCents)));
    if (largest < minCents) return null;
    return least ? minCents : largest;
  };
  const stake = slip.stakeCents;
  if (stake !== null && stake > 0) {
    if (stake < minCents) return { kind: 'stakeBelow', minCents, fitCents: offer(true) };
    if (stake > maxCents) return { kind: 'stakeAbove', maxCents, fitCents: offer(false) };
  }
  if (tooManyLegs) return { kind: 'legs', max: limits.maxLegs, fitCents: null };
  if (oddsOver) return { kind: 'combinedOdds', maxMilli, fitCents: null };
  if (stake !== null && stake > 0 && slip.bets.some((b) => potentialReturnCents(stake, b) > capCents)) {
    return { kind: 'payout', capCents, fitCents: offer(false) };
  }
  return null;
}
