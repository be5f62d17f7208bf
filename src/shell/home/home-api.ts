import { z } from 'zod/mini';
import { recentWinnerSchema, type RecentWinner } from '../../../domain/schemas/site.schema';
import { apiGet } from '../../services/api-client';

/** A paid bet of the winners feed (player masked by the server). */
export type { RecentWinner };

/** The latest paid bets (`GET /api/app/main/winners`, public): a visitor's feed, and a player's start. */
export async function fetchRecentWinners(): Promise<RecentWinner[]> {
  const body = await apiGet<unknown>('/api/app/main/winners', { loading: false }, { silent: true });
  return z.array(recentWinnerSchema).parse(body.data);
}
