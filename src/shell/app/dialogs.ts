import i18n from '../../lib/i18n';
import { createStore, useStore } from '../../lib/store';

/** The alert dialog, the toast and the global loading indicator, as stores any code can drive. */

export interface AlertItem {
  id: number;
  message: string;
  button: string;
  close: () => void;
}

/** Spec 9: a toast stays 1500 ms. */
export const TOAST_MS = 1500;

export const alertStore = createStore<readonly AlertItem[]>([]);
export const toastStore = createStore<{ id: number; text: string } | null>(null);
export const loadingStore = createStore<boolean>(false);

let nextId = 1;
const pending = new Map<number, Promise<void>>();

/**
 * Shows `message` with one button ('Eu entendi' by default) and resolves when it is closed. Alerts
 * queue one after the other; the same message already waiting is not shown twice.
 */
export function showAlert(message: string, button: string = i18n.t('common.understood')): Promise<void> {
  const waiting = alertStore.get().find((a) => a.message === message);
  if (waiting) return pending.get(waiting.id) ?? Promise.resolve();
  const id = nextId++;
  const promise = new Promise<void>((resolve) => {
    const close = () => {
      alertStore.set((list) => list.filter((a) => a.id !== id));
      pending.delete(id);
      resolve();
    };
    alertStore.set((list) => [...list, { id, message, button, close }]);
  });
  pending.set(id, promise);
  return promise;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a short message for 1500 ms; a newer toast replaces the current one. */
export function showToast(text: string): void {
  clearTimeout(toastTimer);
  toastStore.set({ id: nextId++, text });
  toastTimer = setTimeout(() => toastStore.set(null), TOAST_MS);
}

/** The alert on top of the queue, or undefined. */
export function useCurrentAlert(): AlertItem | undefined {
  return useStore(alertStore, (list) => list[0]);
}
