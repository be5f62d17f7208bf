import { sql, type Kysely } from 'kysely';

/**
 * Identity documents (issue 19): the player sends the front and back of an identity document and a
 * selfie holding it; the files live outside the database (TREVO_KYC_DIR), the rows say what they
 * are, and an operator's review of the set is kept on the player (`kyc_review`). Large withdrawals
 * wait for an approved review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('front', 'back', 'selfie')`))
    // The file's name inside TREVO_KYC_DIR (`<user>/<random>.<ext>`), never a path a client chose.
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) =>
      c.notNull().check(sql`mime in ('image/jpeg', 'image/png', 'application/pdf')`),
    )
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set when the player sent this side again: the newer file is the one reviewed.
    .addColumn('replaced_at', 'timestamptz')
    .execute();
  await sql`create index kyc_documents_user_idx on kyc_documents (user_id, side) where replaced_at is null`.execute(
    db,
  );

  await db.schema
    .alterTable('users')
    .addColumn('kyc_review', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`kyc_review in ('none', 'pending', 'approved', 'rejected')`),
    )
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('kyc_review_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('kyc_reviewed_by', 'integer', (c) => c.references('operators.id'))
    .execute();
  await db.schema.alterTable('users').addColumn('kyc_reviewed_at', 'timestamptz').execute();
  await sql`create index users_kyc_pending_idx on users (id) where kyc_review = 'pending'`.execute(db);
}
