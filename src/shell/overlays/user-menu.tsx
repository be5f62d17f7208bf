import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { navigateTo } from '../app/navigation';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { useUserInfo } from '../app/session';
import { logoutAndGoHome, openDeposit, openWithdraw } from '../app/shell-actions';
import { switchAccount } from '../app/test-account';
import { Avatar } from '../components/avatar';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CrownIcon,
  KeyIcon,
  ListIcon,
  LogoutIcon,
  WalletIcon,
} from '../components/icons';
import { Modal } from '../components/modal';

function MenuButton({
  icon,
  label,
  onClick,
  testId,
  tone,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId: string;
  tone?: 'danger';
}) {
  return (
    <li>
      <button
        type="button"
        className={`menu-item${tone ? ` menu-item--${tone}` : ''}`}
        onClick={onClick}
        data-testid={testId}
      >
        <span className="menu-item__icon">{icon}</span>
        <span>{label}</span>
      </button>
    </li>
  );
}

/** The user menu 'myPop' (spec 2): who is playing, and the account's actions. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const go = (path: string) => {
    closeOverlay();
    navigateTo(path);
  };

  return (
    <Modal title={t('menu.title')} onClose={closeOverlay} testId="user-menu" variant="sheet">
      <div className="profile">
        <button
          type="button"
          className="profile__avatar"
          onClick={() => openOverlay('avatar')}
          aria-label={t('menu.changeAvatar')}
          data-testid="user-menu-avatar"
        >
          <Avatar index={user?.header ?? 1} />
        </button>
        <div className="profile__who">
          <p className="profile__email" data-testid="user-menu-email">
            {user?.email ?? ''}
          </p>
          <p className="badge badge--gold" data-testid="user-menu-vip">
            <CrownIcon /> {t('menu.vipLevel', { level: user?.level ?? 0 })}
          </p>
        </div>
      </div>
      {user && (
        <dl className="balances">
          <div>
            <dt>{t('menu.balance')}</dt>
            <dd>{formatMoney(user.balance)}</dd>
          </div>
          <div>
            <dt>{t('menu.bonus')}</dt>
            <dd>{formatMoney(user.bonusBalance)}</dd>
          </div>
        </dl>
      )}
      {user?.testFlag === 1 && (
        <div className="callout" data-testid="menu-test-box">
          <p className="muted">{t('menu.testAccount')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button--gold button--small"
              onClick={() => void switchAccount('register')}
              data-testid="menu-create-real"
            >
              {t('testAccount.createReal')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void switchAccount('login')}
              data-testid="menu-switch-account"
            >
              {t('testAccount.switch')}
            </button>
          </div>
        </div>
      )}
      <ul className="menu">
        <MenuButton
          icon={<ArrowDownIcon />}
          label={t('menu.deposit')}
          onClick={openDeposit}
          testId="menu-deposit"
        />
        <MenuButton
          icon={<ArrowUpIcon />}
          label={t('menu.withdraw')}
          onClick={openWithdraw}
          testId="menu-withdraw"
        />
        <MenuButton
          icon={<WalletIcon />}
          label={t('menu.account')}
          onClick={() => go('/conta')}
          testId="menu-account"
        />
        <MenuButton icon={<CrownIcon />} label={t('menu.vip')} onClick={() => go('/vip')} testId="menu-vip" />
        <MenuButton
          icon={<ListIcon />}
          label={t('menu.records')}
          onClick={() => go('/registros')}
          testId="menu-records"
        />
        <MenuButton
          icon={<KeyIcon />}
          label={t('menu.changePassword')}
          onClick={() => openOverlay('changePassword')}
          testId="menu-change-password"
        />
        <MenuButton
          icon={<LogoutIcon />}
          label={t('menu.logout')}
          onClick={() => void logoutAndGoHome()}
          testId="menu-logout"
          tone="danger"
        />
      </ul>
    </Modal>
  );
}
