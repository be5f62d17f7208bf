import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { allow, operator, ROLES } from '../../platform/access';
import { auditEntry } from '../../platform/audit-trail';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { recordId } from '../../../domain/schemas/common.schema';
import { noDataSchema } from '../../../domain/schemas/back-office.schema';
import {
  alertActionSchema,
  alertAssigneesSchema,
  alertDetailSchema,
  alertScanSchema,
  alertsPageSchema,
  alertsQuerySchema,
} from '../../../domain/schemas/compliance.schema';
import { actOnAlert, alertDetail, coafCaseCsv, listAlerts, scanAlerts } from './alerts.service';
import { activeAssignees } from './alerts.repository';

const idSchema = recordId();
const idParams = z.object({ id: idSchema });

/**
 * The compliance desk (issue 19): the queue of alerts, a case with its players and notes, the work
 * on it (take, hand over, note, report to COAF, dismiss, reopen — each audited), and the case file
 * for COAF.
 */
export async function complianceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/alerts',
    allow(operator(ROLES.compliance), { query: alertsQuerySchema, response: alertsPageSchema }),
    async (request, reply) => {
      const input = parseInput(alertsQuerySchema, request.query);
      const page = await listAlerts(ctx, { kind: input.kind, status: input.status }, input.page, input.size);
      return ok(request, reply, page);
    },
  );

  app.post(
    '/api/admin/alerts/scan',
    allow(operator(ROLES.compliance), { response: alertScanSchema }),
    async (request, reply) => ok(request, reply, await scanAlerts(ctx)),
  );

  // Who a case can be handed to: active compliance operators and administrators.
  app.get(
    '/api/admin/alerts/assignees',
    allow(operator(ROLES.compliance), { response: alertAssigneesSchema }),
    async (request, reply) => {
      return ok(request, reply, await activeAssignees(ctx.db));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/alerts/:id',
    allow(operator(ROLES.compliance), { params: idParams, response: alertDetailSchema }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      return ok(request, reply, await alertDetail(ctx, id));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/alerts/:id',
    allow(operator(ROLES.compliance), { params: idParams, body: alertActionSchema, response: noDataSchema }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const action = parseInput(alertActionSchema, request.body ?? {});
      await actOnAlert(
        ctx,
        id,
        { operatorId: request.session!.subjectId, admin: request.operatorRole === 'admin' },
        action,
        (before, after) => auditEntry(request, `alert.${action.action}`, `alert:${id}`, before, after),
      );
      return ok(request, reply);
    },
  );

  // The case file: who exported which case is itself in the audit trail.
  app.get<{ Params: { id: string } }>(
    '/api/admin/alerts/:id/coaf',
    allow(operator(ROLES.compliance), { params: idParams }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const csv = await coafCaseCsv(
        ctx,
        id,
        auditEntry(request, 'alert.export', `alert:${id}`, null, { format: 'coaf-csv' }),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="trevo-coaf-alerta-${id}.csv"`)
        .send(csv);
    },
  );
}
