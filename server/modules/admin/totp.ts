import { createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP (RFC 6238 over RFC 4226 HOTP) with the parameters every authenticator app understands:
 * HMAC-SHA1, 30-second steps, 6 digits. node:crypto already has HMAC-SHA1, so no dependency.
 */

/** Seconds per TOTP step (RFC 6238 default, what authenticator apps assume). */
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that are still accepted, for clock drift and typing time. */
export const TOTP_WINDOW = 1;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Issuer shown in the authenticator app. */
export const TOTP_ISSUER = 'Trevo';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (the form otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[=\s]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('invalid base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP code of `counter` (RFC 4226 dynamic truncation). */
export function hotp(secret: string, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(bin).padStart(TOTP_DIGITS, '0');
}

/** The step number at `nowMs`. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of the step at `nowMs`. */
export function totpCode(secret: string, nowMs: number = Date.now()): string {
  return hotp(secret, totpStep(nowMs));
}

/**
 * The step a code matches within ±TOTP_WINDOW of now, or null. The caller refuses a step it has
 * already accepted (replay).
 */
export function matchTotp(secret: string, code: string, nowMs: number = Date.now()): number | null {
  const now = totpStep(nowMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (hotp(secret, step) === code) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app reads from the enrolment QR code. */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
