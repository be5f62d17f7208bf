import { bytesToHex, hexToBytes, hmacSha256, sha256OfHexBytes } from './hash';

/**
 * The pre-committed hash chain of the round games (DOUBLE, LUCKYCOLOR): each hash is SHA-256 of
 * the next one's raw 32 bytes, rounds consume the chain from its end, and the terminating hash is
 * published first, so no round's result can be chosen after publication.
 */

/** The hash before `hex` in the chain: SHA-256 of its raw bytes. */
export function previousInChain(hex: string): string {
  return sha256OfHexBytes(hex);
}

/** True when `hash` is the round right after `previous` (SHA-256(hash) = previous). */
export function followsInChain(hash: string, previous: string): boolean {
  return previousInChain(hash) === previous.toLowerCase();
}

/** The round's 52-bit value: the first 13 hex digits of HMAC-SHA256(key = salt text, raw hash bytes). */
export function roundValue(salt: string, roundHash: string): bigint {
  const digest = bytesToHex(hmacSha256(salt, hexToBytes(roundHash)));
  return BigInt(`0x${digest.slice(0, 13)}`);
}

const TWO_52 = 1n << 52n;

/** DOUBLE: tile 0–14 = floor(r × 15 / 2^52), integers only. */
export function doubleTile(salt: string, roundHash: string): number {
  return Number((roundValue(salt, roundHash) * 15n) / TWO_52);
}

/** LUCKYCOLOR: digit 0–9 = floor(r × 10 / 2^52), integers only. */
export function luckyDigit(salt: string, roundHash: string): number {
  return Number((roundValue(salt, roundHash) * 10n) / TWO_52);
}
