import { sql, type Kysely } from 'kysely';

/**
 * A payout's split between the wallets rounds in the house's favour (trust review): `bet_pay`
 * rounded the bonus share down, so the cash share took the remainder, and a bet staked with one
 * centavo of cash and 99 of bonus won two centavos of withdrawable cash on a R$ 1,01 payout, one
 * more than its share. Five wins in a row moved bonus into cash that way. The cash share is now
 * rounded down and bonus takes the remainder; the rule is one function, which `bet_pay` and the
 * sports reversal (taking a corrected payout back) both call, so a reversal takes back exactly the
 * split that was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function payout_bonus_share(p_amount bigint, p_stake bigint, p_bonus_part bigint)
    returns bigint language sql immutable as $$
      select case when p_stake <= 0 or p_amount <= 0 then 0
                  else p_amount - (p_amount * (p_stake - p_bonus_part)) / p_stake end
    $$`.execute(db);

  await sql`
    create or replace function bet_pay(
      p_user integer, p_amount bigint, p_stake bigint, p_bonus_part bigint,
      p_key text, p_kind text, p_reference text, p_house text
    ) returns jsonb language plpgsql as $$
    declare
      v_bonus_share bigint;
      v_posted jsonb;
    begin
      if p_amount <= 0 then
        return jsonb_build_object('balances', '{}'::jsonb);
      end if;
      v_bonus_share := payout_bonus_share(p_amount, p_stake, p_bonus_part);
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        p_amount - v_bonus_share, v_bonus_share, p_house);
      return jsonb_build_object('balances', v_posted->'balances');
    end $$`.execute(db);
}
