import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { Notice, UserInfo } from '../../domain/schemas/user.schema';
import type { SupportMessageView } from '../../domain/schemas/support.schema';

/**
 * The realtime connection at `/gamecenter-siop` (spec 4 and 7, API.md "Socket events"). It exists
 * only while a token does: `syncSocket(token)` opens it, reopens it for a new token and closes it
 * when the token is lost. Subscriptions outlive connections, so a component subscribes once.
 */

export const SOCKET_PATH = '/gamecenter-siop';

/** Server → client events of the foundation (API.md); later issues add game and sports events. */
export interface ServerEvents {
  updateUserInfo: UserInfo;
  insBalance: { balance: number };
  freeBalance: { freeBalance: number };
  paySuccess: { orderId: string; czflag?: unknown };
  userBetAmount: { bouns: number; amount: number };
  notice: Notice;
  /** A settled bet anywhere on the platform, for the games' live feed (player masked). */
  'bets.feed': { game: string; player: string; amount: number; multiplier: number; payout: number };
  /** Prices and suspensions of a watched fixture (`suspended` alone is a bet stop). */
  'sports.odds': {
    fixtureId: string;
    suspended?: boolean;
    markets?: Array<{
      id: string;
      status: number;
      outcomes: Array<{ id: string; odds: number | null; active: boolean }>;
    }>;
  };
  /** Score, clock, period and statistics of a watched fixture. */
  'sports.state': {
    fixtureId: string;
    periodCode: number;
    clock?: string | null;
    score?: { home: number; away: number };
    stats?: Record<string, { home: number; away: number }>;
    startsAt?: string;
  };
  /** One of the player's sports bets was settled (or refused after the live delay). */
  'sports.betSettled': { betId: string; result: number; payout: number };
  /** One of the player's live bets was accepted after the delay. */
  'sports.betAccepted': { betId: string };
  /** A message of the player's support conversation (theirs from another tab, or an operator's). */
  'support.message': SupportMessageView;
}

/** Client → server events. */
export interface ClientEvents {
  offGame: { gameCode: string };
  'game.join': { game: string };
  'game.leave': { game: string };
  'sports.watch': { fixtureId: string };
  'sports.unwatch': { fixtureId: string };
}

type Listener<E extends keyof ServerEvents> = (payload: ServerEvents[E]) => void;
type AnyListener = (payload: unknown) => void;

export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

/**
 * socket.io-client is fetched with the first connection: sockets exist only for a logged-in player,
 * so a visitor's first page never downloads it (issue 5's first-page budget).
 */
let loadingIo: Promise<SocketFactory> | null = null;
const loadIo = () =>
  (loadingIo ??= import('socket.io-client').then(
    ({ io }): SocketFactory =>
      (options) =>
        io(options),
    (error: unknown) => {
      loadingIo = null; // the next login tries again
      throw error;
    },
  ));

let factory: SocketFactory | null = null;
let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Map<keyof ServerEvents, Set<AnyListener>>();

/** Replaces how sockets are made (tests pass a fake; the app uses socket.io-client). */
export function setSocketFactory(next: SocketFactory | null): void {
  factory = next;
}

function attach(s: Socket): void {
  for (const [event, set] of listeners) {
    for (const listener of set) s.on(event as string, listener);
  }
}

/** Opens, replaces or closes the connection so that it matches `token`. */
export function syncSocket(token: string | null): void {
  if (token === socketToken && (socket !== null) === (token !== null)) return;
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
  }
  socketToken = token;
  if (!token) return;
  const open = (make: SocketFactory) => {
    // The token may have changed (or a twin call opened it) while the client library loaded.
    if (socketToken !== token || socket) return;
    socket = make({ path: SOCKET_PATH, query: { token }, transports: ['websocket', 'polling'] });
    attach(socket);
  };
  if (factory) open(factory);
  else void loadIo().then(open, () => undefined);
}

/** True while a connection exists and is up. */
export function isSocketLive(): boolean {
  return socket?.connected ?? false;
}

/** Listens to a server event across reconnections; returns the unsubscribe function. */
export function onSocketEvent<E extends keyof ServerEvents>(event: E, listener: Listener<E>): () => void {
  const any = listener as AnyListener;
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(any);
  // The key type is known here; socket.io's listener typing only resolves for a plain string.
  socket?.on(event as string, any);
  return () => {
    set.delete(any);
    socket?.off(event as string, any);
  };
}

/** Sends a client event when connected; events for a closed socket are dropped, not queued. */
export function emitSocket<E extends keyof ClientEvents>(event: E, payload: ClientEvents[E]): void {
  if (socket?.connected) socket.emit(event, payload);
}
