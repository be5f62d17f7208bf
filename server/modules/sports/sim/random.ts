import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Seeded randomness of the simulated feed (research/sports.md §3.6 "Determinism"): every draw
 * comes from a stream named by the feed seed and what it is for (a fixture, a day, a drift step),
 * so the same seed replays the same world on every instance, in any order of questions. This is
 * market simulation, not a game outcome: it needs reproducibility, not secrecy.
 */
export type Random = () => number;

/** A uniform [0, 1) stream (sfc32) seeded by the SHA-256 of the parts. */
export function randomStream(...parts: Array<string | number>): Random {
  const digest = sha256(utf8ToBytes(parts.join('|')));
  const word = (i: number) =>
    ((digest[i]! << 24) | (digest[i + 1]! << 16) | (digest[i + 2]! << 8) | digest[i + 3]!) >>> 0;
  let a = word(0);
  let b = word(4);
  let c = word(8);
  let d = word(12);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(r: Random): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

/** An integer in [lo, hi]. */
export function intBetween(r: Random, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

/** One element of a non-empty list. */
export function pick<T>(r: Random, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(r: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
