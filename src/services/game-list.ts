import { useFetched } from '../lib/use-fetched';
import { fetchGameList, type GameEntry } from './games-api';

/** The game list (RTP, limits, stop switches); empty until it arrives, and when the call fails. */
export function useGameList(): GameEntry[] {
  return useFetched<GameEntry[]>(fetchGameList, []);
}
