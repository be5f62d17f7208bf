import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';
import { containsPattern } from '../../infra/db/like';
import { recordAudit, type AuditEntry } from '../../platform/audit-trail';

/** Records an operator action that writes nothing else, in a transaction of its own. */
export async function recordOperatorAction(db: Db, entry: AuditEntry): Promise<void> {
  await db.transaction().execute((trx) => recordAudit(trx, entry));
}

/** What the audit log is searched by; instants for the São Paulo days. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  object?: string;
  since?: Date;
  until?: Date;
}

function auditQuery(db: Db, filter: AuditFilter) {
  let query = db
    .selectFrom('operator_audit')
    .leftJoin('operators', 'operators.id', 'operator_audit.actor_id');
  if (filter.actor)
    query = query.where(sql<boolean>`lower(operators.username) = ${filter.actor.toLowerCase()}`);
  // `withdrawal` finds the family (withdrawal.approve, withdrawal.reject); a full name finds itself.
  if (filter.action) {
    const action = filter.action;
    query = query.where((eb) =>
      eb.or([
        eb('operator_audit.action', '=', action),
        eb('operator_audit.action', 'like', `${action.replace(/_/g, '\\_')}.%`),
      ]),
    );
  }
  if (filter.object) query = query.where('operator_audit.object', 'like', containsPattern(filter.object));
  if (filter.since) query = query.where('operator_audit.at', '>=', filter.since);
  if (filter.until) query = query.where('operator_audit.at', '<', filter.until);
  return query;
}

/** A page of operator actions matching `filter`, newest first, and how many match in all. */
export async function findAuditEntries(db: Db, filter: AuditFilter, page: number, size: number) {
  const [rows, count] = await Promise.all([
    auditQuery(db, filter)
      .select([
        'operator_audit.seq',
        'operator_audit.at',
        'operator_audit.actor_id',
        'operators.username',
        'operator_audit.action',
        'operator_audit.object',
        'operator_audit.before_state',
        'operator_audit.after_state',
        'operator_audit.request_id',
      ])
      .orderBy('operator_audit.seq', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    auditQuery(db, filter)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
