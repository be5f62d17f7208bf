import type { Db } from '../../infra/db/connection';

/** Keeps one PIX notification of the provider's webhook with what settling its charge did. */
export async function recordPixNotification(
  db: Db,
  notice: { end_to_end_id: string; txid: string; outcome: string },
): Promise<void> {
  await db.insertInto('pix_notifications').values(notice).execute();
}
