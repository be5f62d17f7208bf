import type { Db } from '../../infra/db/connection';
import type { FixtureResult } from '../../../domain/sports/markets';
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

/** The results operators entered for these fixtures (they replace the feed's for settlement). */
export async function findEnteredResults(
  db: Db,
  fixtureIds: readonly string[],
): Promise<Map<string, FixtureResult>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sports_fixtures')
    .select(['id', 'result'])
    .where('id', 'in', [...fixtureIds])
    .where('result_source', '=', 'operator')
    .where('result', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, JSON.parse(r.result!) as FixtureResult]));
}
