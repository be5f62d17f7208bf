import type { Db } from '../../infra/db/connection';
import { recordAudit, type AuditEntry } from '../../platform/audit-trail';

/** Records an operator action that writes nothing else, in a transaction of its own. */
export async function recordOperatorAction(db: Db, entry: AuditEntry): Promise<void> {
  await db.transaction().execute((trx) => recordAudit(trx, entry));
}
