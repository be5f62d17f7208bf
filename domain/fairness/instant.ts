import { hmacSha256Keyed } from './hash';

/**
 * The per-player seed scheme of the instant games (design/games.md "Fairness"): HMAC-SHA256 keyed
 * with the server seed's hex TEXT over `${clientSeed}:${nonce}:${round}`, digests concatenated,
 * every 4 bytes one float in [0, 1). Independent verifiers of the widely used scheme agree with it.
 */
export const FAIRNESS_VERSION = 1;

/** The first `count` floats for a bet. */
export function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = hmacSha256Keyed(serverSeed, `${clientSeed}:${nonce}:${round}`);
    for (let i = 0; i + 4 <= bytes.length && out.length < count; i += 4) {
      out.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
    }
  }
  return out;
}

/** DICE: a roll of 0.00–100.00 (10,001 outcomes). */
export function diceRollFromFloat(f: number): number {
  return Math.floor(f * 10001) / 100;
}

/** LIMBO: a result ≥ 1.00×, evaluated in IEEE double in the published order. */
export function limboResultFromFloat(f: number, edge: number): number {
  return Math.max(1, Math.floor((1e8 / (f * 1e8)) * (1 - edge) * 100) / 100);
}

/** MINES: the tiles (0–24, row-major) holding the `mines` mines. */
export function minesFromFloats(fs: readonly number[], mines: number): number[] {
  const pool = Array.from({ length: 25 }, (_, i) => i);
  const picked: number[] = [];
  for (const f of fs.slice(0, 24)) picked.push(pool.splice(Math.floor(f * pool.length), 1)[0]!);
  return picked.slice(0, mines);
}

/** ROWDOUBLE: a tile 0–14 of the DOUBLE table. */
export function rowDoubleTileFromFloat(f: number): number {
  return Math.floor(f * 15);
}

export type InstantGame = 'dice' | 'limbo' | 'mines' | 'rowdouble';

/** What a set of seeds gives for a game (the public calculator and the server use this). */
export function instantOutcome(
  game: InstantGame,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  options: { edge?: number; mines?: number } = {},
): { roll: number } | { result: number } | { mines: number[] } | { tile: number } {
  const { serverSeed, clientSeed, nonce } = seeds;
  if (game === 'mines')
    return { mines: minesFromFloats(floats(serverSeed, clientSeed, nonce, 24), options.mines ?? 3) };
  const [f] = floats(serverSeed, clientSeed, nonce, 1) as [number];
  if (game === 'dice') return { roll: diceRollFromFloat(f) };
  if (game === 'limbo') return { result: limboResultFromFloat(f, options.edge ?? 0.01) };
  return { tile: rowDoubleTileFromFloat(f) };
}
