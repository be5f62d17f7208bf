import type { UserInfo } from '../../../domain/schemas/user.schema';
import type { OfferKind } from '../../machines/offer-countdown.machine';
import { closeOverlay, overlayStore } from '../app/overlay-store';
import { patchUserInfo, sessionStore } from '../app/session';
import { offerStore } from './offer-store';

/**
 * The deposit offer of the session (spec 2 `secondDeposit`): which offer is open and how long it
 * has left. One countdown actor serves the offer panel and the floating button; it restarts when the
 * server's user info brings a new `fcCountdown`, and its end closes the offer everywhere.
 */

export { offerStore, useOffer, type OfferState } from './offer-store';

/** The offer a user info has open: the first-deposit one before the second (spec 2). */
export function openOffer(info: UserInfo | null): { kind: OfferKind; seconds: number } | null {
  if (!info || info.testFlag === 1) return null;
  for (const kind of ['FPDATA', 'FCDATA'] as const) {
    const offer = info.paypackage[kind];
    if (offer.fcOpen && offer.fcCountdown > 0) return { kind, seconds: offer.fcCountdown };
  }
  return null;
}

/** Stops the running countdown actor. */
let stopCountdown: (() => void) | null = null;
/** The offer and seconds the running countdown was started from. */
let startedFrom = '';

/** Spec 4: the countdown finishing clears the offer — in the session, the store and its panel. */
function clearOffer(kind: OfferKind): void {
  stopCountdown = null;
  startedFrom = '';
  offerStore.set(null);
  const info = sessionStore.get().userInfo;
  if (info) patchUserInfo({ paypackage: { ...info.paypackage, [kind]: { fcOpen: false, fcCountdown: 0 } } });
  if (overlayStore.get() === 'secondDeposit') closeOverlay();
}

function sync(): void {
  const offer = openOffer(sessionStore.get().userInfo);
  const signature = offer ? `${offer.kind}:${offer.seconds}` : '';
  if (signature === startedFrom) return;
  startedFrom = signature;
  stopCountdown?.();
  stopCountdown = null;
  if (!offer) {
    offerStore.set(null);
    return;
  }
  // The store shows the offer at once; the actor (and XState with it) arrives a moment later.
  offerStore.set({ kind: offer.kind, remainingMs: offer.seconds * 1000 });
  void import('./offer-countdown-runner').then(({ runOfferCountdown }) => {
    if (startedFrom !== signature) return; // a newer offer (or none) replaced it meanwhile
    stopCountdown = runOfferCountdown(offer, (state) => offerStore.set(state), clearOffer);
  });
}

let installed = false;

/** Follows the session's offers for the life of the page. */
export function installOfferCountdown(): void {
  if (installed) return;
  installed = true;
  sessionStore.subscribe(sync);
  sync();
}
