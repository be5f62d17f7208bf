import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceChance,
  diceMultiplier,
  diceTargetForMultiplier,
  type DiceDirection,
} from '../../../domain/games/rules';
import type { DiceTerms } from '../../machines/games/dice.machine';

/**
 * The three linked DICE inputs (design/games.md): multiplier, target and chance always describe
 * one bet (`DiceTerms`). Whichever the player edits, the other two follow from domain/ rules; a
 * value outside the 0.01%–98% chance range is pulled back to the nearest allowed bet.
 */

/** What the HUD shows for a bet: target, chance (%), multiplier (×). */
export interface DiceReadout extends DiceTerms {
  chance: number;
  multiplier: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const clampChance = (chance: number) => Math.min(DICE_MAX_CHANCE, Math.max(DICE_MIN_CHANCE, round2(chance)));

/** The full readout of some terms under the house edge. */
export function readout(terms: DiceTerms, edge: number): DiceReadout {
  const chance = diceChance(terms.target, terms.direction);
  return { ...terms, chance, multiplier: diceMultiplier(chance, edge) };
}

/** Terms for a chance typed by the player, on the same side. */
export function termsForChance(chance: number, direction: DiceDirection): DiceTerms {
  const c = clampChance(chance);
  return { direction, target: direction === 'over' ? round2(100 - c) : c };
}

/** Terms for a target typed by the player, on the same side. */
export function termsForTarget(target: number, direction: DiceDirection): DiceTerms {
  const chance = direction === 'over' ? 100 - target : target;
  return termsForChance(chance, direction);
}

/** Terms for a multiplier typed by the player (the nearest target with two decimals). */
export function termsForMultiplier(multiplier: number, direction: DiceDirection, edge: number): DiceTerms {
  const target = diceTargetForMultiplier(Math.max(1.0001, multiplier), direction, edge);
  return termsForTarget(target, direction);
}

/** The other side with the same chance: over 60 ↔ under 40. */
export function flipTerms(terms: DiceTerms): DiceTerms {
  const direction: DiceDirection = terms.direction === 'over' ? 'under' : 'over';
  return { direction, target: round2(100 - terms.target) };
}

/** Reads a typed decimal ("2,5" or "2.5"); NaN when it is not a number. */
export function readDecimal(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}
