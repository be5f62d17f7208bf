import { FREE_BALANCE_THRESHOLD, LOW_BALANCE_THRESHOLD } from '../../../domain/codes';
import { onSocketEvent } from '../../services/socket';
import { openOverlay, overlayStore, type OverlayName } from '../app/overlay-store';
import { sessionStore } from '../app/session';
import { installOfferCountdown } from './offers';

/**
 * Spec 4: a cash balance under 10 from the socket opens the game-deposit plan, and a spendable
 * balance under 0.51 opens the deposit. A panel the player already has open (a payment in
 * progress, a withdrawal form) is never replaced by one they did not ask for; demo accounts
 * cannot deposit, so they are not offered to.
 */
function offer(overlay: OverlayName): void {
  if (overlayStore.get() !== '') return;
  if (sessionStore.get().userInfo?.testFlag === 1) return;
  openOverlay(overlay);
}

let installed = false;

/** Starts the socket reactions and the offer countdown of the wallet, once. */
export function installWalletReactions(): void {
  if (installed) return;
  installed = true;
  onSocketEvent('insBalance', ({ balance }) => {
    if (balance < LOW_BALANCE_THRESHOLD) offer('gameDeposit');
  });
  onSocketEvent('freeBalance', ({ freeBalance }) => {
    if (freeBalance < FREE_BALANCE_THRESHOLD) offer('deposit');
  });
  installOfferCountdown();
}
