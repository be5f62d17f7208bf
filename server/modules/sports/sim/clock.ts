/**
 * The simulated world's clock. Its time runs `speed` times faster than the wall clock from a fixed
 * anchor, so every instance agrees on it without sharing state, and with `SPORTS_FEED_SPEED` > 1
 * a whole day (matches, live delays, the postponement window) passes in 1/speed of the time.
 */

/** 2025-01-01 00:00 in São Paulo (UTC−3; Brazil has had no daylight saving time since 2019). */
export const SIM_ANCHOR_MS = Date.UTC(2025, 0, 1, 3, 0, 0);
/** Lengths of simulated time in milliseconds. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface SimClock {
  speed: number;
  /** Simulated time at a wall-clock time. */
  toSim(realMs: number): number;
  /** Wall-clock time of a simulated time. */
  toReal(simMs: number): number;
}

/** A clock `speed` times faster than real time, anchored at SIM_ANCHOR_MS. */
export function simClock(speed: number): SimClock {
  return {
    speed,
    toSim: (realMs) => SIM_ANCHOR_MS + (realMs - SIM_ANCHOR_MS) * speed,
    toReal: (simMs) => Math.round(SIM_ANCHOR_MS + (simMs - SIM_ANCHOR_MS) / speed),
  };
}

/** The São Paulo calendar day (days since the anchor) a simulated time falls in. */
export const dayOf = (simMs: number) => Math.floor((simMs - SIM_ANCHOR_MS) / DAY_MS);

/** Day of the week of a day index, 0 = Sunday (the anchor was a Wednesday). */
export const weekdayOf = (day: number) => (((3 + day) % 7) + 7) % 7;

/** Simulated time of "HH:MM" São Paulo time on a day. */
export const timeOnDay = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return SIM_ANCHOR_MS + day * DAY_MS + h * HOUR_MS + m * MINUTE_MS;
};
