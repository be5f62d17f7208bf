import { useEffect, useRef } from 'react';
import { createStore } from '../lib/store';

/**
 * The server pays a bet before its draw has played. While a game plays the draw, the balance it
 * shows holds still, and so does the site header's (through this store), so neither tells the
 * result early. null: nothing held.
 */
export const balanceHoldStore = createStore<number | null>(null);

/**
 * The balance to show: while `holding`, the value it had when holding began; else `balance`.
 * With `publish` the hold also reaches the header (not for a replay's made-up balance).
 */
export function useHeldBalance<B extends number | null | undefined>(
  holding: boolean,
  balance: B,
  publish = true,
): B {
  const held = useRef<B | null>(null);
  if (!holding) held.current = null;
  else if (held.current === null) held.current = balance;
  const shown = holding ? (held.current as B) : balance;
  const heldValue = holding ? held.current : null;
  useEffect(() => {
    if (!publish) return;
    balanceHoldStore.set(typeof heldValue === 'number' ? heldValue : null);
  }, [publish, heldValue]);
  useEffect(() => () => balanceHoldStore.set(null), []);
  return shown;
}
