import type { Db } from '../../infra/db/connection';
import { recordAudit, type AuditEntry } from '../../platform/audit-trail';

/** The fixture's stored result (JSON) and where it came from, if the fixture exists. */
export async function findFixtureResult(db: Db, fixtureId: string) {
  return db
    .selectFrom('sports_fixtures')
    .select(['result', 'result_source'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
}

/** Records an operator's result entry in the audit trail, in a transaction of its own. */
export async function recordResultEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.transaction().execute((trx) => recordAudit(trx, entry));
}
