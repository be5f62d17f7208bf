import { dashboardRoutes } from './dashboard.routes';
import { kycReviewRoutes } from './kyc.routes';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../infra/http/errors';
import { hashPassword } from '../../infra/security/passwords';
import { findOperatorId, insertOperatorIfAbsent } from './operators.repository';
import { operatorAuthRoutes } from './operator-auth.routes';
import { operatorsRoutes } from './operators.routes';
import { noticesRoutes } from './notices.routes';
import { withdrawalsRoutes } from './withdrawals.routes';
import { adminGamesRoutes } from './games.routes';
import { fixturesRoutes } from './fixtures.routes';
import { backOfficeRoutes } from './back-office.routes';
import { ledgerRoutes } from './ledger.routes';
import { auditRoutes } from './audit.routes';

/** Creates the bootstrap operator (role admin) from the environment if it does not exist yet. */
export async function ensureBootstrapOperator(ctx: AppContext): Promise<void> {
  const op = ctx.config.operator;
  if (!op) return;
  const existing = await findOperatorId(ctx.db, op.username);
  if (existing) return;
  await insertOperatorIfAbsent(ctx.db, {
    username: op.username,
    password_hash: await hashPassword(op.password),
    role: 'admin',
  });
}

/**
 * The operator console's routes, one file per concern, registered here in one place (config.routes
 * is registered by the app, since it needs the config sync).
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  // An unknown operator path asks for an operator first (API.md): it is a route like any other,
  // declared for every operator role, so a visitor gets 401 and a player 403 before anyone learns
  // that the path leads nowhere. The router prefers every real route over this wildcard.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/admin/*',
    ...allow(operator(ROLES.any)),
    handler: async () => {
      throw notFound();
    },
  });
  await operatorAuthRoutes(app, ctx);
  await operatorsRoutes(app, ctx);
  await noticesRoutes(app, ctx);
  await withdrawalsRoutes(app, ctx);
  await adminGamesRoutes(app, ctx);
  await fixturesRoutes(app, ctx);
  await backOfficeRoutes(app, ctx);
  await ledgerRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await kycReviewRoutes(app, ctx);
}
