import type { Db, Trx } from '../../infra/db/connection';

/**
 * The wallet's remaining queries (issue 17): the provider's PIX notifications and the demo
 * accounts. Deposits, withdrawals and transfers have their own repositories.
 */

/** Keeps one PIX notification of the provider's webhook with what settling its charge did. */
export async function recordPixNotification(
  db: Db,
  notice: { end_to_end_id: string; txid: string; outcome: string },
): Promise<void> {
  await db.insertInto('pix_notifications').values(notice).execute();
}

/**
 * Creates a demo account's player row: test flag 1 (never real money), no KYC, no referrer, and a
 * placeholder CPF no payment can match. Returns the new player's id.
 */
export async function insertDemoUser(
  trx: Trx,
  demo: { username: string; passwordHash: string; inviteCode: string },
): Promise<number> {
  const user = await trx
    .insertInto('users')
    .values({
      username: demo.username,
      name: 'Conta de teste',
      cpf: '00000000000',
      phone: '',
      country: '+55',
      password_hash: demo.passwordHash,
      yqm: demo.inviteCode,
      referrer_id: null,
      birth_date: null,
      test_flag: 1,
      kyc: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
