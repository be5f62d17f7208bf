import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/**
 * The balance at the table (`data-testid="balance"`, `data-value` = the BRL number). It shows the
 * server's answer of the last round while the round plays, and the session balance otherwise, so
 * the number never moves before the marker lands.
 */
export function BalanceDisplay({ value }: { value: number | null }) {
  const { t } = useTranslation();
  return (
    <p className="hud-balance" data-testid="balance" data-value={value ?? ''}>
      <span className="hud-balance__label">{t('gameHud.balance')}</span>
      <strong className="hud-balance__value">{value === null ? '—' : formatMoney(value)}</strong>
    </p>
  );
}
