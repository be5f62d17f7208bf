import type { AppContext } from '../../platform/context';
import { recordAudit, type AuditEntry } from '../../platform/audit-trail';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { textColumn, moneyColumn, toCsv } from '../../platform/csv';
import {
  ALERT_RULE_TEXT,
  CLOSED_STATUSES,
  type AlertRule,
  type AlertAction,
  type AlertDetail,
  type AlertRow,
  type AlertStatus,
} from '../../../domain/schemas/compliance.schema';
import { findCandidates } from './alert-rules';
import {
  activeAssignees,
  addNote,
  findAlert,
  findAlerts,
  moveAlert,
  notesOf,
  operationsOf,
  playersByIds,
  pruneLimitHits,
  type AlertActor,
  upsertAlert,
  type AlertFilter,
} from './alerts.repository';

/** Days a limit hit is kept (the rule reads 7). */
const LIMIT_HITS_KEPT_DAYS = 90;

/** How many players a queue row names before "+n". */
const ROW_PLAYERS = 4;

/**
 * Runs every rule and raises or brings up to date the alerts they find (the leased loop calls it
 * every `compliance.scanSeconds`; compliance can ask for a scan from the console too).
 */
export async function scanAlerts(ctx: AppContext, now = new Date()) {
  const candidates = await findCandidates({
    db: ctx.db,
    now,
    limits: ctx.config.file.compliance,
    approvalThreshold: ctx.config.file.withdraw.approvalThreshold,
  });
  let raised = 0;
  let updated = 0;
  for (const candidate of candidates) {
    const outcome = await upsertAlert(ctx.db, candidate);
    if (outcome === 'raised') raised += 1;
    if (outcome === 'updated') updated += 1;
  }
  if (raised > 0) ctx.log.info({ raised, updated }, 'compliance alerts raised');
  await pruneLimitHits(ctx.db, new Date(now.getTime() - LIMIT_HITS_KEPT_DAYS * 86_400_000));
  return { raised, updated };
}

const userIdsOf = (row: { user_ids: string }) => JSON.parse(row.user_ids) as number[];

/** The queue, a page at a time. */
export async function listAlerts(ctx: AppContext, filter: AlertFilter, page: number, size: number) {
  const { rows, total } = await findAlerts(ctx.db, filter, page, size);
  const shown = [...new Set(rows.flatMap((r) => userIdsOf(r).slice(0, ROW_PLAYERS)))];
  const names = new Map((await playersByIds(ctx.db, shown)).map((p) => [p.id, p.username]));
  const list: AlertRow[] = rows.map((r) => {
    const ids = userIdsOf(r);
    return {
      id: r.id,
      kind: r.kind,
      rule: r.rule,
      status: r.status,
      amount: Number(r.amount_cents) / 100,
      players: ids.slice(0, ROW_PLAYERS).map((id) => names.get(id) ?? `#${id}`),
      playerCount: ids.length,
      assignee: r.assignee,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      reportedAt: r.reported_at ? new Date(r.reported_at).toISOString() : null,
    };
  });
  return { list, total };
}

/** One case: the alert, every player it involves, what the rule saw, and the notes. */
export async function alertDetail(ctx: AppContext, id: number): Promise<AlertDetail> {
  const row = await findAlert(ctx.db, id);
  if (!row) throw notFound();
  const ids = userIdsOf(row);
  const players = await playersByIds(ctx.db, ids);
  const notes = await notesOf(ctx.db, id);
  return {
    id: row.id,
    kind: row.kind,
    rule: row.rule,
    status: row.status,
    amount: Number(row.amount_cents) / 100,
    players: players.slice(0, ROW_PLAYERS).map((p) => p.username),
    playerCount: ids.length,
    assignee: row.assignee,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    reportedAt: row.reported_at ? new Date(row.reported_at).toISOString() : null,
    evidence: JSON.parse(row.evidence) as AlertDetail['evidence'],
    playersDetail: players.map((p) => ({
      id: p.id,
      username: p.username,
      name: p.name,
      cpf: p.cpf,
      phone: p.phone,
      createdAt: new Date(p.created_at).toISOString(),
      locked: p.locked_at !== null,
    })),
    notes: notes.map((n) => ({
      id: n.id,
      author: n.author,
      text: n.text,
      at: new Date(n.created_at).toISOString(),
    })),
  };
}

const OPEN: readonly AlertStatus[] = ['open', 'reviewing'];

/** Where each action may start from and where it leaves the alert (a note moves nothing). */
const MOVES: Record<
  Exclude<AlertAction['action'], 'note'>,
  { from: readonly AlertStatus[]; to: AlertStatus }
> = {
  take: { from: OPEN, to: 'reviewing' },
  assign: { from: OPEN, to: 'reviewing' },
  report: { from: OPEN, to: 'reported' },
  dismiss: { from: OPEN, to: 'dismissed' },
  reopen: { from: CLOSED_STATUSES, to: 'open' },
};

/** An operator who may hold a case: active, compliance or admin. */
async function assertAssignable(ctx: AppContext, operatorId: number) {
  if (!(await activeAssignees(ctx.db)).some((op) => op.id === operatorId))
    throw badRequest('alertAssigneeInvalid');
}

