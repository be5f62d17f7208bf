import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gameByType } from '../../../domain/codes';
import { formatMoney } from '../../lib/format';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath, readAmount } from '../../machines/games/bet-actors';
import type { RoundGameContext } from '../../machines/games/round-game';
import { createRoundGameMachine } from '../../machines/games/round-game';
import { useHeldBalance } from '../../services/balance-hold';
import { replayActors } from '../shared-art/round-replay';
import type { RecordedRound } from '../shared-art/round-wire';
import { readDebugParams } from './debug-params';
import type { GameHostProps } from './game-host';
import { GameTable, useHostActions, useStageStatus, useTunePanel } from './game-table';
import { BalanceDisplay } from './hud/balance-display';
import { BetAmount } from './hud/bet-amount';
import { BetProblems } from './hud/bet-problems';
import { GameTabs } from './hud/game-tabs';
import { useGameEntry, useSpaceToBet } from './hud/hooks';
import { RoundBets } from './hud/round-bets';
import { TableSwitches } from './hud/sound-controls';
import type { SceneCue } from './scene';
import type { SoundBook } from './sound-recipe';
import { tuningDefaults, type TuningSchema } from './tuning';
import { useSceneBridge } from './use-scene-bridge';

/**
 * The table of a shared-round game (DOUBLE, LUCKYCOLOR): the round machine of `round-game.ts`, the
 * Pixi stage, and a HUD with the phase, amount, the game's picks with live totals, potential payout,
 * the player's bets of the round, turbo and sound. Each game passes only what is its own.
 */

/** A recorded visit of a game's `fixtures.ts`. */
type ReplayRecording = RecordedRound<{ amount: number; color?: string; pick?: string }>;

/** The round phases the HUD names (games.<game>.phase.*). */
const PHASES = ['loading', 'waiting', 'betting', 'closed', 'rolling', 'showing', 'complete', 'cancelled'];

/** `S` the tuning schema, `C` the scene's cues, `M` the cues the machine emits (a subset of C's shapes). */
export interface RoundTableSpec<S extends TuningSchema, C extends SceneCue, M extends { type: string }> {
  gameType: 'double' | 'luckyColor';
  /** The key of the game's texts (`games.<texts>.*`) and of its bet list (`GameTabs`). */
  texts: 'double' | 'luckyColor';
  tuneTitle: string;
  machine: ReturnType<typeof createRoundGameMachine<M>>;
  tuning: S;
  sounds: SoundBook;
  fixtures: Record<string, unknown>;
  /** What a scene that appears mid-round is shown: the recent results, and the countdown if open. */
  catchUp: (context: RoundGameContext, betting: boolean) => C[];
  /** The game's pick buttons with the round's live totals. */
  picks: (props: {
    selected: string;
    onPick: (pick: string) => void;
    totals: Record<string, number>;
  }) => ReactNode;
  /** The most a pick can pay, for the potential payout. */
  bestMultiplier: (pick: string) => number;
  /** A pick's name in the player's bet list. */
  pickName: (pick: string) => string;
}

