import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { doubleMultiplier, type DoubleColor } from '../../../domain/games/rules';
import { formatMoney } from '../../lib/format';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, readAmount } from '../../machines/games/bet-actors';
import { doubleMachine } from '../../machines/games/double.machine';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import { GameLayout } from '../shared/game-layout';
import { GameStage } from '../shared/game-stage';
import { BalanceDisplay } from '../shared/hud/balance-display';
import { BetAmount } from '../shared/hud/bet-amount';
import { ColorPicks } from '../shared/hud/color-picks';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry, useSpaceToBet } from '../shared/hud/hooks';
import { RoundBets } from '../shared/hud/round-bets';
import { TableSwitches } from '../shared/hud/sound-controls';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { createScene, type DoubleCue } from './double.scene';
import { sounds } from './double.sounds';
import { fixtures } from './fixtures';
import { tuning } from './tuning';
import { replayActors } from '../shared-art/round-replay';
import type { RecordedRound } from '../shared-art/round-wire';

/** A recorded visit of `fixtures.ts`. */
type ReplayRecording = RecordedRound<{ amount: number; color?: string; pick?: string }>;

const GAME_CODE = 'SE0006';

/** The round phases the HUD names (games.double.phase.*). */
const PHASES = ['loading', 'waiting', 'betting', 'closed', 'rolling', 'showing', 'complete', 'cancelled'];

