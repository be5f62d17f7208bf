import type { Db } from '../../infra/db/connection';

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