/**
 * One step of an operator's work on an alert, with its audit entry in the same transaction. A move
 * is conditional on the state the action starts from: of two operators closing one case at once,
 * the second is told the alert has moved (409) and nothing of theirs is written.
 */
export async function actOnAlert(
  ctx: AppContext,
  id: number,
  actor: AlertActor,
  action: AlertAction,
  audit: (before: unknown, after: unknown) => AuditEntry,
): Promise<void> {
  if (action.action === 'assign') await assertAssignable(ctx, action.operatorId);
  await ctx.db.transaction().execute(async (trx) => {
    const exists = await findAlert(trx, id);
    if (!exists) throw notFound();
    if (action.action === 'note') {
      await addNote(trx, id, actor.operatorId, action.text);
      await recordAudit(trx, audit(null, { note: action.text }));
      return;
    }
    const move = MOVES[action.action];
    const assigneeId =
      action.action === 'take'
        ? actor.operatorId
        : action.action === 'assign'
          ? action.operatorId
          : undefined;
    const before = await moveAlert(trx, id, { ...move, assigneeId }, actor);
    if (before === 'moved') throw new AppError(409, 'alertMoved');
    if (before === 'notYours') throw new AppError(409, 'alertNotYours', { who: exists.assignee ?? '' });
    if ('text' in action) await addNote(trx, id, actor.operatorId, action.text);
    await recordAudit(
      trx,
      audit(
        { status: before.status, assigneeId: before.assigneeId },
        {
          status: move.to,
          assigneeId: assigneeId ?? before.assigneeId,
          ...('text' in action ? { note: action.text } : {}),
        },
      ),
    );
  });
}

const saoPauloTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const DEPOSIT_STATES: Record<string, string> = {
  '00': 'Aguardando pagamento',
  '01': 'Cancelado ou devolvido',
  '10': 'Creditado',
};
const PAYOUT_STATES: Record<string, string> = {
  waiting_approval: 'Aguardando aprovação',
  queued: 'Na fila de pagamento',
  sent: 'Enviado ao banco',
  paid: 'Pago',
  failed: 'Falhou',
  rejected: 'Recusado',
};

interface CaseLine {
  player: { username: string; name: string; cpf: string };
  at: Date;
  operation: string;
  amountBrl: number;
  state: string;
  pixKey: string;
  reference: string;
}

/** How far back the case file's operations go. */
const CASE_DAYS = 180;

/**
 * The case file for a communication to COAF (Lei 9.613/1998 art. 11, Lei 14.790/2023): every
 * deposit and withdrawal of the players involved in the last 180 days, one per line, with the
 * case and the rule on each, as CSV a Brazilian spreadsheet opens (platform/csv.ts). The operator
 * fills SISCOAF's form from it; the export itself is audited.
 */
export async function coafCaseCsv(ctx: AppContext, id: number, audit: AuditEntry): Promise<string> {
  const row = await findAlert(ctx.db, id);
  if (!row) throw notFound();
  await ctx.db.transaction().execute((trx) => recordAudit(trx, audit));
  const ids = userIdsOf(row);
  const players = new Map((await playersByIds(ctx.db, ids)).map((p) => [p.id, p]));
  const since = new Date(Date.now() - CASE_DAYS * 86_400_000);
  const { deposits, withdrawals } = await operationsOf(ctx.db, ids, since);
  const who = (userId: number) => {
    const p = players.get(userId);
    return { username: p?.username ?? `#${userId}`, name: p?.name ?? '', cpf: p?.cpf ?? '' };
  };
  const lines: CaseLine[] = [
    ...deposits.map((d) => ({
      player: who(d.user_id),
      at: new Date(d.paid_at ?? d.created_at),
      operation: 'Depósito PIX',
      amountBrl: Number(d.amount_cents) / 100,
      state: DEPOSIT_STATES[d.status] ?? d.status,
      pixKey: '',
      reference: d.end_to_end_id ?? d.id,
    })),
    ...withdrawals.map((w) => ({
      player: who(w.user_id),
      at: new Date(w.created_at),
      operation: 'Saque PIX',
      amountBrl: Number(w.amount_cents) / 100,
      state: PAYOUT_STATES[w.payout_state] ?? w.payout_state,
      pixKey: w.account,
      reference: w.id,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const caseName = `Alerta ${row.id}`;
  return toCsv(
    [
      textColumn<CaseLine>('Caso', () => caseName),
      textColumn<CaseLine>('Regra', () => ALERT_RULE_TEXT[row.rule as AlertRule] ?? row.rule),
      textColumn<CaseLine>('Jogador', (l) => l.player.username),
      textColumn<CaseLine>('Nome', (l) => l.player.name),
      textColumn<CaseLine>('CPF', (l) => l.player.cpf),
      textColumn<CaseLine>('Quando (São Paulo)', (l) => saoPauloTime.format(l.at)),
      textColumn<CaseLine>('Operação', (l) => l.operation),
      moneyColumn<CaseLine>('Valor (R$)', (l) => l.amountBrl),
      textColumn<CaseLine>('Situação', (l) => l.state),
      textColumn<CaseLine>('Chave PIX de destino', (l) => l.pixKey),
      textColumn<CaseLine>('Referência', (l) => l.reference),
    ],
    lines,
  );
}
