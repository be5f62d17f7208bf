import { useTranslation } from 'react-i18next';
import { translate } from '../../../domain/messages';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/format';
import type { SlipLimitBreach } from '../../machines/sports/slip-limits';
import { formatCombinedOdds } from './sports-format';

/** An amount that does not break between "R$" and its figure. */
const money = (cents: number) => formatMoney(cents / 100).replace(/\s/g, '\u00a0');

/** A stake in centavos as the stake field takes it ("1234,50"). */
const stakeText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The limit the slip breaks, said while the player edits, with the stake that fits when one does.
 * A múltipla's limits open with the specification's own words ("A aposta múltipla atingiu o
 * limite", the server's refusal); the line under them says what to change.
 */
export function SlipLimitNote({
  breach,
  multiple,
  onStake,
  alert,
}: {
  breach: SlipLimitBreach;
  multiple: boolean;
  onStake: (text: string) => void;
  /** True once the player pressed "Apostar" with the breach: the note is then announced. */
  alert: boolean;
}) {
  const { t } = useTranslation();
  let detail: string;
  switch (breach.kind) {
    case 'stakeBelow':
      detail = t('sports.slip.limit.stakeBelow', { amount: money(breach.minCents) });
      break;
    case 'stakeAbove':
      detail = t('sports.slip.limit.stakeAbove', { amount: money(breach.maxCents) });
      break;
    case 'legs':
      detail = t('sports.slip.limit.legs', { count: breach.max });
      break;
    case 'combinedOdds':
      detail = t('sports.slip.limit.combinedOdds', { odds: formatCombinedOdds(breach.maxMilli / 1000) });
      break;
    case 'payout':
      detail =
        breach.fitCents !== null
          ? t('sports.slip.limit.payout', { amount: money(breach.capCents), fit: money(breach.fitCents) })
          : t('sports.slip.limit.payoutNone', { amount: money(breach.capCents) });
      break;
  }
  const fit = breach.fitCents;
  const parlay =
    multiple && (breach.kind === 'legs' || breach.kind === 'combinedOdds' || breach.kind === 'payout');
  return (
    <div className="slip__problem slip__limit" role={alert ? 'alert' : 'status'} data-testid="slip-limit">
      <p>
        {parlay ? <strong>{translate('parlayLimit', currentLanguage())}. </strong> : null}
        {detail}
      </p>
      {fit !== null ? (
        <button
          type="button"
          className="chip slip__limit-fit"
          onClick={() => onStake(stakeText(fit))}
          data-testid="slip-limit-fit"
        >
          {t('sports.slip.limit.use', { amount: money(fit) })}
        </button>
      ) : null}
    </div>
  );
}
