import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { refreshUserInfo, useToken, useUserInfo } from '../app/session';
import { ShieldIcon } from '../components/icons';
import { lastPaymentStore } from '../wallet/wallet-store';
import { RoutePageHeading } from './page-heading';

/**
 * `/paySuccess`: where a payment finished in a new page (or a provider's return link) lands. The
 * balance is loaded fresh, since this page may be the first one of a new tab.
 */
export function PaySuccessPage() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useUserInfo();
  const payment = useStore(lastPaymentStore, (p) => p);
  useEffect(() => {
    if (token) void refreshUserInfo({ loading: false });
  }, [token]);
  return (
    <article className="panel panel--center" data-testid="page-paySuccess">
      <span className="success-mark" aria-hidden="true">
        <ShieldIcon />
      </span>
      <RoutePageHeading />
      <dl className="summary summary--wide">
        {payment && (
          <>
            <div>
              <dt>{t('paySuccess.amount')}</dt>
              <dd data-testid="pay-success-amount">{formatMoney(payment.amount)}</dd>
            </div>
            <div>
              <dt>{t('paySuccess.time')}</dt>
              <dd>{formatDateTime(new Date(payment.paidAt).toISOString(), bcp47(i18n.language))}</dd>
            </div>
          </>
        )}
        {user && (
          <div>
            <dt>{t('paySuccess.balance')}</dt>
            <dd data-testid="pay-success-balance">{formatMoney(user.balance)}</dd>
          </div>
        )}
      </dl>
      <div className="button-row button-row--center">
        <Link to="/home" className="button button--gold" data-testid="pay-success-home">
          {t('paySuccess.play')}
        </Link>
        <Link to="/registros" className="button button--ghost" data-testid="pay-success-records">
          {t('paySuccess.records')}
        </Link>
      </div>
    </article>
  );
}
