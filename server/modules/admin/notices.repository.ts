import type { Db, Trx } from '../../infra/db/connection';

/** A stored notice. */
export interface NoticeRow {
  id: number;
  text: string;
  created_at: Date;
}

/** The latest notices, newest first, as the console lists them. */
export async function findRecentNotices(db: Db, limit: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'text', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Stores a notice and runs `audit` in the same transaction; returns the stored row. */
export async function insertNotice(
  db: Db,
  text: string,
  audit: (trx: Trx, row: NoticeRow) => Promise<void>,
): Promise<NoticeRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({ text })
      .returning(['id', 'text', 'created_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, row);
    return row;
  });
}
