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

/**
 * Opens the deposit tab of the wallet popup over the current page: a player sent here by a failed
 * bet stays at the table. A visitor is asked to log in instead.
 */
export function openDeposit(): void {
  openOverlay(sessionStore.get().token ? 'deposit' : 'login');
}

/** Opens the withdrawal tab of the wallet popup (login for a visitor). */
export function openWithdraw(): void {
  openOverlay(sessionStore.get().token ? 'withdraw' : 'login');
}

/** Opens the low-balance recharge plan (body 9999 on a bet). */
export function openGameDeposit(): void {
  openOverlay(sessionStore.get().token ? 'gameDeposit' : 'login');
}

/** Plugs the shell's reactions into the API client's error catalogue. */
export function installApiHandlers(): void {
  configureApiClient({
    onLogout: expireSession,
    openGameDeposit,
    openDeposit,
    alert: showAlert,
    goToErrorPage: () => navigateTo('/error'),
    loading: (visible) => loadingStore.set(visible),
  });
}
