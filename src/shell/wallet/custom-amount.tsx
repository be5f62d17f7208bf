import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { loadSiteInfo } from '../../services/site-api';

/** "12,50" or "12.50" as a number of reais with at most two decimals; null when it is not one. */
export function parseAmount(text: string): number | null {
  const clean = text.trim().replace(/^R\$\s*/, '');
  // Brazilian thousands dots ("1.500" or "1.500,50") go; a lone dot with 1–2 decimals is a decimal point.
  const normal =
    /,/.test(clean) || /\.\d{3}(\D|$)/.test(clean) ? clean.replace(/\./g, '').replace(',', '.') : clean;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(normal)) return null;
  const value = Number(normal);
  return value > 0 ? value : null;
}

/**
 * "Outro valor": a deposit of the player's own amount within the site's range (plain deposits
 * only; offers sell their packages). Says the range, and what is wrong with the amount as typed.
 */
export function CustomAmount({
  selected,
  initial,
  onAmount,
}: {
  selected: boolean;
  initial: number | null;
  onAmount: (amount: number | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (initial ? formatAmountInput(initial) : ''));
  const [range, setRange] = useState<{ min: number; max: number } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSiteInfo().then((info) => live && info?.deposit && setRange(info.deposit));
    return () => {
      live = false;
    };
  }, []);
  const amount = parseAmount(text);
  const problem =
    text.trim() === ''
      ? ''
      : amount === null
        ? t('deposit.customInvalid')
        : range && (amount < range.min || amount > range.max)
          ? t('deposit.customRange', { min: formatMoney(range.min), max: formatMoney(range.max) })
          : '';
  const hintId = useId();
  return (
    <div className={`custom-amount${selected ? ' custom-amount--on' : ''}`}>
      <label className="custom-amount__label" htmlFor={`${hintId}-input`}>
        {t('deposit.custom')}
      </label>
      <div className="custom-amount__field">
        <span aria-hidden="true">R$</span>
        <input
          id={`${hintId}-input`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('deposit.customPlaceholder')}
          value={text}
          aria-describedby={hintId}
          aria-invalid={problem !== ''}
          onFocus={() => onAmount(problem === '' ? amount : null)}
          onChange={(event) => {
            const next = event.target.value.replace(/[^\d.,]/g, '').slice(0, 12);
            setText(next);
            const value = parseAmount(next);
            const inRange = value !== null && (!range || (value >= range.min && value <= range.max));
            onAmount(inRange ? value : null);
          }}
          data-testid="deposit-custom"
        />
      </div>
      <small
        id={hintId}
        className={problem ? 'custom-amount__error' : 'custom-amount__hint'}
        data-testid="deposit-custom-hint"
      >
        {problem ||
          (range
            ? t('deposit.customRange', { min: formatMoney(range.min), max: formatMoney(range.max) })
            : '')}
      </small>
    </div>
  );
}

/** An amount as the field shows it again ("75" or "75,50"). */
const formatAmountInput = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
