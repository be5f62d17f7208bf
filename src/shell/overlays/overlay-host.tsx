import { useEffect } from 'react';
import { useOverlay } from '../app/overlay-store';
import { AuthPanel } from './auth-panel';
import { AvatarPicker } from './avatar-picker';
import { ChangePasswordPanel } from './change-password-panel';
import { PasswordResetPanel } from './password-reset-panel';
import { UserMenu } from './user-menu';

/** Renders the overlay the store names; names owned by later issues render nothing yet. */
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
