import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';

/**
 * The player's own account rows (issue 17: SQL in the repository, rules in the services): the
 * profile, the identity check, the avatar, and the totals the user-info entity shows.
 */

/** The player's whole row (the user-info entity reads most of it); undefined once deleted. */
export async function findUser(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The player's registered CPF. */
export async function findUserCpf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['cpf', 'kyc_name', 'kyc_document', 'kyc_review'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Marks the player's identity as checked, with the name and document they gave. */
export async function recordKyc(
  db: Db,
  userId: number,
  kyc: { name: string; document: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ kyc: 1, kyc_name: kyc.name, kyc_document: kyc.document, name: kyc.name })
    .where('id', '=', userId)
    .execute();
}

/** Sets the player's avatar (1..AVATAR_COUNT). */
export async function setAvatar(db: Db, userId: number, header: number): Promise<void> {
  await db.updateTable('users').set({ header }).where('id', '=', userId).execute();
}

/** Players invited at each of three levels (direct invitees, theirs, and theirs). */
export async function invitedPerLevel(db: Db, userId: number): Promise<[number, number, number]> {
  const row = await sql<{ l1: string; l2: string; l3: string }>`
    with l1 as (select id from users where referrer_id = ${userId}),
         l2 as (select id from users where referrer_id in (select id from l1)),
         l3 as (select id from users where referrer_id in (select id from l2))
    select (select count(*) from l1) as l1, (select count(*) from l2) as l2, (select count(*) from l3) as l3`.execute(
    db,
  );
  const r = row.rows[0]!;
  return [Number(r.l1), Number(r.l2), Number(r.l3)];
}

/** The amount of the player's latest paid deposit (the profile's "last deposit"), if any. */
export async function lastPaidDeposit(db: Db, userId: number) {
  return db
    .selectFrom('deposit_orders')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .where('status', '=', '10')
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sum of the player's withdrawals paid out (`total` is null before the first). */
export async function paidWithdrawalsTotal(db: Db, userId: number) {
  return db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', '10')
    .executeTakeFirst();
}
