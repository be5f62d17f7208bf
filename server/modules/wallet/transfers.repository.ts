import type { Db, Trx } from '../../infra/db/connection';

/**
 * The transfers' queries (issue 17: SQL in the repository, rules in transfer.service.ts): the
 * confirmation codes e-mailed to the sender, the recipient look-up and the transfer rows. The
 * codes are checked by the shared one-time-code guesser (`guessCode`).
 */

/** The sender's e-mail (the code goes there) and demo flag. */
export async function transferSenderOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['username', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Stores a new confirmation code, by its hash only: the code itself exists only in the e-mail. */
export async function insertTransferCode(
  db: Db,
  userId: number,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('transfer_codes')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

/** The player with this username (already normalized), if any: a transfer's recipient. */
export async function playerByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'test_flag'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/**
 * Uses a confirmation code. False when it was used already (another transfer raced this one with
 * the same code): the guard is what makes a code confirm one transfer.
 */
export async function useTransferCode(trx: Trx, codeId: number): Promise<boolean> {
  const used = await trx
    .updateTable('transfer_codes')
    .set({ used_at: new Date() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) !== 0;
}

/** Records a transfer; its money moves through the ledger in the same transaction. */
export async function insertTransfer(
  trx: Trx,
  transfer: { id: string; fromUserId: number; toUserId: number; amountCents: number },
): Promise<void> {
  await trx
    .insertInto('transfers')
    .values({
      id: transfer.id,
      from_user_id: transfer.fromUserId,
      to_user_id: transfer.toUserId,
      amount_cents: transfer.amountCents,
    })
    .execute();
}
