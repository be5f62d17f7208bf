import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { GAME_CODES, GAME_KEYS } from '../../domain/codes';
import { isAllowedOrigin } from '../infra/security/http-headers';

/** The socket.io side of Trevo at `/gamecenter-siop` (API.md "Socket events"). */
export interface Realtime {
  io: Server;
  /**
   * Declares a client event: who may send it (every socket is a player's: the handshake admits
   * only a live player session) and the schema its payload must match; anything else is ignored,
   * and the optional acknowledgement answers `{ ok: false }`.
   */
  on<T>(event: SocketEvent<T>): void;
  /** The declared client events (the route-table test reads them). */
  events(): ReadonlyArray<{ name: string; access: 'player' }>;
  emitToUser(userId: number, event: string, payload: unknown): void;
  broadcast(event: string, payload: unknown): void;
  disconnectSessions(sessionIds: number[]): void;
  close(): Promise<void>;
}

export interface RealtimeDeps {
  /** Resolves a handshake token to a player session, or throws. */
  authenticate(token: string | undefined): Promise<{ sessionId: number; subjectId: number }>;
  /** Of these session ids, the ones still live (revocation and expiry sweep). */
  stillLive(sessionIds: number[]): Promise<Set<number>>;
  redis?: { pub: Redis; sub: Redis };
  /** How often local sockets are checked against their sessions. */
  sweepMs?: number;
  /** Runs when a player's socket has joined its rooms (e.g. to push the current balances). */
  onConnect?(userId: number): Promise<void>;
  log: { warn(obj: object, msg: string): void };
  /** Other sites allowed to open a socket besides the page's own host (public URL, CORS list). */
  allowedOrigins?: readonly string[];
  /** Headers added to the socket's HTTP answers (polling, upgrade): the app's security headers. */
  responseHeaders?: Record<string, string>;
}

/**
 * What one socket may hold and send (trust review: joins were unlimited, so one socket could make
 * the server keep millions of rooms). A socket is in its user's and its session's rooms, plus at
 * most this many that events join (watched fixtures, round games); a join beyond is refused.
 */
export const MAX_JOINED_ROOMS = 200;
/** Events one socket may send per window; beyond, it is disconnected (the client reconnects). */
export const MAX_EVENTS_PER_WINDOW = 600;
export const EVENT_WINDOW_MS = 10_000;
/** Sockets one session may hold open on this instance (tabs); a new one beyond closes the oldest. */
export const MAX_SOCKETS_PER_SESSION = 8;

/** Rooms a socket joined by its events: not its own id's, its user's or its session's. */
const joinedRooms = (socket: Socket) =>
  [...socket.rooms].filter((r) => r !== socket.id && !r.startsWith('user:') && !r.startsWith('session:'))
    .length;

/** A client event and who may send it (ARCHITECTURE.md boundary 7: declared, like every route). */
export interface SocketEvent<T> {
  name: string;
  access: 'player';
  /** The event joins a room: refused once the socket holds MAX_JOINED_ROOMS. */
  joins?: true;
  schema: z.ZodType<T>;
  /** Acts on the event; `false` refuses it (e.g. a room for something that does not exist). */
  handle(socket: Socket, payload: T): Promise<void | false> | void | false;
}

// A room is joined only for a game that exists (issue 19, item 9: any name made a room), named by
// its key as the rooms are (`game:luckycolor`).
const gameJoinSchema = z.object({ game: z.enum(GAME_KEYS) });
const offGameSchema = z.object({ gameCode: z.string().max(10) });

interface SocketData {
  userId: number;
  sessionId: number;
}

