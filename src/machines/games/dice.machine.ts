import { diceChance, type DiceDirection } from '../../../domain/games/rules';
import { createInstantGameMachine } from './instant-game';

/**
 * One DICE table (design/games.md): the shared instant machine of `instant-game.ts` with DICE's
 * terms (a target and over/under), its request, and the scene's roll (`cue.roll`, awaited).
 */

/** What the player bets on: roll over or under the target. */
export interface DiceTerms {
  target: number;
  direction: DiceDirection;
}

/** The roll the scene animates; the outcome is the server's. */
export type DiceRollCue = {
  type: 'cue.roll';
  roll: number;
  target: number;
  direction: DiceDirection;
  win: boolean;
  multiplier: number;
  payout: number;
};

/** The win and lose zones for new terms (not awaited). */
export type DiceTermsCue = {
  type: 'cue.terms';
  target: number;
  direction: DiceDirection;
};

export type DiceCue = DiceRollCue | DiceTermsCue;

/** Target and direction a new table starts with: over 50.50, a 49.5% chance (2× at 1% edge). */
export const DICE_DEFAULT_TERMS: DiceTerms = { target: 50.5, direction: 'over' };

/** True when the terms are a bet the server accepts (0.01%–98% chance, two decimals). */
export function isValidDiceTerms(target: number, direction: DiceDirection): boolean {
  if (!Number.isFinite(target) || Math.round(target * 100) / 100 !== target) return false;
  const chance = diceChance(target, direction);
  return chance >= 0.01 && chance <= 98;
}

export const diceMachine = createInstantGameMachine<DiceTerms, DiceCue>({
  id: 'dice',
  defaultTerms: DICE_DEFAULT_TERMS,
  request: ({ target, direction }) => ({ game: 'dice', target, direction }),
  isValidTerms: ({ target, direction }) => isValidDiceTerms(target, direction),
  termsCue: ({ target, direction }) => ({ type: 'cue.terms', target, direction }),
  playback: [
    {
      state: 'playing',
      description: 'The scene rolls the server’s result.',
      cues: [
        (bet, { target, direction }) => ({
          type: 'cue.roll',
          roll: (bet.outcome as { roll: number }).roll,
          target,
          direction,
          win: bet.win,
          multiplier: bet.multiplier,
          payout: bet.payout,
        }),
      ],
      awaits: 'cue.roll',
    },
  ],
});
