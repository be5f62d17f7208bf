import { readItem, writeItem } from './storage';

/** `devices` header value: every browser build of Trevo identifies itself the same way (spec 7). */
export const DEVICES_HEADER = 'BWEBAPP';

export type DeviceType = 'app' | 'web';

/** Spec 3: the device type is `app` on Android, iPhone or iPad, else `web`. */
export function deviceType(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): DeviceType {
  return /Android|iPhone|iPad/i.test(userAgent) ? 'app' : 'web';
}

let zone: string | undefined;

/**
 * The browser's IANA time zone (the `zone` header), e.g. `America/Sao_Paulo`: read once, since
 * every request sends it and reading it makes a date formatter.
 */
export function timeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}

/**
 * Stable browser properties, deliberately without canvas or audio probes: they are enough to tell
 * devices apart for risk scoring, and reading them does not fingerprint more than the header set.
 */
function fingerprintSource(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  const parts = [
    nav?.userAgent,
    nav?.language,
    nav?.languages?.join(','),
    nav?.hardwareConcurrency,
    (nav as (Navigator & { deviceMemory?: number }) | undefined)?.deviceMemory,
    nav?.maxTouchPoints,
    scr?.width,
    scr?.height,
    scr?.colorDepth,
    typeof devicePixelRatio === 'number' ? devicePixelRatio : undefined,
    timeZone(),
    new Date().getTimezoneOffset(),
  ];
  return parts.map((p) => (p === undefined ? '' : String(p))).join('|');
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * SHA-256 in hex: the browser's own (Web Crypto, in every secure context: https and localhost), so
 * the first page carries no hashing code; a page served over plain http elsewhere (a phone on the
 * LAN during development) loads a JavaScript implementation.
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto?.subtle) return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(bytes));
}

/** The sha256 hex digest of the browser's fingerprint properties, with a salt when given. */
export function computeDeviceId(salt = ''): Promise<string> {
  return sha256Hex(fingerprintSource() + salt);
}

let drawing: Promise<string> | null = null;

/**
 * The device id sent as `deviceId`: computed once, then persisted so it survives a browser update.
 * The fingerprint is salted with random bytes drawn at that moment: two phones of one model with
 * the same settings give the same fingerprint, and the multi-accounting queue (issue 19) must tell
 * two players with the same phone from one player with two accounts on one browser. Requests sent
 * together on a first visit share one drawing, so they all carry the same id.
 */
export function deviceId(): Promise<string> {
  const stored = readItem('deviceId');
  if (stored) return Promise.resolve(stored);
  drawing ??= (async () => {
    const salt = new Uint8Array(16);
    crypto.getRandomValues(salt);
    const id = await computeDeviceId(toHex(salt));
    writeItem('deviceId', id);
    return id;
  })().finally(() => {
    drawing = null;
  });
  return drawing;
}
