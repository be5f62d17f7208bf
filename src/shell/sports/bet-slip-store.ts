import { useSelector } from '@xstate/react';
import { createActor, type SnapshotFrom } from 'xstate';
import { createStore, useStore } from '../../lib/store';
import { betSlipMachine, selectionKey } from '../../machines/sports/bet-slip.machine';
import { pickedKeys, slipLoaded } from './slip-picks';
import type { OddsChangePreference } from '../../services/sports-api';
import { loadSportsLimits, sportsLimits } from './sports-limits';

/**
 * The one bet slip of the visit: an actor that outlives the pages, so selections made on the
 * sportsbook home stay on the slip on a fixture's page. The odds-change preference is remembered
 * on the device. "Minhas apostas" re-reads when `betsVersion` moves.
 */

const PREFERENCE_KEY = 'trevo.sports.oddsChange';

function readPreference(): OddsChangePreference {
  try {
    const stored = localStorage.getItem(PREFERENCE_KEY);
    return stored === 'higher' || stored === 'any' ? stored : 'none';
  } catch {
    return 'none';
  }
}

/** Bumped whenever bets were placed, settled or cashed out, so lists re-read. */
export const betsVersion = createStore(0);

/** Asks the bet lists to re-read. */
export function bumpBets(): void {
  betsVersion.set((n) => n + 1);
}

/** The re-read counter for the bet lists. */
export function useBetsVersion(): number {
  return useStore(betsVersion, (n) => n);
}

let actor: ReturnType<typeof createSlipActor> | null = null;

function createSlipActor() {
  const machine = betSlipMachine.provide({ actions: { betsPlaced: () => bumpBets() } });
  const created = createActor(machine, { input: { oddsChange: readPreference() } });
  let last = created.getSnapshot().context.oddsChange;
  created.subscribe((snapshot) => {
    const keys = snapshot.context.selections.map(selectionKey);
    const shown = pickedKeys.get();
    if (keys.length !== shown.size || keys.some((k) => !shown.has(k))) pickedKeys.set(new Set(keys));
    if (snapshot.context.oddsChange === last) return;
    last = snapshot.context.oddsChange;
    try {
      localStorage.setItem(PREFERENCE_KEY, last);
    } catch {
      // Private mode: the preference lasts for the visit only.
    }
  });
  created.start();
  // The slip checks the limits the visit last read (null until then, or after a reset).
  const passLimits = () => created.send({ type: 'slip.limits', limits: sportsLimits.get() });
  sportsLimits.subscribe(passLimits);
  passLimits();
  loadSportsLimits();
  return created;
}

/** The slip's actor, started on first use. */
export function betSlip() {
  actor ??= createSlipActor();
  return actor;
}

slipLoaded((event) => betSlip().send(event));

type SlipSnapshot = SnapshotFrom<typeof betSlipMachine>;

/** Reads a slice of the slip and re-renders when it changes. */
export function useSlip<T>(selector: (snapshot: SlipSnapshot) => T): T {
  return useSelector(betSlip(), selector);
}
