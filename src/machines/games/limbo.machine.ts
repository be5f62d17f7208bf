import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '../../../domain/games/rules';
import { createInstantGameMachine } from './instant-game';

/**
 * One LIMBO table (design/games.md): the shared instant machine of `instant-game.ts` with LIMBO's
 * terms (a target multiplier), its request, and the scene's climb to the result (`cue.roll` then
 * `cue.settle`, queued by the scene; the round waits for the settle's `scene.cueDone`).
 */

/** What the player bets on: a result at or above the target multiplier (×, two decimals). */
export interface LimboTerms {
  target: number;
}

/** The climb to the server's result against the bet's target. */
export type LimboRollCue = { type: 'cue.roll'; result: number; target: number; win: boolean };
/** The result's verdict (banner, sound, history). */
export type LimboSettleCue = { type: 'cue.settle'; result: number; win: boolean };
/** A new target on the table (not awaited). */
export type LimboTargetCue = { type: 'cue.target'; target: number };

export type LimboCue = LimboRollCue | LimboSettleCue | LimboTargetCue;

/** The target a new table starts with: 2,00× (a 49.5% chance at a 1% edge). */
export const LIMBO_DEFAULT_TARGET = 2;

/** True when the target is one the server accepts (1,01×–1.000.000×, two decimals). */
export function isValidLimboTarget(target: number): boolean {
  return (
    Number.isFinite(target) &&
    Math.round(target * 100) / 100 === target &&
    target >= LIMBO_MIN_TARGET &&
    target <= LIMBO_MAX_TARGET
  );
}

const resultOf = (outcome: unknown) => (outcome as { result: number }).result;

export const limboMachine = createInstantGameMachine<LimboTerms, LimboCue>({
  id: 'limbo',
  defaultTerms: { target: LIMBO_DEFAULT_TARGET },
  request: ({ target }) => ({ game: 'limbo', target }),
  isValidTerms: ({ target }) => isValidLimboTarget(target),
  termsCue: ({ target }) => ({ type: 'cue.target', target }),
  playback: [
    {
      state: 'playing',
      description: 'The scene climbs to the server’s result and shows the verdict.',
      cues: [
        (bet, { target }) => ({ type: 'cue.roll', result: resultOf(bet.outcome), target, win: bet.win }),
        (bet) => ({ type: 'cue.settle', result: resultOf(bet.outcome), win: bet.win }),
      ],
      awaits: 'cue.settle',
    },
  ],
});
