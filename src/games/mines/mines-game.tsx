import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { machineInspector } from '../../lib/inspector';
import { activeLeafPath } from '../../machines/games/bet-actors';
import {
  cuesForStart,
  minesMachine,
  randomHiddenTile,
  type MinesCashOutInput,
  type MinesRevealInput,
  type MinesStartInput,
} from '../../machines/games/mines.machine';
import type { MinesGame, MinesReveal } from '../../services/mines-api';
import { readDebugParams } from '../shared/debug-params';
import type { GameHostProps } from '../shared/game-host';
import {
  GameTable,
  REPLAY_DELAY_MS,
  replayLater,
  useHostActions,
  useStageStatus,
  useTunePanel,
} from '../shared/game-table';
import { BalanceDisplay } from '../shared/hud/balance-display';
import { BetAmount } from '../shared/hud/bet-amount';
import { BetProblems } from '../shared/hud/bet-problems';
import { GameTabs } from '../shared/hud/game-tabs';
import { useGameEntry, useSpaceToBet } from '../shared/hud/hooks';
import { TableSwitches } from '../shared/hud/sound-controls';
import { tuningDefaults } from '../shared/tuning';
import { useSceneBridge } from '../shared/use-scene-bridge';
import { fixtures, type MinesFixture, type MinesMove } from './fixtures';
import { MinesCount, MinesPlay } from './mines-hud';
import type { MinesCue } from './mines.scene';
import { sounds } from './mines.sounds';
import { tuning } from './tuning';
import './mines.css';

const GAME_CODE = 'SE0001';

/** The actors of `?round=`: the recorded answers in order instead of the server; nothing is bet. */
function replayActors(fixture: MinesFixture) {
  let next = 0;
  const move = () => fixture.moves[next++] as MinesMove | undefined;
  return {
    loadOpenGame: fromPromise<MinesGame | null>(() => Promise.resolve(null)),
    startGame: fromPromise<MinesGame, MinesStartInput>(() => {
      next = 0;
      return replayLater(fixture.bet.response as MinesGame);
    }),
    revealTile: fromPromise<MinesReveal, MinesRevealInput>(() => {
      const m = move();
      return m && 'reveal' in m
        ? replayLater(m.response as MinesReveal)
        : Promise.reject(new Error('replay'));
    }),
    cashOut: fromPromise<MinesGame, MinesCashOutInput>(() => {
      const m = move();
      return m && 'cashout' in m ? replayLater(m.response as MinesGame) : Promise.reject(new Error('replay'));
    }),
  };
}

