import type { FastifyRequest } from 'fastify';
import type { Db } from '../infra/db/connection';
import type { Trx } from '../infra/db/connection';
import { sha256Hex } from '../infra/security/tokens';

/**
 * The hash-chained audit trail of operator actions (migration 010). `recordAudit` runs inside the
 * transaction of the action itself, so an action and its record commit together or not at all.
 */

/** One operator action. `before` and `after` are the object's state (null when it did not exist). */
export interface AuditEntry {
  actorId: number;
  action: string;
  object: string;
  before: unknown;
  after: unknown;
  requestId: string;
}

/** The genesis hash: the chain's first row links to it. */
export const AUDIT_GENESIS = '0'.repeat(64);

interface AuditRow {
  seq: number;
  at: string;
  actorId: number;
  action: string;
  object: string;
  beforeState: string;
  afterState: string;
  requestId: string;
}

/** The hash of a row: SHA-256 over the previous hash and every field, as a JSON array. */
export function auditHash(prevHash: string, row: AuditRow): string {
  return sha256Hex(
    JSON.stringify([
      prevHash,
      row.seq,
      row.at,
      row.actorId,
      row.action,
      row.object,
      row.beforeState,
      row.afterState,
      row.requestId,
    ]),
  );
}

/** The entry of an operator action taken in `request` (actor and request id from it). */
export function auditEntry(
  request: FastifyRequest,
  action: string,
  object: string,
  before: unknown,
  after: unknown,
): AuditEntry {
  return {
    actorId: request.session!.subjectId,
    action,
    object,
    before,
    after,
    requestId: String(request.id),
  };
}

/** Appends an entry to the chain, in the caller's transaction. */
export async function recordAudit(trx: Trx, entry: AuditEntry): Promise<void> {
  // Taking the head row's lock orders concurrent writers.
  const head = await trx
    .selectFrom('operator_audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row: AuditRow = {
    seq: Number(head.seq) + 1,
    at: new Date().toISOString(),
    actorId: entry.actorId,
    action: entry.action,
    object: entry.object,
    beforeState: JSON.stringify(entry.before ?? null),
    afterState: JSON.stringify(entry.after ?? null),
    requestId: entry.requestId,
  };
  const hash = auditHash(head.hash, row);
  await trx
    .insertInto('operator_audit')
    .values({
      seq: row.seq,
      at: new Date(row.at),
      actor_id: row.actorId,
      action: row.action,
      object: row.object,
      before_state: row.beforeState,
      after_state: row.afterState,
      request_id: row.requestId,
      prev_hash: head.hash,
      hash,
    })
    .execute();
  await trx.updateTable('operator_audit_head').set({ seq: row.seq, hash }).where('id', '=', 1).execute();
}

/**
 * Walks the chain from the genesis: every row's hash must match its fields and link to the row
 * before, sequence numbers must have no gap, and the head must name the last row. Returns the rows
 * checked and a line per problem (empty when the chain is intact).
 */
export async function verifyAuditChain(db: Db): Promise<{ rows: number; problems: string[] }> {
  const rows = await db.selectFrom('operator_audit').selectAll().orderBy('seq').execute();
  const head = await db
    .selectFrom('operator_audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const problems: string[] = [];
  let prev = AUDIT_GENESIS;
  let expected = 1;
  for (const r of rows) {
    const seq = Number(r.seq);
    if (seq !== expected) problems.push(`row ${seq}: expected sequence ${expected} (a row is missing)`);
    if (r.prev_hash !== prev) problems.push(`row ${seq}: does not link to the row before it`);
    const recomputed = auditHash(r.prev_hash, {
      seq,
      at: new Date(r.at).toISOString(),
      actorId: r.actor_id,
      action: r.action,
      object: r.object,
      beforeState: r.before_state,
      afterState: r.after_state,
      requestId: r.request_id,
    });
    if (recomputed !== r.hash) problems.push(`row ${seq}: contents do not match its hash (edited)`);
    prev = r.hash;
    expected = seq + 1;
  }
  if (!head) problems.push('the chain head is missing');
  else if (Number(head.seq) !== rows.length || head.hash !== prev) {
    problems.push(
      `the head names row ${head.seq}, the table ends at row ${rows.length} (rows removed or added)`,
    );
  }
  return { rows: rows.length, problems };
}
