import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { checkpointHash, findChain, insertChain, storedChain } from './games.repository';

/**
 * The hash chain of a round game (games.md): h_L is drawn at random, h_(i−1) = SHA-256(raw h_i),
 * round n uses h_n, and h_0 (the terminating hash) and a public salt are published before the
 * first round. Only checkpoints every 1,000 links are stored; any link is recomputed from the
 * next checkpoint up (at most 999 hashes).
 */
const CHECKPOINT = 1000;

const previous = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

export interface Chain {
  game: string;
  salt: string;
  terminatingHash: string;
  length: number;
}

/** A stored chain never changes, so the schedulers' 4 ticks a second need not read it again. */
const known = new WeakMap<Db, Map<string, Chain>>();

/** The game's chain, generated and stored on first use. */
export async function ensureChain(db: Db, game: string, length: number): Promise<Chain> {
  const cached = known.get(db)?.get(game);
  if (cached) return cached;
  const chain = await loadOrCreateChain(db, game, length);
  if (!known.has(db)) known.set(db, new Map());
  known.get(db)!.set(game, chain);
  return chain;
}

async function loadOrCreateChain(db: Db, game: string, length: number): Promise<Chain> {
  const existing = await findChain(db, game);
  if (existing)
    return { game, salt: existing.salt, terminatingHash: existing.terminating_hash, length: existing.length };
  const checkpoints: Array<{ game: string; idx: number; hash: string }> = [];
  let hash = randomBytes(32).toString('hex');
  for (let i = length; i >= 0; i--) {
    if (i % CHECKPOINT === 0 || i === length) checkpoints.push({ game, idx: i, hash });
    if (i > 0) hash = previous(hash);
  }
  const salt = randomBytes(32).toString('hex');
  await db.transaction().execute(async (trx) => {
    await insertChain(trx, { game, salt, terminatingHash: hash, length }, checkpoints);
  });
  // Read back: when another instance stored the game's chain first, its chain is the one in use.
  const stored = await storedChain(db, game);
  return { game, salt: stored.salt, terminatingHash: stored.terminating_hash, length: stored.length };
}

/** The hash of round `n` (0 = the terminating hash). */
export async function hashAt(db: Db | Trx, game: string, n: number, length: number): Promise<string> {
  const idx = Math.min(length, Math.ceil(n / CHECKPOINT) * CHECKPOINT);
  let hash = await checkpointHash(db, game, idx);
  for (let i = idx; i > n; i--) hash = previous(hash);
  return hash;
}
