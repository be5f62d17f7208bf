import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { allow, operator, ROLES } from '../../platform/access';
import { ok } from '../../infra/http/reply';
import { dashboardSchema } from '../../../domain/schemas/back-office.schema';
import { dashboardOf } from './dashboard.repository';

/** The console's first screen: every operator sees the day so far and what waits for them. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/dashboard',
    allow(operator(ROLES.any), { response: dashboardSchema }),
    async (request, reply) => ok(request, reply, await dashboardOf(ctx.db)),
  );
}