export function RoundTable<S extends TuningSchema, C extends SceneCue, M extends { type: string }>({
  host,
  spec,
}: {
  host: GameHostProps;
  spec: RoundTableSpec<S, C, M>;
}) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const values = useMemo(() => tuningDefaults(spec.tuning), [spec.tuning]);
  // ?round=: a recorded visit plays instead of the server, once the scene is on screen.
  const fixture = debug.round ? (spec.fixtures[debug.round] as ReplayRecording | undefined) : undefined;
  const sceneShown = useMemo(() => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }, []);
  const actions = useHostActions(host, fixture !== undefined);
  const machine = useMemo(
    () => spec.machine.provide({ actors: fixture ? replayActors(fixture, sceneShown.promise) : {}, actions }),
    [spec.machine, fixture, sceneShown, actions],
  );
  const actor = useActorRef(machine, { input: {}, inspect: machineInspector() });
  const phase = useSelector(actor, (s) => activeLeafPath((s.value as { round: unknown }).round));
  const placing = useSelector(actor, (s) => s.matches({ bet: 'placing' }));
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const pick = useSelector(actor, (s) => s.context.pick);
  const round = useSelector(actor, (s) => s.context.round);
  const bets = useSelector(actor, (s) => s.context.bets);
  const problem = useSelector(actor, (s) => s.context.problem);
  const failure = useSelector(actor, (s) => s.context.failure);
  const replayBalance = useSelector(actor, (s) => s.context.balance);
  // A replay shows the recording's balance (R$ 100 before its first push), never the player's.
  const sessionBalance = fixture ? (replayBalance ?? 100) : host.balance;

  const game = gameByType(spec.gameType);
  const entry = useGameEntry(game.gameCode);
  const status = useStageStatus();
  // Turbo shortens the scene's animations on this device; the round's timing is the server's.
  const [turbo, setTurbo] = useState(false);
  const turboRef = useRef(turbo);
  useEffect(() => {
    turboRef.current = turbo;
  });
  const bridge = useSceneBridge<C>(actor, () => turboRef.current);
  useTunePanel(debug.tune && status.ready, spec.tuneTitle, spec.tuning, values, bridge.redraw);
  // The server pays at the result, before the draw has played: the shown balance and the bets
  // hold still while it plays, so they never tell the result early.
  const drawing = phase === 'rolling';
  const balance = useHeldBalance(drawing, sessionBalance, !fixture);

  // The round ran on while the scene loaded: a new scene is shown the results and the countdown.
  const onScene = bridge.onScene;
  const { catchUp } = spec;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      sceneShown.resolve();
      const snapshot = actor.getSnapshot();
      const cues = catchUp(snapshot.context, snapshot.matches({ round: 'betting' }));
      // The history is drawn at once; a running countdown keeps its real pace.
      cues.forEach((cue, i) => void scene.play(cue, { turbo: i === 0 }));
    },
    [actor, onScene, sceneShown, catchUp],
  );
  const canBet = status.ready && phase === 'betting' && !placing && entry?.stop !== true;
  const bet = useCallback(() => {
    if (canBet) actor.send({ type: 'player.bet' });
  }, [actor, canBet]);
  useSpaceToBet(bet, canBet);

  const failureText =
    failure === null || failure.kind === 'insufficientFunds'
      ? null
      : failure.kind === 'server'
        ? failure.message
        : t(`gameHud.failed.${failure.kind}`);
  const stake = readAmount(amountText);
  const ns = spec.texts;

  const hud = (
    <div className="hud" data-testid="game-hud">
      <BalanceDisplay value={balance} />
      <p className="hud-note" data-testid="round-phase" data-phase={phase}>
        {PHASES.includes(phase) ? t(`games.${ns}.phase.${phase as 'betting'}`) : ''}
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
      {spec.picks({
        selected: pick,
        onPick: (next) => actor.send({ type: 'player.setPick', pick: next }),
        totals: round?.totals ?? {},
      })}
      <p className="hud-note" data-testid="potential-payout">
        {t('gameHud.potentialPayout')}:{' '}
        {stake.ok ? formatMoney((stake.cents / 100) * spec.bestMultiplier(pick)) : '—'}
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
      <BetProblems failureText={failureText} stopped={Boolean(entry?.stop)} />
      <RoundBets
        bets={bets}
        concealed={drawing}
        label={spec.pickName}
        texts={{
          title: t(`games.${ns}.bets.title`),
          open: t(`games.${ns}.bets.open`),
          refunded: t(`games.${ns}.refunded`),
        }}
      />
      <TableSwitches turbo={turbo} onTurbo={setTurbo} />
      <p className="hud-hint">{t('gameHud.spaceHint')}</p>
    </div>
  );

  return (
    <GameTable
      gameType={spec.gameType}
      // The round's phase: the bet region only says whether a bet is on its way.
      state={`round.${phase}`}
      status={status}
      tuning={values}
      sounds={spec.sounds}
      label={t('games.stage', { name: t(`games.${ns}.name`) })}
      onScene={handleScene}
      replay={fixture ? debug.round : null}
      hud={hud}
      below={
        <GameTabs
          gameKey={game.key}
          refreshKey={bets.map((b) => `${b.betId}:${b.outcome === null ? '' : 'done'}`).join()}
          player={host.username}
          concealed={drawing}
          entry={entry}
          rules={<p>{t(`games.${ns}.rules`)}</p>}
        />
      }
    />
  );
}
