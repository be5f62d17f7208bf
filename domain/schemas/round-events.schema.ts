import { z } from 'zod/mini';

/**
 * The socket events of a shared-round game's room (`game:double`, `game:luckycolor`; API.md
 * "Socket events"): the server emits exactly these shapes and the client parses each one with the
 * same schema, dropping an event that breaks it instead of acting on it.
 */
const roundGame = z.enum(['double', 'luckycolor']);
const roundRef = { game: roundGame, roundId: z.string().check(z.minLength(1)) };

export const roundEventSchemas = {
  'round.opened': z.object({
    ...roundRef,
    closesAt: z.string(),
    rollsAt: z.string(),
    previousHash: z.string(),
  }),
  /** Each pick's total staked so far, BRL. */
  'round.bets': z.object({ ...roundRef, totals: z.record(z.string(), z.number()) }),
  'round.closed': z.object(roundRef),
  'round.result': z.object({
    ...roundRef,
    result: z.int().check(z.minimum(0)),
    hash: z.string(),
    /** The server's clock when it sent the result (ms), for the client's latency figure. */
    sentAt: z.number(),
  }),
  'round.cancelled': z.object(roundRef),
} as const;

export type RoundEventName = keyof typeof roundEventSchemas;
export type RoundEvent<E extends RoundEventName> = z.infer<(typeof roundEventSchemas)[E]>;
