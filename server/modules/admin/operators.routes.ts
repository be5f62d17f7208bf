import { recordId } from '../../../domain/schemas/common.schema';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { operatorCreateSchema, operatorUpdateSchema } from '../../../domain/schemas/operator.schema';
import { hashPassword } from '../../infra/security/passwords';
import { liveSessionIds, revokeSessions } from '../../platform/sessions';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import { changeOperatorRole, createOperator, listOperators, resetOperatorTotp } from './operators.repository';

/** Operator accounts (admin only): list, create, change a role, reset a lost authenticator. */
export async function operatorsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/operators', allow(operator(ROLES.admin)), async (request, reply) => {
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
      })),
    );
  });

  app.post(
    '/api/admin/operators',
    allow(operator(ROLES.admin), { body: operatorCreateSchema }),
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
    allow(operator(ROLES.admin), { body: operatorUpdateSchema }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      const { role } = parseInput(operatorUpdateSchema, request.body);
      await changeOperatorRole(ctx.db, id, role, (trx, before) =>
        recordAudit(trx, auditEntry(request, 'operator.role', `operator:${id}`, before, { role })),
      );
      // A new role takes effect on the next request (the guard reads it); sessions stay open.
      return ok(request, reply, { id, role });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/operators/:id/totp/reset',
    allow(operator(ROLES.admin)),
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
}
