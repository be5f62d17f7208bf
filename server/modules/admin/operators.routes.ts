import { z } from 'zod';
import { recordId } from '../../../domain/schemas/common.schema';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import {
  operatorCreatedSchema,
  operatorCreateSchema,
  operatorDisableSchema,
  operatorRoleChangedSchema,
  operatorRowSchema,
  operatorUpdateSchema,
} from '../../../domain/schemas/operator.schema';
import { noDataSchema } from '../../../domain/schemas/back-office.schema';
import { hashPassword } from '../../infra/security/passwords';
import { liveSessionIds, revokeSessions } from '../../platform/sessions';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  changeOperatorRole,
  createOperator,
  listOperators,
  resetOperatorTotp,
  setOperatorDisabled,
} from './operators.repository';

/** The `:id` of a path, as the routes declare it (parsed with recordId). */
const idParams = z.object({ id: recordId() });

/**
 * Operator accounts (admin only): list, create, change a role, reset a lost authenticator, disable
 * and re-enable.
 */
export async function operatorsRoutes(app: FastifyInstance, ctx: AppContext) {
  const list = allow(operator(ROLES.admin), { response: z.array(operatorRowSchema) });
  app.get('/api/admin/operators', list, async (request, reply) => {
    const rows = await listOperators(ctx.db);
    return ok(
      request,
      reply,
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        totpEnrolled: r.totp_enrolled_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
        disabled: r.disabled_at
          ? { at: new Date(r.disabled_at).toISOString(), reason: r.disabled_reason }
          : null,
      })),
    );
  });

  app.post(
    '/api/admin/operators',
    allow(operator(ROLES.admin), { body: operatorCreateSchema, response: operatorCreatedSchema }),
    async (request, reply) => {
      const input = parseInput(operatorCreateSchema, request.body);
      const passwordHash = await hashPassword(input.pwd);
      const created = await createOperator(
        ctx.db,
        { username: input.username, password_hash: passwordHash, role: input.role },
        (trx, row) =>
          recordAudit(
            trx,
            auditEntry(request, 'operator.create', `operator:${row.id}`, null, {
              username: row.username,
              role: row.role,
            }),
          ),
      );
      return ok(request, reply, created);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/admin/operators/:id',
    allow(operator(ROLES.admin), {
      params: idParams,
      body: operatorUpdateSchema,
      response: operatorRoleChangedSchema,
    }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      const { role } = parseInput(operatorUpdateSchema, request.body);
      // Only an enabled admin calls this, and never on themselves (nor disables themselves): so
      // an enabled admin always remains (red-team review: an admin demoted the last admin, self).
      if (id === request.session!.subjectId) throw badRequest('operatorSelfRole');
      await changeOperatorRole(ctx.db, id, role, (trx, before) =>
        recordAudit(trx, auditEntry(request, 'operator.role', `operator:${id}`, before, { role })),
      );
      // A new role takes effect on the next request (the guard reads it); sessions stay open.
      return ok(request, reply, { id, role });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/operators/:id/totp/reset',
    allow(operator(ROLES.admin), { params: idParams, response: noDataSchema }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      await resetOperatorTotp(ctx.db, id, (trx) =>
        recordAudit(
          trx,
          auditEntry(request, 'operator.totp.reset', `operator:${id}`, { totp: true }, { totp: false }),
        ),
      );
      // A lost authenticator may be in the wrong hands: that operator's sessions end now.
      await revokeSessions(ctx, await liveSessionIds(ctx, 'operator', id));
      return ok(request, reply);
    },
  );

  // Disabling ends the account's sessions at once and keeps it, so the audit's actor stays known.
  app.post<{ Params: { id: string } }>(
    '/api/admin/operators/:id/disable',
    allow(operator(ROLES.admin), { params: idParams, body: operatorDisableSchema, response: noDataSchema }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      const { reason } = parseInput(operatorDisableSchema, request.body);
      if (id === request.session!.subjectId) throw badRequest('operatorSelf');
      await setOperatorDisabled(ctx.db, id, reason, (trx, before) =>
        recordAudit(
          trx,
          auditEntry(request, 'operator.disable', `operator:${id}`, before, { disabled: true, reason }),
        ),
      );
      await revokeSessions(ctx, await liveSessionIds(ctx, 'operator', id));
      return ok(request, reply);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/operators/:id/enable',
    allow(operator(ROLES.admin), { params: idParams, response: noDataSchema }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      await setOperatorDisabled(ctx.db, id, null, (trx, before) =>
        recordAudit(
          trx,
          auditEntry(request, 'operator.enable', `operator:${id}`, before, { disabled: false }),
        ),
      );
      return ok(request, reply);
    },
  );
}