export function createRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const io = new Server(server, {
    path: '/gamecenter-siop',
    serveClient: false,
    // A browser on another site must not open a socket with a player's token: a handshake that
    // carries an Origin must come from the host it was sent to or an allow-listed site.
    allowRequest: (req, callback) =>
      callback(null, isAllowedOrigin(req.headers.origin, req.headers.host, deps.allowedOrigins ?? [])),
    cors: { origin: [...(deps.allowedOrigins ?? [])] },
  });
  const extraHeaders = deps.responseHeaders ?? {};
  const addHeaders = (headers: Record<string, string>) => Object.assign(headers, extraHeaders);
  io.engine.on('initial_headers', addHeaders);
  io.engine.on('headers', addHeaders);
  if (deps.redis) io.adapter(createAdapter(deps.redis.pub, deps.redis.sub));

  io.use(async (socket, next) => {
    const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? raw : undefined;
    try {
      const session = await deps.authenticate(token);
      (socket.data as SocketData).userId = session.subjectId;
      (socket.data as SocketData).sessionId = session.sessionId;
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  const declared: Array<SocketEvent<never>> = [];
  const bySession = new Map<number, Socket[]>();
  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const mine = [...(bySession.get(data.sessionId) ?? []), socket];
    while (mine.length > MAX_SOCKETS_PER_SESSION) mine.shift()!.disconnect(true);
    bySession.set(data.sessionId, mine);
    socket.on('disconnect', () => {
      const left = (bySession.get(data.sessionId) ?? []).filter((s) => s !== socket);
      if (left.length) bySession.set(data.sessionId, left);
      else bySession.delete(data.sessionId);
    });
    void Promise.resolve(socket.join([`user:${data.userId}`, `session:${data.sessionId}`]))
      .then(() => deps.onConnect?.(data.userId))
      .catch((err: unknown) => deps.log.warn({ err }, 'socket connect hook failed'));
    let window = { started: Date.now(), events: 0 };
    socket.use((_packet, next) => {
      const now = Date.now();
      if (now - window.started >= EVENT_WINDOW_MS) window = { started: now, events: 0 };
      if (++window.events <= MAX_EVENTS_PER_WINDOW) return next();
      deps.log.warn({ userId: data.userId, sessionId: data.sessionId }, 'socket sent too many events');
      socket.disconnect(true);
    });
    for (const event of declared) {
      socket.on(event.name, async (payload: unknown, ack?: unknown) => {
        const parsed = event.schema.safeParse(payload);
        const full = event.joins === true && joinedRooms(socket) >= MAX_JOINED_ROOMS;
        let accepted = parsed.success && !full;
        try {
          if (parsed.success && !full && (await event.handle(socket, parsed.data)) === false)
            accepted = false;
        } catch (err) {
          deps.log.warn({ err, event: event.name }, 'socket event failed');
        }
        if (typeof ack === 'function') ack({ ok: accepted });
      });
    }
  });
  const on = <T>(event: SocketEvent<T>) => void declared.push(event as unknown as SocketEvent<never>);
  on({
    name: 'game.join',
    access: 'player',
    joins: true,
    schema: gameJoinSchema,
    handle: (socket, p) => socket.join(`game:${p.game}`),
  });
  on({
    name: 'game.leave',
    access: 'player',
    schema: gameJoinSchema,
    handle: (socket, p) => socket.leave(`game:${p.game}`),
  });
  // The client says it left a game screen; round games stop streaming that game to it.
  on({
    name: 'offGame',
    access: 'player',
    schema: offGameSchema,
    handle: (socket, p) => {
      if (!GAME_CODES.includes(p.gameCode)) return;
      for (const room of socket.rooms) if (room.startsWith('game:')) void socket.leave(room);
    },
  });

  // Revocation is pushed at once (disconnectSessions); this sweep also catches sessions that
  // expired or idled out, and any revocation made by a process without a socket server.
  const sweep = setInterval(async () => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const ids = [...new Set(sockets.map((s) => (s.data as SocketData).sessionId))];
    try {
      const live = await deps.stillLive(ids);
      for (const s of sockets) if (!live.has((s.data as SocketData).sessionId)) s.disconnect(true);
    } catch (err) {
      deps.log.warn({ err }, 'socket session sweep failed');
    }
  }, deps.sweepMs ?? 2_000);
  sweep.unref();

  return {
    io,
    on,
    events: () => declared.map((e) => ({ name: e.name, access: e.access })),
    emitToUser: (userId, event, payload) => io.to(`user:${userId}`).emit(event, payload),
    broadcast: (event, payload) => io.emit(event, payload),
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length) io.in(sessionIds.map((id) => `session:${id}`)).disconnectSockets(true);
    },
    close: async () => {
      clearInterval(sweep);
      io.disconnectSockets(true);
      // io.close() would also close the HTTP server, which Fastify closes itself.
      io.engine.close();
    },
  };
}
