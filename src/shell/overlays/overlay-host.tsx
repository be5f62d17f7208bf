import { useEffect } from 'react';
import { useOverlay } from '../app/overlay-store';
import { AuthPanel } from './auth-panel';
import { AvatarPicker } from './avatar-picker';
import { ChangePasswordPanel } from './change-password-panel';
import { PasswordResetPanel } from './password-reset-panel';
import { TestAccountPanel } from './test-account-panel';
import { UserMenu } from './user-menu';
import { KycPanel } from '../wallet/kyc-panel';
import { GameDepositPanel, OfferPanel } from '../wallet/offer-panel';
import { WalletPopup } from '../wallet/wallet-popup';

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

  return panel;
}
