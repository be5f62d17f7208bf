import { ApiError } from './api-client';

/**
 * Idempotency keys for the calls that move money (API.md "Idempotency"): one new key per player
 * action, and the same key again when that action is retried without knowing whether the first
 * attempt reached the server. A key the server has answered (even with a refusal, which it
 * records) is never reused: the next attempt is a new action, possibly under new limits.
 */

/** The request header the server reads. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key: 32 hex characters from the browser's CSPRNG. `crypto.randomUUID` would be shorter to
 * write, but it only exists in secure contexts and the site is also opened over plain LAN addresses.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of one player action, with what the action sends so a changed request gets a new key. */
export interface ActionKey {
  key: string;
  /** The request body the key was made for, in a stable text form. */
  fingerprint: string;
}

/** The key for an action sending `fingerprint`: the unanswered previous one if it was the same. */
export function keyForAction(previous: ActionKey | null, fingerprint: string): ActionKey {
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newIdempotencyKey(), fingerprint };
}

/**
 * True when a failed money call may or may not have taken effect: no answer at all (timeout,
 * dropped connection), a server error, or the 409 that says the first attempt with this key is
 * still running (`data.running`). Only then is the key kept for a retry. Any other 409 is a
 * refusal the server recorded under the key (odds changed, option closed): retrying with that key
 * would only replay it.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  // ApiError's data is the whole answer: the envelope's own `data` is inside it.
  if (error.httpStatus === 409) {
    return (error.data as { data?: { running?: unknown } | null } | null)?.data?.running === true;
  }
  return error.httpStatus !== null && error.httpStatus >= 500;
}

/** What a machine keeps after a money call failed: the key when a retry must reuse it, else none. */
export function keyAfterFailure(current: ActionKey | null, error: unknown): ActionKey | null {
  return isOutcomeUnknown(error) ? current : null;
}
