import {
  roundBetSchema,
  roundStateSchema,
  type RoundState,
  type RoundBet,
  type RoundStateBet,
} from '../../domain/schemas/game.schema';
import type { GameKey } from '../../domain/codes';
import {
  roundEventSchemas,
  type RoundEvent,
  type RoundEventName,
} from '../../domain/schemas/round-events.schema';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { emitSocket, onSocketEvent, type ServerEvents } from './socket';

/**
 * The shared-round games (DOUBLE, LUCKYCOLOR; API.md "Games" and "Socket events"): the round's state
 * for a late joiner, a bet in the open round, and the room's socket events.
 */

/** The shared-round games, by their key (API paths and socket rooms). */
export type RoundGame = Extract<GameKey, 'double' | 'luckycolor'>;

export type { RoundState, RoundBet, RoundStateBet };

/** The current round of `game` and its recent results. */
export async function fetchRoundState(game: RoundGame): Promise<RoundState> {
  const body = await apiGet<unknown>(`/api/app/game/${game}/state`, { loading: false }, { silent: true });
  return roundStateSchema.parse(body.data);
}

/** Places a bet on `pick` in the open round under the action's idempotency key. */
export async function placeRoundBet(
  game: RoundGame,
  roundId: string,
  pick: string,
  amount: number,
  idempotencyKey: string,
): Promise<RoundBet> {
  const body =
    game === 'double'
      ? { roundId, color: pick, amount, loading: false }
      : { periodId: roundId, pick, amount, loading: false };
  const answer = await apiPost<unknown>(`/api/app/game/${game}/bet`, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return roundBetSchema.parse(answer.data);
}

/** A socket event of a game room, as the round machines receive it. */
export type RoundSocketMessage =
  | { type: 'opened'; roundId: string; closesAt: string; rollsAt: string }
  | { type: 'bets'; roundId: string; totals: Record<string, number> }
  | { type: 'closed'; roundId: string }
  | { type: 'result'; roundId: string; result: number }
  | { type: 'cancelled'; roundId: string }
  | { type: 'balance'; balance: number }
  /** The socket (re)connected and the room was joined again: events may have been missed. */
  | { type: 'joined' };

// The room's events are not in the foundation's ServerEvents; they are read here by name, as
// unknown payloads, and parsed with their schemas.
const listen = onSocketEvent as unknown as (
  event: string,
  listener: (payload: unknown) => void,
) => () => void;

/**
 * Joins the room of `game` and forwards its round events (and balance pushes); returns the leave.
 * The server forgets the room with the connection, so the join is sent again on every (re)connect
 * (a new login opens a new socket too) and the machine is told to catch up on what it missed.
 */
export function followRoundRoom(game: RoundGame, send: (message: RoundSocketMessage) => void): () => void {
  /**
   * One of the room's events, parsed with its domain schema; one that breaks it is dropped and
   * reported (the table would otherwise wait for it in silence; the journeys fail on the error).
   */
  const on = <E extends RoundEventName>(event: E, handle: (p: RoundEvent<E>) => void) =>
    listen(event, (payload) => {
      const parsed = roundEventSchemas[event].safeParse(payload);
      if (!parsed.success) console.error(`${event} dropped: it breaks the contract`, parsed.error.issues);
      else if (parsed.data.game === game) handle(parsed.data as RoundEvent<E>);
    });
  const offs = [
    listen('connect', () => {
      emitSocket('game.join', { game });
      send({ type: 'joined' });
    }),
    on('round.opened', (p) =>
      send({ type: 'opened', roundId: p.roundId, closesAt: p.closesAt, rollsAt: p.rollsAt }),
    ),
    on('round.bets', (p) => send({ type: 'bets', roundId: p.roundId, totals: p.totals })),
    on('round.closed', (p) => send({ type: 'closed', roundId: p.roundId })),
    on('round.result', (p) => send({ type: 'result', roundId: p.roundId, result: p.result })),
    on('round.cancelled', (p) => send({ type: 'cancelled', roundId: p.roundId })),
    onSocketEvent('insBalance', (p: ServerEvents['insBalance']) =>
      send({ type: 'balance', balance: p.balance }),
    ),
  ];
  emitSocket('game.join', { game });
  return () => {
    emitSocket('game.leave', { game });
    for (const off of offs) off();
  };
}
