import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutCents } from '../../../domain/games/rules';
import { formatMoney } from '../../lib/format';
import { readAmount } from '../../machines/games/bet-actors';
import { chanceOf, clampTarget, readDecimal, showChance, showNumber, targetForChance } from './limbo-inputs';

/**
 * One of the two linked inputs: the player types freely; the value is applied when it parses and
 * shown back in its canonical form when the field loses focus.
 */
function LinkedInput(props: {
  id: string;
  label: string;
  value: string;
  suffix: string;
  disabled: boolean;
  onValue: (value: number) => void;
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
            const value = readDecimal(next);
            if (Number.isFinite(value) && value > 0) props.onValue(value);
          }}
          data-testid={props.id}
        />
        <span className="hud-amount__unit" aria-hidden="true">
          {props.suffix}
        </span>
      </div>
    </div>
  );
}

/** LIMBO's own inputs: target multiplier and win chance, linked, and the potential payout. */
export function LimboInputs(props: {
  target: number;
  edge: number;
  amountText: string;
  disabled: boolean;
  onTarget: (target: number) => void;
}) {
  const { t } = useTranslation();
  const { target, edge, disabled, onTarget } = props;
  const stake = readAmount(props.amountText);
  const payout = stake.ok ? payoutCents(stake.cents, target) / 100 : 0;
  return (
    <>
      <div className="limbo-inputs">
        <LinkedInput
          id="limbo-target"
          label={t('games.limbo.target')}
          value={showNumber(target)}
          suffix="×"
          disabled={disabled}
          onValue={(value) => onTarget(clampTarget(value))}
        />
        <LinkedInput
          id="limbo-chance"
          label={t('games.limbo.chance')}
          value={showChance(chanceOf(target, edge))}
          suffix="%"
          disabled={disabled}
          onValue={(chance) => onTarget(targetForChance(chance, edge))}
        />
      </div>
      <p className="hud-payout" data-testid="potential-payout">
        <span>{t('gameHud.potentialPayout')}</span>
        <strong>{formatMoney(payout)}</strong>
      </p>
    </>
  );
}
