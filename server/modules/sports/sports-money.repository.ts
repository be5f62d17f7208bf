import { sql } from 'kysely';
import type { Trx } from '../../infra/db/connection';

/** The query of sports money (sports-money.ts) that the ledger's own functions do not cover. */

/**
 * The bonus part of an amount paid on a bet staked partly with bonus, by the database's
 * `payout_bonus_share` (migration 025): the rule `bet_pay` used to pay it, so a reversal takes back
 * the split that was paid.
 */
export async function payoutBonusShare(
  trx: Trx,
  amountCents: number,
  stakeCents: number,
  bonusCents: number,
): Promise<number> {
  const { rows } = await sql<{ share: string }>`
    select payout_bonus_share(${amountCents}, ${stakeCents}, ${bonusCents}) as share`.execute(trx);
  return Number(rows[0]!.share);
}
