import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database but useless to whoever reads it (operators' TOTP seeds): AES-256-GCM
 * with a key that lives outside the database (`TREVO_SECRET_KEY`). A sealed value reads
 * `v1.<base64url of iv ‖ tag ‖ ciphertext>`; anything else is a value stored before sealing
 * existed and is read as is.
 */

const PREFIX = 'v1.';

/** The 32-byte key from `TREVO_SECRET_KEY` (64 hex characters or base64 of 32 bytes). */
export function parseSecretKey(text: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * The development key: fixed, so a development database keeps working across restarts. Production
 * refuses to start without `TREVO_SECRET_KEY` (server/infra/config.ts), so this never protects real data.
 */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256').update('trevo development secret key').digest();

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a sealed value (throws when the key is wrong or the value was tampered with). */
export function openSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
