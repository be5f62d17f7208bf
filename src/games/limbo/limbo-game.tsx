import {
  limboMachine,
  type LimboCue as LimboMachineCue,
  type LimboTerms,
} from '../../machines/games/limbo.machine';
import type { GameHostProps } from '../shared/game-host';
import { InstantTable, type InstantTableSpec } from '../shared/instant/instant-table';
import { isWin, outcomeNumber } from '../shared/instant/recent-results';
import { fixtures, type LimboFixture } from './fixtures';
import { LimboInputs } from './limbo-hud';
import type { LimboCue } from './limbo.scene';
import { sounds } from './limbo.sounds';
import { tuning } from './tuning';
import './limbo.css';

/** LIMBO's part of the instant table: the rocket at rest under the target line, the linked inputs. */
const SPEC: InstantTableSpec<typeof tuning, LimboCue, LimboTerms, LimboMachineCue> = {
  gameType: 'limbo',
  tuneTitle: 'LIMBO',
  machine: limboMachine,
  tuning,
  sounds,
  recording: (name) => {
    const fixture = (fixtures as Record<string, LimboFixture>)[name];
    if (!fixture) return undefined;
    const { amount, target } = fixture.request;
    return { amount, terms: { target }, answers: [fixture.response] };
  },
  restCue: ({ target }) => ({ type: 'cue.reset', target }),
  historyCue: (records) => ({
    type: 'cue.history',
    results: records.flatMap((r) => {
      const result = outcomeNumber(r, 'result');
      return result === null ? [] : [{ result, win: isWin(r) }];
    }),
  }),
  Inputs: LimboInputs,
};

/** The LIMBO table: the shared instant machine and table with LIMBO's scene and inputs. */
export function Game(host: GameHostProps) {
  return <InstantTable host={host} spec={SPEC} />;
}
