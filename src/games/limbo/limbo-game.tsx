import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, instantBetActor } from '../../machines/games/bet-actors';
import { limboMachine } from '../../machines/games/limbo.machine';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import { GameTable, useHostActions, useStageStatus, useTunePanel } from '../shared/game-table';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry } from '../shared/hud/hooks';
import { InstantHud, replayBet } from '../shared/hud/instant-hud';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { fixtures, type LimboFixture } from './fixtures';
import { LimboInputs } from './limbo-hud';
import { createScene, type LimboCue } from './limbo.scene';
import { sounds } from './limbo.sounds';
import { tuning } from './tuning';
import './limbo.css';

const GAME_CODE = 'SE0004';

/** The LIMBO table: machine, Pixi stage, HUD and the tabs under it. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const fixture: LimboFixture | undefined = debug.round
    ? (fixtures as Record<string, LimboFixture>)[debug.round]
    : undefined;
  const values = useMemo(() => tuningDefaults(tuning), []);
  const actions = useHostActions(host, fixture !== undefined);

  const machine = useMemo(
    () =>
      limboMachine.provide({
        // ?round=: the recorded answer instead of the server; nothing is bet.
        actors: { placeBet: fixture ? replayBet(() => fixture.response) : instantBetActor },
        actions,
      }),
    [fixture, actions],
  );
  const actor = useActorRef(machine, {
    input: fixture
      ? {
          amountText: fixture.request.amount.toFixed(2).replace('.', ','),
          target: fixture.request.target,
        }
      : {},
    inspect: machineInspector(),
  });

  const state = useSelector(actor, (s) => activeLeafPath(s.value));
  const target = useSelector(actor, (s) => s.context.target);
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const betId = useSelector(actor, (s) => s.context.bet?.betId ?? null);

  const entry = useGameEntry(GAME_CODE);
  const status = useStageStatus();
  const bridge = useSceneBridge<LimboCue>(actor, () => actor.getSnapshot().context.turbo);
  const busy = state === 'round.placing' || state === 'round.playing';
  useTunePanel(debug.tune && status.ready, 'LIMBO', tuning, values, bridge.redraw);

  const onScene = bridge.onScene;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      const { context } = actor.getSnapshot();
      void scene.play({ type: 'cue.reset', target: context.target }, { turbo: true });
      if (fixture) actor.send({ type: 'player.bet' });
    },
    [actor, fixture, onScene],
  );

  return (
    <GameTable
      gameType="limbo"
      state={state}
      status={status}
      createScene={createScene}
      tuning={values}
      sounds={sounds}
      label={t('games.stage', { name: t('games.limbo.name') })}
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
            <LimboInputs
              target={target}
              edge={entry?.edge ?? 0.01}
              amountText={amountText}
              disabled={locked}
              onTarget={(next) => actor.send({ type: 'player.setTarget', target: next })}
            />
          )}
        />
      }
      below={
        <GameTabs gameKey="limbo" refreshKey={betId} entry={entry} rules={<p>{t('games.limbo.rules')}</p>} />
      }
    />
  );
}
