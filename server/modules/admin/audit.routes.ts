import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { verifyAuditChain } from '../../platform/audit-trail';
import { auditPageSchema, auditQuerySchema, type AuditRow } from '../../../domain/schemas/back-office.schema';
import { auditChainCheckSchema } from '../../../domain/schemas/console-money.schema';
import { saoPauloDayEnd, saoPauloDayStart } from '../../../domain/sao-paulo-days';
import { findAuditEntries } from './audit.repository';
import { countColumn, textColumn, toCsv } from '../../platform/csv';

/** Most rows one CSV export carries (a month of a busy console is far less). */
const CSV_MAX_ROWS = 5_000;

const saoPauloTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const AUDIT_CSV = [
  countColumn<AuditRow>('Sequência', (r) => r.seq),
  textColumn<AuditRow>('Quando (São Paulo)', (r) => saoPauloTime.format(new Date(r.at))),
  textColumn<AuditRow>('Operador', (r) => r.actor ?? `#${r.actorId}`),
  textColumn<AuditRow>('Ação', (r) => r.action),
  textColumn<AuditRow>('Objeto', (r) => r.object),
  textColumn<AuditRow>('Antes', (r) => r.before),
  textColumn<AuditRow>('Depois', (r) => r.after),
  textColumn<AuditRow>('Pedido', (r) => r.requestId),
];

/** The operator audit trail: browsing who did what (and exporting it), and the chain's check. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const verify = allow(operator(ROLES.finance), { response: auditChainCheckSchema });
  app.get('/api/admin/audit/verify', verify, async (request, reply) => {
    return ok(request, reply, await verifyAuditChain(ctx.db));
  });

  app.get(
    '/api/admin/audit',
    allow(operator(ROLES.finance), { query: auditQuerySchema, response: auditPageSchema }),
    async (request, reply) => {
      const input = parseInput(auditQuerySchema, request.query);
      if (input.from && input.to && input.from > input.to) throw badRequest('invalidInput');
      const filter = {
        actor: input.actor || undefined,
        action: input.action || undefined,
        object: input.object || undefined,
        since: input.from ? saoPauloDayStart(input.from) : undefined,
        until: input.to ? saoPauloDayEnd(input.to) : undefined,
      };
      const csv = input.format === 'csv';
      const { rows, total } = await findAuditEntries(
        ctx.db,
        filter,
        csv ? 1 : input.page,
        csv ? CSV_MAX_ROWS : input.size,
      );
      const list: AuditRow[] = rows.map((r) => ({
        seq: Number(r.seq),
        at: new Date(r.at).toISOString(),
        actorId: r.actor_id,
        actor: r.username,
        action: r.action,
        object: r.object,
        before: r.before_state,
        after: r.after_state,
        requestId: r.request_id,
      }));
      if (csv) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="trevo-auditoria.csv"')
          .send(toCsv(AUDIT_CSV, list));
      }
      return ok(request, reply, { list, total });
    },
  );
}
