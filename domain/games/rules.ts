/**
 * Game rules of design/games.md as pure functions: terms a player chooses, what wins, and what it
 * pays. Multipliers keep four decimals; payouts are floored to the centavo.
 */

/** Payout in centavos of `stakeCents` at `multiplier`, floored (the house never rounds up). */
export function payoutCents(stakeCents: number, multiplier: number): number {
  return Math.floor((stakeCents * Math.round(multiplier * 10_000)) / 10_000);
}

const floor4 = (x: number) => Math.floor(x * 10_000 + 1e-9) / 10_000;

// DICE ------------------------------------------------------------------------------------------

export type DiceDirection = 'over' | 'under';

/** Win chance in percent for a target: over t wins above t, under t wins below t. */
export function diceChance(target: number, direction: DiceDirection): number {
  return direction === 'over' ? Math.round((100 - target) * 100) / 100 : target;
}

/** Chance limits (0.01%–98%). */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;

/** The dice multiplier for a chance: (100 − edge%) / chance%. */
export function diceMultiplier(chancePercent: number, edge: number): number {
  return floor4((100 - edge * 100) / chancePercent);
}

/** Target for a wanted multiplier, to keep the three linked inputs consistent. */
export function diceTargetForMultiplier(multiplier: number, direction: DiceDirection, edge: number): number {
  const chance = Math.round(((100 - edge * 100) / multiplier) * 100) / 100;
  return direction === 'over' ? Math.round((100 - chance) * 100) / 100 : chance;
}

export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === 'over' ? roll > target : roll < target;
}

// LIMBO -----------------------------------------------------------------------------------------

export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;

/** Win chance of a LIMBO target: (1 − edge) / target. */
export function limboChance(target: number, edge: number): number {
  return (1 - edge) / target;
}

// MINES -----------------------------------------------------------------------------------------

export const MINES_TILES = 25;

/** Cash-out multiplier after `gems` safe tiles with `mines` mines: (1 − edge) × C(25, k) / C(25 − N, k). */
export function minesMultiplier(gems: number, mines: number, edge: number): number {
  let ratio = 1;
  for (let i = 0; i < gems; i++) ratio *= (MINES_TILES - i) / (MINES_TILES - mines - i);
  return gems === 0 ? 1 : floor4((1 - edge) * ratio);
}

// DOUBLE and ROWDOUBLE --------------------------------------------------------------------------

export type DoubleColor = 'white' | 'red' | 'black';

/** The wheel's tiles in reel order (design/games.md). */
export const DOUBLE_REEL = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

/** The colours a DOUBLE or ROWDOUBLE bet picks, in the order the tables show them. */
export const DOUBLE_COLORS: readonly DoubleColor[] = ['red', 'white', 'black'];

export function doubleColor(tile: number): DoubleColor {
  return tile === 0 ? 'white' : tile <= 7 ? 'red' : 'black';
}

/** 0 white pays 14×; 1–7 red and 8–14 black pay 2×. */
export function doubleMultiplier(color: DoubleColor): number {
  return color === 'white' ? 14 : 2;
}

// LUCKYCOLOR ------------------------------------------------------------------------------------

export type LuckyPick =
  'green' | 'red' | 'violet' | 'big' | 'small' | `${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
export const LUCKY_PICKS: readonly LuckyPick[] = [
  'green',
  'red',
  'violet',
  'big',
  'small',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
];

/** The colours of a digit: 1,3,7,9 green; 2,4,6,8 red; 5 green+violet; 0 red+violet. */
export function luckyColors(digit: number): Array<'green' | 'red' | 'violet'> {
  if (digit === 0) return ['red', 'violet'];
  if (digit === 5) return ['green', 'violet'];
  return digit % 2 === 1 ? ['green'] : ['red'];
}

/** The multiplier a pick pays for a digit (0 when it loses), default table of design/games.md. */
export function luckyMultiplier(pick: LuckyPick, digit: number): number {
  const colors = luckyColors(digit);
  switch (pick) {
    case 'green':
    case 'red':
      if (!colors.includes(pick)) return 0;
      return colors.includes('violet') ? 1.7 : 2;
    case 'violet':
      return colors.includes('violet') ? 4.85 : 0;
    case 'big':
      return digit >= 5 ? 1.94 : 0;
    case 'small':
      return digit <= 4 ? 1.94 : 0;
    default:
      return Number(pick) === digit ? 9.7 : 0;
  }
}
