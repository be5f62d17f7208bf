import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';
import { containsPattern } from '../../infra/db/like';
import type { PayoutState } from '../../../domain/schemas/back-office.schema';

/**
 * Withdrawals as finance reads them: the console's search, and the player's history behind each
 * waiting withdrawal's risk signals (withdrawal-risk.ts says what that history means).
 */

export type { PayoutState };

/** What finance searches withdrawals by (withdrawalsQuerySchema, parsed): all optional but the page. */
export interface WithdrawalFilter {
  /** One player's withdrawals only (the profile's history). */
  userId?: number;
  status?: PayoutState;
  q?: string;
  /** Requested at or after / before these instants. */
  since?: Date;
  until?: Date;
  minCents?: number;
  maxCents?: number;
  page: number;
  size: number;
}

/** `%` and `_` are a LIKE pattern's own: a search for `a_b` means those three letters. */

function filtered(db: Db, filter: WithdrawalFilter) {
  let query = db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.user_id');
  if (filter.userId !== undefined) query = query.where('withdrawals.user_id', '=', filter.userId);
  if (filter.status) query = query.where('withdrawals.payout_state', '=', filter.status);
  if (filter.since) query = query.where('withdrawals.created_at', '>=', filter.since);
  if (filter.until) query = query.where('withdrawals.created_at', '<', filter.until);
  if (filter.minCents !== undefined) query = query.where('withdrawals.amount_cents', '>=', filter.minCents);
  if (filter.maxCents !== undefined) query = query.where('withdrawals.amount_cents', '<=', filter.maxCents);
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('withdrawals.id', '=', q),
        eb('users.username', 'ilike', containsPattern(q)),
        eb('withdrawals.account', 'ilike', containsPattern(q)),
        eb('withdrawals.holder_name', 'ilike', containsPattern(q)),
        // A CPF or phone key typed with or without its dots and dashes.
        ...(digits.length >= 3
          ? [
              eb(
                sql<string>`regexp_replace(withdrawals.account, '[^0-9]', '', 'g')`,
                'like',
                containsPattern(digits),
              ),
              eb('users.cpf', '=', digits),
            ]
          : []),
        ...(/^\d{1,9}$/.test(q) ? [eb('withdrawals.user_id', '=', Number(q))] : []),
      ]),
    );
  }
  return query;
}

/** One page of the withdrawals matching `filter`, newest first, and how many match in all. */
export async function findWithdrawals(db: Db, filter: WithdrawalFilter) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .leftJoin('operators', 'operators.id', 'withdrawals.decided_by')
      .leftJoin('operators as first', 'first.id', 'withdrawals.first_approved_by')
      .select([
        'withdrawals.id',
        'withdrawals.user_id',
        'users.username',
        'withdrawals.method',
        'withdrawals.account',
        'withdrawals.holder_name',
        'withdrawals.amount_cents',
        'withdrawals.fee_cents',
        'withdrawals.status',
        'withdrawals.payout_state',
        'withdrawals.note',
        'operators.username as decided_by',
        'first.username as first_approved_by',
        'withdrawals.created_at',
        'withdrawals.finished_at',
      ])
      .orderBy('withdrawals.created_at', 'desc')
      .orderBy('withdrawals.id', 'desc')
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size)
      .execute(),
    filtered(db, filter)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** What the risk signals read of the player: their age and the turnover they still owe. */
export async function riskProfileOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['created_at', 'turnover_required_cents', 'bonus_turnover_required_cents', 'wagered_cents'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The player's deposits paid by `at` (the withdrawal's time): their sum, count and the last one's time. */
export async function depositsPaidBy(db: Db, userId: number, at: Date) {
  return db
    .selectFrom('deposit_orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<string>().as('count'),
      eb.fn.max('paid_at').as('last'),
    ])
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .where('paid_at', '<=', at)
    .executeTakeFirstOrThrow();
}

/** The player's withdrawals paid out so far: their sum and count. */
export async function withdrawalsPaidOf(db: Db, userId: number) {
  return db
    .selectFrom('withdrawals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('user_id', '=', userId)
    .where('payout_state', '=', 'paid')
    .executeTakeFirstOrThrow();
}

/** What the player's bonus releases moved to cash, in all (migration 044). */
export async function bonusReleasedOf(db: Db, userId: number) {
  return db
    .selectFrom('bonus_releases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Up to 20 other players who withdrew to, or saved, the PIX key `account`, by username. */
export async function otherUsersOfKey(db: Db, userId: number, account: string) {
  return db
    .selectFrom('users')
    .select('username')
    .where('id', '!=', userId)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('withdrawals').select('user_id').where('account', '=', account)),
        eb('id', 'in', eb.selectFrom('payout_accounts').select('user_id').where('account', '=', account)),
      ]),
    )
    .orderBy('username')
    .limit(20)
    .execute();
}
