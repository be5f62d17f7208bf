import type { Db, Trx } from '../../infra/db/connection';

/**
 * The instant games' seed queries (issue 17: SQL in the repository, rules in the service): the
 * player's seed pair (`player_seeds`) and the pairs revealed by a rotation (`revealed_seeds`).
 * Drawing and hashing the seeds is seeds.ts's.
 */

export interface SeedRow {
  server_seed: string;
  server_seed_hash: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/**
 * The player's seed pair, if created; `lock` locks it for update (a bet or a rotation inside a
 * transaction, so two of them never use the same nonce).
 */
export async function readSeeds(db: Db | Trx, userId: number, lock: boolean): Promise<SeedRow | undefined> {
  const q = db
    .selectFrom('player_seeds')
    .select(['server_seed', 'server_seed_hash', 'next_server_seed_hash', 'client_seed', 'nonce'])
    .where('user_id', '=', userId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** A player's seed pair as it is written: the active server seed, the committed next one, the client's. */
type SeedPairValues = {
  serverSeed: string;
  serverSeedHash: string;
  nextServerSeed: string;
  nextServerSeedHash: string;
  clientSeed: string;
};

/** Creates the player's first seed pair; a no-op when a concurrent request created it first. */
export async function insertSeeds(db: Db | Trx, seeds: SeedPairValues & { userId: number }): Promise<void> {
  await db
    .insertInto('player_seeds')
    .values({
      user_id: seeds.userId,
      server_seed: seeds.serverSeed,
      server_seed_hash: seeds.serverSeedHash,
      next_server_seed: seeds.nextServerSeed,
      next_server_seed_hash: seeds.nextServerSeedHash,
      client_seed: seeds.clientSeed,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The committed next server seed (never shown before the rotation that makes it active). */
export async function nextServerSeed(trx: Trx, userId: number) {
  return trx
    .selectFrom('player_seeds')
    .select(['next_server_seed', 'next_server_seed_hash'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Sets the nonce the player's next bet uses (one past the bet just placed). */
export async function setSeedNonce(trx: Trx, userId: number, nonce: number): Promise<void> {
  await trx.updateTable('player_seeds').set({ nonce }).where('user_id', '=', userId).execute();
}

/** Keeps a rotated-out pair with its last nonce, so the player can verify the bets made with it. */
export async function insertRevealedSeed(
  trx: Trx,
  revealed: {
    userId: number;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    lastNonce: number;
  },
): Promise<void> {
  await trx
    .insertInto('revealed_seeds')
    .values({
      user_id: revealed.userId,
      server_seed: revealed.serverSeed,
      server_seed_hash: revealed.serverSeedHash,
      client_seed: revealed.clientSeed,
      last_nonce: revealed.lastNonce,
    })
    .execute();
}

/** Makes the committed next seed active, commits a new next one, and starts the nonce again at 0. */
export async function rotateSeedPair(trx: Trx, userId: number, pair: SeedPairValues): Promise<void> {
  await trx
    .updateTable('player_seeds')
    .set({
      server_seed: pair.serverSeed,
      server_seed_hash: pair.serverSeedHash,
      next_server_seed: pair.nextServerSeed,
      next_server_seed_hash: pair.nextServerSeedHash,
      client_seed: pair.clientSeed,
      nonce: 0,
    })
    .where('user_id', '=', userId)
    .execute();
}
