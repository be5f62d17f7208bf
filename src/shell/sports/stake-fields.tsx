import { useTranslation } from 'react-i18next';
import type { OddsChangePreference } from '../../services/sports-api';

/**
 * The stake and odds-change controls every way of betting shares (the bet slip, Criar Aposta,
 * Super Odds' chips), so they look and read alike wherever a player stakes.
 */

/** The quick stakes offered beside a stake field, BRL. */
export const QUICK_STAKES = [5, 10, 20, 50] as const;

const PREFERENCES: readonly OddsChangePreference[] = ['none', 'higher', 'any'];

/** A stake typed in reais, with the quick-stake chips under it. */
export function StakeField({
  label,
  value,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
  testId: string;
}) {
  return (
    <>
      <label className="field slip__stake">
        <span className="field__label">{label}</span>
        <span className="slip__stake-input">
          <span aria-hidden="true">R$</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
          />
        </span>
      </label>
      <div className="slip__quick">
        {QUICK_STAKES.map((v) => (
          <button
            key={v}
            type="button"
            className="chip"
            aria-pressed={value === `${v},00`}
            disabled={disabled}
            onClick={() => onChange(`${v},00`)}
          >
            {v}
          </button>
        ))}
      </div>
    </>
  );
}

/** What the bet takes when the price moves before it is accepted. */
export function OddsChangeField({
  value,
  onChange,
  testId,
}: {
  value: OddsChangePreference;
  onChange: (preference: OddsChangePreference) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="field slip__pref">
      <span className="field__label">{t('sports.slip.oddsChange')}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as OddsChangePreference)}
        data-testid={testId}
      >
        {PREFERENCES.map((p) => (
          <option key={p} value={p}>
            {t(`sports.slip.preference.${p}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
