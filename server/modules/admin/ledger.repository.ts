import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';

/** Transactions per page. */
const TX_PAGE = 50;

/** The ledger transactions with these idempotency keys, with the amount that reached the player. */
export async function ledgerByKey(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.idempotency_key as key', sql<string>`sum(p.amount)`.as('cents')])
    .where('t.idempotency_key', 'in', keys)
    .where('a.user_id', 'is not', null)
    .groupBy('t.idempotency_key')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.cents)]));
}

/** Deposit orders created in [start, end), oldest first, at most `limit`. */
export async function findDepositOrdersCreated(db: Db, start: Date, end: Date, limit: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['id', 'user_id', 'txid', 'amount_cents', 'status', 'note', 'end_to_end_id'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Withdrawals created in [start, end), oldest first, at most `limit`. */
export async function findWithdrawalsCreated(db: Db, start: Date, end: Date, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount_cents', 'payout_state'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Accounts per kind, house and players' apart, with how many there are and their balance in total. */
export async function ledgerAccountTotals(db: Db) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_postings as p', 'p.account_id', 'a.id')
    .select([
      'a.kind',
      sql<boolean>`a.user_id is null`.as('house'),
      sql<string>`count(distinct a.id)`.as('accounts'),
      sql<string>`coalesce(sum(p.amount), 0)`.as('cents'),
    ])
    .groupBy(['a.kind', sql`a.user_id is null`])
    .orderBy('a.kind')
    .execute();
}

/** A page of ledger transactions, newest first, filtered by kind, reference and an id to start before. */
export async function findLedgerTransactions(
  db: Db,
  filter: { kind?: string; reference?: string; before?: number },
) {
  let query = db
    .selectFrom('ledger_transactions')
    .select(['id', 'idempotency_key', 'kind', 'reference', 'created_at'])
    .orderBy('id', 'desc')
    .limit(TX_PAGE);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.reference) query = query.where('reference', '=', filter.reference);
  if (filter.before) query = query.where('id', '<', filter.before);
  return query.execute();
}

/** The postings of these transactions with their accounts, in posting order. */
export async function findPostingsOf(db: Db, transactionIds: string[]) {
  if (transactionIds.length === 0) return [];
  return db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.transaction_id', 'a.code', 'a.kind', 'a.user_id', 'p.amount'])
    .where('p.transaction_id', 'in', transactionIds)
    .orderBy('p.id')
    .execute();
}
