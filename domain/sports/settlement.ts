import { BetResult } from '../codes';

/**
 * Settlement arithmetic (research/sports.md §0, §1.1, §2). A leg's result is the Sportradar UOF
 * triple — won or lost, a void factor (share of the stake refunded: 0, ½ or 1) and a dead-heat
 * factor — and its return per unit of stake is M = (1 − vf)·(won ? odds·dh : 0) + vf. Everything is
 * exact: odds in thousandths, factors as halves and fractions, products in BigInt, and only the
 * final return is rounded down to the centavo.
 */

/** The six ways a leg ends (research §0 "Internal leg result"). */
export type LegKind = 'won' | 'halfWon' | 'push' | 'halfLost' | 'lost' | 'void';

export interface LegSettlement {
  kind: LegKind;
  /** 1 when the stake (or the part of it not refunded) won. */
  result: 0 | 1;
  /** Share of the stake refunded (UOF VoidFactor). */
  voidFactor: 0 | 0.5 | 1;
  /** Dead-heat reduction of the odds as a fraction (1/1 when there was no dead heat). */
  deadHeat: { num: number; den: number };
}

const FULL = { num: 1, den: 1 };

/** The canonical triple of a kind (research §1.1 table). */
export function settled(kind: LegKind, deadHeat = FULL): LegSettlement {
  switch (kind) {
    case 'won':
      return { kind, result: 1, voidFactor: 0, deadHeat };
    case 'halfWon':
      return { kind, result: 1, voidFactor: 0.5, deadHeat: FULL };
    case 'push':
    case 'void':
      return { kind, result: 0, voidFactor: 1, deadHeat: FULL };
    case 'halfLost':
      return { kind, result: 0, voidFactor: 0.5, deadHeat: FULL };
    case 'lost':
      return { kind, result: 0, voidFactor: 0, deadHeat: FULL };
  }
}

/** One half-stake part of a line bet: won, push, lost, or void (undetermined when play stopped). */
export type Part = 'W' | 'P' | 'L' | 'V';

/** A part from the adjusted margin in quarter-goals: above zero wins, zero pushes, below loses. */
export const partOf = (marginQ: number): Part => (marginQ > 0 ? 'W' : marginQ < 0 ? 'L' : 'P');

/**
 * Two half stakes into one leg result. A whole or half line is the same part twice; a quarter
 * line (x.25 / x.75) puts half the stake on each neighbouring line (research §1.2, §1.4), which
 * is where half won and half lost come from.
 */
export function combineParts(a: Part, b: Part): LegSettlement {
  const key = [a, b].sort().join('');
  switch (key) {
    case 'WW':
      return settled('won');
    case 'LL':
      return settled('lost');
    case 'PP':
      return settled('push');
    case 'VV':
      return settled('void');
    // Half the stake wins at the price, the other half is refunded (bet365 wording, research §1.2).
    case 'PW':
    case 'VW':
      return settled('halfWon');
    // Half refunded, the other half is a loser.
    case 'LP':
    case 'LV':
      return settled('halfLost');
    // A push beside a void half is a full refund either way.
    case 'PV':
      return settled('push');
  }
  // Neighbouring lines are half a goal apart, so one half cannot win while the other loses.
  throw new Error(`impossible quarter-line parts ${a}/${b}`);
}

/** The two part lines (in quarter goals) of a line: a quarter line splits, others do not. */
export function partLines(lineQ: number): [number, number] {
  if (!Number.isInteger(lineQ)) throw new Error(`line ${lineQ / 4} is not on a quarter step`);
  return lineQ % 2 !== 0 ? [lineQ - 1, lineQ + 1] : [lineQ, lineQ];
}

/**
 * The kind of a handicap settled on `base` (goals of the selection minus the opponent's, or a
 * total with its sign) plus the line: base + line > 0 wins, = 0 pushes, < 0 loses, each
 * quarter-line half apart. Pricing calls this for every score of a distribution, so it allocates
 * nothing; settleHandicap wraps it.
 */
export function handicapKind(base: number, lineQ: number): LegKind {
  const odd = lineQ % 2 !== 0;
  const a = Math.sign(4 * base + (odd ? lineQ - 1 : lineQ));
  const b = odd ? Math.sign(4 * base + lineQ + 1) : a;
  if (a === b) return a > 0 ? 'won' : a < 0 ? 'lost' : 'push';
  // Neighbouring lines: one half decided, the other pushed (a win beside a loss cannot happen).
  if (a > 0 || b > 0) return a === 0 || b === 0 ? 'halfWon' : 'won';
  return 'halfLost';
}

/** A handicap settled on `base` plus the line (see handicapKind). */
export function settleHandicap(base: number, lineQ: number): LegSettlement {
  if (!Number.isInteger(lineQ)) throw new Error(`line ${lineQ / 4} is not on a quarter step`);
  return settled(handicapKind(base, lineQ));
}

