import { luckyMultiplier, type LuckyPick } from '../../../domain/games/rules';
import { luckyColorMachine, type LuckyColorMachineCue } from '../../machines/games/lucky-color.machine';
import type { GameHostProps } from '../shared/game-host';
import { RoundTable, type RoundTableSpec } from '../shared/round-table';
import { fixtures } from './fixtures';
import { LuckyPicks, useLuckyPickName } from './lucky-color-hud';
import type { LuckyColorCue } from './lucky-color.scene';
import { sounds } from './lucky-color.sounds';
import { tuning } from './tuning';

/** The best a pick can pay (a colour's pure digit), for the potential payout. */
function bestPays(pick: string): number {
  return Math.max(...Array.from({ length: 10 }, (_, digit) => luckyMultiplier(pick as LuckyPick, digit)));
}

/** LUCKYCOLOR's part of the round table: the drum's cues, the picks with live totals, names. */
const SPEC: Omit<RoundTableSpec<typeof tuning, LuckyColorCue, LuckyColorMachineCue>, 'pickName'> = {
  gameType: 'luckyColor',
  texts: 'luckyColor',
  tuneTitle: 'LUCKYCOLOR',
  machine: luckyColorMachine,
  tuning,
  sounds,
  fixtures,
  catchUp: ({ recent, round, skewMs }, betting) => [
    { type: 'cue.history', periods: recent.map((r) => ({ periodId: r.roundId, digit: r.result })) },
    ...(round && betting
      ? [
          {
            type: 'cue.period' as const,
            periodId: round.roundId,
            closesAt: Date.parse(round.closesAt) - skewMs,
          },
        ]
      : []),
  ],
  // The drum reports no input: the pick buttons and the bet button place the bets.
  picks: ({ selected, onPick, totals }) => (
    <LuckyPicks selected={selected} disabled={false} onPick={onPick} totals={totals} />
  ),
  bestMultiplier: bestPays,
};

/** The LUCKYCOLOR table: the shared period's machine, the ball drum with history and trend, the picks, the HUD. */
export function Game(host: GameHostProps) {
  const pickName = useLuckyPickName();
  return <RoundTable host={host} spec={{ ...SPEC, pickName }} />;
}
