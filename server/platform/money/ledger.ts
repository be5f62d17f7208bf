import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { AppError } from '../../infra/http/errors';
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

/** An account's unique code: the house kind, or `kind:userId` for a player's account. */
export function accountCode(ref: AccountRef): string {
  return 'userId' in ref ? `${ref.kind}:${ref.userId}` : ref.kind;
}

/** Thrown when a posting would take a player account below zero: HTTP 402, body status 9999. */
export const insufficientFunds = () =>
  new AppError(402, 'insufficientFunds', {}, BodyStatus.insufficientFunds);

/** The SQLSTATE `ledger_post` raises when a player account would go below zero (migration 009). */
export const INSUFFICIENT_FUNDS_STATE = 'TR402';

export interface Entry {
  account: AccountRef;
  /** Centavos added to the account (negative takes money out). */
  amountCents: number;
}

export interface PostResult {
  transactionId: number;
  /** True when a transaction with this key already existed: nothing was posted again. */
  replayed: boolean;
  /** Player accounts' balances after this posting, by account code (empty when replayed). */
  balances: Record<string, number>;
}

/**
 * Posts one balanced transaction. The idempotency key is unique across the ledger, so the same
 * movement can never be posted twice; a repeat answers `replayed` and changes nothing. A player
 * account that would go below zero aborts the whole transaction with 402 / 9999. The work is one
 * call of the database function `ledger_post` (migration 009): one round trip per posting.
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
  const codes = entries.map((e) => accountCode(e.account));
  const kinds = entries.map((e) => e.account.kind);
  const users = entries.map((e) => ('userId' in e.account ? e.account.userId : null));
  const amounts = entries.map((e) => String(e.amountCents));
  // ledger_post answers a record: the balances as two arrays, balances[i] being balance_codes[i]'s.
  let answer: {
    tx_id: string | number;
    replayed: boolean;
    balance_codes: string[];
    balances: Array<string | number>;
  };
  try {
    const { rows } = await sql<typeof answer>`
      select * from ledger_post(${tx.key}, ${tx.kind}, ${tx.reference ?? ''},
        ${codes}::text[], ${kinds}::text[], ${users}::integer[], ${amounts}::bigint[])`.execute(trx);
    answer = rows[0]!;
  } catch (err) {
    if ((err as { code?: string }).code === INSUFFICIENT_FUNDS_STATE) throw insufficientFunds();
    throw err;
  }
  const balances: Record<string, number> = {};
  answer.balance_codes.forEach((code, i) => (balances[code] = Number(answer.balances[i])));
  return { transactionId: Number(answer.tx_id), replayed: answer.replayed, balances };
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
