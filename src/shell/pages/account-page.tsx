import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { openOverlay } from '../app/overlay-store';
import { useToken, useUserInfo } from '../app/session';
import { RoutePageHeading } from './page-heading';

/** `/conta`: the balances of a player; a visitor is invited to log in. */
export function AccountPage() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useUserInfo();
  return (
    <article className="panel" data-testid="page-conta">
      <RoutePageHeading />
      {!token ? (
        <div className="callout">
          <p>{t('account.visitor')}</p>
          <div className="button-row">
            <button type="button" className="button button--ghost" onClick={() => openOverlay('login')}>
              {t('header.login')}
            </button>
            <button type="button" className="button button--gold" onClick={() => openOverlay('register')}>
              {t('header.register')}
            </button>
          </div>
        </div>
      ) : (
        user && (
          <section className="wallet-card" aria-label={t('account.balance')}>
            <p className="wallet-card__label">{t('account.balance')}</p>
            <p className="wallet-card__total" data-testid="account-balance">
              {formatMoney(user.freeBalance)}
            </p>
            <dl className="balances">
              <div>
                <dt>{t('account.cash')}</dt>
                <dd>{formatMoney(user.balance)}</dd>
              </div>
              <div>
                <dt>{t('account.bonus')}</dt>
                <dd>{formatMoney(user.bonusBalance)}</dd>
              </div>
            </dl>
            <p className={`badge ${user.kyc === 1 ? 'badge--green' : 'badge--muted'}`}>
              {user.kyc === 1 ? t('account.kycDone') : t('account.kycPending')}
            </p>
          </section>
        )
      )}
    </article>
  );
}
