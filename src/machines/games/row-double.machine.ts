import type { DoubleColor } from '../../../domain/games/rules';
import { createInstantGameMachine } from './instant-game';

/**
 * One ROWDOUBLE table (design/games.md): the shared instant machine of `instant-game.ts` with
 * ROWDOUBLE's terms (red, black or white) and its request; the scene clears the last result when
 * the bet is sent (`cue.reset`), rolls the server's tile (`cue.roll`) and shows the result
 * (`cue.settle`), the last two each awaited as `scene.cueDone` before the balance moves.
 */

/** What the player bets on: the colour of the tile under the marker. */
export interface RowDoubleTerms {
  color: DoubleColor;
}

/** The row stops with the server's tile under the marker. */
export type RowDoubleRollCue = { type: 'cue.roll'; tile: number; win: boolean; betId?: string };

/** The result with its multiplier; the tile joins the results strip. */
export type RowDoubleSettleCue = { type: 'cue.settle'; tile: number; win: boolean; multiplier: number };

export type RowDoubleMachineCue = { type: 'cue.reset' } | RowDoubleRollCue | RowDoubleSettleCue;

const tileOf = (outcome: unknown) => (outcome as { tile: number }).tile;

export const rowDoubleMachine = createInstantGameMachine<RowDoubleTerms, RowDoubleMachineCue>({
  id: 'rowDouble',
  defaultTerms: { color: 'red' },
  request: ({ color }) => ({ game: 'rowdouble', color }),
  isValidTerms: () => true,
  betCue: { type: 'cue.reset' },
  playback: [
    {
      state: 'playing',
      description: 'The row rolls to the server’s tile.',
      cues: [(bet) => ({ type: 'cue.roll', tile: tileOf(bet.outcome), win: bet.win, betId: bet.betId })],
      awaits: 'cue.roll',
    },
    {
      state: 'showing',
      description: 'The result is shown (chip, sound, results strip) before the balance moves.',
      cues: [
        (bet) => ({
          type: 'cue.settle',
          tile: tileOf(bet.outcome),
          win: bet.win,
          multiplier: bet.multiplier,
        }),
      ],
      awaits: 'cue.settle',
    },
  ],
});
