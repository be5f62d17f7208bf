import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from './context';
import { forbidden, notLoggedIn } from '../infra/http/errors';
import { resolveSession, tokenOf } from './sessions';
import { OPERATOR_ROLES, type OperatorRole } from '../../domain/schemas/operator.schema';
import type { Contract } from './contract';

/**
 * Who may call a route, declared on the route itself and checked from that declaration (trust
 * issue, ARCHITECTURE.md boundary 7). The guard runs in `onRequest` on the route the router
 * matched — after it decoded the path, so no spelling of a URL (percent-escapes in either case, dot
 * segments, doubled slashes) reaches a handler its caller may not call, and HEAD shares GET's
 * declaration — and before the body is parsed, so a malformed body reveals nothing to a caller
 * without the right token. Every route must declare: the server refuses to start otherwise.
 *
 * - `public`: anyone (a handler may still read an optional token itself).
 * - `player`: a live player session; the request carries it as `request.session`. A route whose
 *   work is one database call that checks the session itself under the player's lock (an instant
 *   bet, `play_instant`) declares `checkedInCall`: the guard then refuses a request without a
 *   token and leaves the session to that call, which refuses a dead one in the same transaction.
 * - `operator`: a live operator session whose role is one of `roles` (`admin` passes every
 *   operator route); the request carries the role as `request.operatorRole`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'player'; checkedInCall?: true }
  | { kind: 'operator'; roles: readonly OperatorRole[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    operatorRole?: OperatorRole;
  }
}

export const PUBLIC: Access = { kind: 'public' };
export const PLAYER: Access = { kind: 'player' };
/** A player route whose single database call checks the session itself (see `Access`). */
export const PLAYER_CHECKED_IN_CALL: Access = { kind: 'player', checkedInCall: true };
/** An operator route for these roles (admin passes every one). */
export const operator = (roles: readonly OperatorRole[]): Access => ({ kind: 'operator', roles });

/** Role sets operator routes declare. */
export const ROLES = {
  any: OPERATOR_ROLES,
  support: ['support'],
  finance: ['finance'],
  trader: ['trader'],
  compliance: ['compliance'],
  /** Who reads a player's profile, history and ledger, and writes notes on it. */
  playerDesk: ['support', 'finance', 'compliance'],
  /** Who locks or unlocks a player and ends their sessions (a ring found by compliance, too). */
  playerGuard: ['support', 'compliance'],
  /** Who reviews players' identity documents. */
  kyc: ['support', 'compliance'],
  admin: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/**
 * Route options declaring who may call it and, where declared, what it reads and answers
 * (platform/contract.ts): `app.get(url, allow(PLAYER, { query, response }), handler)`.
 */
export function allow(
  access: Access,
  contract?: Contract,
): { config: { access: Access; contract?: Contract } } {
  return { config: contract ? { access, contract } : { access } };
}

/** What a route table test (and the OpenAPI document) needs: every route's method, URL and declarations. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  contract?: Contract;
}

/**
 * Installs the guard and the start-up check on the app (before any route is registered): routes are
 * collected as they are added, and `ready` fails if one declares nothing. Static files of the client
 * are registered in a scope that declares them public (`publicScope`). Returns the table.
 */
export function installAccess(app: FastifyInstance, ctx: AppContext): DeclaredRoute[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const table: DeclaredRoute[] = [];
  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    for (const route of routes) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = route.config?.access;
      const contract = route.config?.contract;
      for (const method of methods) table.push({ method, url: route.url, access, contract });
      if (!access) undeclared.push(`${methods.join(',')} ${route.url}`);
    }
    if (undeclared.length > 0) {
      throw new Error(`routes without an access declaration: ${undeclared.join('; ')}`);
    }
  });
  app.addHook('onRequest', async (request) => {
    // No route matched: the 404 handler answers, and it has nothing to protect.
    if (request.routeOptions.url === undefined) return;
    await enforce(ctx, request, request.routeOptions.config.access);
  });
  return table;
}

/** Declares every route of a scope public (the client's static files, registered by a plugin). */
export function publicScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: PUBLIC };
  });
}

async function enforce(ctx: AppContext, request: FastifyRequest, access: Access | undefined) {
  // A route without a declaration cannot start the server; should one slip through, it is shut.
  if (!access) throw forbidden('roleForbidden');
  switch (access.kind) {
    case 'public':
      return;
    case 'player':
      if (access.checkedInCall) {
        if (!tokenOf(request)) throw notLoggedIn('loginRequired');
        return;
      }
      request.session = await resolveSession(ctx, tokenOf(request), 'player');
      return;
    case 'operator': {
      request.session = await resolveSession(ctx, tokenOf(request), 'operator');
      const operatorRow = await ctx.db
        .selectFrom('operators')
        .select(['role', 'disabled_at'])
        .where('id', '=', request.session.subjectId)
        .executeTakeFirst();
      if (!operatorRow) throw notLoggedIn('loginAgain');
      // Disabling revokes the sessions too; this holds even for one that slipped past (issue 19).
      if (operatorRow.disabled_at) throw notLoggedIn('operatorDisabled');
      const role = operatorRow.role as OperatorRole;
      if (role !== 'admin' && !access.roles.includes(role)) throw forbidden('roleForbidden');
      request.operatorRole = role;
      return;
    }
  }
}
