import { z } from 'zod/mini';
import { pageParam } from './common.schema';
import { mySportsBetSchema } from '../sports/sports-answers.schema';

/** "Minhas apostas" a page at a time (API.md `GET /sports/bets`): the query and the answer. */

/** `GET /sports/bets`: open or settled bets (all without `status`), a page at a time (20, at most 100). */
export const sportsBetsQuerySchema = z.object({
  status: z.optional(z.enum(['open', 'settled'])),
  page: pageParam(100_000, 1),
  size: pageParam(100, 20),
});

/** A page of a player's bets ("Minhas apostas", the records' sports history), newest first. */
export const mySportsBetsPageSchema = z.object({
  list: z.array(mySportsBetSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
export type MySportsBetsPage = z.infer<typeof mySportsBetsPageSchema>;
