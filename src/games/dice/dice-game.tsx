import { diceMachine, type DiceCue, type DiceTerms } from '../../machines/games/dice.machine';
import type { GameHostProps } from '../shared/game-host';
import { InstantTable, type InstantTableSpec } from '../shared/instant/instant-table';
import { isWin, outcomeNumber } from '../shared/instant/recent-results';
import type { DiceSceneCue } from './dice.scene';
import { sounds } from './dice.sounds';
import { DiceInputs } from './dice-hud';
import { fixtures, type DiceFixture } from './fixtures';
import { tuning } from './tuning';

/** DICE's part of the instant table: the win and lose zones, the dragged target, the linked inputs. */
const SPEC: InstantTableSpec<typeof tuning, DiceSceneCue, DiceTerms, DiceCue> = {
  gameType: 'dice',
  tuneTitle: 'DICE',
  machine: diceMachine,
  tuning,
  sounds,
  recording: (name) => {
    const fixture = (fixtures as Record<string, DiceFixture>)[name];
    if (!fixture) return undefined;
    const { amount, target, direction } = fixture.terms;
    return { amount, terms: { target, direction }, answers: [fixture.answer] };
  },
  restCue: ({ target, direction }) => ({ type: 'cue.terms', target, direction }),
  historyCue: (records) => ({
    type: 'cue.history',
    rolls: records.flatMap((r) => {
      const roll = outcomeNumber(r, 'roll');
      return roll === null ? [] : [{ roll, win: isWin(r) }];
    }),
  }),
  // The slider's handle: a dragged target keeps the side.
  termsFromInput: (input, { direction }) =>
    input.type === 'scene.dragTarget' && typeof input.target === 'number'
      ? { target: input.target, direction }
      : null,
  Inputs: DiceInputs,
};

/** The DICE table: the shared instant machine and table with DICE's scene and inputs. */
export function Game(host: GameHostProps) {
  return <InstantTable host={host} spec={SPEC} />;
}
