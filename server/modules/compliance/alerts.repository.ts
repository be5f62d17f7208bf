import type { Db, Trx } from '../../infra/db/connection';
import type { AlertKind, AlertStatus } from '../../../domain/schemas/compliance.schema';
import { centsToBrl, decimalText } from '../../../domain/money';
import type { Candidate } from './alert-rules';

/**
 * The compliance alerts' rows: raising or bringing up to date what a scan found, the queue, one
 * case with its players and notes, and the state changes (each a conditional update, so two
 * operators acting at once cannot both close a case or both take it).
 */

const json = (ids: number[]) => JSON.stringify(ids);

/**
 * Raises the candidate's alert, or brings it up to date when what it saw changed (a ring that
 * gained an account, a larger sum of splits). A closed case whose players changed opens again, with
 * a note saying why. Answers what happened. Runs in its own transaction; the subject's unique key
 * keeps two scans at once from raising twins.
 */
export async function upsertAlert(db: Db, c: Candidate): Promise<'raised' | 'updated' | 'same'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('compliance_alerts')
      .values({
        kind: c.kind,
        rule: c.rule,
        subject_key: c.key,
        user_ids: json(c.userIds),
        evidence: JSON.stringify(c.evidence),
        amount_cents: c.amountCents,
      })
      .onConflict((oc) => oc.column('subject_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return 'raised';
    const current = await trx
      .selectFrom('compliance_alerts')
      .select(['id', 'user_ids', 'amount_cents', 'status', 'evidence'])
      .where('subject_key', '=', c.key)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = JSON.parse(current.user_ids) as number[];
    const newPlayers = c.userIds.filter((id) => !before.includes(id));
    const grew = newPlayers.length > 0 || c.amountCents > Number(current.amount_cents);
    if (!grew) {
      // What the rule sees may still change (more hits, another day's count): kept current.
      const evidence = JSON.stringify(c.evidence);
      if (evidence === current.evidence) return 'same';
      await trx.updateTable('compliance_alerts').set({ evidence }).where('id', '=', current.id).execute();
      return 'same';
    }
    const reopen = current.status === 'reported' || current.status === 'dismissed';
    await trx
      .updateTable('compliance_alerts')
      .set({
        user_ids: json([...new Set([...before, ...c.userIds])].sort((a, b) => a - b)),
        evidence: JSON.stringify(c.evidence),
        amount_cents: Math.max(c.amountCents, Number(current.amount_cents)),
        updated_at: new Date(),
        ...(reopen ? { status: 'open' as const } : {}),
      })
      .where('id', '=', current.id)
      .execute();
    const said = [
      newPlayers.length > 0 ? `Novas contas no caso: ${newPlayers.map((id) => `#${id}`).join(', ')}.` : '',
      c.amountCents > Number(current.amount_cents)
        ? `Valor observado subiu para R$ ${decimalText(centsToBrl(c.amountCents))}.`
        : '',
      reopen ? 'Caso reaberto.' : '',
    ].filter(Boolean);
    await addNote(trx, current.id, null, said.join(' '));
    return 'updated';
  });
}

export async function addNote(db: Db | Trx, alertId: number, operatorId: number | null, text: string) {
  await db
    .insertInto('compliance_alert_notes')
    .values({ alert_id: alertId, operator_id: operatorId, text })
    .execute();
}

export interface AlertFilter {
  kind?: AlertKind;
  /** A state, or `active` for open and reviewing. */
  status?: AlertStatus | 'active';
}

function alertQuery(db: Db, filter: AlertFilter) {
  let query = db.selectFrom('compliance_alerts');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status === 'active') query = query.where('status', 'in', ['open', 'reviewing']);
  // A reported case stays "reported" even when new accounts opened it again.
  else if (filter.status === 'reported') query = query.where('reported_at', 'is not', null);
  else if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

