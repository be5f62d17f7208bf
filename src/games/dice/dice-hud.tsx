import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiceDirection } from '../../../domain/games/rules';
import { payoutCents } from '../../../domain/games/rules';
import { formatMoney } from '../../lib/format';
import { readAmount } from '../../machines/games/bet-actors';
import {
  flipTerms,
  readDecimal,
  readout,
  termsForChance,
  termsForMultiplier,
  termsForTarget,
  type DiceTerms,
} from './dice-inputs';

const show = (n: number, digits = 2) => n.toFixed(digits).replace('.', ',');

/**
 * One of the three linked inputs: the player types freely; the value is applied when it parses
 * and shown back in its canonical form when the field loses focus.
 */
function LinkedInput(props: {
  id: string;
  label: string;
  value: string;
  suffix: string;
  disabled: boolean;
  onValue: (value: number) => void;
  /** A button inside the field (the over/under flip). */
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
            const value = readDecimal(next);
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

/** DICE's own inputs: multiplier, target with over/under, chance, and the potential payout. */
export function DiceInputs(props: {
  terms: DiceTerms;
  edge: number;
  amountText: string;
  disabled: boolean;
  onTerms: (terms: DiceTerms) => void;
}) {
  const { t } = useTranslation();
  const { terms, edge, disabled, onTerms } = props;
  const view = readout(terms, edge);
  const stake = readAmount(props.amountText);
  const payout = stake.ok ? payoutCents(stake.cents, view.multiplier) / 100 : 0;
  const direction: DiceDirection = terms.direction;
  return (
    <>
      <div className="dice-inputs">
        <LinkedInput
          id="dice-multiplier"
          label={t('games.dice.multiplier')}
          value={show(view.multiplier, 4).replace(/0{1,2}$/, '')}
          suffix="×"
          disabled={disabled}
          onValue={(m) => onTerms(termsForMultiplier(m, direction, edge))}
        />
        <LinkedInput
          id="dice-target"
          label={direction === 'over' ? t('games.dice.rollOver') : t('games.dice.rollUnder')}
          value={show(terms.target)}
          suffix=""
          disabled={disabled}
          onValue={(target) => onTerms(termsForTarget(target, direction))}
          extra={
            <button
              type="button"
              className="hud-chip hud-chip--flip"
              disabled={disabled}
              aria-label={t('games.dice.flip')}
              title={t('games.dice.flip')}
              onClick={() => onTerms(flipTerms(terms))}
              data-testid="dice-flip"
            >
              ⇄
            </button>
          }
        />
        <LinkedInput
          id="dice-chance"
          label={t('games.dice.chance')}
          value={show(view.chance)}
          suffix="%"
          disabled={disabled}
          onValue={(c) => onTerms(termsForChance(c, direction))}
        />
      </div>
      <p className="hud-payout" data-testid="potential-payout">
        <span>{t('gameHud.potentialPayout')}</span>
        <strong>{formatMoney(payout)}</strong>
      </p>
    </>
  );
}
