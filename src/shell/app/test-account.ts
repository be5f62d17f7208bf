import { createStore } from '../../lib/store';
import { fetchTestAccount, type TestAccount } from '../../services/wallet-api';
import { openOverlay } from './overlay-store';
import { signOut } from './session';

/**
 * Demo accounts (spec 1, 2 and 6): `getUserTest` issues one, the credentials popup shows it, and the
 * login form is filled from it — the captcha is still the player's to answer. The credentials stay
 * in memory only: a password is never written to storage.
 */

export const testAccountStore = createStore<TestAccount | null>(null);

/** Credentials waiting to fill the login form the next time it opens. */
export const loginPrefillStore = createStore<{ username: string; pwd: string } | null>(null);

/** Issues a demo account and shows its credentials. */
export async function requestTestAccount(): Promise<void> {
  try {
    testAccountStore.set(await fetchTestAccount());
    openOverlay('testAccount');
  } catch {
    // The API client has told the player why.
  }
}

/** Opens the login form filled with the demo account's credentials. */
export function fillLoginWithTestAccount(): void {
  const account = testAccountStore.get();
  if (account) loginPrefillStore.set({ username: account.username, pwd: account.pwd });
  openOverlay('login');
}

/** The switch-account box of a demo account: logs out and opens login or registration. */
export async function switchAccount(to: 'login' | 'register'): Promise<void> {
  await signOut();
  openOverlay(to);
}
