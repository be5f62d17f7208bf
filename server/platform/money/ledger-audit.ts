import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';

/**
 * Re-derives every balance from the postings and checks the invariants of design/security.md.
 * Returns one line per violation; an empty list means the ledger is sound.
 */
export async function auditLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

  for (const r of await rows<{ transaction_id: string; total: string; n: string }>(sql`
    select transaction_id, sum(amount) as total, count(*) as n from ledger_postings
    group by transaction_id having sum(amount) <> 0 or count(*) < 2`)) {
    problems.push(`transaction ${r.transaction_id} is unbalanced (sum ${r.total}, ${r.n} postings)`);
  }
  for (const r of await rows<{ id: string }>(sql`
    select id from ledger_transactions t
    where not exists (select 1 from ledger_postings p where p.transaction_id = t.id)`)) {
    problems.push(`transaction ${r.id} has no postings`);
  }
  const [total] = await rows<{ total: string | null }>(sql`select sum(amount) as total from ledger_postings`);
  if (Number(total?.total ?? 0) !== 0) problems.push(`all postings sum to ${total?.total}, not 0`);

  for (const r of await rows<{ code: string; balance: string }>(sql`
    select code, balance from ledger_accounts where tracks_balance and balance < 0`)) {
    problems.push(`account ${r.code} is negative (${r.balance})`);
  }
  for (const r of await rows<{
    code: string;
    balance: string;
    derived: string;
    version: string;
    n: string;
  }>(sql`
    select a.code, a.balance, coalesce(sum(p.amount), 0) as derived, a.version, count(p.id) as n
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    where a.tracks_balance
    group by a.id
    having a.balance <> coalesce(sum(p.amount), 0) or a.version <> count(p.id)`)) {
    problems.push(
      `account ${r.code}: cached ${r.balance} (v${r.version}) but postings give ${r.derived} (${r.n})`,
    );
  }
  for (const r of await rows<{ account_id: number; id: string }>(sql`
    select account_id, id from (
      select p.account_id, p.id, p.balance_after, p.account_version,
             sum(p.amount) over (partition by p.account_id order by p.id) as running,
             row_number() over (partition by p.account_id order by p.id) as rn
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.tracks_balance) x
    where x.running <> x.balance_after or x.rn <> x.account_version`)) {
    problems.push(
      `posting ${r.id} of account ${r.account_id} breaks the running balance or version sequence`,
    );
  }
  // Wagering is what was risked (migration 021): each player's total is what the settled bets
  // counted, no bet counts more than its stake, and none not settled as played counts anything.
  for (const r of await rows<{ id: number; wagered: string; counted: string }>(sql`
    select u.id, u.wagered_cents as wagered,
           coalesce((select sum(wager_cents) from bets where user_id = u.id), 0)
         + coalesce((select sum(wager_cents) from sports_bets where user_id = u.id), 0) as counted
      from users u
     where u.wagered_cents <> coalesce((select sum(wager_cents) from bets where user_id = u.id), 0)
                            + coalesce((select sum(wager_cents) from sports_bets where user_id = u.id), 0)`)) {
    problems.push(`player ${r.id} has wagered ${r.wagered} but the settled bets count ${r.counted}`);
  }
  for (const r of await rows<{ id: string }>(sql`
    select id from bets
     where wager_cents < 0 or wager_cents > amount_cents or (status <> 'settled' and wager_cents <> 0)
    union all
    select id from sports_bets
     where wager_cents < 0 or wager_cents > stake_cents
        or (state not in ('settled', 'cashed_out') and wager_cents <> 0)
        or (state = 'settled' and result_code in (0, 90, -10) and wager_cents <> 0)`)) {
    problems.push(`bet ${r.id} counts a wager it did not risk`);
  }
  problems.push(...(await auditBonusReleases(db)));
  const triggers = await rows<{ n: string }>(sql`
    select count(*) as n from pg_trigger where tgname in ('ledger_postings_append_only', 'ledger_transactions_append_only')`);
  if (Number(triggers[0]?.n ?? 0) !== 2) problems.push('the append-only triggers of the ledger are missing');
  return problems;
}

/**
 * Bonus releases (migration 044). Each `bonus_release` transaction moved the player's whole bonus
 * balance to their cash: exactly two postings, user_bonus −X and user_cash +X of one player, X > 0,
 * the bonus account left at 0; it has its `bonus_releases` record (the same player and amount) and
 * every record its transaction; the totals recorded with it show the wagering met the requirement,
 * and that requirement is no more than the player's now (a requirement never goes down). What it
 * cannot check: that the wagering recorded was the player's total at that moment, since the total
 * is not kept as a history (a later correction may have lowered it; a release is final).
 */
async function auditBonusReleases(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string; problem: string }>`
    with moves as (
      select t.id, count(*) as n,
             sum(case when a.kind = 'user_bonus' then p.amount end) as bonus_amount,
             sum(case when a.kind = 'user_cash' then p.amount end) as cash_amount,
             max(case when a.kind = 'user_bonus' then p.balance_after end) as bonus_after,
             count(distinct a.user_id) as players, min(a.user_id) as user_id
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        join ledger_accounts a on a.id = p.account_id
       where t.kind = 'bonus_release'
       group by t.id)
    select m.id::text, 'does not move one player''s whole bonus to cash' as problem from moves m
     where m.n <> 2 or m.players <> 1 or m.bonus_amount is null or m.cash_amount is null
        or m.bonus_amount >= 0 or m.cash_amount <> -m.bonus_amount or m.bonus_after <> 0
    union all
    select m.id::text, 'has no record of its release, or another amount' from moves m
     where not exists (select 1 from bonus_releases r
                        where r.transaction_id = m.id and r.user_id = m.user_id
                          and r.amount_cents = m.cash_amount)
    union all
    select r.transaction_id::text, 'is recorded without its transaction' from bonus_releases r
     where not exists (select 1 from ledger_transactions t
                        where t.id = r.transaction_id and t.kind = 'bonus_release')
    union all
    select r.transaction_id::text, 'released before the wagering met the requirement'
      from bonus_releases r join users u on u.id = r.user_id
     where r.wagered_cents < r.required_cents or r.required_cents > u.bonus_turnover_required_cents`.execute(
    db,
  );
  return rows.map((r) => `bonus release ${r.id} ${r.problem}`);
}
