import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, instantBetActor } from '../../machines/games/bet-actors';
import { rowDoubleMachine } from '../../machines/games/row-double.machine';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import { GameTable, useHostActions, useStageStatus, useTunePanel } from '../shared/game-table';
import { ColorPicks } from '../shared/hud/color-picks';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry } from '../shared/hud/hooks';
import { InstantHud, replayBet } from '../shared/hud/instant-hud';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { fixtures, type RowDoubleRecording } from './fixtures';
import { createScene, type RowDoubleCue } from './row-double.scene';
import { sounds } from './row-double.sounds';
import { tuning } from './tuning';

const GAME_CODE = 'SE0008';

/** The ROWDOUBLE table: machine, Pixi stage, colour buttons, HUD and the tabs under it. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const fixture: RowDoubleRecording | undefined = debug.round
    ? (fixtures as Record<string, RowDoubleRecording>)[debug.round]
    : undefined;
  // A recording's bets are replayed in order, then from the start again.
  const replayed = useRef(0);
  const values = useMemo(() => tuningDefaults(tuning), []);
  const actions = useHostActions(host, fixture !== undefined);

  const machine = useMemo(
    () =>
      rowDoubleMachine.provide({
        // ?round=: the recorded answers instead of the server; nothing is bet.
        actors: {
          placeBet: fixture
            ? replayBet(() => fixture.bets[replayed.current++ % fixture.bets.length]!.answer)
            : instantBetActor,
        },
        actions,
      }),
    [fixture, actions],
  );
  const actor = useActorRef(machine, {
    input: fixture
      ? {
          amountText: fixture.bets[0]!.request.amount.toFixed(2).replace('.', ','),
          color: fixture.bets[0]!.request.color,
        }
      : {},
    inspect: machineInspector(),
  });

  const state = useSelector(actor, (s) => activeLeafPath(s.value));
  const color = useSelector(actor, (s) => s.context.color);
  const betId = useSelector(actor, (s) => s.context.bet?.betId ?? null);

  const entry = useGameEntry(GAME_CODE);
  const status = useStageStatus();
  const bridge = useSceneBridge<RowDoubleCue>(actor, () => actor.getSnapshot().context.turbo);
  const busy = state === 'round.placing' || state === 'round.playing' || state === 'round.showing';
  useTunePanel(debug.tune && status.ready, 'ROWDOUBLE', tuning, values, bridge.redraw);

  const onScene = bridge.onScene;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (scene && fixture) actor.send({ type: 'player.bet' });
    },
    [actor, fixture, onScene],
  );

  return (
    <GameTable
      gameType="rowDouble"
      state={state}
      status={status}
      createScene={createScene}
      tuning={values}
      sounds={sounds}
      label={t('games.stage', { name: t('games.rowDouble.name') })}
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
            <ColorPicks
              selected={color}
              disabled={locked}
              onPick={(next) => actor.send({ type: 'player.setColor', color: next })}
            />
          )}
        />
      }
      below={
        <GameTabs
          gameKey="rowdouble"
          refreshKey={betId}
          entry={entry}
          rules={<p>{t('games.rowDouble.rules')}</p>}
        />
      }
    />
  );
}
