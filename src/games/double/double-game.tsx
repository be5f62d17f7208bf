import { useTranslation } from 'react-i18next';
import { doubleMultiplier, type DoubleColor } from '../../../domain/games/rules';
import { formatMoney } from '../../lib/format';
import { doubleMachine, type DoubleMachineCue } from '../../machines/games/double.machine';
import type { GameHostProps } from '../shared/game-host';
import { ColorPicks } from '../shared/hud/color-picks';
import { RoundTable, type RoundTableSpec } from '../shared/round-table';
import type { DoubleCue } from './double.scene';
import { sounds } from './double.sounds';
import { fixtures } from './fixtures';
import { tuning } from './tuning';
import './double.css';

/** DOUBLE's part of the round table: the reel's cues, the colour buttons with live totals, names. */
const SPEC: Omit<RoundTableSpec<typeof tuning, DoubleCue, DoubleMachineCue>, 'pickName'> = {
  gameType: 'double',
  texts: 'double',
  tuneTitle: 'DOUBLE',
  machine: doubleMachine,
  tuning,
  sounds,
  fixtures,
  catchUp: ({ recent, round, skewMs }, betting) => [
    { type: 'cue.history', results: recent.map((r) => r.result) },
    ...(round && betting
      ? [
          {
            type: 'cue.betting' as const,
            roundId: round.roundId,
            closesAt: Date.parse(round.closesAt) - skewMs,
          },
        ]
      : []),
  ],
  // The reel reports no input: the colour buttons and the bet button place the bets.
  picks: ({ selected, onPick, totals }) => (
    <ColorPicks
      selected={selected as DoubleColor}
      disabled={false}
      onPick={onPick}
      extra={(c) => formatMoney(totals[c] ?? 0)}
    />
  ),
  bestMultiplier: (pick) => doubleMultiplier(pick as DoubleColor),
};

/** The DOUBLE table: the shared round's machine, the reel, colour buttons with live totals, the HUD. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const pickName = (pick: string) =>
    pick === 'white'
      ? t('gameHud.colors.white')
      : pick === 'black'
        ? t('gameHud.colors.black')
        : t('gameHud.colors.red');
  return <RoundTable host={host} spec={{ ...SPEC, pickName }} />;
}
