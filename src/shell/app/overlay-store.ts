import { createStore, useStore } from '../../lib/store';

/**
 * Spec 2: overlays are chosen by one name, and the empty name means closed, so at most one panel
 * is open at a time. 'deposit' and 'withdraw' are the two tabs of one wallet popup.
 */
export type OverlayName =
  | 'login'
  | 'register'
  | 'passwordReset'
  | 'myPop'
  | 'settingPop'
  | 'changePassword'
  | 'avatar'
  | 'deposit'
  | 'withdraw'
  | 'gameDeposit'
  | 'secondDeposit'
  | 'editBank'
  | 'testAccount'
  | 'supportChat';

export const overlayStore = createStore<OverlayName | ''>('');

/** Opens `name`, replacing whatever was open. */
export function openOverlay(name: OverlayName): void {
  overlayStore.set(name);
}

/** Closes the open overlay. */
export function closeOverlay(): void {
  overlayStore.set('');
}

/** The open overlay's name ('' when closed). */
export function useOverlay(): OverlayName | '' {
  return useStore(overlayStore, (name) => name);
}
