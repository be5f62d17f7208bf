import { roundDownToLadder } from './ladder';
import { settled, type LegSettlement } from './settlement';

/**
 * Criar Aposta (bet builder, issue 16; decision 87): several selections of one match in one bet,
 * priced from the joint chance that all of them happen under the match's model — never the
 * product of their prices, since legs of one match are correlated (a home win and over 2.5 goals
 * happen together more often than apart). The model answers the joint chance (a real feed's
 * custom-bet service answers the same question); the book adds its own builder margin.
 */

/** Fewest selections a builder bet has (one is a single). */
export const BUILDER_MIN_LEGS = 2;

/**
 * Under this joint chance the selections cannot happen together (Vitória do mandante with Placar
 * Exato 0-1) and the builder refuses them, rather than quote the ladder's longest price.
 */
export const CONTRADICTORY_CHANCE = 1e-6;

/** The joint chance of a builder's selections, or why it cannot be offered. */
export type BuilderChance =
  | {
      ok: true;
      chance: number;
      /**
       * Listed selections that win on exactly the same results (a leg that implies the others;
       * legs that together say 0-0 are Placar Exato 0-0): the builder never sells them above the
       * book's own price.
       */
      sameAs: Array<{ marketId: string; outcomeId: string }>;
    }
  /**
   * `market`: a selection the builder does not take (its market can refund part of a stake, counts
   * from placement, or belongs to a sport without a joint model); `contradictory`: they cannot
   * all happen; `periods`: goals of the first half with goals of the whole match (decision 87).
   */
  | { ok: false; reason: 'market' | 'contradictory' | 'periods' };

/**
 * The builder's price for a joint chance: fair odds with the margin taken out, rounded down to
 * the ladder like every price (null when below its first step). The margin is on the chance
 * (odds = 1 ÷ (p·(1 + m))), so right after placement a bet is worth stake ÷ (1 + m) at fair value.
 */
export function builderOddsMilli(chance: number, margin: number): number | null {
  if (!(chance > 0) || chance > 1) return null;
  return roundDownToLadder(1 / (chance * (1 + margin + LONGSHOT_POINTS * Math.log10(1 / chance))));
}

/**
 * Margin points a builder adds for each factor of ten its joint chance falls (0.03: 3 points at
 * 1 in 10, 6 at 1 in 100), as the book loads its own longshots (Shin): a builder is mostly
 * longshots, and the model errs most where the chance is smallest (decision 87).
 */
export const LONGSHOT_POINTS = 0.03;

/**
 * A builder bet as one leg: lost as soon as any selection lost, won when every one won. A
 * selection void (a match abandoned before it was decided) voids the whole bet, its stake back:
 * the price was for all of them together, and no product of the rest describes it. Null while
 * any selection is undecided and none lost.
 */
export function builderSettlement(legs: ReadonlyArray<LegSettlement | null>): LegSettlement | null {
  if (legs.some((l) => l?.kind === 'lost')) return settled('lost');
  if (legs.some((l) => l === null)) return null;
  return legs.every((l) => l!.kind === 'won') ? settled('won') : settled('void');
}

/** A leg as a ticket pays it: the odds it was taken at and its settlement (null while open). */
export interface PayingLeg {
  oddsMilli: number;
  settlement: LegSettlement | null;
}

/**
 * What a ticket pays on: a single's or parlay's legs each at its own odds; a builder's selections
 * as one leg at the builder's price (`combinedMilli`), settled by builderSettlement. Settlement,
 * cash-out and the card all read a ticket through this.
 */
export function payingLegs(kind: string, combinedMilli: number, legs: readonly PayingLeg[]): PayingLeg[] {
  if (kind !== 'builder') return legs.map((l) => ({ oddsMilli: l.oddsMilli, settlement: l.settlement }));
  return [{ oddsMilli: combinedMilli, settlement: builderSettlement(legs.map((l) => l.settlement)) }];
}
