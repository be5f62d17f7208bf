import { useSyncExternalStore } from 'react';

/**
 * A tiny observable value for state that lives outside React (session, overlay, dialogs): the API
 * client's handlers and the router's loaders write it, components read it through `useStore`.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Every store's way back to its first value (`resetStores`). */
const resets: Array<() => void> = [];

/**
 * Sets every store back to the value it was created with. For tests whose files share one module
 * graph (vitest.config.ts, the client project): each file starts from the state a fresh page has,
 * not from what the previous file left (a logged-in player, an open panel).
 */
export function resetStores(): void {
  for (const reset of resets) reset();
}

/** Creates a store holding `initial`. Setting an identical value notifies nobody. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  resets.push(() => store.set(initial));
  return store;
}

/** Reads a slice of a store and re-renders when it changes. The selector must return a stable value. */
export function useStore<T, S>(store: Store<T>, selector: (value: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
