import { useEffect, useState } from 'react';
import { MatchTime } from '../../../domain/codes';

/** How often a running clock is redrawn between the server's updates. */
export const CLOCK_TICK_MS = 1_000;

/** Periods in which a "mm:ss" match clock runs (the halves and extra time). */
const RUNNING: readonly number[] = [MatchTime.firstHalf, MatchTime.secondHalf, MatchTime.overtime];

const CLOCK = /^(\d{1,3}):(\d{2})$/;

/** A "mm:ss" clock `seconds` later. */
export function advanceClock(clock: string, seconds: number): string {
  const match = CLOCK.exec(clock);
  if (!match) return clock;
  const total = Number(match[1]) * 60 + Number(match[2]) + Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The match clock as it runs: the server's value, moved on each second of real time until the
 * next update replaces it. Clocks that are not "mm:ss" (sets, rounds, laps) and other stopped
 * periods show as the server sent them; at half-time there is none (the period says "Intervalo",
 * a clock frozen at 45:00 would only look stuck).
 */
export function useRunningClock(clock: string | null, periodCode: number): string | null {
  const [since, setSince] = useState(() => ({ clock, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  const runs = clock !== null && RUNNING.includes(periodCode) && CLOCK.test(clock);

  if (since.clock !== clock) setSince({ clock, at: Date.now() });

  useEffect(() => {
    if (!runs) return;
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [runs]);

  if (periodCode === MatchTime.halfTime) return null;
  if (!runs || clock === null) return clock;
  return advanceClock(clock, (now - since.at) / 1000);
}
