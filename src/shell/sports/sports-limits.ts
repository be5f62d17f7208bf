import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store';
import { fetchSportsLimits, type SportsLimits } from '../../services/sports-api';

/**
 * The operator's betting limits, read once per visit: they change only with the configuration.
 * The slip and a partial cash-out use them to say a limit before the player confirms; the server
 * checks each again, so a visit whose read failed only learns the limit from a refusal.
 */
export const sportsLimits = createStore<SportsLimits | null>(null);

let loading = false;

/**
 * Reads the limits unless they are here or on their way; a failed read is tried again next time.
 * `again` reads them even when here: an operator may have changed them since (the slip asks when
 * "Apostar" meets a limit, so a raised limit frees the bet without a reload).
 */
export function loadSportsLimits(again = false): void {
  if ((sportsLimits.get() && !again) || loading) return;
  loading = true;
  fetchSportsLimits()
    .then((limits) => sportsLimits.set(limits))
    .catch(() => undefined)
    .finally(() => {
      loading = false;
    });
}

/** The limits, read when the first component that needs them mounts. */
export function useSportsLimits(): SportsLimits | null {
  useEffect(() => loadSportsLimits(), []);
  return useStore(sportsLimits, (limits) => limits);
}
