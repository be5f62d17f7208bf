import { userInfoSchema, type UserInfo } from '../../domain/schemas/user.schema';

/**
 * The values Trevo keeps in localStorage (API.md "Persisted keys"). Every read goes through here so
 * a key's spelling lives in one place and a blocked storage (private mode, quota) never throws.
 */
export const STORAGE_KEYS = {
  token: 'token',
  pixelId: 'pixelId',
  apiKey: 'apiKey',
  userInfo: 'userInfo',
  lang: 'lang',
  yqm: 'yqm',
  isapp: 'isapp',
  deviceId: 'deviceId',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * Keys that describe the device or the site rather than the player. Logout keeps them: the next
 * player on this phone still reads the language and app mode the device was set to, and the
 * fingerprint would only be recomputed to the same value.
 */
const DEVICE_KEYS: readonly StorageKey[] = ['lang', 'isapp', 'apiKey', 'deviceId'];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored text of `key`, or null when absent or storage is unavailable. */
export function readItem(key: StorageKey): string | null {
  try {
    return store()?.getItem(STORAGE_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null or an empty string removes it. */
export function writeItem(key: StorageKey, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null || value === '') s.removeItem(STORAGE_KEYS[key]);
    else s.setItem(STORAGE_KEYS[key], value);
  } catch {
    // A full or blocked storage must not break the page; the value simply is not remembered.
  }
}

/** The stored user info, if it is still a valid snapshot (an old or tampered value is dropped). */
export function readUserInfo(): UserInfo | null {
  const raw = readItem('userInfo');
  if (!raw) return null;
  try {
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores (or with null removes) the user-info snapshot shown before the server answers. */
export function writeUserInfo(info: UserInfo | null): void {
  writeItem('userInfo', info ? JSON.stringify(info) : null);
}

/** Logout: removes everything that belongs to the player (token, user info, invite, pixel). */
export function clearAll(): void {
  for (const key of Object.keys(STORAGE_KEYS) as StorageKey[]) {
    if (!DEVICE_KEYS.includes(key)) writeItem(key, null);
  }
}

/** True when the page runs inside the Trevo app shell (`?isapp=1` was seen). */
export function isAppMode(): boolean {
  return readItem('isapp') === '1';
}
