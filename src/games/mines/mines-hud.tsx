import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutCents } from '../../../domain/games/rules';
import { formatMoney, formatMultiplier } from '../../lib/format';
import type { MinesGame } from '../../services/mines-api';

/** The mines counts a player can choose (design/games.md: 1–24). */
const COUNTS = Array.from({ length: 24 }, (_, i) => i + 1);

/** The mines count of the next game (locked while a game is open). */
export function MinesCount(props: { mines: number; disabled: boolean; onMines: (mines: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="hud-field">
      <label className="hud-field__label" htmlFor="mines-count">
        {t('games.mines.countLabel')}
      </label>
      <select
        id="mines-count"
        className="mines-count"
        value={props.mines}
        disabled={props.disabled}
        onChange={(event) => props.onMines(Number(event.target.value))}
        data-testid="mines-count"
      >
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The game's panel: current multiplier and what the next gem brings, the main button (the bet
 * between games, then the cash-out with the payout it would take: the server's multiplier × the
 * stake) with "random" beside it, which reveals a tile the player has not opened. It keeps one
 * layout whether a game is open or not (the stats read "—", the random pick is disabled, the hint
 * keeps its room): a panel that grew and shrank every round would move everything under it, and the
 * browser would repaint all of that while the board animates.
 */
export function MinesPlay(props: {
  /** The open game; null between games. */
  game: MinesGame | null;
  /** The bet button, shown instead of the cash-out between games. */
  betButton: ReactNode;
  busy: boolean;
  cashingOut: boolean;
  onCashOut: () => void;
  onRandom: () => void;
}) {
  const { t } = useTranslation();
  const { game, busy } = props;
  const payout = game ? payoutCents(Math.round(game.amount * 100), game.multiplier) / 100 : 0;
  const canCash = game !== null && game.step >= 1 && !busy;
  return (
    <div className="mines-play">
      <dl className="mines-stats">
        <div>
          <dt>{t('games.mines.current')}</dt>
          <dd data-testid="mines-multiplier">{game ? formatMultiplier(game.multiplier) : '—'}</dd>
        </div>
        <div>
          <dt>{t('games.mines.next')}</dt>
          <dd>{game && game.nextMultiplier !== null ? formatMultiplier(game.nextMultiplier) : '—'}</dd>
        </div>
      </dl>
      {/*
       * The random pick sits beside the main button: under it, it fell below the fold of a 390×844
       * phone, out of a thumb's reach while a game is open.
       */}
      <div className="mines-play__actions">
        {game ? (
          <button
            type="button"
            className="button button--gold hud-bet"
            disabled={!canCash}
            onClick={props.onCashOut}
            data-testid="cash-out"
          >
            {props.cashingOut
              ? t('games.mines.cashingOut')
              : t('games.mines.cashOut', { payout: formatMoney(game.step >= 1 ? payout : 0) })}
          </button>
        ) : (
          props.betButton
        )}
        <button
          type="button"
          className="button button--ghost mines-play__random"
          disabled={busy || game === null}
          onClick={props.onRandom}
          title={t('games.mines.pickRandom')}
          data-testid="pick-random"
        >
          {t('games.mines.random')}
        </button>
      </div>
      <p className="hud-hint" style={game?.step === 0 ? undefined : { visibility: 'hidden' }}>
        {t('games.mines.pickHint')}
      </p>
    </div>
  );
}
