import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ok } from '../../infra/http/reply';
import { verifyAuditChain } from '../../platform/audit-trail';

/** The operator audit trail's check: every row's hash re-derived along the chain. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/audit/verify', allow(operator(ROLES.finance)), async (request, reply) => {
    return ok(request, reply, await verifyAuditChain(ctx.db));
  });
}
