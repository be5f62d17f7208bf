import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { fetchBalance } from '../../services/user-api';
import { openOverlay } from '../app/overlay-store';
import { useGoBack } from '../app/use-go-back';
import { patchUserInfo, useToken, useUserInfo } from '../app/session';
import { balanceHoldStore } from '../../services/balance-hold';
import { useStore } from '../../lib/store';
import { Avatar } from '../components/avatar';
import { BackIcon, MenuIcon, RefreshIcon } from '../components/icons';
import { OfferButton } from '../wallet/offer-button';
import { MainNav } from './main-nav';

/** The balance chip; tapping it asks the server for the current balances. */
function BalanceButton({ balance }: { balance: number | null }) {
  const { t } = useTranslation();
  const [spinning, setSpinning] = useState(false);
  async function refresh() {
    setSpinning(true);
    try {
      patchUserInfo(await fetchBalance());
    } catch {
      // Reported by the API client.
    } finally {
      setSpinning(false);
    }
  }
  return (
    <button
      type="button"
      className="balance-chip"
      onClick={() => void refresh()}
      aria-label={`${t('header.balance')}: ${balance === null ? '—' : formatMoney(balance)}. ${t('header.refreshBalance')}`}
      data-testid="header-balance"
    >
      <span className="balance-chip__value">{balance === null ? '—' : formatMoney(balance)}</span>
      <RefreshIcon className={spinning ? 'spin' : undefined} />
    </button>
  );
}

/**
 * The top bar of every page: logo, the main navigation on wide screens, and either the login and
 * register buttons (visitor) or the balance and avatar (player).
 */
export function Header({ showNav, showBack }: { showNav: boolean; showBack: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const token = useToken();
  const user = useUserInfo();
  // A game playing its draw holds the balance it shows; the header holds the same value.
  const held = useStore(balanceHoldStore, (v) => v);
  return (
    <header className={`topbar${showBack ? ' topbar--back' : ''}${token ? '' : ' topbar--visitor'}`}>
      <div className="frame topbar__inner">
        {showBack && (
          <button
            type="button"
            className="icon-button topbar__back"
            aria-label={t('common.back')}
            onClick={goBack}
            data-testid="header-back"
          >
            <BackIcon />
          </button>
        )}
        {!showBack && (
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label={t('settings.open')}
            onClick={() => openOverlay('settingPop')}
            data-testid="header-settings"
          >
            <MenuIcon />
          </button>
        )}
        <Link to="/home" className="logo" aria-label={t('brand.home')} data-testid="header-logo">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span className="logo__word">{t('brand.name')}</span>
        </Link>
        {showNav && <MainNav placement="top" />}
        <div className="topbar__actions">
          {token ? (
            <>
              {showBack && <OfferButton compact />}
              <BalanceButton balance={user ? (held ?? user.balance) : null} />
              <button
                type="button"
                className="avatar-button"
                aria-label={t('header.openMenu')}
                onClick={() => openOverlay('myPop')}
                data-testid="header-avatar"
              >
                <Avatar index={user?.header ?? 1} />
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => openOverlay('login')}
                data-testid="header-login"
              >
                {t('header.login')}
              </button>
              <button
                type="button"
                className="button button--gold button--small"
                onClick={() => openOverlay('register')}
                data-testid="header-register"
              >
                {t('header.register')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
