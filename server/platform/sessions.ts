import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { forbidden, notLoggedIn } from '../infra/http/errors';
import { newToken, sha256Hex } from '../infra/security/tokens';
import type { Trx } from '../infra/db/connection';

export type SessionKind = 'player' | 'operator';

export interface SessionRef {
  sessionId: number;
  subjectId: number;
  kind: SessionKind;
}

/** Only touch `last_seen_at` once a minute, so reads do not turn into a write per request. */
export const TOUCH_EVERY_MS = 60_000;

/** Where a sign-in came from, kept on the session for the multi-accounting rules (issue 19). */
export interface Origin {
  ip: string;
  /** The browser's `deviceId` header (spec 7: a persisted fingerprint hash), when well formed. */
  device: string | null;
}

const DEVICE_ID = /^[0-9a-f]{64}$/i;

/**
 * A request's origin; a device id of any other form is ignored, never stored, and one in capitals
 * is the same id (red-team review: upper case slipped past the comparison). The id is what the
 * browser says: a hint for an analyst, never proof.
 */
export function originOf(request: FastifyRequest): Origin {
  const header = request.headers.deviceid;
  const device = typeof header === 'string' && DEVICE_ID.test(header) ? header.toLowerCase() : null;
  return { ip: request.ip, device };
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function createSession(
  ctx: AppContext,
  kind: SessionKind,
  subjectId: number,
  origin: Origin,
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
      ip: origin.ip,
      device_id: origin.device,
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
 * The caller's player id when a live player token came with a public route's request, else null
 * (a visitor). An expired or foreign token reads as a visitor: a public page never refuses.
 */
export async function playerOrVisitor(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const token = tokenOf(request);
  if (!token) return null;
  try {
    return (await resolveSession(ctx, token, 'player')).subjectId;
  } catch {
    return null;
  }
}

/** A session's state as `session_status` (migrations 019, 039) reports it. */
export type SessionState =
  { status: 'ok'; session_id: number; subject_id: number } | { status: 'none' | 'kind' | 'expired' };

/** The refusal a session state that is not `ok` answers (see resolveSession). */
export function sessionRefusal(state: Exclude<SessionState, { status: 'ok' }>, kind: SessionKind) {
  if (state.status === 'kind') return forbidden(kind === 'operator' ? 'operatorOnly' : 'forbidden');
  return notLoggedIn(state.status === 'expired' ? 'loginTimedOut' : 'loginAgain');
}

/**
 * Resolves a token to a live session of the given kind, in one round trip (`session_resolve`,
 * which also records the activity at most once a minute). Revoked, unknown, idle (30 min) and
 * over-age (12 h) sessions answer 401 / 40101; another kind's token answers 403 / 1403.
 */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
  kind: SessionKind,
): Promise<SessionRef> {
  if (!token) throw notLoggedIn('loginRequired');
  const { rows } = await sql<{
    status: SessionState['status'];
    session_id: number | null;
    subject_id: number | null;
  }>`
    select * from session_resolve(${sha256Hex(token)}, ${kind}, ${new Date()},
      ${ctx.config.sessionIdleMs}, ${TOUCH_EVERY_MS})`.execute(ctx.db);
  const state = rows[0]!;
  if (state.status !== 'ok') throw sessionRefusal({ status: state.status }, kind);
  return { sessionId: Number(state.session_id), subjectId: Number(state.subject_id), kind };
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

/**
 * Ends every live session of a player in the caller's transaction, which holds the player's row
 * (lock-order.ts): a bet judges its session or the player's state under that row, so no stake is
 * taken once this commits. Returns the ids, whose sockets the caller disconnects after the commit.
 */
export async function endPlayerSessions(trx: Trx, userId: number): Promise<number[]> {
  const rows = await trx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('kind', '=', 'player')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
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
