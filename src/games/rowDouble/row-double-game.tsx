import {
  rowDoubleMachine,
  type RowDoubleMachineCue,
  type RowDoubleTerms,
} from '../../machines/games/row-double.machine';
import type { GameHostProps } from '../shared/game-host';
import { ColorPicks } from '../shared/hud/color-picks';
import {
  InstantTable,
  type InstantInputsProps,
  type InstantTableSpec,
} from '../shared/instant/instant-table';
import { outcomeNumber } from '../shared/instant/recent-results';
import { fixtures, type RowDoubleRecording } from './fixtures';
import type { RowDoubleCue } from './row-double.scene';
import { sounds } from './row-double.sounds';
import { tuning } from './tuning';

/** ROWDOUBLE's own inputs: the red / white / black buttons. */
function RowDoubleInputs({ terms, onTerms, disabled }: InstantInputsProps<RowDoubleTerms>) {
  return <ColorPicks selected={terms.color} disabled={disabled} onPick={(color) => onTerms({ color })} />;
}

/** ROWDOUBLE's part of the instant table: the row of tiles and the colour buttons. */
const SPEC: InstantTableSpec<typeof tuning, RowDoubleCue, RowDoubleTerms, RowDoubleMachineCue> = {
  gameType: 'rowDouble',
  tuneTitle: 'ROWDOUBLE',
  machine: rowDoubleMachine,
  tuning,
  sounds,
  // A recording's bets are replayed in order, then from the start again.
  recording: (name) => {
    const fixture = (fixtures as Record<string, RowDoubleRecording>)[name];
    if (!fixture) return undefined;
    const { amount, color } = fixture.bets[0]!.request;
    return { amount, terms: { color }, answers: fixture.bets.map((bet) => bet.answer) };
  },
  historyCue: (records) => ({
    type: 'cue.history',
    results: records.flatMap((r) => {
      const tile = outcomeNumber(r, 'tile');
      return tile === null ? [] : [tile];
    }),
  }),
  Inputs: RowDoubleInputs,
};

/** The ROWDOUBLE table: the shared instant machine and table with the row and the colour buttons. */
export function Game(host: GameHostProps) {
  return <InstantTable host={host} spec={SPEC} />;
}