/** The MINES table: machine, Pixi stage, HUD and the tabs under it. */
export function Game(host: GameHostProps) {
  const { t } = useTranslation();
  const debug = useMemo(() => readDebugParams(window.location.search), []);
  const fixture: MinesFixture | undefined = debug.round
    ? (fixtures as Record<string, MinesFixture>)[debug.round]
    : undefined;
  const values = useMemo(() => tuningDefaults(tuning), []);
  const actions = useHostActions(host, fixture !== undefined);

  const machine = useMemo(
    () => minesMachine.provide({ actors: fixture ? replayActors(fixture) : {}, actions }),
    [fixture, actions],
  );
  const actor = useActorRef(machine, {
    input: fixture
      ? {
          amountText: fixture.bet.request.amount.toFixed(2).replace('.', ','),
          mines: fixture.bet.request.mines,
        }
      : {},
    inspect: machineInspector(),
  });

  const state = useSelector(actor, (s) => activeLeafPath(s.value));
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const mines = useSelector(actor, (s) => s.context.mines);
  const turbo = useSelector(actor, (s) => s.context.turbo);
  const problem = useSelector(actor, (s) => s.context.problem);
  const failure = useSelector(actor, (s) => s.context.failure);
  const game = useSelector(actor, (s) => s.context.game);
  const resumed = useSelector(actor, (s) => s.context.resumed);
  const serverBalance = useSelector(actor, (s) => s.context.balance);

  const entry = useGameEntry(GAME_CODE);
  const status = useStageStatus();
  const ready = status.ready;

  const bridge = useSceneBridge<MinesCue>(actor, () => actor.getSnapshot().context.turbo);
  const between = ['idle', 'failed', 'round.settled', 'round.busted'].includes(state);
  const open = game?.status === 'open' && !between;
  const moving = state === 'round.revealing' || state === 'round.cashingOut' || state === 'round.showing';

  const onScene = bridge.onScene;
  const handleScene = useCallback<typeof onScene>(
    (scene, size) => {
      onScene(scene, size);
      if (!scene) return;
      // The board as the machine has it now (a game resumed before the scene loaded included).
      const { context } = actor.getSnapshot();
      const cues: MinesCue[] =
        context.game?.status === 'open'
          ? cuesForStart(context.game)
          : [
              { type: 'cue.reset', mines: context.mines },
              { type: 'cue.setInteractive', interactive: false },
            ];
      for (const cue of cues) void scene.play(cue, { turbo: true });
      if (fixture) actor.send({ type: 'player.bet' });
    },
    [actor, fixture, onScene],
  );

  // ?round=: plays the recorded moves as soon as the board takes them.
  const replayed = useRef(0);
  useEffect(() => {
    if (!fixture || state !== 'round.playing') return;
    const move = fixture.moves[replayed.current++];
    if (!move) return;
    const timer = setTimeout(() => {
      actor.send(
        'reveal' in move ? { type: 'player.pick', tile: move.reveal.tile } : { type: 'player.cashOut' },
      );
    }, REPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actor, fixture, state]);

  const bet = useCallback(() => {
    if (!ready) return;
    replayed.current = 0;
    actor.send({ type: 'player.bet' });
  }, [actor, ready]);
  useSpaceToBet(bet, ready && between);

  useTunePanel(debug.tune && ready, 'MINES', tuning, values, bridge.redraw);

  const failureText =
    failure && failure.kind !== 'server' && failure.kind !== 'insufficientFunds'
      ? t(`gameHud.failed.${failure.kind}`)
      : null;

  const hud = (
    <div className="hud" data-testid="game-hud">
      <BalanceDisplay value={fixture ? (serverBalance ?? 100) : host.balance} />
      <BetAmount
        text={amountText}
        onText={(text) => actor.send({ type: 'player.setAmount', text })}
        disabled={!between}
        balance={fixture ? 100 : host.balance}
        minBet={entry?.minBet ?? null}
        maxBet={entry?.maxBet ?? null}
        problem={problem}
      />
      <MinesCount
        mines={mines}
        disabled={!between}
        onMines={(next) => {
          actor.send({ type: 'player.setMines', mines: next });
          bridge.scene.current
            ?.play({ type: 'cue.reset', mines: next }, { turbo: true })
            .catch(() => undefined);
        }}
      />
      <MinesPlay
        game={open && game ? game : null}
        betButton={
          <button
            type="button"
            className="button button--gold hud-bet"
            disabled={!ready || !between || entry?.stop === true}
            onClick={bet}
            data-testid="bet-button"
          >
            {state === 'round.placing' || state === 'resuming' ? t('gameHud.betting') : t('gameHud.bet')}
          </button>
        }
        busy={moving}
        cashingOut={state === 'round.cashingOut'}
        onCashOut={() => actor.send({ type: 'player.cashOut' })}
        onRandom={() => {
          const tile = game ? randomHiddenTile(game.revealed) : null;
          if (tile !== null) actor.send({ type: 'player.pick', tile });
        }}
      />
      <BetProblems failureText={failureText} stopped={Boolean(entry?.stop)} />
      <TableSwitches turbo={turbo} onTurbo={(next) => actor.send({ type: 'player.setTurbo', turbo: next })} />
      <p className="hud-hint">{t('gameHud.spaceHint')}</p>
    </div>
  );

  return (
    <GameTable
      gameType="mines"
      state={state}
      status={status}
      tuning={values}
      sounds={sounds}
      label={t('games.stage', { name: t('games.mines.name') })}
      onInput={(input) => {
        if (input.type === 'tile.pick' && typeof input.tile === 'number') {
          actor.send({ type: 'player.pick', tile: input.tile });
        }
      }}
      onScene={handleScene}
      hud={hud}
      replay={fixture ? debug.round : null}
      notice={
        resumed &&
        open && (
          <p className="game-notice" data-testid="mines-resumed">
            {t('games.mines.resumed')}
          </p>
        )
      }
      below={
        <GameTabs
          gameKey="mines"
          refreshKey={between ? game?.gameId : null}
          entry={entry}
          rules={<p>{t('games.mines.rules')}</p>}
        />
      }
    />
  );
}
