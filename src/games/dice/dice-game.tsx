import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, instantBetActor } from '../../machines/games/bet-actors';
import { diceMachine, type DiceCue } from '../../machines/games/dice.machine';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import { GameTable, useHostActions, useStageStatus, useTunePanel } from '../shared/game-table';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry } from '../shared/hud/hooks';
import { InstantHud, replayBet } from '../shared/hud/instant-hud';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { createScene } from './dice.scene';
import { sounds } from './dice.sounds';
import { DiceInputs } from './dice-hud';
import { fixtures, type DiceFixture } from './fixtures';
import { tuning } from './tuning';

const GAME_CODE = 'SE0002';

/** The DICE table: machine, Pixi stage, HUD and the tabs under it. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const fixture: DiceFixture | undefined = debug.round
    ? (fixtures as Record<string, DiceFixture>)[debug.round]
    : undefined;
  const values = useMemo(() => tuningDefaults(tuning), []);
  const actions = useHostActions(host, fixture !== undefined);

  const machine = useMemo(
    () =>
      diceMachine.provide({
        // ?round=: the recorded answer instead of the server; nothing is bet.
        actors: { placeBet: fixture ? replayBet(() => fixture.answer) : instantBetActor },
        actions,
      }),
    [fixture, actions],
  );
  const actor = useActorRef(machine, {
    input: fixture
      ? {
          amountText: fixture.terms.amount.toFixed(2).replace('.', ','),
          target: fixture.terms.target,
          direction: fixture.terms.direction,
        }
      : {},
    inspect: machineInspector(),
  });

  const state = useSelector(actor, (s) => activeLeafPath(s.value));
  const target = useSelector(actor, (s) => s.context.target);
  const direction = useSelector(actor, (s) => s.context.direction);
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const betId = useSelector(actor, (s) => s.context.bet?.betId ?? null);

  const entry = useGameEntry(GAME_CODE);
  const status = useStageStatus();
  const bridge = useSceneBridge<DiceCue>(actor, () => actor.getSnapshot().context.turbo);
  const busy = state === 'round.placing' || state === 'round.playing';
  useTunePanel(debug.tune && status.ready, 'DICE', tuning, values, bridge.redraw);

  const onScene = bridge.onScene;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      const { context } = actor.getSnapshot();
      void scene.play(
        { type: 'cue.terms', target: context.target, direction: context.direction },
        { turbo: true },
      );
      if (fixture) actor.send({ type: 'player.bet' });
    },
    [actor, fixture, onScene],
  );

  return (
    <GameTable
      gameType="dice"
      state={state}
      status={status}
      createScene={createScene}
      tuning={values}
      sounds={sounds}
      label={t('games.stage', { name: t('games.dice.name') })}
      onInput={(input) => {
        if (input.type === 'scene.dragTarget' && typeof input.target === 'number') {
          actor.send({
            type: 'player.setTerms',
            target: input.target,
            direction: actor.getSnapshot().context.direction,
          });
        }
      }}
      onScene={handleScene}
      replay={fixture ? debug.round : null}
      hud={
        <InstantHud
          actor={actor}
          busy={busy}
          ready={status.ready}
          balance={host.balance}
          replaying={fixture !== undefined}
          entry={entry}
          inputs={(locked) => (
            <DiceInputs
              terms={{ target, direction }}
              edge={entry?.edge ?? 0.01}
              amountText={amountText}
              disabled={locked}
              onTerms={(terms) => actor.send({ type: 'player.setTerms', ...terms })}
            />
          )}
        />
      }
      below={
        <GameTabs gameKey="dice" refreshKey={betId} entry={entry} rules={<p>{t('games.dice.rules')}</p>} />
      }
    />
  );
}
