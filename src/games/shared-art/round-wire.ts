/**
 * The server's round data as it travels (server/modules/games/rounds.service.ts, games.routes.ts,
 * API.md "Socket events"), typed for the recorded fixtures of DOUBLE and LUCKYCOLOR. Times are ISO
 * texts, amounts BRL numbers, exactly as on the wire (the `data` of the HTTP envelope).
 */

/** The round games' wire name. */
export type RoundGameWire = 'double' | 'luckycolor';

/** `GET /api/app/game/{double|luckycolor}/state` → `data`. */
export interface RoundStateData {
  game: RoundGameWire;
  round: {
    roundId: string;
    number: number;
    phase: 'betting' | 'rolling' | 'complete' | 'cancelled';
    opensAt: string;
    closesAt: string;
    rollsAt: string;
    completesAt: string;
    previousHash: string;
    /** Null while betting. */
    result: number | null;
    hash: string | null;
    /** BRL staked per colour or pick. */
    totals: Record<string, number>;
  } | null;
  /** Finished rounds, newest first (up to 50). */
  recent: Array<{ roundId: string; number: number; result: number; hash: string }>;
  serverTime: string;
}

/** A socket event of the game room (and the player's own balance pushes). */
export type RoundSocketEvent =
  | {
      name: 'round.opened';
      payload: {
        game: RoundGameWire;
        roundId: string;
        closesAt: string;
        rollsAt: string;
        previousHash: string;
      };
    }
  | { name: 'round.bets'; payload: { game: RoundGameWire; roundId: string; totals: Record<string, number> } }
  | { name: 'round.closed'; payload: { game: RoundGameWire; roundId: string } }
  | {
      name: 'round.result';
      payload: { game: RoundGameWire; roundId: string; result: number; hash: string; sentAt: number };
    }
  | { name: 'round.cancelled'; payload: { game: RoundGameWire; roundId: string } }
  | { name: 'insBalance'; payload: { balance: number } };

/** `POST /api/app/game/{double|luckycolor}/bet` → `data` (placeRoundBet). */
export interface RoundBetAnswer {
  betId: string;
  gameCode: 'SE0006' | 'SE0007';
  roundId: string;
  pick: string;
  amount: number;
}

/** `GET /api/app/game/rounds/{game}/{roundId}` → `data`: what a verifier needs. */
export interface FinishedRoundData {
  roundId: string;
  hash: string;
  previousHash: string;
  salt: string;
  result: number;
}

/**
 * One recorded visit to a round game: the state answer on arrival, then every socket event and the
 * player's bets in arrival order, `atMs` after the state answer; `verify` is the round's answer
 * after it finished. `?round=<fixture>` replays it without the server.
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
  verify: FinishedRoundData | null;
}
