import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { BodyStatus } from '../../../domain/codes';

/**
 * The double-entry ledger (ARCHITECTURE.md "Ledger"). Every money movement is one call to `post`
 * inside the caller's database transaction, together with the business row it belongs to.
 */

/** Player accounts (balance tracked and never negative) and house accounts (sum of postings). */
export const PLAYER_KINDS = ['user_cash', 'user_bonus', 'withdrawal_hold'] as const;
export const HOUSE_KINDS = [
  'house_game',
  'house_sports',
  'psp_clearing',
  'fees',
  'promotions',
  'demo_issuer',
] as const;
export type PlayerAccountKind = (typeof PLAYER_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_KINDS)[number];

export type AccountRef = { kind: PlayerAccountKind; userId: number } | { kind: HouseAccountKind };

export type Trx = Transaction<Database>;

/** The database a transaction belongs to (its executor's connection provider), to scope caches. */
function cacheScopeOf(trx: Trx): object {
  return (trx.getExecutor() as unknown as { adapter: object }).adapter ?? trx;
}

export function accountCode(ref: AccountRef): string {
  return 'userId' in ref ? `${ref.kind}:${ref.userId}` : ref.kind;
}

/** Thrown when a posting would take a player account below zero: HTTP 402, body status 9999. */
export const insufficientFunds = () =>
  new AppError(402, 'insufficientFunds', {}, BodyStatus.insufficientFunds);

/**
 * Account ids never change once committed, so they are remembered per database (bounded): the bet
 * path then spends no query looking them up. An account created inside a still-open transaction
 * may roll back, so it is never remembered from that transaction.
 */
const idCache = new WeakMap<object, Map<string, number>>();
const createdIn = new WeakMap<Trx, Set<string>>();
const ID_CACHE_LIMIT = 100_000;

async function accountId(trx: Trx, ref: AccountRef, scope: object): Promise<number> {
  const code = accountCode(ref);
  let cache = idCache.get(scope);
  if (!cache) idCache.set(scope, (cache = new Map()));
  const known = cache.get(code);
  if (known !== undefined) return known;
  const existing = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  if (existing) {
    if (cache.size < ID_CACHE_LIMIT && !createdIn.get(trx)?.has(code)) cache.set(code, existing.id);
    return existing.id;
  }
  await trx
    .insertInto('ledger_accounts')
    .values({
      code,
      kind: ref.kind,
      user_id: 'userId' in ref ? ref.userId : null,
      tracks_balance: 'userId' in ref,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  if (!createdIn.has(trx)) createdIn.set(trx, new Set());
  createdIn.get(trx)!.add(code);
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Entry {
  account: AccountRef;
  /** Centavos added to the account (negative takes money out). */
  amountCents: number;
}

export interface PostResult {
  transactionId: number;
  /** True when a transaction with this key already existed: nothing was posted again. */
  replayed: boolean;
}

/**
 * Posts one balanced transaction. The idempotency key is unique across the ledger, so the same
 * movement can never be posted twice; a repeat answers `replayed` and changes nothing. A player
 * account that would go below zero aborts the whole transaction with 402 / 9999.
 */
export async function post(
  trx: Trx,
  tx: { key: string; kind: string; reference?: string; entries: Entry[] },
): Promise<PostResult> {
  const entries = tx.entries.filter((e) => e.amountCents !== 0);
  const sum = entries.reduce((acc, e) => acc + e.amountCents, 0);
  if (entries.length < 2 || sum !== 0 || entries.some((e) => !Number.isSafeInteger(e.amountCents))) {
    throw new Error(`unbalanced ledger transaction ${tx.kind}: ${JSON.stringify(tx.entries)}`);
  }
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({ idempotency_key: tx.key, kind: tx.kind, reference: tx.reference ?? '' })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', tx.key)
      .executeTakeFirstOrThrow();
    return { transactionId: Number(existing.id), replayed: true };
  }
  const transactionId = Number(inserted.id);
  const scope = cacheScopeOf(trx);
  const resolved: Array<Entry & { id: number }> = [];
  for (const e of entries) resolved.push({ ...e, id: await accountId(trx, e.account, scope) });
  // Lock player rows in id order so two transactions touching the same accounts cannot deadlock.
  resolved.sort((a, b) => a.id - b.id);
  for (const e of resolved) {
    let balanceAfter: number | null = null;
    let version: number | null = null;
    if ('userId' in e.account) {
      const row = await trx
        .updateTable('ledger_accounts')
        .set({ balance: sql`balance + ${e.amountCents}`, version: sql`version + 1` })
        .where('id', '=', e.id)
        .where(sql<boolean>`balance + ${e.amountCents} >= 0`)
        .returning(['balance', 'version'])
        .executeTakeFirst();
      if (!row) throw insufficientFunds();
      balanceAfter = Number(row.balance);
      version = Number(row.version);
    }
    await trx
      .insertInto('ledger_postings')
      .values({
        transaction_id: transactionId,
        account_id: e.id,
        amount: e.amountCents,
        balance_after: balanceAfter,
        account_version: version,
      })
      .execute();
  }
  return { transactionId, replayed: false };
}

/** Cached balances of a player's accounts in centavos (0 for an account never used). */
export async function playerBalances(
  db: Db | Trx,
  userId: number,
): Promise<Record<PlayerAccountKind, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  const result: Record<PlayerAccountKind, number> = { user_cash: 0, user_bonus: 0, withdrawal_hold: 0 };
  for (const r of rows) result[r.kind as PlayerAccountKind] = Number(r.balance);
  return result;
}
