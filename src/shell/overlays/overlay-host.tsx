import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { laterTexts } from '../../lib/i18n';
import { useOverlay } from '../app/overlay-store';

/** A panel's chunk and the pt_BR texts the first page leaves out (src/lib/i18n.ts), side by side. */
function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), laterTexts()]);
    return { default: Component };
  });
}

/**
 * The panels are chunks of their own, fetched when first opened: a visitor's first page carries
 * none of the forms, the wallet or their machines (issue 5's first-page budget). Each loads in
 * well under a second; a spinner covers the wait.
 */
const AuthPanel = lazyPanel(async () => (await import('./auth-panel')).AuthPanel);
const AvatarPicker = lazyPanel(async () => (await import('./avatar-picker')).AvatarPicker);
const ChangePasswordPanel = lazyPanel(
  async () => (await import('./change-password-panel')).ChangePasswordPanel,
);
const PasswordResetPanel = lazyPanel(async () => (await import('./password-reset-panel')).PasswordResetPanel);
const TestAccountPanel = lazyPanel(async () => (await import('./test-account-panel')).TestAccountPanel);
const SettingPanel = lazyPanel(async () => (await import('./setting-panel')).SettingPanel);
const UserMenu = lazyPanel(async () => (await import('./user-menu')).UserMenu);
const KycPanel = lazyPanel(async () => (await import('../wallet/kyc-panel')).KycPanel);
const OfferPanel = lazyPanel(async () => (await import('../wallet/offer-panel')).OfferPanel);
const GameDepositPanel = lazyPanel(async () => (await import('../wallet/offer-panel')).GameDepositPanel);
const WalletPopup = lazyPanel(async () => (await import('../wallet/wallet-popup')).WalletPopup);
const SupportChat = lazyPanel(async () => (await import('../support/support-chat')).SupportChat);

/** Shown while a panel's chunk loads. */
function PanelLoading() {
  const { t } = useTranslation();
  return (
    <div className="loading-layer" role="progressbar" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}

/** Renders the overlay the store names. */
export function OverlayHost() {
  const name = useOverlay();
  const panel = (() => {
    switch (name) {
      case 'login':
      case 'register':
        return <AuthPanel tab={name} />;
      case 'passwordReset':
        return <PasswordResetPanel />;
      case 'myPop':
        return <UserMenu />;
      case 'settingPop':
        return <SettingPanel />;
      case 'changePassword':
        return <ChangePasswordPanel />;
      case 'avatar':
        return <AvatarPicker />;
      case 'deposit':
      case 'withdraw':
        return <WalletPopup tab={name} />;
      case 'secondDeposit':
        return <OfferPanel />;
      case 'gameDeposit':
        return <GameDepositPanel />;
      case 'editBank':
        return <KycPanel />;
      case 'testAccount':
        return <TestAccountPanel />;
      case 'supportChat':
        return <SupportChat />;
      default:
        return null;
    }
  })();

  // The page behind a panel must not scroll on phones.
  const open = panel !== null;
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, [open]);

  return panel && <Suspense fallback={<PanelLoading />}>{panel}</Suspense>;
}
