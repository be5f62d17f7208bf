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

/**
 * Whether the player's bonus was turned into cash (a `bonus_release`, decision 92) after the
 * latest of these payouts. Its bonus share then sits in cash, and a reversal takes it from there:
 * the bonus the player holds now is a later gift, still waiting on its own wagering (found by the
 * red-team review of decision 92). False when none of the payouts is found.
 */
export async function bonusReleasedSince(trx: Trx, userId: number, payoutKeys: string[]): Promise<boolean> {
  if (payoutKeys.length === 0) return false;
  const { rows } = await sql<{ released: boolean }>`
    with paid as (
      select max(t.id) as id from ledger_transactions t
        where t.idempotency_key in (${sql.join(payoutKeys)})
    )
    select exists (
      select 1 from bonus_releases r, paid
        where paid.id is not null and r.user_id = ${userId} and r.transaction_id > paid.id
    ) as released`.execute(trx);
  return rows[0]!.released;
}
