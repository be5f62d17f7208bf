import { sql, type Selectable } from 'kysely';
import type { Trx } from '../../infra/db/connection';
import type { UsersTable } from '../../infra/db/schema';
import { notFound } from '../../infra/http/errors';

/**
 * The one lock order of money (decision 40): a player's row first, then the player's ledger
 * accounts, and several players in ascending id. Every transaction that moves or judges a player's
 * money, or changes what may move it (a lock, a KYC decision, a level), takes the player's row
 * through here, so two paths can never take the same rows in opposite orders and deadlock, and a
 * check made under the lock (a loss limit, a KYC state) cannot be raced. The database's own
 * functions (`wallet_lock`, `play_instant`, migration 021) follow the same order. A path that
 * starts from a bet (settlement, a cash-out, a live bet's refusal, a Mines move) takes the bet's
 * row and then the player's, before it writes the bet's stake or payout (which moves the player's
 * net-loss bucket of the hour, migration 021's trigger) or any account: those are locks too, and
 * the player's own bets take them under the player's row.
 */

/** A player's cash and bonus balances in centavos. */
export interface Wallet {
  cashCents: number;
  bonusCents: number;
}

type UserColumn = keyof UsersTable & string;

/**
 * Locks a player's row for the rest of the transaction (the order's first step) and reads
 * `columns` of it; a player that does not exist is a 404. The lock is FOR NO KEY UPDATE, as
 * `wallet_lock` takes it (migration 042): it orders the player's money paths as FOR UPDATE did, but
 * no longer blocks the foreign-key checks of rows that name the player (a seed pair, a revealed
 * pair, a ledger account) — a transaction writing such a row without the lock waited on it while
 * the holder waited on that transaction (a deadlock).
 */
export async function lockPlayer(trx: Trx, userId: number): Promise<void>;
export async function lockPlayer<C extends UserColumn>(
  trx: Trx,
  userId: number,
  columns: readonly C[],
): Promise<Pick<Selectable<UsersTable>, C>>;
export async function lockPlayer(
  trx: Trx,
  userId: number,
  columns: readonly UserColumn[] = ['id'],
): Promise<Partial<Selectable<UsersTable>> | void> {
  const row = await trx
    .selectFrom('users')
    .select([...columns])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Locks several players' rows, in ascending id (the order's rule for more than one player). */
export async function lockPlayers(trx: Trx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** Locks a player's row, then cash and bonus accounts, for the rest of the transaction; reads them. */
export async function lockWallet(trx: Trx, userId: number): Promise<Wallet> {
  const { rows } = await sql<{ cash: string; bonus: string }>`
    select cash, bonus from wallet_lock(${userId})`.execute(trx);
  return { cashCents: Number(rows[0]!.cash), bonusCents: Number(rows[0]!.bonus) };
}
