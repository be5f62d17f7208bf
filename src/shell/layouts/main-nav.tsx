import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { openOverlay, useOverlay } from '../app/overlay-store';
import { sessionStore } from '../app/session';
import { HomeIcon, UserIcon, WalletIcon } from '../components/icons';

/**
 * Spec 2 / ARCHITECTURE.md: home → /home, deal → /conta, my → the user menu (login for visitors).
 * `deal` is the wallet (balance, deposit, withdrawal), so its tab reads Carteira, not Ofertas: a
 * label must say where the tab goes (decision 66).
 */
function openMy(): void {
  openOverlay(sessionStore.get().token ? 'myPop' : 'login');
}

/** The main navigation: a bottom tab bar on phones, a row in the top bar on wide screens. */
export function MainNav({ placement }: { placement: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const className = ({ isActive }: { isActive: boolean }) =>
    `main-nav__item${isActive ? ' main-nav__item--active' : ''}`;
  return (
    <nav className={`main-nav main-nav--${placement}`} aria-label={t('nav.label')}>
      <NavLink to="/home" className={className} data-testid="nav-home">
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to="/conta" className={className} data-testid="nav-deal">
        <WalletIcon />
        <span>{t('nav.deal')}</span>
      </NavLink>
      <button
        type="button"
        className={`main-nav__item${overlay === 'myPop' ? ' main-nav__item--active' : ''}`}
        onClick={openMy}
        data-testid="nav-my"
      >
        <UserIcon />
        <span>{t('nav.my')}</span>
      </button>
    </nav>
  );
}
