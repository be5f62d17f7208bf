import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Synchronous hashing that runs the same in Node and in the browser, so a player can verify any
 * bet with exactly the code the server used (ARCHITECTURE.md).
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of raw bytes given as hex (hash chains hash the raw 32 bytes, not their text). */
export function sha256OfHexBytes(hex: string): string {
  return bytesToHex(sha256(hexToBytes(hex)));
}

/** HMAC-SHA256 with a text key over a text or raw-bytes message. */
export function hmacSha256(keyText: string, message: string | Uint8Array): Uint8Array {
  return hmac(sha256, utf8ToBytes(keyText), typeof message === 'string' ? utf8ToBytes(message) : message);
}

export { bytesToHex, hexToBytes };

let keyed: { key: string; state: ReturnType<typeof hmac.create> } | undefined;

/**
 * HMAC-SHA256 under a text key that is reused across many messages (a server seed over its
 * nonces): the keyed state is prepared once and cloned per message, which is what makes the
 * statistical suites and bulk verification fast. Same result as `hmacSha256`.
 */
export function hmacSha256Keyed(keyText: string, message: string): Uint8Array {
  if (keyed?.key !== keyText) keyed = { key: keyText, state: hmac.create(sha256, utf8ToBytes(keyText)) };
  return keyed.state.clone().update(utf8ToBytes(message)).digest();
}
