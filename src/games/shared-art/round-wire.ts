/**
 * The server's round data as it travels (server/modules/games/rounds.service.ts, games.routes.ts,
 * API.md "Socket events"), typed for the recorded fixtures of DOUBLE and LUCKYCOLOR. Times are ISO
 * texts, amounts BRL numbers, exactly as on the wire (the `data` of the HTTP envelope).
 */
import type { z } from 'zod/mini';
import type { GameKey } from '../../../domain/codes';
import type { RoundEventName, roundEventSchemas } from '../../../domain/schemas/round-events.schema';
import type { FinishedRound, roundStateSchema } from '../../../domain/schemas/game.schema';

/** The round games' wire name: their key. */
export type RoundGameWire = Extract<GameKey, 'double' | 'luckycolor'>;

/**
 * `GET /api/app/game/{double|luckycolor}/state` → `data`, as the route declares it
 * (`roundStateSchema`): the recordings keep its hashes so their chain can be checked
 * (tests/client/games/round-fixtures.test.ts).
 */
export type RoundStateData = z.input<typeof roundStateSchema>;

/** A socket event of the game room (and the player's own balance pushes), as the domain's schemas say. */
export type RoundSocketEvent =
  | { [E in RoundEventName]: { name: E; payload: z.input<(typeof roundEventSchemas)[E]> } }[RoundEventName]
  | { name: 'insBalance'; payload: { balance: number } };

/** `POST /api/app/game/{double|luckycolor}/bet` → `data` (placeRoundBet). */
export interface RoundBetAnswer {
  betId: string;
  gameCode: 'SE0006' | 'SE0007';
  roundId: string;
  pick: string;
  amount: number;
}

/**
 * One recorded visit to a round game: the state answer on arrival, then every socket event and the
 * player's bets in arrival order, `atMs` after the state answer; `verify` is the round's answer
 * after it finished (`GET /api/app/game/rounds/{game}/{roundId}`). `?round=<fixture>` replays it
 * without the server.
 */
export interface RecordedRound<Request> {
  /** What the fixture shows a designer. */
  description: string;
  state: RoundStateData;
  timeline: Array<
    | ({ atMs: number; kind: 'socket' } & RoundSocketEvent)
    | { atMs: number; kind: 'bet'; request: Request; answer: RoundBetAnswer }
  >;
  /** Null for a cancelled round (its hash is never revealed on its own). */
  verify: FinishedRound | null;
}
