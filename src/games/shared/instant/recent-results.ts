import { useEffect, useState } from 'react';
import { fetchGameRecordsPage, type GameRecord } from '../../../services/games-api';

/**
 * The recent results of an instant table (LIMBO's pills, DICE's chips, ROWDOUBLE's strip) come from
 * the server's history of the player's bets in that game, so a reload shows the rounds played
 * before it rather than an empty row. The rounds played on the table then join the row one by one.
 */

/** Bets asked for: more than any table's row shows (ROWDOUBLE's strip keeps 40). */
export const RECENT_RESULTS_SIZE = 40;

/**
 * The player's latest settled bets in `gameKey` (the server's game name: `limbo`, `dice`, …),
 * newest first; null until they arrive, and for good when `enabled` is false (a `?round=` replay)
 * or the server cannot answer (the row then simply stays empty).
 */
export function useRecentRecords(gameKey: string, enabled: boolean): readonly GameRecord[] | null {
  const [records, setRecords] = useState<readonly GameRecord[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetchGameRecordsPage(gameKey, 1, RECENT_RESULTS_SIZE, { quiet: true })
      .then((page) => {
        if (current) setRecords(page.list.filter((r) => r.game === gameKey && r.status === 'settled'));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [gameKey, enabled]);
  return records;
}

/** A record's `outcome[field]` when it is a finite number (older or foreign rows may lack it). */
export function outcomeNumber(record: GameRecord, field: string): number | null {
  const value = (record.outcome as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** True when the bet paid (a lost instant bet pays nothing). */
export const isWin = (record: GameRecord) => record.payout > 0;
