import { useSelector } from '@xstate/react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import type { InstantGameContext, InstantGameEvent } from '../../../machines/games/instant-game';
import { useHeldBalance } from '../../../services/balance-hold';
import type { GameEntry } from '../../../services/games-api';
import { AutoBetPanel } from '../hud/auto-bet-panel';
import { BalanceDisplay } from '../hud/balance-display';
import { BetAmount } from '../hud/bet-amount';
import { BetProblems } from '../hud/bet-problems';
import { useSpaceToBet } from '../hud/hooks';
import { TableSwitches } from '../hud/sound-controls';

/**
 * The HUD of an instant table (DICE, LIMBO, ROWDOUBLE): balance, manual/auto, amount, the game's own
 * inputs, auto-bet, the bet button, failures, turbo and sound. Every instant machine is built by
 * `createInstantGameMachine`, so the HUD reads and sends the same context and events for all three.
 */

/** What the HUD needs of a running instant-game machine (its terms are the game's inputs' business). */
export interface InstantActor {
  getSnapshot(): { context: InstantGameContext<unknown> };
  subscribe: AnyActorRef['subscribe'];
  send(event: Exclude<InstantGameEvent<unknown>, { type: 'player.setTerms' | 'scene.cueDone' }>): void;
}

/** The balance a replay starts from (fixtures are recorded from R$ 100). */
const REPLAY_BALANCE = 100;

/** The HUD under (or beside) the stage of an instant table. */
export function InstantHud(props: {
  actor: InstantActor;
  /** A round is on its way or playing: edits and bets wait. */
  busy: boolean;
  /** The stage is loaded. */
  ready: boolean;
  /** The session's balance (the shell's). */
  balance: number | null;
  replaying: boolean;
  entry: GameEntry | null;
  /** The game's own inputs; `locked` while a round or an auto-bet run is on. */
  inputs: (locked: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { actor, busy, ready, entry } = props;
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const turbo = useSelector(actor, (s) => s.context.turbo);
  const problem = useSelector(actor, (s) => s.context.problem);
  const failure = useSelector(actor, (s) => s.context.failure);
  const auto = useSelector(actor, (s) => s.context.auto);
  const autoStop = useSelector(actor, (s) => s.context.autoStop);
  const autoConfig = useSelector(actor, (s) => s.context.autoConfig);
  const serverBalance = useSelector(actor, (s) => s.context.balance);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const locked = busy || auto !== null;

  // The shown balance holds still while a round plays, so it never tells the result early.
  const sessionBalance = props.replaying ? (serverBalance ?? REPLAY_BALANCE) : props.balance;
  const shownBalance = useHeldBalance(busy, sessionBalance, !props.replaying);

  const bet = useCallback(() => {
    if (!ready) return;
    actor.send({ type: mode === 'auto' ? 'player.autoStart' : 'player.bet' });
  }, [actor, mode, ready]);
  useSpaceToBet(bet, ready && mode === 'manual');

  const failureText =
    failure && failure.kind !== 'server' && failure.kind !== 'insufficientFunds'
      ? t(`gameHud.failed.${failure.kind}`)
      : null;

  return (
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
        balance={props.replaying ? REPLAY_BALANCE : props.balance}
        minBet={entry?.minBet ?? null}
        maxBet={entry?.maxBet ?? null}
        problem={problem}
      />
      {props.inputs(locked)}
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
      <BetProblems failureText={failureText} stopped={Boolean(entry?.stop)} />
      <TableSwitches turbo={turbo} onTurbo={(next) => actor.send({ type: 'player.setTurbo', turbo: next })} />
      <p className="hud-hint">{t('gameHud.spaceHint')}</p>
    </div>
  );
}
