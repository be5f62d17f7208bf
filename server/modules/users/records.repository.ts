import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';

/**
 * The rows behind `/registros` (issue 17: SQL here, the entity's shape in records.service.ts): the
 * wallet's operations of every kind in one list, and the player's bets.
 */

/** One wallet operation, `total` being how many the whole list holds (the same on every row). */
export interface WalletRecordRow {
  id: string;
  type: number;
  status: string;
  amount: string;
  created_at: Date;
  detail: string | null;
  sender: string | null;
  /** What the line is when its words come from the player's language (WalletRecord.note). */
  note: string | null;
  total: string;
}

/**
 * One page of the player's deposits, withdrawals, transfers (both ways) and bonus-wallet credits,
 * newest first, each with its `/registros` type and signed amount; one union with a window count,
 * so the page and the total come from one query.
 */
export async function walletRecordRows(
  db: Db,
  userId: number,
  page: number,
  size: number,
): Promise<WalletRecordRow[]> {
  const union = sql<{
    id: string;
    type: number;
    status: string;
    amount: string;
    created_at: Date;
    detail: string;
    sender: string | null;
    note: string | null;
  }>`
    select id, case when curreny = 'INSBRL' then 13 else 10 end as type, status, amount_cents as amount,
           created_at, 'PIX ' || pay_no as detail, null::text as sender, null::text as note
      from deposit_orders where user_id = ${userId}
    union all
    select id, 11 as type, status, -amount_cents as amount, created_at,
           method || ' ' || case when method = 'USDT' then left(account, 6) || '…' || right(account, 4)
                                 else '***' || substr(account, 4, length(account) - 5) || '**' end as detail,
           null::text as sender, null::text as note
      from withdrawals where user_id = ${userId}
    union all
    select t.id, 12 as type, '10' as status,
           case when t.from_user_id = ${userId} then -t.amount_cents else t.amount_cents end as amount,
           t.created_at,
           -- The sender typed the recipient's address; the recipient's line is written below
           -- with the sender masked (usernames are e-mail addresses: LGPD).
           case when t.from_user_id = ${userId} then 'para ' || r.username end as detail,
           case when t.from_user_id = ${userId} then null else s.username end as sender,
           null::text as note
      from transfers t join users s on s.id = t.from_user_id join users r on r.id = t.to_user_id
      where t.from_user_id = ${userId} or t.to_user_id = ${userId}
    union all
    select 'L' || lt.id::text as id,
           case when lt.kind = 'vip_award' then 14
                when lt.kind = 'promotion' and (lt.idempotency_key like 'promo:%:agent:%'
                                                or lt.idempotency_key like 'promo:%:commission:%') then 19
                else 141 end as type,
           '10' as status,
           p.amount, lt.created_at,
           -- A deposit's gift names the deposit as its own line does ("PIX …"), not the order id.
           case when lt.kind = 'deposit_gift' then coalesce('PIX ' || d.pay_no, '') else lt.reference end
             as detail,
           null::text as sender,
           case when lt.kind = 'deposit_gift' then 'depositGift' end as note
      from ledger_postings p
      join ledger_transactions lt on lt.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
      left join deposit_orders d on lt.kind = 'deposit_gift' and d.id = lt.reference and d.user_id = a.user_id
      where a.user_id = ${userId} and lt.kind in ('vip_award', 'deposit_gift', 'promotion')
    union all
    -- A release (migration 044) moves the whole bonus wallet into cash once its wagering is met:
    -- one line, the cash it brought; the bonus it left is the same amount.
    select 'L' || lt.id::text as id, 141 as type, '10' as status, p.amount, lt.created_at,
           'Bônus liberado: virou dinheiro (apostas exigidas cumpridas)' as detail, null::text as sender,
           'bonusRelease' as note
      from ledger_postings p
      join ledger_transactions lt on lt.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
      where a.user_id = ${userId} and a.kind = 'user_cash' and lt.kind = 'bonus_release'`;
  const rows =
    await sql<WalletRecordRow>`select r.*, count(*) over () as total from (${union}) r order by r.created_at desc, r.id desc
      limit ${size} offset ${(page - 1) * size}`.execute(db);
  return rows.rows;
}

/** One page of the player's bets (of one game, given), newest first, with their fairness data. */
export async function betRows(db: Db, userId: number, page: number, size: number, game?: string) {
  return db
    .selectFrom('bets')
    .select([
      'id',
      'game',
      'amount_cents',
      'payout_cents',
      'multiplier',
      'status',
      'params',
      'outcome',
      'round_id',
      'server_seed_hash',
      'client_seed',
      'nonce',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .$if(game !== undefined, (q) => q.where('game', '=', game!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

/** How many bets the player has (of one game, given). */
export async function betCount(db: Db, userId: number, game?: string) {
  return db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .$if(game !== undefined, (q) => q.where('game', '=', game!))
    .executeTakeFirstOrThrow();
}
