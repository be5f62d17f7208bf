import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutCents } from '../../../../domain/games/rules';
import { formatMoney } from '../../../lib/format';
import { readAmount } from '../../../machines/games/bet-actors';

/**
 * The pieces of an instant game's own inputs: a number field linked to the others (DICE's
 * multiplier, target and chance; LIMBO's target and chance) and the potential payout under them.
 */

/**
 * One of the linked inputs: the player types freely; the value is applied when it parses and
 * shown back in its canonical form when the field loses focus.
 */
export function LinkedInput(props: {
  id: string;
  label: string;
  value: string;
  /** The unit after the number ("×", "%"); none when empty. */
  suffix: string;
  disabled: boolean;
  /** Reads a typed number (the game's decimal rules); NaN when it is not one. */
  parse: (text: string) => number;
  onValue: (value: number) => void;
  /** A button inside the field (DICE's over/under flip). */
  extra?: ReactNode;
}) {
  const [text, setText] = useState(props.value);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(props.value);
  }, [props.value, editing]);
  return (
    <div className="hud-field hud-field--linked">
      <label className="hud-field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="hud-amount">
        <input
          id={props.id}
          className="hud-amount__input"
          inputMode="decimal"
          autoComplete="off"
          disabled={props.disabled}
          value={text}
          onFocus={() => setEditing(true)}
          onBlur={() => {
            setEditing(false);
            setText(props.value);
          }}
          onChange={(event) => {
            const next = event.target.value.replace(/[^\d,.]/g, '');
            setText(next);
            const value = props.parse(next);
            if (Number.isFinite(value) && value > 0) props.onValue(value);
          }}
          data-testid={props.id}
        />
        {props.suffix && (
          <span className="hud-amount__unit" aria-hidden="true">
            {props.suffix}
          </span>
        )}
        {props.extra}
      </div>
    </div>
  );
}

/** What the amount in the field pays at `multiplier` (R$ 0,00 while the field is not an amount). */
export function PotentialPayout(props: { amountText: string; multiplier: number }) {
  const { t } = useTranslation();
  const stake = readAmount(props.amountText);
  const payout = stake.ok ? payoutCents(stake.cents, props.multiplier) / 100 : 0;
  return (
    <p className="hud-payout" data-testid="potential-payout">
      <span>{t('gameHud.potentialPayout')}</span>
      <strong>{formatMoney(payout)}</strong>
    </p>
  );
}
