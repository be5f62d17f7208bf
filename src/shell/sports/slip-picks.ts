import type { EventFrom } from 'xstate';
import { selectionKey } from '../../machines/sports/slip-selection';
import type { betSlipMachine, SlipSelection } from '../../machines/sports/bet-slip.machine';
import { createStore, useStore } from '../../lib/store';

/**
 * The slip as the price buttons and lists see it, without loading it: the keys of the selections
 * on it, mirrored by bet-slip-store.ts from the slip's actor, and a way to reach the actor once it
 * exists. The slip (and XState with it) loads with the first pick or the first page that shows it,
 * so home's sports highlights cost no more than their rows.
 */
export const pickedKeys = createStore<ReadonlySet<string>>(new Set());

type SlipEvent = EventFrom<typeof betSlipMachine>;

/** The loaded slip's `send`; bet-slip-store.ts registers it when it loads. */
let sendToSlip: ((event: SlipEvent) => void) | null = null;

export function slipLoaded(send: (event: SlipEvent) => void): void {
  sendToSlip = send;
}

/** True while this outcome is on the slip. */
export function usePicked(selection: Parameters<typeof selectionKey>[0]): boolean {
  const key = selectionKey(selection);
  return useStore(pickedKeys, (keys) => keys.has(key));
}

/** Puts the selection on the slip or takes it off; the slip loads with the first pick. */
export function togglePick(selection: Omit<SlipSelection, 'moved' | 'available'>): void {
  void import('./bet-slip-store').then(({ betSlip }) => betSlip().send({ type: 'slip.toggle', selection }));
}

/**
 * Passes prices from the feed to the slip. A slip not loaded yet holds no selection whose price
 * could be stale, so there is nothing to update.
 */
export function feedSlip(event: Extract<SlipEvent, { type: 'feed.odds' }>): void {
  sendToSlip?.(event);
}
