import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { fetchWithdrawLimits } from '../../services/wallet-api';
import { openOverlay } from '../app/overlay-store';
import { turnoverStore, useToken, useUserInfo } from '../app/session';
import { useStore } from '../../lib/store';
import { openDeposit, openWithdraw } from '../app/shell-actions';
import { ArrowDownIcon, ArrowUpIcon, CrownIcon, ListIcon, ShieldIcon } from '../components/icons';
import { DiscountBanner } from '../wallet/deposit-flow';
import { TransferForm } from '../wallet/transfer-form';
import { RoutePageHeading } from './page-heading';
import { ProtectionPanel } from './protection-panel';

/** What can be withdrawn now (getWithdraw's `wdAmount`), fetched again when the cash changes. */
function useWithdrawable(cash: number | null): number | null {
  const [amount, setAmount] = useState<number | null>(null);
  useEffect(() => {
    if (cash === null) return;
    let current = true;
    fetchWithdrawLimits({ quiet: true })
      .then((limits) => {
        if (current) setAmount(limits.wdAmount);
      })
      .catch(() => {
        if (current) setAmount(null);
      });
    return () => {
      current = false;
    };
  }, [cash]);
  return amount;
}

/** `/conta`: balances, deposit and withdrawal, identity, VIP and transfers; visitors are invited in. */
export function AccountPage() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useUserInfo();
  const demo = user?.testFlag === 1;
  const withdrawable = useWithdrawable(user && !demo ? user.balance : null);
  const turnover = useStore(turnoverStore, (value) => value);

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
          <div className="account-grid">
            <section className="wallet-card" aria-label={t('account.balance')}>
              {/* Cash first and alone, as the header shows it; the bonus beside it, never added in
                  (a total of both read as money to withdraw, and disagreed with the header). */}
              <p className="wallet-card__label">{t('account.cash')}</p>
              <strong className="wallet-card__total" data-testid="account-cash">
                {formatMoney(user.balance)}
              </strong>
              <dl className="balances">
                <div>
                  <dt>{t('account.bonus')}</dt>
                  <dd data-testid="account-bonus">{formatMoney(user.bonusBalance)}</dd>
                </div>
                <div>
                  <dt>{t('account.withdrawable')}</dt>
                  <dd data-testid="account-withdrawable">
                    {withdrawable === null ? '—' : formatMoney(withdrawable)}
                  </dd>
                </div>
              </dl>
              {user.bonusBalance > 0 && (
                <p className="wallet-card__hint" data-testid="account-playable">
                  {t('account.playable', { amount: formatMoney(user.freeBalance) })}
                </p>
              )}
              {turnover && turnover.amount > 0 && (
                <p className="wallet-card__note" data-testid="account-turnover">
                  {t('account.turnoverLeft', { amount: formatMoney(turnover.amount) })}
                </p>
              )}
              <div className="wallet-card__actions">
                <button
                  type="button"
                  className="button button--gold"
                  onClick={openDeposit}
                  data-testid="account-deposit"
                >
                  <ArrowDownIcon /> {t('account.deposit')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={openWithdraw}
                  data-testid="account-withdraw"
                >
                  <ArrowUpIcon /> {t('account.withdraw')}
                </button>
              </div>
              <DiscountBanner discount={user.payDiscount} />
              <div className="wallet-card__meta">
                <p
                  className={`badge ${user.kyc === 1 ? 'badge--green' : 'badge--muted'}`}
                  data-testid="account-kyc"
                >
                  <ShieldIcon /> {user.kyc === 1 ? t('account.kycDone') : t('account.kycPending')}
                </p>
                {user.kyc !== 1 && !demo && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => openOverlay('editBank')}
                    data-testid="account-kyc-verify"
                  >
                    {t('kyc.verify')}
                  </button>
                )}
                {/* Identity documents, once name and CPF are confirmed (large withdrawals need them). */}
                {user.kyc === 1 && !demo && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => openOverlay('editBank')}
                    data-testid="account-kyc-documents"
                  >
                    {t('kyc.docsTitle')}
                  </button>
                )}
                <Link to="/vip" className="badge badge--gold" data-testid="account-vip">
                  <CrownIcon /> {t('account.vip', { level: user.level })}
                </Link>
                <Link to="/registros" className="badge badge--muted" data-testid="account-records">
                  <ListIcon /> {t('account.records')}
                </Link>
              </div>
            </section>
            {!demo && (
              <section className="sub-panel" aria-labelledby="transfer-title">
                <h2 id="transfer-title" className="section-title">
                  {t('transfer.title')}
                </h2>
                <TransferForm />
              </section>
            )}
            {!demo && <ProtectionPanel />}
          </div>
        )
      )}
    </article>
  );
}
