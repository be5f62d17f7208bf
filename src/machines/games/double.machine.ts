import { doubleColor, doubleMultiplier, type DoubleColor } from '../../../domain/games/rules';
import { createRoundGameMachine } from './round-game';

/**
 * One visit to the DOUBLE table (design/games.md): the shared round machine of `round-game.ts`
 * with DOUBLE's picks (red, black, white), its payouts (2× / 14×) and the reel's cues.
 */

/** What the scene plays (double.scene.ts `DoubleCue`); `closesAt` is epoch ms on this device's clock. */
export type DoubleMachineCue =
  | { type: 'cue.betting'; roundId: string; closesAt: number }
  | { type: 'cue.closed'; roundId: string }
  | { type: 'cue.cancelled'; roundId: string }
  | { type: 'cue.roll'; roundId: string; tile: number }
  | { type: 'cue.result'; roundId: string; tile: number; win: boolean | null }
  | { type: 'cue.history'; results: number[] };

/** What a colour pays for a tile (0 when it loses), the server's table. */
export function doublePayoutMultiplier(pick: string, tile: number): number {
  return doubleColor(tile) === pick ? doubleMultiplier(pick as DoubleColor) : 0;
}

export const doubleMachine = createRoundGameMachine<DoubleMachineCue>({
  id: 'double',
  game: 'double',
  defaultPick: 'red',
  multiplier: doublePayoutMultiplier,
  rollCueType: 'cue.roll',
  cues: {
    betting: (roundId, closesAt) => ({ type: 'cue.betting', roundId, closesAt }),
    closed: (roundId) => ({ type: 'cue.closed', roundId }),
    cancelled: (roundId) => ({ type: 'cue.cancelled', roundId }),
    roll: (roundId, tile) => ({ type: 'cue.roll', roundId, tile }),
    result: (roundId, tile, win) => ({ type: 'cue.result', roundId, tile, win }),
    history: (recent) => ({ type: 'cue.history', results: recent.map((r) => r.result) }),
  },
});