/** A page of the queue, newest first, and how many match. */
export async function findAlerts(db: Db, filter: AlertFilter, page: number, size: number) {
  const rows = await alertQuery(db, filter)
    .leftJoin('operators', 'operators.id', 'compliance_alerts.assignee_id')
    .select([
      'compliance_alerts.id',
      'compliance_alerts.kind',
      'compliance_alerts.rule',
      'compliance_alerts.status',
      'compliance_alerts.amount_cents',
      'compliance_alerts.user_ids',
      'compliance_alerts.created_at',
      'compliance_alerts.updated_at',
      'compliance_alerts.reported_at',
      'operators.username as assignee',
    ])
    .orderBy('compliance_alerts.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await alertQuery(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** One alert with its assignee's name. */
export async function findAlert(db: Db | Trx, id: number) {
  return db
    .selectFrom('compliance_alerts')
    .leftJoin('operators', 'operators.id', 'compliance_alerts.assignee_id')
    .selectAll('compliance_alerts')
    .select('operators.username as assignee')
    .where('compliance_alerts.id', '=', id)
    .executeTakeFirst();
}

/** The players of a set of alerts, by id. */
export async function playersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'cpf', 'phone', 'created_at', 'locked_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function notesOf(db: Db, alertId: number) {
  return db
    .selectFrom('compliance_alert_notes')
    .leftJoin('operators', 'operators.id', 'compliance_alert_notes.operator_id')
    .select([
      'compliance_alert_notes.id',
      'compliance_alert_notes.text',
      'compliance_alert_notes.created_at',
      'operators.username as author',
    ])
    .where('compliance_alert_notes.alert_id', '=', alertId)
    .orderBy('compliance_alert_notes.id')
    .execute();
}

/** Who acts on a case: a case in review is its assignee's (or an admin's) to hand over or close. */
export interface AlertActor {
  operatorId: number;
  admin: boolean;
}

/**
 * Moves an alert to `to` if its state is one of `from` (and, given, sets the assignee). Answers the
 * state and assignee before, `moved` when the alert was not in one of `from` (someone else moved it
 * first), or `notYours` when it is in review under another operator.
 */
export async function moveAlert(
  trx: Trx,
  id: number,
  move: { from: readonly AlertStatus[]; to: AlertStatus; assigneeId?: number },
  actor: AlertActor,
): Promise<{ status: AlertStatus; assigneeId: number | null } | 'moved' | 'notYours'> {
  const before = await trx
    .selectFrom('compliance_alerts')
    .select(['status', 'assignee_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before || !move.from.includes(before.status)) return 'moved';
  if (before.status === 'reviewing' && before.assignee_id !== actor.operatorId && !actor.admin)
    return 'notYours';
  await trx
    .updateTable('compliance_alerts')
    .set({
      status: move.to,
      updated_at: new Date(),
      ...(move.assigneeId !== undefined ? { assignee_id: move.assigneeId } : {}),
      ...(move.to === 'reported' ? { reported_at: new Date() } : {}),
    })
    .where('id', '=', id)
    .execute();
  return { status: before.status, assigneeId: before.assignee_id };
}

/** The deposits and withdrawals of `userIds` since `since`, oldest first (the COAF export's lines). */
export async function operationsOf(db: Db, userIds: number[], since: Date) {
  if (userIds.length === 0) return { deposits: [], withdrawals: [] };
  const deposits = await db
    .selectFrom('deposit_orders')
    .select(['id', 'user_id', 'amount_cents', 'status', 'created_at', 'paid_at', 'end_to_end_id'])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount_cents', 'payout_state', 'account', 'holder_name', 'created_at'])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return { deposits, withdrawals };
}

/** Who a case can be handed to: active compliance operators and administrators. */
export async function activeAssignees(db: Db) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('role', 'in', ['compliance', 'admin'])
    .where('disabled_at', 'is', null)
    .orderBy('username')
    .execute();
}

/** Limit hits older than this are no signal any more and leave the table (the rules read 7 days). */
export async function pruneLimitHits(db: Db, before: Date) {
  await db.deleteFrom('rg_events').where('kind', '=', 'limit_hit').where('at', '<', before).execute();
}
