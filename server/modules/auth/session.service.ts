import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden, notLoggedIn } from '../../http/errors';
import { newToken, sha256Hex } from '../../security/tokens';

export type SessionKind = 'player' | 'operator';

export interface SessionRef {
  sessionId: number;
  subjectId: number;
  kind: SessionKind;
}

/** Only touch `last_seen_at` once a minute, so reads do not turn into a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** Opens a session and returns its token; only the token's hash is stored. */
export async function createSession(
  ctx: AppContext,
  kind: SessionKind,
  subjectId: number,
  ip: string | null,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await ctx.db
    .insertInto('sessions')
    .values({
      kind,
      subject_id: subjectId,
      token_hash: sha256Hex(token),
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ctx.config.sessionAbsoluteMs),
      ip,
    })
    .execute();
  return token;
}

/** The token of a request: `Authorization: Bearer x`, or the bare token the original client sent. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.length > 0 && token.length <= 128 ? token.trim() : undefined;
}

/**
 * Resolves a token to a live session of the given kind. Revoked, unknown, idle (30 min) and
 * over-age (12 h) sessions answer 401 / 40101; another kind's token answers 403 / 1403.
 */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
  kind: SessionKind,
): Promise<SessionRef> {
  if (!token) throw notLoggedIn('loginRequired');
  const row = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'kind', 'subject_id', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) throw notLoggedIn('loginAgain');
  if (row.kind !== kind) throw forbidden(kind === 'operator' ? 'operatorOnly' : 'forbidden');
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now || lastSeen + ctx.config.sessionIdleMs <= now) {
    throw notLoggedIn('loginTimedOut');
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return { sessionId: row.id, subjectId: row.subject_id, kind };
}

/** Revokes sessions and disconnects their sockets at once (on every instance). */
export async function revokeSessions(ctx: AppContext, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .execute();
  ctx.realtime.disconnectSessions(sessionIds);
}

/** Ids of a subject's live sessions, optionally leaving one out (the one changing the password). */
export async function liveSessionIds(ctx: AppContext, kind: SessionKind, subjectId: number, except?: number) {
  let query = ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.execute()).map((r) => r.id);
}

/** Of the given session ids, those that are still usable now (for the socket sweep). */
export async function stillLive(ctx: AppContext, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const now = Date.now();
  const rows = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .where('last_seen_at', '>', new Date(now - ctx.config.sessionIdleMs))
    .execute();
  return new Set(rows.map((r) => r.id));
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionRef;
  }
}

/** A preHandler that admits only a live player session and records it on the request. */
export function requirePlayer(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.session = await resolveSession(ctx, tokenOf(request), 'player');
  };
}
