import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { gameByType } from '../../../../domain/codes';
import { fromPromise } from 'xstate';
import type { GameRecord, SettledBet } from '../../../../domain/schemas/game.schema';
import { machineInspector } from '../../../lib/inspector';
import { activeLeafPath, instantBetActor, type InstantBetInput } from '../../../machines/games/bet-actors';
import type { InstantGameMachine } from '../../../machines/games/instant-game';
import { readDebugParams } from '../debug-params';
import type { GameHostProps } from '../game-host';
import { GameTable, replayLater, useHostActions, useStageStatus, useTunePanel } from '../game-table';
import { GameTabs } from '../hud/game-tabs';
import { useGameEntry } from '../hud/hooks';
import type { SceneCue, SceneHandle, SceneInput } from '../scene';
import type { SoundBook } from '../sound-recipe';
import { tuningDefaults, type TuningSchema } from '../tuning';
import { useSceneBridge } from '../use-scene-bridge';
import { InstantHud } from './instant-hud';
import { useRecentRecords } from './recent-results';

/**
 * The table of an instant game (DICE, LIMBO, ROWDOUBLE): the machine of `instant-game.ts`, the Pixi
 * stage, the instant HUD with the game's own inputs, and the tabs under it. `?round=<fixture>`
 * replays the game's recorded answers through the same machine. Each game passes only what is its
 * own: its terms' inputs, the cue that shows a new scene its terms, and what its scene reports.
 */

/** A recorded visit of a game's `fixtures.ts`, as the table replays it. */
export interface InstantRecording<T> {
  /** The stake (BRL) and the terms the table starts with. */
  amount: number;
  terms: T;
  /** The server's answers, replayed in turn (and from the first again). */
  answers: readonly SettledBet[];
}

/** What a game's own inputs get from the table. */
export interface InstantInputsProps<T> {
  terms: T;
  onTerms: (terms: T) => void;
  /** The amount field as typed, for the potential payout. */
  amountText: string;
  /** The house edge of the game list (1% until it arrives). */
  edge: number;
  /** While a round or an auto-bet run is on. */
  disabled: boolean;
}

/** `S` the tuning schema, `C` the scene's cues, `T` the game's terms, `M` the cues the machine emits. */
export interface InstantTableSpec<S extends TuningSchema, C extends SceneCue, T, M extends { type: string }> {
  /** The root's `data-testid` (`game-<gameType>`) and the key of the game's texts (`games.<gameType>.*`). */
  gameType: 'dice' | 'limbo' | 'rowDouble';
  tuneTitle: string;
  machine: InstantGameMachine<T, M>;
  tuning: S;
  sounds: SoundBook;
  /** The recording `?round=<name>` replays; undefined when the game has none by that name. */
  recording: (name: string) => InstantRecording<T> | undefined;
  /** What a new scene is shown of the terms before any bet (DICE's zones, LIMBO's target line). */
  restCue?: (terms: T) => C;
  /** The cue that fills the table's recent results from the player's bets (newest first) on arrival. */
  historyCue?: (records: readonly GameRecord[]) => C;
  /** New terms from what the scene reports (DICE's dragged target); null when it changes none. */
  termsFromInput?: (input: SceneInput, terms: T) => T | null;
  /** The game's own inputs. */
  Inputs: ComponentType<InstantInputsProps<T>>;
}

/** The `placeBet` actor of a `?round=` replay: the recorded answers in turn; nothing is bet. */
export function replayBets(answers: readonly SettledBet[]) {
  let next = 0;
  return fromPromise<SettledBet, InstantBetInput>(() => replayLater(answers[next++ % answers.length]!));
}

export function InstantTable<S extends TuningSchema, C extends SceneCue, T, M extends { type: string }>({
  host,
  spec,
}: {
  host: GameHostProps;
  spec: InstantTableSpec<S, C, T, M>;
}) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const recording = useMemo(
    () => (debug.round ? spec.recording(debug.round) : undefined),
    [debug.round, spec],
  );
  const values = useMemo(() => tuningDefaults(spec.tuning), [spec.tuning]);
  const actions = useHostActions(host, recording !== undefined);

  const machine = useMemo(
    () =>
      spec.machine.provide({
        // ?round=: the recorded answers instead of the server; nothing is bet.
        actors: { placeBet: recording ? replayBets(recording.answers) : instantBetActor },
        actions,
      }),
    [spec.machine, recording, actions],
  );
  const actor = useActorRef(machine, {
    input: recording
      ? { amountText: recording.amount.toFixed(2).replace('.', ','), terms: recording.terms }
      : {},
    inspect: machineInspector(),
  });

  const state = useSelector(actor, (s) => activeLeafPath(s.value));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const terms = useSelector(actor, (s) => s.context.terms);
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const betId = useSelector(actor, (s) => s.context.bet?.betId ?? null);

  const game = gameByType(spec.gameType);
  const entry = useGameEntry(game.gameCode);
  const status = useStageStatus();
  const bridge = useSceneBridge<C>(actor, () => actor.getSnapshot().context.turbo);
  useTunePanel(debug.tune && status.ready, spec.tuneTitle, spec.tuning, values, bridge.redraw);

  const onScene = bridge.onScene;
  const { restCue, termsFromInput, historyCue } = spec;
  // The row of recent results starts from the server's history, whichever of the scene and the
  // answer comes first; a replay bets nothing and shows only its own rounds.
  const recent = useRecentRecords(game.key, recording === undefined && historyCue !== undefined);
  const recentRef = useRef(recent);
  const showHistory = useCallback(
    (scene: SceneHandle<C> | null) => {
      const records = recentRef.current;
      if (!scene || !records || !historyCue) return;
      // Once a bet is on its way the row fills from the rounds themselves: the history could
      // already hold that bet, and it would show twice.
      const { pending, bet } = actor.getSnapshot().context;
      if (pending || bet) return;
      void scene.play(historyCue(records), { turbo: true });
    },
    [actor, historyCue],
  );
  useEffect(() => {
    recentRef.current = recent;
    showHistory(bridge.scene.current);
  }, [recent, showHistory, bridge.scene]);
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      if (restCue) void scene.play(restCue(actor.getSnapshot().context.terms), { turbo: true });
      showHistory(scene);
      if (recording) actor.send({ type: 'player.bet' });
    },
    [actor, recording, onScene, restCue, showHistory],
  );
  const onTerms = useCallback((next: T) => actor.send({ type: 'player.setTerms', terms: next }), [actor]);

  return (
    <GameTable
      gameType={spec.gameType}
      state={state}
      status={status}
      tuning={values}
      sounds={spec.sounds}
      label={t('games.stage', { name: t(`games.${spec.gameType}.name`) })}
      onInput={
        termsFromInput &&
        ((input) => {
          const next = termsFromInput(input, actor.getSnapshot().context.terms);
          if (next) onTerms(next);
        })
      }
      onScene={handleScene}
      replay={recording ? debug.round : null}
      hud={
        <InstantHud
          actor={actor}
          busy={busy}
          ready={status.ready}
          balance={host.balance}
          replaying={recording !== undefined}
          entry={entry}
          inputs={(locked) => (
            <spec.Inputs
              terms={terms}
              onTerms={onTerms}
              amountText={amountText}
              edge={entry?.edge ?? 0.01}
              disabled={locked}
            />
          )}
        />
      }
      below={
        <GameTabs
          gameKey={game.key}
          refreshKey={betId}
          player={host.username}
          concealed={busy}
          entry={entry}
          rules={<p>{t(`games.${spec.gameType}.rules`)}</p>}
        />
      }
    />
  );
}
