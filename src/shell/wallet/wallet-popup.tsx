import { useTranslation } from 'react-i18next';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { useUserInfo } from '../app/session';
import { switchAccount } from '../app/test-account';
import { Modal } from '../components/modal';
import { DepositFlow } from './deposit-flow';
import { WithdrawForm } from './withdraw-form';

/** Spec 2: deposit and withdraw are one popup with two tabs; the overlay name picks the tab. */
export function WalletPopup({ tab }: { tab: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Modal title={t('wallet.title')} onClose={closeOverlay} testId="wallet-popup" variant="sheet" hideTitle>
      <div className="tabs tabs--wallet" role="tablist" aria-label={t('wallet.tabs')}>
        <button
          type="button"
          role="tab"
          id="wallet-tab-deposit"
          aria-selected={tab === 'deposit'}
          aria-controls="wallet-tabpanel"
          className="tabs__tab"
          onClick={() => openOverlay('deposit')}
          data-testid="wallet-tab-deposit"
        >
          {t('wallet.depositTab')}
        </button>
        <button
          type="button"
          role="tab"
          id="wallet-tab-withdraw"
          aria-selected={tab === 'withdraw'}
          aria-controls="wallet-tabpanel"
          className="tabs__tab"
          onClick={() => openOverlay('withdraw')}
          data-testid="wallet-tab-withdraw"
        >
          {t('wallet.withdrawTab')}
        </button>
      </div>
      <div id="wallet-tabpanel" role="tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
        {user?.testFlag === 1 ? (
          <div className="callout" data-testid="wallet-demo">
            <p>{t('wallet.demo')}</p>
            <button
              type="button"
              className="button button--gold"
              onClick={() => void switchAccount('register')}
              data-testid="wallet-create-real"
            >
              {t('wallet.createReal')}
            </button>
          </div>
        ) : tab === 'deposit' ? (
          <DepositFlow variant="BRL" overlay="deposit" />
        ) : (
          <WithdrawForm />
        )}
      </div>
    </Modal>
  );
}
