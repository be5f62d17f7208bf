import { useEffect, useState } from 'react';
import { fetchGameList, type GameEntry } from './games-api';

/** The game list (RTP, limits, stop switches); empty until it arrives, and when the call fails. */
export function useGameList(): GameEntry[] {
  const [entries, setEntries] = useState<GameEntry[]>([]);
  useEffect(() => {
    let alive = true;
    fetchGameList().then(
      (list) => alive && setEntries(list),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return entries;
}
