import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, limboChance } from '../../../domain/games/rules';

/**
 * The two linked LIMBO inputs (design/games.md): target multiplier and win chance describe one
 * bet, P(win) = (1 − edge) / target. Whichever the player edits, the other follows from domain/
 * rules; a value outside 1,01×–1.000.000× is pulled back to the nearest allowed target.
 */

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A target typed by the player, as a target the server accepts (two decimals, in range). */
export function clampTarget(target: number): number {
  return Math.min(LIMBO_MAX_TARGET, Math.max(LIMBO_MIN_TARGET, round2(target)));
}

/** Win chance (%) of a target under the house edge. */
export function chanceOf(target: number, edge: number): number {
  return limboChance(target, edge) * 100;
}

/** The target for a chance (%) typed by the player. */
export function targetForChance(chancePercent: number, edge: number): number {
  return clampTarget(((1 - edge) * 100) / chancePercent);
}

/** Reads a typed decimal ("2,5", "2.5", "1.000,50"); NaN when it is not a number. */
export function readDecimal(text: string): number {
  let t = text.trim();
  // pt-BR thousands separators: "1.000,50" → "1000.50"; "2.5" stays a decimal point.
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A number as the HUD shows it: pt-BR, `digits` decimals, thousands grouped. */
export function showNumber(n: number, digits = 2): string {
  return n.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A chance as the HUD shows it: more decimals when tiny (0,000099%), never "0,00". */
export function showChance(chancePercent: number): string {
  if (chancePercent >= 0.01) return showNumber(chancePercent, 2);
  const digits = Math.min(8, Math.max(2, 1 - Math.floor(Math.log10(chancePercent))));
  return showNumber(chancePercent, digits);
}
