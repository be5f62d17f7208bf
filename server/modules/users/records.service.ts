import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { centsToBrl } from '../../../domain/money';
import { maskPlayer } from '../../../domain/players';

/**
 * Wallet records for `/registros` (API.md): deposits (type 10; 13 when bought through a game's
 * recharge plan, the INSBRL packages), withdrawals (11), transfers (12), VIP upgrade awards (14),
 * prizes earned by inviting — agent rewards and referral commission — (19) and promotions such as
 * deposit gifts and the promo gift (141), newest first. Amounts are signed: money leaving the
 * player is negative. Type 199 (BK) names no operation Trevo has (docs/decisions.md).
 */
export interface WalletRecord {
  id: string;
  type: number;
  status: string;
  amount: number;
  createdAt: string;
  detail: string;
}

export async function walletRecords(
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: WalletRecord[]; total: number; page: number; size: number }> {
  const union = sql<{
    id: string;
    type: number;
    status: string;
    amount: string;
    created_at: Date;
    detail: string;
    sender: string | null;
  }>`
    select id, case when curreny = 'INSBRL' then 13 else 10 end as type, status, amount_cents as amount,
           created_at, 'PIX ' || pay_no as detail, null::text as sender
      from deposit_orders where user_id = ${userId}
    union all
    select id, 11 as type, status, -amount_cents as amount, created_at,
           method || ' ' || case when method = 'USDT' then left(account, 6) || '…' || right(account, 4)
                                 else '***' || substr(account, 4, length(account) - 5) || '**' end as detail,
           null::text as sender
      from withdrawals where user_id = ${userId}
    union all
    select t.id, 12 as type, '10' as status,
           case when t.from_user_id = ${userId} then -t.amount_cents else t.amount_cents end as amount,
           t.created_at,
           -- The sender typed the recipient's address; the recipient's line is written below
           -- with the sender masked (usernames are e-mail addresses: LGPD).
           case when t.from_user_id = ${userId} then 'para ' || r.username end as detail,
           case when t.from_user_id = ${userId} then null else s.username end as sender
      from transfers t join users s on s.id = t.from_user_id join users r on r.id = t.to_user_id
      where t.from_user_id = ${userId} or t.to_user_id = ${userId}
    union all
    select 'L' || lt.id::text as id,
           case when lt.kind = 'vip_award' then 14
                when lt.kind = 'promotion' and (lt.idempotency_key like 'promo:%:agent:%'
                                                or lt.idempotency_key like 'promo:%:commission:%') then 19
                else 141 end as type,
           '10' as status,
           p.amount, lt.created_at, lt.reference as detail, null::text as sender
      from ledger_postings p
      join ledger_transactions lt on lt.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
      where a.user_id = ${userId} and lt.kind in ('vip_award', 'deposit_gift', 'promotion')`;
  const rows = await sql<{
    id: string;
    type: number;
    status: string;
    amount: string;
    created_at: Date;
    detail: string | null;
    sender: string | null;
    total: string;
  }>`select r.*, count(*) over () as total from (${union}) r order by r.created_at desc, r.id desc
      limit ${size} offset ${(page - 1) * size}`.execute(ctx.db);
  const total = rows.rows[0] ? Number(rows.rows[0].total) : 0;
  const list: WalletRecord[] = rows.rows.map((r) => ({
    id: r.id,
    type: Number(r.type),
    status: r.status,
    amount: centsToBrl(Number(r.amount)),
    createdAt: new Date(r.created_at).toISOString(),
    // A received transfer names its sender as every public list does (domain/players.ts).
    detail: r.sender === null ? (r.detail ?? '') : `de ${maskPlayer(r.sender)}`,
  }));
  if (total === 0 && page > 1) {
    const first = await walletRecords(ctx, userId, 1, 1);
    return { list, total: first.total, page, size };
  }
  return { list, total, page, size };
}

/** Game history for `/registros` (kind=game): the player's bets, newest first, with fairness data. */
export async function gameRecords(
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
  game?: string,
) {
  const [rows, total] = await Promise.all([
    ctx.db
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
      .execute(),
    ctx.db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .$if(game !== undefined, (q) => q.where('game', '=', game!))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      game: r.game,
      amount: centsToBrl(Number(r.amount_cents)),
      payout: centsToBrl(Number(r.payout_cents)),
      multiplier: Number(r.multiplier),
      status: r.status,
      params: JSON.parse(r.params) as unknown,
      outcome: r.outcome ? (JSON.parse(r.outcome) as unknown) : null,
      roundId: r.round_id,
      fairness: r.server_seed_hash
        ? { serverSeedHash: r.server_seed_hash, clientSeed: r.client_seed, nonce: r.nonce }
        : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(total.n),
    page,
    size,
  };
}
