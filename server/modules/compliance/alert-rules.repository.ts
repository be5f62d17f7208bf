import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';

/**
 * The reads behind the compliance rules (issue 19; issue 17: SQL here, the rules and their
 * thresholds in alert-rules.ts). Each answers the rows a rule weighs; every window comes in as
 * instants, so the rules keep deciding what "recent" means.
 */

/** Paid deposits of at least `minCents` since `since`. */
export async function largeDeposits(db: Db, since: Date, minCents: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['id', 'user_id', 'amount_cents', 'paid_at', 'end_to_end_id'])
    .where('status', '=', '10')
    .where('paid_at', '>=', since)
    .where('amount_cents', '>=', minCents)
    .execute();
}

/** Withdrawals of at least `minCents` asked for since `since`, whatever became of them. */
export async function largeWithdrawals(db: Db, since: Date, minCents: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount_cents', 'created_at', 'account', 'payout_state'])
    .where('created_at', '>=', since)
    .where('amount_cents', '>=', minCents)
    .execute();
}

export interface SplitWindowRow {
  user_id: number;
  last_at: Date | string;
  n: string;
  total: string;
  list: string;
}

/**
 * For each operation of at most `underCents` between `since` and `now`, the 24 hours up to it when
 * they hold at least `minCount` such operations of the player that together pass `underCents`:
 * their count, sum and ids in time order.
 */
export async function splitWindows(
  db: Db,
  table: 'deposit_orders' | 'withdrawals',
  w: { underCents: number; since: Date; now: Date; minCount: number },
): Promise<SplitWindowRow[]> {
  const when = table === 'deposit_orders' ? sql.ref('paid_at') : sql.ref('created_at');
  // A deposit counts once paid; a withdrawal once asked for, unless an operator refused it.
  const counts = table === 'deposit_orders' ? sql`status = '10'` : sql`payout_state <> 'rejected'`;
  const { rows } = await sql<SplitWindowRow>`
    select d.user_id, d.${when} as last_at, count(*) as n, sum(e.amount_cents) as total,
      string_agg(e.id, ',' order by e.${when}) as list
    from ${sql.table(table)} d
    join ${sql.table(table)} e on e.user_id = d.user_id and e.${counts}
      and e.amount_cents <= ${w.underCents}
      and e.${when} > d.${when} - interval '24 hours' and e.${when} <= d.${when}
    where d.${counts} and d.amount_cents <= ${w.underCents} and d.${when} >= ${w.since}
      and d.${when} <= ${w.now}
    group by d.user_id, d.id, d.${when}
    having count(*) >= ${w.minCount} and sum(e.amount_cents) > ${w.underCents}`.execute(db);
  return rows;
}

export interface MoneyInOutRow {
  id: string;
  user_id: number;
  amount_cents: string;
  created_at: Date | string;
  deposited: string;
  received: string;
  staked: string;
}

/**
 * Withdrawals asked for between `since` and `now` and not refused, each with what its player
 * deposited, received from other players and staked (casino and sports) in the 7 days before it.
 * Staked is what counted as play (`wager_cents`, the wagering rule's own figure) and what is still
 * at risk in an open bet: a stake given back — a void or cancelled sports bet, a cancelled round —
 * was no play (counted whole, it hid a deposit withdrawn after a voided bet).
 */
export async function withdrawalsWithWeekBefore(db: Db, since: Date, now: Date): Promise<MoneyInOutRow[]> {
  const { rows } = await sql<MoneyInOutRow>`
    select w.id, w.user_id, w.amount_cents, w.created_at,
      (select coalesce(sum(d.amount_cents), 0) from deposit_orders d
        where d.user_id = w.user_id and d.status = '10'
          and d.paid_at > w.created_at - interval '7 days' and d.paid_at <= w.created_at) as deposited,
      (select coalesce(sum(t.amount_cents), 0) from transfers t
        where t.to_user_id = w.user_id
          and t.created_at > w.created_at - interval '7 days' and t.created_at <= w.created_at) as received,
      (select coalesce(sum(case when b.status = 'open' then b.amount_cents else b.wager_cents end), 0)
        from bets b
        where b.user_id = w.user_id
          and b.created_at > w.created_at - interval '7 days' and b.created_at <= w.created_at)
      + (select coalesce(sum(case when s.state in ('open', 'pending') then s.stake_cents
                                  else s.wager_cents end), 0)
        from sports_bets s
        where s.user_id = w.user_id
          and s.placed_at > w.created_at - interval '7 days' and s.placed_at <= w.created_at) as staked
    from withdrawals w
    where w.created_at >= ${since} and w.created_at <= ${now}
      and w.payout_state <> 'rejected'`.execute(db);
  return rows;
}

/** A value two accounts or more share, with the ids of those accounts (comma-separated). */
export interface SharedValueRow {
  value: string;
  list: string;
}

/**
 * A phone as its national number: digits only, without the country code 55 or a trunk 0, so
 * "(21) 97777-6666", "+55 21 97777-6666" and "021 97777 6666" are one phone.
 */
const NATIONAL_PHONE = sql`regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^(55(?=\\d{10,11}$)|0(?=\\d{10,11}$))', '')`;

/**
 * A name as people are the same under it: lower case, accents and combining marks gone, spaces
 * collapsed ("José  da Silva", "Jose da Silva" and "JOSÉ DA SILVA" are one name).
 */
const PLAIN_NAME = sql`trim(regexp_replace(translate(regexp_replace(lower(name), '[\u0300-\u036f]', '', 'g'),
  'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'), '\\s+', ' ', 'g'))`;

