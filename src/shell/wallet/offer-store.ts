import { createStore, useStore } from '../../lib/store';
import type { OfferKind } from '../../machines/offer-countdown.machine';

/**
 * The open deposit offer and its time left (spec 2 `secondDeposit`), as the pages read it; its
 * countdown is kept by offers.ts. Apart from offers.ts so a lazy page can read it without
 * importing the countdown's wiring: the deposit sheet importing offers.ts split four of the first
 * page's modules into chunks of their own (+1.1 kB gzip on home, issue 18).
 */
export interface OfferState {
  kind: OfferKind;
  remainingMs: number;
}

export const offerStore = createStore<OfferState | null>(null);

/** The open offer, or null. */
export function useOffer(): OfferState | null {
  return useStore(offerStore, (offer) => offer);
}
