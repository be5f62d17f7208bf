import { randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { sha256Hex } from '../../../domain/fairness/hash';
import { AppError } from '../../infra/http/errors';

/**
 * Per-player seeds of the instant games: the server seed (32 random bytes as 64 hex characters)
 * is committed by its SHA-256 before any bet, the next one is committed in advance, the client
 * seed is the player's, and the nonce counts bets under the pair.
 */
const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

export interface SeedRow {
  server_seed: string;
  server_seed_hash: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** The player's seed pair, created on first use; locked for update inside a transaction. */
export async function seedsFor(db: Db | Trx, userId: number, lock = false): Promise<SeedRow> {
  const read = () => {
    const q = db
      .selectFrom('player_seeds')
      .select(['server_seed', 'server_seed_hash', 'next_server_seed_hash', 'client_seed', 'nonce'])
      .where('user_id', '=', userId);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  };
  const existing = await read();
  if (existing) return existing;
  const seed = newServerSeed();
  const next = newServerSeed();
  await db
    .insertInto('player_seeds')
    .values({
      user_id: userId,
      server_seed: seed,
      server_seed_hash: sha256Hex(seed),
      next_server_seed: next,
      next_server_seed_hash: sha256Hex(next),
      client_seed: newClientSeed(),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await read())!;
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
  const open = await trx
    .selectFrom('mines_games')
    .select('bet_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) throw new AppError(409, 'rotateWhileMines');
  const row = await trx
    .selectFrom('player_seeds')
    .select(['next_server_seed', 'next_server_seed_hash'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const next = newServerSeed();
  await trx
    .insertInto('revealed_seeds')
    .values({
      user_id: userId,
      server_seed: current.server_seed,
      server_seed_hash: current.server_seed_hash,
      client_seed: current.client_seed,
      last_nonce: current.nonce,
    })
    .execute();
  const newClient = clientSeed ?? newClientSeed();
  await trx
    .updateTable('player_seeds')
    .set({
      server_seed: row.next_server_seed,
      server_seed_hash: row.next_server_seed_hash,
      next_server_seed: next,
      next_server_seed_hash: sha256Hex(next),
      client_seed: newClient,
      nonce: 0,
    })
    .where('user_id', '=', userId)
    .execute();
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