// Test accounts never count in the shared values below: each query joins or filters on test_flag.

/** Phones (national numbers) of two real accounts or more. */
export async function sharedPhones(db: Db): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select p.value, string_agg(p.id::text, ',' order by p.id) as list
        from (select id, ${NATIONAL_PHONE} as value from users where test_flag = 0) p
        where p.value <> ''
        group by p.value having count(*) >= 2`.execute(db);
  return rows;
}

/** PIX keys withdrawn to or saved by two real accounts or more. */
export async function sharedPixKeys(db: Db): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select k.account as value, string_agg(distinct k.user_id::text, ',') as list
        from (select user_id, account from withdrawals union select user_id, account from payout_accounts) k
        join users u on u.id = k.user_id and u.test_flag = 0
        where k.account <> ''
        group by k.account having count(distinct k.user_id) >= 2`.execute(db);
  return rows;
}

/** Documents (the CPF signed up with, or the one given at the identity check) of two accounts or more. */
export async function sharedDocuments(db: Db): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select d.doc as value, string_agg(distinct d.id::text, ',') as list
        from (select id, cpf as doc from users where test_flag = 0
              union select id, kyc_document from users where test_flag = 0 and kyc_document is not null) d
        where d.doc <> ''
        group by d.doc having count(distinct d.id) >= 2`.execute(db);
  return rows;
}

/** A plain name with a birth date, of two real accounts or more. */
export async function sharedNameAndBirth(db: Db): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select n.value, string_agg(n.id::text, ',' order by n.id) as list
        from (select id, ${PLAIN_NAME} || ' ' || birth_date as value from users
              where test_flag = 0 and birth_date is not null and trim(name) <> '') n
        group by n.value having count(*) >= 2`.execute(db);
  return rows;
}

/** Network addresses (but `except`) players signed in from since `since`, by `minAccounts` accounts or more. */
export async function sharedIps(
  db: Db,
  since: Date,
  except: readonly string[],
  minAccounts: number,
): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select s.ip as value, string_agg(distinct s.subject_id::text, ',') as list
        from sessions s join users u on u.id = s.subject_id and u.test_flag = 0
        where s.kind = 'player' and s.ip is not null and s.created_at >= ${since}
          and s.ip not in (${sql.join(except)})
        group by s.ip having count(distinct s.subject_id) >= ${minAccounts}`.execute(db);
  return rows;
}

/** Browser device ids two real accounts or more signed in with since `since`. */
export async function sharedDevices(db: Db, since: Date): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select s.device_id as value, string_agg(distinct s.subject_id::text, ',') as list
        from sessions s join users u on u.id = s.subject_id and u.test_flag = 0
        where s.kind = 'player' and s.device_id is not null and s.created_at >= ${since}
        group by s.device_id having count(distinct s.subject_id) >= 2`.execute(db);
  return rows;
}

/** Home keys (domain/address.ts) that two real accounts or more gave an address of since `since`. */
export async function sharedAddresses(db: Db, since: Date): Promise<SharedValueRow[]> {
  const { rows } = await sql<SharedValueRow>`
        select h.address_key as value, string_agg(distinct h.user_id::text, ',') as list
        from user_addresses h join users u on u.id = h.user_id and u.test_flag = 0
        where h.created_at >= ${since}
        group by h.address_key having count(distinct h.user_id) >= 2`.execute(db);
  return rows;
}

/**
 * Players with at least `minDeposits` paid deposits after `since` (up to `now`): their count, sum,
 * and what the player lost since `since` (player_lost_cents, the loss limits' own sum).
 */
export async function depositBursts(db: Db, since: Date, now: Date, minDeposits: number) {
  const { rows } = await sql<{ user_id: number; n: string; total: string; lost: string }>`
    select d.user_id, count(*) as n, sum(d.amount_cents) as total,
      player_lost_cents(d.user_id, ${since}) as lost
    from deposit_orders d
    where d.status = '10' and d.paid_at > ${since} and d.paid_at <= ${now}
    group by d.user_id having count(*) >= ${minDeposits}`.execute(db);
  return rows;
}

/**
 * Players refused at least `minHits` times by their own limits after `since` (up to `now`): how
 * often, when last, and which limits.
 */
export async function frequentLimitHits(db: Db, since: Date, now: Date, minHits: number) {
  const { rows } = await sql<{ user_id: number; n: string; last_at: Date | string; list: string }>`
    select user_id, count(*) as n, max(at) as last_at, string_agg(distinct split_part(detail, ' ', 1), ', ') as list
    from rg_events where kind = 'limit_hit' and at > ${since} and at <= ${now}
    group by user_id having count(*) >= ${minHits}`.execute(db);
  return rows;
}

/**
 * Limit raises that took effect after `since` (up to `now`) followed by paid deposits within
 * `windowHours`: the raise, and those deposits' count and sum.
 */
export async function depositsAfterRaises(db: Db, since: Date, now: Date, windowHours: number) {
  const { rows } = await sql<{
    id: number;
    user_id: number;
    detail: string;
    at: Date | string;
    n: string;
    total: string;
  }>`
    select e.id, e.user_id, e.detail, e.at, count(d.id) as n, sum(d.amount_cents) as total
    from rg_events e
    join deposit_orders d on d.user_id = e.user_id and d.status = '10'
      and d.paid_at >= e.at and d.paid_at < e.at + ${windowHours}::float8 * interval '1 hour'
    where e.kind = 'limit_raised' and e.at > ${since} and e.at <= ${now}
    group by e.id, e.user_id, e.detail, e.at`.execute(db);
  return rows;
}
