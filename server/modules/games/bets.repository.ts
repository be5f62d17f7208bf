import type { Trx } from '../../infra/db/connection';

/**
 * A casino bet that stays open until its game ends: a MINES game (drawn from the player's seed
 * pair) or a bet in a shared round (drawn from the round's chain). Instant bets are written by
 * `play_instant` in the database itself.
 */
export type OpenBet = {
  id: string;
  userId: number;
  game: string;
  amountCents: number;
  bonusCents: number;
  params: string;
} & ({ roundId: string } | { serverSeedHash: string; clientSeed: string; nonce: number });

/** Writes an open bet with what its outcome is drawn from. */
export async function insertOpenBet(trx: Trx, bet: OpenBet): Promise<void> {
  await trx
    .insertInto('bets')
    .values({
      id: bet.id,
      user_id: bet.userId,
      game: bet.game,
      amount_cents: bet.amountCents,
      bonus_cents: bet.bonusCents,
      status: 'open',
      params: bet.params,
      ...('roundId' in bet
        ? { round_id: bet.roundId }
        : { server_seed_hash: bet.serverSeedHash, client_seed: bet.clientSeed, nonce: bet.nonce }),
    })
    .execute();
}
