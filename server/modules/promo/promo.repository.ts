import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { bonusRequirementPlus } from '../../platform/money/bonus-requirement';

/**
 * The promotions' queries (issue 17: a module's SQL lives in its repository, its rules in its
 * services): bonus receipts, the bonus turnover, the player's bonus credits, and the referral
 * tree three levels deep (`users.referrer_id`).
 */

export interface Receipt {
  bonus_id: string;
  kind: string;
  amount_cents: string | number | bigint;
}

/** Every bonus the player has received (`promo_receipts`). */
export async function receiptsOf(db: Db | Trx, userId: number): Promise<Receipt[]> {
  return db
    .selectFrom('promo_receipts')
    .select(['bonus_id', 'kind', 'amount_cents'])
    .where('user_id', '=', userId)
    .execute();
}

/** The player's test flag (0 for a real account, undefined when there is no such player). */
export async function testFlagOf(db: Db | Trx, userId: number): Promise<number | undefined> {
  const user = await db.selectFrom('users').select('test_flag').where('id', '=', userId).executeTakeFirst();
  return user?.test_flag;
}

/** Records a receipt; false when the player already has one with this id. */
export async function insertReceipt(
  trx: Trx,
  receipt: { userId: number; bonusId: string; kind: 'gift' | 'agent' | 'commission'; amountCents: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('promo_receipts')
    .values({
      user_id: receipt.userId,
      bonus_id: receipt.bonusId,
      kind: receipt.kind,
      amount_cents: receipt.amountCents,
    })
    .onConflict((oc) => oc.columns(['user_id', 'bonus_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Raises what the player must wager before bonus turns into cash by `cents` (bonusRequirementPlus). */
export async function addBonusTurnover(trx: Trx, userId: number, cents: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      bonus_turnover_required_cents: bonusRequirementPlus(cents),
    })
    .where('id', '=', userId)
    .execute();
}

/** The player's last 20 credits to the bonus wallet (VIP awards, deposit gifts, promotions). */
export async function bonusCredits(
  db: Db,
  userId: number,
): Promise<Array<{ kind: string; amount: string; created_at: Date; reference: string }>> {
  const { rows } = await sql<{ kind: string; amount: string; created_at: Date; reference: string }>`
    select lt.kind, p.amount, lt.created_at, lt.reference
      from ledger_postings p
      join ledger_transactions lt on lt.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
      where a.user_id = ${userId} and a.kind = 'user_bonus'
        and lt.kind in ('vip_award', 'deposit_gift', 'promotion')
      order by lt.created_at desc, lt.id desc limit 20`.execute(db);
  return rows;
}

/** The bonus turnover still required, and what the player has wagered. */
export async function turnoverOf(
  db: Db,
  userId: number,
): Promise<{
  bonus_turnover_required_cents: string | number | bigint;
  wagered_cents: string | number | bigint;
}> {
  return db
    .selectFrom('users')
    .select(['bonus_turnover_required_cents', 'wagered_cents'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The invitees `userId` brought in, three levels deep, with their level (a recursive CTE). */
const chain = (userId: number) => sql`
  with recursive chain(id, lvl) as (
    select id, 1 from users where referrer_id = ${userId}
    union all
    select u.id, c.lvl + 1 from users u join chain c on u.referrer_id = c.id where c.lvl < 3
  )`;

export interface InviteeRow {
  username: string;
  created_at: Date;
  wagered_cents: string;
  first_deposit: string | null;
  total_deposit: string | null;
  total: string;
}

/** One page of the invitees at `level`, newest first, with their deposits and the level's count. */
export async function inviteesAt(
  db: Db,
  userId: number,
  level: number,
  page: number,
  size: number,
): Promise<InviteeRow[]> {
  const { rows } = await sql<InviteeRow>`${chain(userId)}
    select u.username, u.created_at, u.wagered_cents,
      (select d.amount_cents from deposit_orders d where d.user_id = u.id and d.status = '10'
        order by d.paid_at asc, d.id asc limit 1) as first_deposit,
      (select sum(d.amount_cents) from deposit_orders d where d.user_id = u.id and d.status = '10') as total_deposit,
      count(*) over () as total
    from users u where u.id in (select id from chain where lvl = ${level})
    order by u.created_at desc, u.id desc
    limit ${size} offset ${(page - 1) * size}`.execute(db);
  return rows;
}

/** How many invitees there are at `level`. */
export async function countAtLevel(db: Db, userId: number, level: number): Promise<number> {
  const r = await sql<{
    n: string;
  }>`${chain(userId)} select count(*) as n from chain where lvl = ${level}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Per level: the invitees, their wagers and the commission at `rates` (each share rounded down). */
export async function levelSums(
  db: Db | Trx,
  userId: number,
  rates: readonly [number, number, number],
): Promise<Array<{ lvl: number; persons: string; wagered: string | null; commission: string | null }>> {
  const { rows } = await sql<{
    lvl: number;
    persons: string;
    wagered: string | null;
    commission: string | null;
  }>`
    ${chain(userId)}
    select c.lvl, count(*) as persons, sum(u.wagered_cents) as wagered,
      sum(floor(u.wagered_cents * (array[${rates[0]}, ${rates[1]}, ${rates[2]}]::numeric[])[c.lvl])) as commission
    from chain c join users u on u.id = c.id group by c.lvl`.execute(db);
  return rows;
}

/** Direct invitees whose first paid deposit reached `minFirstDepositCents`. */
export async function qualifiedInviteeCount(
  db: Db | Trx,
  userId: number,
  minFirstDepositCents: number,
): Promise<number> {
  const r = await sql<{ n: string }>`
    select count(*) as n from users u
    where u.referrer_id = ${userId}
      and (select d.amount_cents from deposit_orders d where d.user_id = u.id and d.status = '10'
           order by d.paid_at asc, d.id asc limit 1) >= ${minFirstDepositCents}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
