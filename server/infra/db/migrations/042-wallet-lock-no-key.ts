import { sql, type Kysely } from 'kysely';

/**
 * `wallet_lock` takes the player's row and wallet FOR NO KEY UPDATE, as `lockPlayer` does
 * (platform/money/lock-order.ts): the same order among money paths, but no longer blocking the
 * foreign-key checks of rows that name the player. A seed rotation holds the player's seed pair and
 * records the old pair (a row naming the player), while an instant bet held the player's row FOR
 * UPDATE and waited for the seed pair: a deadlock, one of them a 500
 * (tests/server/attack-races-games.test.ts). Otherwise as in migration 040.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function wallet_lock(p_user integer, out cash bigint, out bonus bigint)
    language plpgsql as $$
    begin
      perform 1 from users where id = p_user for no key update;
      select balance into cash from ledger_accounts where code = 'user_cash:' || p_user for no key update;
      select balance into bonus from ledger_accounts where code = 'user_bonus:' || p_user for no key update;
      cash := coalesce(cash, 0);
      bonus := coalesce(bonus, 0);
    end $$`.execute(db);
}
