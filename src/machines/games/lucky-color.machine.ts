import { luckyMultiplier, type LuckyPick } from '../../../domain/games/rules';
import { createRoundGameMachine } from './round-game';

/**
 * One visit to the LUCKYCOLOR table (design/games.md): the shared round machine of
 * `round-game.ts` with LUCKYCOLOR's picks (green, red, violet, big, small or a digit), its payout
 * table and the drum's cues. A round is a "period" on the wire and in the scene.
 */

/** What the scene plays (lucky-color.scene.ts `LuckyColorCue`); `closesAt` is epoch ms on this device's clock. */
export type LuckyColorMachineCue =
  | { type: 'cue.period'; periodId: string; closesAt: number }
  | { type: 'cue.closed'; periodId: string }
  | { type: 'cue.cancelled'; periodId: string }
  | { type: 'cue.draw'; periodId: string; digit: number }
  | { type: 'cue.result'; periodId: string; digit: number; win: boolean | null }
  | { type: 'cue.history'; periods: Array<{ periodId: string; digit: number }> };

/** What a pick pays for a digit (0 when it loses), the server's table. */
export function luckyPayoutMultiplier(pick: string, digit: number): number {
  return luckyMultiplier(pick as LuckyPick, digit);
}

export const luckyColorMachine = createRoundGameMachine<LuckyColorMachineCue>({
  id: 'luckyColor',
  game: 'luckycolor',
  defaultPick: 'green',
  multiplier: luckyPayoutMultiplier,
  rollCueType: 'cue.draw',
  cues: {
    betting: (periodId, closesAt) => ({ type: 'cue.period', periodId, closesAt }),
    closed: (periodId) => ({ type: 'cue.closed', periodId }),
    cancelled: (periodId) => ({ type: 'cue.cancelled', periodId }),
    roll: (periodId, digit) => ({ type: 'cue.draw', periodId, digit }),
    result: (periodId, digit, win) => ({ type: 'cue.result', periodId, digit, win }),
    history: (recent) => ({
      type: 'cue.history',
      periods: recent.map((r) => ({ periodId: r.roundId, digit: r.result })),
    }),
  },
});
