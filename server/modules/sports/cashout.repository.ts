import type { Trx } from '../../infra/db/connection';
import type { BetRow } from './bets.repository';

/**
 * Cash-out's queries (cashout.service.ts): the player's bet locked while it is bought back, and
 * what a full or a partial cash-out writes on it.
 */

/**
 * The player's bet, its row locked for the rest of the transaction (settlement takes the same
 * lock: a bet is settled or cashed out, never both); undefined when it is not the player's.
 */
export async function lockPlayerBet(trx: Trx, userId: number, betId: string): Promise<BetRow | undefined> {
  return trx
    .selectFrom('sports_bets')
    .selectAll()
    .where('id', '=', betId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Closes a bet cashed out in full: nothing rides any more. */
export async function saveFullCashout(
  trx: Trx,
  betId: string,
  cashout: {
    resultCode: number;
    orderStatus: number;
    cashedOutCents: number;
    settleSeq: number;
    settledAt: Date;
  },
): Promise<void> {
  await trx
    .updateTable('sports_bets')
    .set({
      state: 'cashed_out',
      result_code: cashout.resultCode,
      order_status: cashout.orderStatus,
      stake_open_cents: 0,
      cashed_out_cents: cashout.cashedOutCents,
      settle_seq: cashout.settleSeq,
      settled_at: cashout.settledAt,
    })
    .where('id', '=', betId)
    .execute();
}

/** Records a partial cash-out: the stake still riding, what it may return, what was taken. */
export async function savePartialCashout(
  trx: Trx,
  betId: string,
  cashout: { stakeOpenCents: number; cashedOutCents: number; potentialCents: number; settleSeq: number },
): Promise<void> {
  await trx
    .updateTable('sports_bets')
    .set({
      stake_open_cents: cashout.stakeOpenCents,
      cashed_out_cents: cashout.cashedOutCents,
      potential_cents: cashout.potentialCents,
      settle_seq: cashout.settleSeq,
    })
    .where('id', '=', betId)
    .execute();
}
