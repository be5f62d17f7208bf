import i18n from '../../lib/i18n';
import { configureApiClient } from '../../services/api-client';
import { loadingStore, showAlert, showToast } from './dialogs';
import { navigateTo } from './navigation';
import { openOverlay, overlayStore } from './overlay-store';
import { endSession, sessionStore, signOut } from './session';

/** Session changes and dialogs that also move the player somewhere (spec 4 and 8). */

/** The user menu's Sair: logs out, then home with the login panel open (spec 4). */
export async function logoutAndGoHome(): Promise<void> {
  await signOut();
  navigateTo('/home');
  openOverlay('login');
}

/**
 * HTTP 401 / body 40101. A player who had a session is logged out and sent home to log in again; a
 * visitor is simply asked to log in. A toast, not an alert: several queued calls can fail together.
 */
export function expireSession(message: string): void {
  if (sessionStore.get().token) {
    endSession();
    navigateTo('/home');
    openOverlay('login');
    showToast(message || i18n.t('dict.loginAgain'));
    return;
  }
  if (!overlayStore.get()) openOverlay('login');
  showToast(message || i18n.t('dict.loginFirst'));
}

/** Spec 6: visitors are asked to log in (alert, then the login panel) instead of reaching `to`. */
export function askToLogIn(): void {
  void showAlert(i18n.t('dict.loginFirst')).then(() => openOverlay('login'));
}

/** Opens the deposit side of the wallet popup, which lives on the account page. */
export function openDeposit(): void {
  navigateTo('/conta');
  openOverlay('deposit');
}

/** Opens the withdrawal side of the wallet popup. */
export function openWithdraw(): void {
  navigateTo('/conta');
  openOverlay('withdraw');
}

/** Plugs the shell's reactions into the API client's error catalogue. */
export function installApiHandlers(): void {
  configureApiClient({
    onLogout: expireSession,
    openGameDeposit: () => openOverlay('gameDeposit'),
    openDeposit,
    alert: showAlert,
    goToErrorPage: () => navigateTo('/error'),
    loading: (visible) => loadingStore.set(visible),
  });
}
