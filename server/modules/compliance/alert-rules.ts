import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../infra/db/connection';
import type { FileConfig } from '../../infra/config';
import { saoPauloDayOf } from '../../../domain/sao-paulo-days';
import type { AlertKind, AlertRule } from '../../../domain/schemas/compliance.schema';

/**
 * The rules that raise compliance alerts (issue 19), each a read over the ledger's tables and the
 * accounts that answers candidates. A candidate names what it is about (`key`), so the scan that
 * finds it again brings the same alert up to date instead of raising a twin. Every window is read
 * from `now`, passed in, so a test can place activity in time.
 */
export interface Candidate {
  kind: AlertKind;
  rule: AlertRule;
  key: string;
  userIds: number[];
  evidence: Record<string, string | number | null>;
  amountCents: number;
}

export interface RuleInput {
  db: Db;
  now: Date;
  /** The `compliance` section of the configuration (BRL). */
  limits: FileConfig['compliance'];
  /** Withdrawals above this many BRL wait for an operator (splitting under it is a signal). */
  approvalThreshold: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the rules look for single events (a scan every few minutes needs far less). */
const LOOKBACK_DAYS = 30;

const cents = (brl: number) => Math.round(brl * 100);
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const ids = (list: string) => list.split(',').map(Number);

/** AML: one deposit or one withdrawal at or above the single-operation amount. */
async function largeOperations({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const single = cents(limits.amlSingleAmount);
  const since = ago(now, LOOKBACK_DAYS * DAY);
  const deposits = await db
    .selectFrom('deposit_orders')
    .select(['id', 'user_id', 'amount_cents', 'paid_at', 'end_to_end_id'])
    .where('status', '=', '10')
    .where('paid_at', '>=', since)
    .where('amount_cents', '>=', single)
    .execute();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount_cents', 'created_at', 'account', 'payout_state'])
    .where('created_at', '>=', since)
    .where('amount_cents', '>=', single)
    .execute();
  return [
    ...deposits.map((d): Candidate => ({
      kind: 'aml',
      rule: 'large_deposit',
      key: `aml:deposit:${d.id}`,
      userIds: [d.user_id],
      evidence: {
        deposit: d.id,
        at: new Date(d.paid_at!).toISOString(),
        endToEndId: d.end_to_end_id,
      },
      amountCents: Number(d.amount_cents),
    })),
    ...withdrawals.map((w): Candidate => ({
      kind: 'aml',
      rule: 'large_withdrawal',
      key: `aml:withdrawal:${w.id}`,
      userIds: [w.user_id],
      evidence: {
        withdrawal: w.id,
        at: new Date(w.created_at).toISOString(),
        pixKey: w.account,
        state: w.payout_state,
      },
      amountCents: Number(w.amount_cents),
    })),
  ];
}

/**
 * Splitting ("smurfing"): within 24 hours, at least `count` operations each under the threshold
 * (`under`: the largest amount that escapes it) that together pass it. One alert per player and
 * São Paulo day of the window's last operation, holding the largest sum seen.
 */
async function splitOperations(
  input: RuleInput,
  table: 'deposit_orders' | 'withdrawals',
  rule: 'split_deposits' | 'split_withdrawals',
  underCents: number,
): Promise<Candidate[]> {
  const { db, now, limits } = input;
  const since = ago(now, LOOKBACK_DAYS * DAY);
  const when = table === 'deposit_orders' ? sql.ref('paid_at') : sql.ref('created_at');
  // A deposit counts once paid; a withdrawal once asked for, unless an operator refused it.
  const counts = table === 'deposit_orders' ? sql`status = '10'` : sql`payout_state <> 'rejected'`;
  const { rows } = await sql<{
    user_id: number;
    last_at: Date | string;
    n: string;
    total: string;
    list: string;
  }>`
    select d.user_id, d.${when} as last_at, count(*) as n, sum(e.amount_cents) as total,
      string_agg(e.id, ',' order by e.${when}) as list
    from ${sql.table(table)} d
    join ${sql.table(table)} e on e.user_id = d.user_id and e.${counts}
      and e.amount_cents <= ${underCents}
      and e.${when} > d.${when} - interval '24 hours' and e.${when} <= d.${when}
    where d.${counts} and d.amount_cents <= ${underCents} and d.${when} >= ${since}
      and d.${when} <= ${now}
    group by d.user_id, d.id, d.${when}
    having count(*) >= ${limits.splitCount} and sum(e.amount_cents) > ${underCents}`.execute(db);
  const best = new Map<string, Candidate>();
  for (const r of rows) {
    const day = saoPauloDayOf(new Date(r.last_at));
    const key = `aml:${rule}:${r.user_id}:${day}`;
    const total = Number(r.total);
    if ((best.get(key)?.amountCents ?? -1) >= total) continue;
    best.set(key, {
      kind: 'aml',
      rule,
      key,
      userIds: [r.user_id],
      evidence: {
        operations: Number(r.n),
        ids: r.list,
        day,
        thresholdBrl: underCents / 100,
      },
      amountCents: total,
    });
  }
  return [...best.values()];
}

/**
 * Money in and out with little play: a withdrawal after deposits and transfers received of at least
 * `inOutMinAmount` in the 7 days before it, with stakes in those days under `inOutPlayRatio` of them.
 */
async function inOutLittlePlay({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const { rows } = await sql<{
    id: string;
    user_id: number;
    amount_cents: string;
    created_at: Date | string;
    deposited: string;
    received: string;
    staked: string;
  }>`
    select w.id, w.user_id, w.amount_cents, w.created_at,
      (select coalesce(sum(d.amount_cents), 0) from deposit_orders d
        where d.user_id = w.user_id and d.status = '10'
          and d.paid_at > w.created_at - interval '7 days' and d.paid_at <= w.created_at) as deposited,
      (select coalesce(sum(t.amount_cents), 0) from transfers t
        where t.to_user_id = w.user_id
          and t.created_at > w.created_at - interval '7 days' and t.created_at <= w.created_at) as received,
      (select coalesce(sum(b.amount_cents), 0) from bets b
        where b.user_id = w.user_id
          and b.created_at > w.created_at - interval '7 days' and b.created_at <= w.created_at)
      + (select coalesce(sum(s.stake_cents), 0) from sports_bets s
        where s.user_id = w.user_id
          and s.placed_at > w.created_at - interval '7 days' and s.placed_at <= w.created_at) as staked
    from withdrawals w
    where w.created_at >= ${ago(now, 7 * DAY)} and w.created_at <= ${now}
      and w.payout_state <> 'rejected'`.execute(db);
  // Money in is deposits and transfers from other players alike (red-team review: a transfer
  // passed money through a second account unseen).
  const moneyIn = (r: { deposited: string; received: string }) => Number(r.deposited) + Number(r.received);
  return rows
    .filter(
      (r) =>
        moneyIn(r) >= cents(limits.inOutMinAmount) && Number(r.staked) < moneyIn(r) * limits.inOutPlayRatio,
    )
    .map((r) => ({
      kind: 'aml',
      rule: 'in_out_little_play',
      key: `aml:in_out:${r.id}`,
      userIds: [r.user_id],
      evidence: {
        withdrawal: r.id,
        at: new Date(r.created_at).toISOString(),
        depositedBrl: Number(r.deposited) / 100,
        receivedBrl: Number(r.received) / 100,
        stakedBrl: Number(r.staked) / 100,
      },
      amountCents: Number(r.amount_cents),
    }));
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

/** Sign-in addresses that identify a machine of ours or a local proxy, not a player's device. */
const LOCAL_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Multi-accounting: accounts that share something one person has — a phone, a PIX key, a document,
 * a name with a birth date, a home address, the browser they sign in on, or the network address
 * they sign in from. One alert per shared value, holding every account that shares it; test
 * accounts never count.
 */
async function sharedValues({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  type Shared = { value: string; list: string };
  const groups: Array<{ rule: AlertRule; label: string; query: RawBuilder<Shared> }> = [
    {
      rule: 'shared_phone',
      label: 'phone',
      query: sql<Shared>`
        select p.value, string_agg(p.id::text, ',' order by p.id) as list
        from (select id, ${NATIONAL_PHONE} as value from users where test_flag = 0) p
        where p.value <> ''
        group by p.value having count(*) >= 2`,
    },
    {
      rule: 'shared_pix_key',
      label: 'pix',
      query: sql<Shared>`
        select k.account as value, string_agg(distinct k.user_id::text, ',') as list
        from (select user_id, account from withdrawals union select user_id, account from payout_accounts) k
        join users u on u.id = k.user_id and u.test_flag = 0
        where k.account <> ''
        group by k.account having count(distinct k.user_id) >= 2`,
    },
    {
      rule: 'shared_document',
      label: 'document',
      query: sql<Shared>`
        select d.doc as value, string_agg(distinct d.id::text, ',') as list
        from (select id, cpf as doc from users where test_flag = 0
              union select id, kyc_document from users where test_flag = 0 and kyc_document is not null) d
        where d.doc <> ''
        group by d.doc having count(distinct d.id) >= 2`,
    },
    {
      rule: 'same_name_birth',
      label: 'name_birth',
      query: sql<Shared>`
        select n.value, string_agg(n.id::text, ',' order by n.id) as list
        from (select id, ${PLAIN_NAME} || ' ' || birth_date as value from users
              where test_flag = 0 and birth_date is not null and trim(name) <> '') n
        group by n.value having count(*) >= 2`,
    },
    {
      rule: 'shared_ip',
      label: 'ip',
      query: sql<Shared>`
        select s.ip as value, string_agg(distinct s.subject_id::text, ',') as list
        from sessions s join users u on u.id = s.subject_id and u.test_flag = 0
        where s.kind = 'player' and s.ip is not null and s.created_at >= ${ago(now, 30 * DAY)}
          and s.ip not in (${sql.join(LOCAL_ADDRESSES)})
        group by s.ip having count(distinct s.subject_id) >= ${limits.sharedIpAccounts}`,
    },
    {
      // The browser's device id at sign-in: salted per browser (src/lib/device.ts), so two players
      // with the same phone model do not share one; two accounts on one browser do.
      rule: 'shared_device',
      label: 'device',
      query: sql<Shared>`
        select s.device_id as value, string_agg(distinct s.subject_id::text, ',') as list
        from sessions s join users u on u.id = s.subject_id and u.test_flag = 0
        where s.kind = 'player' and s.device_id is not null and s.created_at >= ${ago(now, 30 * DAY)}
        group by s.device_id having count(distinct s.subject_id) >= 2`,
    },
    {
      // One home (domain/address.ts says which): any address an account gave in 90 days, so two
      // accounts cannot take turns with it between scans.
      rule: 'shared_address',
      label: 'address',
      query: sql<Shared>`
        select h.address_key as value, string_agg(distinct h.user_id::text, ',') as list
        from user_addresses h join users u on u.id = h.user_id and u.test_flag = 0
        where h.created_at >= ${ago(now, 90 * DAY)}
        group by h.address_key having count(distinct h.user_id) >= 2`,
    },
  ];
  const out: Candidate[] = [];
  for (const group of groups) {
    for (const row of (await group.query.execute(db)).rows) {
      const userIds = ids(row.list).sort((a, b) => a - b);
      out.push({
        kind: 'multi_account',
        rule: group.rule,
        key: `multi_account:${group.label}:${row.value}`,
        userIds,
        evidence: { shared: row.value, accounts: userIds.length },
        amountCents: 0,
      });
    }
  }
  return out;
}

/**
 * Loss chasing: at least `chasingDeposits` deposits in the last 24 hours while the player lost 80 %
 * or more of them in that time (player_lost_cents, the loss limits' own sum). One alert per player
 * and São Paulo day.
 */
async function lossChasing({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const since = ago(now, DAY);
  const { rows } = await sql<{ user_id: number; n: string; total: string; lost: string }>`
    select d.user_id, count(*) as n, sum(d.amount_cents) as total,
      player_lost_cents(d.user_id, ${since}) as lost
    from deposit_orders d
    where d.status = '10' and d.paid_at > ${since} and d.paid_at <= ${now}
    group by d.user_id having count(*) >= ${limits.chasingDeposits}`.execute(db);
  const day = saoPauloDayOf(now);
  return rows
    .filter((r) => Number(r.lost) >= Number(r.total) * 0.8)
    .map((r) => ({
      kind: 'rg',
      rule: 'loss_chasing',
      key: `rg:chasing:${r.user_id}:${day}`,
      userIds: [r.user_id],
      evidence: {
        deposits: Number(r.n),
        depositedBrl: Number(r.total) / 100,
        lostBrl: Number(r.lost) / 100,
        day,
      },
      amountCents: Number(r.total),
    }));
}

/** Limits hit often: at least `limitHits` refusals by the player's own limits in 7 days. */
async function limitsHit({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const { rows } = await sql<{ user_id: number; n: string; last_at: Date | string; list: string }>`
    select user_id, count(*) as n, max(at) as last_at, string_agg(distinct split_part(detail, ' ', 1), ', ') as list
    from rg_events where kind = 'limit_hit' and at > ${ago(now, 7 * DAY)} and at <= ${now}
    group by user_id having count(*) >= ${limits.limitHits}`.execute(db);
  return rows.map((r) => {
    const day = saoPauloDayOf(new Date(r.last_at));
    return {
      kind: 'rg',
      rule: 'limits_hit',
      key: `rg:limits:${r.user_id}:${day}`,
      userIds: [r.user_id],
      evidence: { hits: Number(r.n), limits: r.list, day },
      amountCents: 0,
    };
  });
}

/** A deposit within `raiseWindowHours` after a raise of one of the player's limits took effect. */
async function depositAfterRaise({ db, now, limits }: RuleInput): Promise<Candidate[]> {
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
      and d.paid_at >= e.at and d.paid_at < e.at + ${limits.raiseWindowHours}::float8 * interval '1 hour'
    where e.kind = 'limit_raised' and e.at > ${ago(now, LOOKBACK_DAYS * DAY)} and e.at <= ${now}
    group by e.id, e.user_id, e.detail, e.at`.execute(db);
  return rows.map((r) => ({
    kind: 'rg',
    rule: 'deposit_after_raise',
    key: `rg:raise:${r.id}`,
    userIds: [r.user_id],
    evidence: { limit: r.detail, raisedAt: new Date(r.at).toISOString(), deposits: Number(r.n) },
    amountCents: Number(r.total),
  }));
}

/** Every rule, in the order the scan runs them. */
export async function findCandidates(input: RuleInput): Promise<Candidate[]> {
  const single = cents(input.limits.amlSingleAmount);
  return [
    ...(await largeOperations(input)),
    // A deposit of the single amount is flagged by itself; one centavo less escapes it.
    ...(await splitOperations(input, 'deposit_orders', 'split_deposits', single - 1)),
    // A withdrawal waits for approval only above the threshold: the threshold itself escapes it.
    ...(await splitOperations(input, 'withdrawals', 'split_withdrawals', cents(input.approvalThreshold))),
    ...(await inOutLittlePlay(input)),
    ...(await sharedValues(input)),
    ...(await lossChasing(input)),
    ...(await limitsHit(input)),
    ...(await depositAfterRaise(input)),
  ];
}