/** The DOUBLE table: the shared round's machine, the reel, colour buttons with live totals, the HUD. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const values = useMemo(() => tuningDefaults(tuning), []);
  // ?round=: a recorded visit plays instead of the server, once the scene is on screen.
  const fixture = debug.round ? (fixtures as Record<string, ReplayRecording>)[debug.round] : undefined;
  const sceneShown = useMemo(() => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }, []);
  const hostRef = useRef(host);
  useEffect(() => {
    hostRef.current = host;
  });
  const machine = useMemo(
    () =>
      doubleMachine.provide({
        actors: fixture ? replayActors(fixture, sceneShown.promise) : {},
        actions: {
          publishBalance: (_, params) => {
            if (!fixture) hostRef.current.publishBalance(params.balance);
          },
          refreshBalance: () => {
            if (!fixture) hostRef.current.refreshBalance();
          },
        },
      }),
    [fixture, sceneShown],
  );
  const actor = useActorRef(machine, { input: {}, inspect: machineInspector() });
  const phase = useSelector(actor, (s) => activeLeafPath((s.value as { round: unknown }).round));
  const placing = useSelector(actor, (s) => s.matches({ bet: 'placing' }));
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const color = useSelector(actor, (s) => s.context.pick as DoubleColor);
  const round = useSelector(actor, (s) => s.context.round);
  const bets = useSelector(actor, (s) => s.context.bets);
  const problem = useSelector(actor, (s) => s.context.problem);
  const failure = useSelector(actor, (s) => s.context.failure);
  const replayBalance = useSelector(actor, (s) => s.context.balance);
  // A replay shows the recording's balance (R$ 100 before its first push), never the player's.
  const sessionBalance = fixture ? (replayBalance ?? 100) : host.balance;

  const entry = useGameEntry(GAME_CODE);
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  // Turbo shortens the reel's animations on this device; the round's timing is the server's.
  const [turbo, setTurbo] = useState(false);
  const turboRef = useRef(turbo);
  useEffect(() => {
    turboRef.current = turbo;
  });
  const bridge = useSceneBridge<DoubleCue>(actor, () => turboRef.current);
  const ready = progress >= 1 && !failed;
  // The server pays at the result, before the draw has played: the shown balance and the bets
  // hold still while it plays, so they never tell the result early.
  const drawing = phase === 'rolling';
  const held = useRef<number | null>(null);
  if (!drawing) held.current = null;
  else if (held.current === null) held.current = sessionBalance;
  const balance = drawing ? held.current : sessionBalance;

  // The round ran on while the scene loaded: a new scene is shown the results and the countdown.
  const onScene = bridge.onScene;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      sceneShown.resolve();
      const snapshot = actor.getSnapshot();
      const { recent, round: current, skewMs } = snapshot.context;
      void scene.play({ type: 'cue.history', results: recent.map((r) => r.result) }, { turbo: true });
      if (current && snapshot.matches({ round: 'betting' }))
        void scene.play(
          { type: 'cue.betting', roundId: current.roundId, closesAt: Date.parse(current.closesAt) - skewMs },
          { turbo: false },
        );
    },
    [actor, onScene, sceneShown],
  );
  const open = phase === 'betting';
  const canBet = ready && open && !placing && entry?.stop !== true;

  const bet = useCallback(() => {
    if (canBet) actor.send({ type: 'player.bet' });
  }, [actor, canBet]);
  useSpaceToBet(bet, canBet);

  // ?tune: the panel edits the live values; each change redraws the table.
  useEffect(() => {
    if (!debug.tune || !ready) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    void import('../shared/tune-panel')
      .then(({ openTunePanel }) => openTunePanel('DOUBLE', tuning, values, bridge.redraw))
      .then((dispose) => (cancelled ? dispose() : (close = dispose)));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [debug.tune, ready, values, bridge.redraw]);

  const failureText =
    failure === null || failure.kind === 'insufficientFunds'
      ? null
      : failure.kind === 'server'
        ? failure.message
        : t(`gameHud.failed.${failure.kind}`);
  const stake = readAmount(amountText);
  const colorName = (pick: string) =>
    pick === 'white'
      ? t('gameHud.colors.white')
      : pick === 'black'
        ? t('gameHud.colors.black')
        : t('gameHud.colors.red');

  const hud = (
    <div className="hud" data-testid="game-hud">
      <BalanceDisplay value={balance} />
      <p className="hud-note" data-testid="round-phase" data-phase={phase}>
        {PHASES.includes(phase) ? t(`games.double.phase.${phase as 'betting'}`) : ''}
      </p>
      <BetAmount
        text={amountText}
        onText={(text) => actor.send({ type: 'player.setAmount', text })}
        disabled={false}
        balance={balance}
        minBet={entry?.minBet ?? null}
        maxBet={entry?.maxBet ?? null}
        problem={problem}
      />
      <ColorPicks
        selected={color}
        disabled={false}
        onPick={(next) => actor.send({ type: 'player.setPick', pick: next })}
        extra={(c) => formatMoney(round?.totals[c] ?? 0)}
      />
      <p className="hud-note" data-testid="potential-payout">
        {t('gameHud.potentialPayout')}:{' '}
        {stake.ok ? formatMoney((stake.cents / 100) * doubleMultiplier(color)) : '—'}
      </p>
      <button
        type="button"
        className="button button--gold hud-bet"
        disabled={!canBet}
        onClick={bet}
        data-testid="bet-button"
      >
        {placing ? t('gameHud.betting') : t('gameHud.bet')}
      </button>
      {failureText && (
        <p className="hud-problem" role="alert" data-testid="bet-failure">
          {failureText}
        </p>
      )}
      {entry?.stop && <p className="hud-problem">{t('gameHud.stopped')}</p>}
      <RoundBets
        bets={bets}
        concealed={drawing}
        label={colorName}
        texts={{
          title: t('games.double.bets.title'),
          open: t('games.double.bets.open'),
          refunded: t('games.double.refunded'),
        }}
      />
      <TableSwitches turbo={turbo} onTurbo={setTurbo} />
      <p className="hud-hint">{t('gameHud.spaceHint')}</p>
    </div>
  );

  return (
    <GameLayout
      gameType="double"
      // The round's phase: the bet region only says whether a bet is on its way.
      state={`round.${phase}`}
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
          label={t('games.stage', { name: t('games.double.name') })}
          // The reel reports no input: the colour buttons and the bet button place the bets.
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
        <GameTabs
          gameKey="double"
          refreshKey={bets.map((b) => `${b.betId}:${b.outcome === null ? '' : 'done'}`).join()}
          entry={entry}
          rules={<p>{t('games.double.rules')}</p>}
        />
      }
    />
  );
}
