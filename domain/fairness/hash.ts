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
