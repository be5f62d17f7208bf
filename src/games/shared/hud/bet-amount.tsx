import { useTranslation } from 'react-i18next';
import { normaliseAmountInput } from '../../../lib/format';
import { amountText, readAmount, type AmountProblem } from '../../../machines/games/bet-actors';

/**
 * The bet amount with ½, 2× and max. The field keeps what the player types (pt-BR decimal comma);
 * the machine decides whether it can be bet and names the problem ('fill in bet amount' or
 * 'check the input'). Max is the smaller of the balance and the game's maximum bet.
 */
export function BetAmount(props: {
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
  balance: number | null;
  minBet: number | null;
  maxBet: number | null;
  problem: AmountProblem | null;
}) {
  const { t } = useTranslation();
  const { text, onText, disabled, balance, minBet, maxBet, problem } = props;
  const cents = (() => {
    const read = readAmount(text);
    return read.ok ? read.cents : 0;
  })();
  const limitCents = Math.floor(
    Math.min(balance ?? Number.POSITIVE_INFINITY, maxBet ?? Number.POSITIVE_INFINITY) * 100,
  );
  const minCents = Math.round((minBet ?? 0.01) * 100);
  const clamp = (value: number) =>
    amountText(Math.max(minCents, Math.min(Number.isFinite(limitCents) ? limitCents : value, value)));
  return (
    <div className="hud-field">
      <label className="hud-field__label" htmlFor="bet-amount">
        {t('gameHud.amount')}
      </label>
      <div className={`hud-amount${problem ? ' hud-amount--invalid' : ''}`}>
        <span className="hud-amount__unit" aria-hidden="true">
          R$
        </span>
        <input
          id="bet-amount"
          className="hud-amount__input"
          data-testid="bet-amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'bet-amount-problem' : undefined}
          onChange={(event) => onText(normaliseAmountInput(event.target.value))}
        />
        <button
          type="button"
          className="hud-chip"
          disabled={disabled}
          // The name a voice command or a screen reader uses starts with the visible text.
          aria-label={`½ ${t('gameHud.half')}`}
          onClick={() => onText(clamp(Math.floor(cents / 2)))}
          data-testid="bet-half"
        >
          ½
        </button>
        <button
          type="button"
          className="hud-chip"
          disabled={disabled}
          aria-label={`2× ${t('gameHud.double')}`}
          onClick={() => onText(clamp(Math.max(cents, minCents) * 2))}
          data-testid="bet-double"
        >
          2×
        </button>
        <button
          type="button"
          className="hud-chip"
          disabled={disabled || !Number.isFinite(limitCents) || limitCents < minCents}
          aria-label={t('gameHud.maxLabel')}
          onClick={() => onText(amountText(limitCents))}
          data-testid="bet-max"
        >
          {t('gameHud.max')}
        </button>
      </div>
      {problem && (
        <p id="bet-amount-problem" className="hud-problem" role="alert" data-testid="bet-amount-problem">
          {problem === 'fillBetAmount' ? t('dict.fillBetAmount') : t('dict.checkInput')}
        </p>
      )}
    </div>
  );
}
