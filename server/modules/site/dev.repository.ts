import type { Db } from '../../infra/db/connection';

/** The latest 100 mails of the outbox, newest first, only those to `to` when given. */
export async function findOutboxMails(db: Db, to: string | undefined) {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(100);
  if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
  return query.execute();
}