/** An exact fraction num/den (a leg multiplier). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/**
 * Return per unit of stake of a settled leg, exactly: M = (1 − vf)·(won ? odds·dh : 0) + vf with
 * odds in thousandths and vf in halves.
 */
export function legMultiplier(oddsMilli: number, s: LegSettlement): Ratio {
  const vf2 = BigInt(Math.round(s.voidFactor * 2));
  const dhNum = BigInt(s.deadHeat.num);
  const dhDen = BigInt(s.deadHeat.den);
  const winning = s.result === 1 ? BigInt(oddsMilli) * dhNum : 0n;
  return { num: (2n - vf2) * winning + vf2 * 1000n * dhDen, den: 2000n * dhDen };
}

/**
 * What a bet returns in centavos: stake × ∏ M_i (a void leg counts as 1, half results as (1+o)/2
 * and ½), rounded DOWN to the centavo and capped by the maximum payout (research §2.1, §2.3).
 */
export function returnCents(
  stakeCents: number,
  legs: ReadonlyArray<{ oddsMilli: number; settlement: LegSettlement }>,
  capCents = Number.MAX_SAFE_INTEGER,
): number {
  let num = BigInt(stakeCents);
  let den = 1n;
  for (const leg of legs) {
    const m = legMultiplier(leg.oddsMilli, leg.settlement);
    num *= m.num;
    den *= m.den;
  }
  const exact = num / den;
  return Number(exact < BigInt(capCents) ? exact : BigInt(capCents));
}

/** The return if every leg wins, rounded down and capped: what the slip shows as potential. */
export function potentialReturnCents(
  stakeCents: number,
  oddsMilli: readonly number[],
  capCents = Number.MAX_SAFE_INTEGER,
): number {
  return returnCents(
    stakeCents,
    oddsMilli.map((o) => ({ oddsMilli: o, settlement: settled('won') })),
    capCents,
  );
}

/**
 * Combined odds as a player reads them (slip, receipt, Minhas apostas): two decimals, cut down, so
 * the slip and the receipt agree and neither promises more than the thousandths the bet pays on
 * (issue 18: the slip showed 12,66 and the receipt 12,65).
 */
export function shownCombinedOdds(combinedMilli: number): number {
  return Math.floor(combinedMilli / 10) / 100;
}

/** Combined odds of a parlay (exact product, in thousandths rounded down). */
export function combinedOddsMilli(oddsMilli: readonly number[]): number {
  let num = 1n;
  let den = 1n;
  for (const o of oddsMilli) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return Number((num * 1000n) / den);
}

/**
 * The specification's bet result code for a settled leg or single (design/sports.md "Mapping"):
 * a push on a line market is `0 draw`, a void (abandoned, cancelled market) is `90 refund`, and a
 * win shared in a dead heat has its own code (30), not won's.
 */
export function legResultCode(s: LegSettlement): number {
  switch (s.kind) {
    case 'won':
      return s.deadHeat.num !== s.deadHeat.den ? BetResult.deadHeat : BetResult.won;
    case 'halfWon':
      return BetResult.halfWon;
    case 'push':
      return BetResult.draw;
    case 'halfLost':
      return BetResult.halfLost;
    case 'lost':
      return BetResult.lost;
    case 'void':
      return BetResult.refund;
  }
}

/**
 * The result code of a whole ticket once settled. A single takes its leg's code. A parlay is lost
 * when any leg lost, a refund (or a draw, if a leg pushed) when every leg was void or pushed, and
 * otherwise compares what it returns with its stake: as much or more is won, less is half lost (a
 * partial loss through half-lost legs).
 */
export function ticketResultCode(
  legs: readonly LegSettlement[],
  stakeCents: number,
  payoutCents: number,
): number {
  if (legs.length === 1) return legResultCode(legs[0]!);
  const kinds = legs.map((l) => l.kind);
  if (kinds.includes('lost')) return BetResult.lost;
  if (kinds.every((k) => k === 'void' || k === 'push')) {
    return kinds.includes('push') ? BetResult.draw : BetResult.refund;
  }
  // Legs were played: a ticket that returns its stake exactly (a win at 2.00 beside a half-lost
  // leg) did not lose and is no refund; it counts toward wagering and the reports as played.
  if (payoutCents >= stakeCents) return BetResult.won;
  return BetResult.halfLost;
}

/**
 * The result codes of a ticket no leg of which had action (every leg void or pushed, or the
 * fixture cancelled): its stake came back. Wagering counts nothing of it, and the hold reports
 * leave it out, as a hold of 0 would pull the observed hold under the book.
 */
export const NO_ACTION_RESULTS: readonly number[] = [BetResult.refund, BetResult.draw, BetResult.cancelled];
