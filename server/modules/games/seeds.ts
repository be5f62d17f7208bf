import { randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { sha256Hex } from '../../../domain/fairness/hash';
import { AppError } from '../../infra/http/errors';
import {
  insertRevealedSeed,
  insertSeeds,
  nextServerSeed,
  readSeeds,
  rotateSeedPair,
  type SeedRow,
} from './seeds.repository';
import { openMinesGameId } from './mines.repository';

/**
 * Per-player seeds of the instant games: the server seed (32 random bytes as 64 hex characters)
 * is committed by its SHA-256 before any bet, the next one is committed in advance, the client
 * seed is the player's, and the nonce counts bets under the pair.
 */
const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/** The player's seed pair, created on first use; locked for update inside a transaction. */
export async function seedsFor(db: Db | Trx, userId: number, lock = false): Promise<SeedRow> {
  const existing = await readSeeds(db, userId, lock);
  if (existing) return existing;
  const seed = newServerSeed();
  const next = newServerSeed();
  await insertSeeds(db, {
    userId,
    serverSeed: seed,
    serverSeedHash: sha256Hex(seed),
    nextServerSeed: next,
    nextServerSeedHash: sha256Hex(next),
    clientSeed: newClientSeed(),
  });
  return (await readSeeds(db, userId, lock))!;
}

/** The public view: hashes, client seed and nonce, never the active server seed. */
export function publicSeeds(row: SeedRow) {
  return {
    serverSeedHash: row.server_seed_hash,
    nextServerSeedHash: row.next_server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
}

/**
 * Reveals the active server seed and moves to the committed next one with a fresh nonce (and the
 * client seed the player chose). Refused while a Mines game is open, whose board depends on it.
 */
export async function rotateSeeds(trx: Trx, userId: number, clientSeed?: string) {
  const current = await seedsFor(trx, userId, true);
  if ((await openMinesGameId(trx, userId)) !== undefined) throw new AppError(409, 'rotateWhileMines');
  const row = await nextServerSeed(trx, userId);
  const next = newServerSeed();
  await insertRevealedSeed(trx, {
    userId,
    serverSeed: current.server_seed,
    serverSeedHash: current.server_seed_hash,
    clientSeed: current.client_seed,
    lastNonce: current.nonce,
  });
  const newClient = clientSeed ?? newClientSeed();
  await rotateSeedPair(trx, userId, {
    serverSeed: row.next_server_seed,
    serverSeedHash: row.next_server_seed_hash,
    nextServerSeed: next,
    nextServerSeedHash: sha256Hex(next),
    clientSeed: newClient,
  });
  return {
    previousServerSeed: current.server_seed,
    previousServerSeedHash: current.server_seed_hash,
    previousClientSeed: current.client_seed,
    previousNonce: current.nonce,
    serverSeedHash: row.next_server_seed_hash,
    nextServerSeedHash: sha256Hex(next),
    clientSeed: newClient,
    nonce: 0,
  };
}
