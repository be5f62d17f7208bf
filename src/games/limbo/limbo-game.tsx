import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, instantBetActor, type InstantBetInput } from '../../machines/games/bet-actors';
import { limboMachine } from '../../machines/games/limbo.machine';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import { GameLayout } from '../shared/game-layout';
import { GameStage } from '../shared/game-stage';
import { AutoBetPanel } from '../shared/hud/auto-bet-panel';
import { BalanceDisplay } from '../shared/hud/balance-display';
import { BetAmount } from '../shared/hud/bet-amount';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry, useSpaceToBet } from '../shared/hud/hooks';
import { TableSwitches } from '../shared/hud/sound-controls';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { fixtures, type LimboFixture } from './fixtures';
import { LimboInputs } from './limbo-hud';
import { createScene, type LimboCue } from './limbo.scene';
import { sounds } from './limbo.sounds';
import { tuning } from './tuning';
import './limbo.css';

const GAME_CODE = 'SE0004';
/** A replayed round answers after this, like a quick server. */
const REPLAY_DELAY_MS = 250;

/** The LIMBO table: machine, Pixi stage, HUD and the tabs under it. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const fixture: LimboFixture | undefined = debug.round
    ? (fixtures as Record<string, LimboFixture>)[debug.round]
    : undefined;
  const values = useMemo(() => tuningDefaults(tuning), []);
  const hostRef = useRef(host);
  useEffect(() => {
    hostRef.current = host;
  });

  const machine = useMemo(
    () =>
      limboMachine.provide({
        actors: {
          // ?round=: the recorded answer instead of the server; nothing is bet.
          placeBet: fixture
            ? fromPromise<SettledBet, InstantBetInput>(
                () => new Promise((resolve) => setTimeout(() => resolve(fixture.response), REPLAY_DELAY_MS)),
              )
            : instantBetActor,
        },
        actions: {
          publishBalance: (_, params) => {
            if (!fixture) hostRef.current.publishBalance(params.balance);
          },
          refreshBalance: () => {
            if (!fixture) hostRef.current.refreshBalance();
          },
        },
      }),
    [fixture],
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
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const target = useSelector(actor, (s) => s.context.target);
  const turbo = useSelector(actor, (s) => s.context.turbo);
  const problem = useSelector(actor, (s) => s.context.problem);
  const failure = useSelector(actor, (s) => s.context.failure);
  const auto = useSelector(actor, (s) => s.context.auto);
  const autoStop = useSelector(actor, (s) => s.context.autoStop);
  const autoConfig = useSelector(actor, (s) => s.context.autoConfig);
  const serverBalance = useSelector(actor, (s) => s.context.balance);
  const betId = useSelector(actor, (s) => s.context.bet?.betId ?? null);

  const entry = useGameEntry(GAME_CODE);
  const edge = entry?.edge ?? 0.01;
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');

  const bridge = useSceneBridge<LimboCue>(actor, () => actor.getSnapshot().context.turbo);
  const ready = progress >= 1 && !failed;
  const busy = state === 'round.placing' || state === 'round.playing';
  const locked = busy || auto !== null;

  // The shown balance holds still while a round plays, so it never tells the result early.
  const held = useRef<number | null>(null);
  const sessionBalance = fixture ? (serverBalance ?? 100) : host.balance;
  if (!busy) held.current = null;
  else if (held.current === null) held.current = sessionBalance;
  const shownBalance = busy ? held.current : sessionBalance;

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

  const bet = useCallback(() => {
    if (!ready) return;
    actor.send({ type: mode === 'auto' ? 'player.autoStart' : 'player.bet' });
  }, [actor, mode, ready]);
  useSpaceToBet(bet, ready && mode === 'manual');

  // ?tune: the panel edits the live values; each change redraws the table.
  useEffect(() => {
    if (!debug.tune || !ready) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    void import('../shared/tune-panel')
      .then(({ openTunePanel }) => openTunePanel('LIMBO', tuning, values, bridge.redraw))
      .then((dispose) => (cancelled ? dispose() : (close = dispose)));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [debug.tune, ready, values, bridge.redraw]);

  const failureText =
    failure && failure.kind !== 'server' && failure.kind !== 'insufficientFunds'
      ? t(`gameHud.failed.${failure.kind}`)
      : null;

  const hud = (
    <div className="hud" data-testid="game-hud">
      <BalanceDisplay value={shownBalance} />
      <div className="hud-segment hud-segment--modes" role="group" aria-label={t('gameHud.modes')}>
        {(['manual', 'auto'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            disabled={auto !== null}
            onClick={() => setMode(m)}
            data-testid={`mode-${m}`}
          >
            {t(`gameHud.${m}`)}
          </button>
        ))}
      </div>
      <BetAmount
        text={amountText}
        onText={(text) => actor.send({ type: 'player.setAmount', text })}
        disabled={locked}
        balance={fixture ? 100 : host.balance}
        minBet={entry?.minBet ?? null}
        maxBet={entry?.maxBet ?? null}
        problem={problem}
      />
      <LimboInputs
        target={target}
        edge={edge}
        amountText={amountText}
        disabled={locked}
        onTarget={(next) => actor.send({ type: 'player.setTarget', target: next })}
      />
      {mode === 'auto' && (
        <AutoBetPanel
          config={autoConfig}
          onChange={(config) => actor.send({ type: 'player.setAutoConfig', config })}
          disabled={locked}
          run={auto}
          stop={autoStop}
        />
      )}
      {mode === 'auto' && auto !== null ? (
        <button
          type="button"
          className="button button--ghost hud-bet"
          onClick={() => actor.send({ type: 'player.autoStop' })}
          data-testid="bet-button"
        >
          {t('gameHud.stopAuto')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--gold hud-bet"
          disabled={!ready || busy || entry?.stop === true}
          onClick={bet}
          data-testid="bet-button"
        >
          {busy ? t('gameHud.betting') : mode === 'auto' ? t('gameHud.startAuto') : t('gameHud.bet')}
        </button>
      )}
      {failureText && (
        <p className="hud-problem" role="alert" data-testid="bet-failure">
          {failureText}
        </p>
      )}
      {entry?.stop && <p className="hud-problem">{t('gameHud.stopped')}</p>}
      <TableSwitches turbo={turbo} onTurbo={(next) => actor.send({ type: 'player.setTurbo', turbo: next })} />
      <p className="hud-hint">{t('gameHud.spaceHint')}</p>
    </div>
  );

  return (
    <GameLayout
      gameType="limbo"
      state={state}
      progress={progress}
      failed={failed}
      onRetry={() => {
        setFailed(false);
        setProgress(0);
      }}
      stage={(attempt) => (
        <GameStage
          key={attempt}
          createScene={createScene}
          tuning={values}
          sounds={sounds}
          label={t('games.stage', { name: t('games.limbo.name') })}
          // The Limbo scene reports no input: the HUD places the bets.
          onInput={() => undefined}
          onScene={handleScene}
          onProgress={setProgress}
          onError={(error) => {
            console.error(error);
            setFailed(true);
          }}
        />
      )}
      hud={hud}
      notice={
        fixture && (
          <p className="game-notice" data-testid="round-replay">
            {t('gameHud.replay', { name: debug.round })}
          </p>
        )
      }
      below={
        <GameTabs gameKey="limbo" refreshKey={betId} entry={entry} rules={<p>{t('games.limbo.rules')}</p>} />
      }
    />
  );
}
