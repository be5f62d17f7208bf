import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { KycDocumentsTable } from '../../infra/db/schema';
import type { KycAddress, KycAddressView, KycReview } from '../../../domain/schemas/kyc.schema';
import { addressKey } from '../../../domain/address';

type NewDocument = Pick<
  KycDocumentsTable,
  'user_id' | 'side' | 'file_name' | 'mime' | 'size_bytes' | 'sha256'
>;

/** What decides whether the player may send documents: identity checked, review state, test account. */
export async function uploadGateOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['kyc', 'kyc_review', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** What decides whether the player may give an address: identity checked, test account. */
export async function addressGateOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['kyc', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The player's review, its reason and home address, for the identity form. */
export async function reviewStateOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['kyc_review', 'kyc_review_reason', ...ADDRESS_COLUMNS])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Records a document, marking the one sent before for the same side replaced; answers their files. */
export async function insertDocument(trx: Trx, doc: NewDocument): Promise<string[]> {
  const replaced = await trx
    .updateTable('kyc_documents')
    .set({ replaced_at: new Date() })
    .where('user_id', '=', doc.user_id)
    .where('side', '=', doc.side)
    .where('replaced_at', 'is', null)
    .returning('file_name')
    .execute();
  await trx.insertInto('kyc_documents').values(doc).execute();
  return replaced.map((r) => r.file_name);
}

/** The side sent last of each, per player. */
export async function currentDocuments(db: Db | Trx, userId: number) {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'side', 'mime', 'size_bytes', 'created_at'])
    .where('user_id', '=', userId)
    .where('replaced_at', 'is', null)
    .orderBy('side')
    .execute();
}

/** The complete set waits for an operator (a refused set sent again waits again). */
export async function markReviewPending(trx: Trx, userId: number) {
  await trx
    .updateTable('users')
    .set({ kyc_review: 'pending', kyc_review_reason: '' })
    .where('id', '=', userId)
    .where('kyc_review', '!=', 'approved')
    .execute();
}

export async function findDocument(db: Db, id: number) {
  return db.selectFrom('kyc_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the review of a pending set; false when it was not pending (already decided, or incomplete). */
export async function setReview(
  trx: Trx,
  userId: number,
  operatorId: number,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({
      kyc_review: decision,
      kyc_review_reason: reason,
      kyc_reviewed_by: operatorId,
      kyc_reviewed_at: new Date(),
    })
    .where('id', '=', userId)
    .where('kyc_review', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of players in `review`, oldest first, with their current documents. */
export async function kycCases(db: Db, review: KycReview, page: number, size: number) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('operators', 'operators.id', 'users.kyc_reviewed_by')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.kyc_name',
      'users.cpf',
      'users.birth_date',
      ...ADDRESS_COLUMNS.map((c) => `users.${c}` as const),
      'users.kyc_review',
      'users.kyc_review_reason',
      'users.kyc_reviewed_at',
      'operators.username as reviewer',
    ])
    .where('users.kyc_review', '=', review)
    .orderBy('users.id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where('kyc_review', '=', review)
    .executeTakeFirstOrThrow();
  const ids = rows.map((r) => r.id);
  const documents =
    ids.length === 0
      ? []
      : await db
          .selectFrom('kyc_documents')
          .select(['id', 'user_id', 'side', 'mime', 'size_bytes', 'created_at'])
          .where('user_id', 'in', ids)
          .where('replaced_at', 'is', null)
          .orderBy('side')
          .execute();
  return { rows, total: Number(count.n), documents };
}

/** The address columns of `users` (migration 033). */
export const ADDRESS_COLUMNS = [
  'address_cep',
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city',
  'address_uf',
] as const;
type AddressRow = { [K in (typeof ADDRESS_COLUMNS)[number]]: string | null };

/**
 * A row's address, or null before the player gave one (the columns are written together, so a CEP
 * means a whole address).
 */
export function addressOf(row: AddressRow): KycAddressView | null {
  if (row.address_cep === null) return null;
  return {
    cep: row.address_cep,
    street: row.address_street ?? '',
    number: row.address_number ?? '',
    complement: row.address_complement ?? '',
    district: row.address_district ?? '',
    city: row.address_city ?? '',
    uf: row.address_uf ?? '',
  };
}

/** Keeps `a` as the player's address and in their address history, with the key of its home. */
export async function writeAddress(trx: Trx, userId: number, a: KycAddress, ip: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      address_cep: a.cep,
      address_street: a.street,
      address_number: a.number,
      address_complement: a.complement,
      address_district: a.district,
      address_city: a.city,
      address_uf: a.uf,
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .insertInto('user_addresses')
    .values({ user_id: userId, address_key: addressKey(a), address: JSON.stringify(a), ip })
    .execute();
}
