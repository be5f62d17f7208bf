import { z } from 'zod';
import { apiGet } from '../../services/api-client';

const winnerSchema = z.object({
  id: z.string(),
  game: z.string(),
  player: z.string(),
  amount: z.number(),
  multiplier: z.number(),
  payout: z.number(),
  at: z.string().nullable(),
});

/** A paid bet of the winners feed (player masked by the server). */
export type RecentWinner = z.infer<typeof winnerSchema>;

/** The latest paid bets (`GET /api/app/main/winners`, public): a visitor's feed, and a player's start. */
export async function fetchRecentWinners(): Promise<RecentWinner[]> {
  const body = await apiGet<unknown>('/api/app/main/winners', { loading: false }, { silent: true });
  return winnerSchema.array().parse(body.data);
}
