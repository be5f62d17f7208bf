/**
 * Days as Brazilian operators count them: São Paulo's, which has kept UTC−3 all year since daylight
 * saving ended in 2019. Reports, limits and searches by day all read them from here.
 */
const OFFSET_MS = 3 * 3_600_000;

/** The instant a São Paulo day (`2026-11-28`) begins. */
export function saoPauloDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The instant the São Paulo day after `day` begins (the end of a range that includes `day`). */
export function saoPauloDayEnd(day: string): Date {
  return new Date(saoPauloDayStart(day).getTime() + 86_400_000);
}

/** The São Paulo day of an instant, as `YYYY-MM-DD`. */
export function saoPauloDayOf(instant: number | Date = Date.now()): string {
  return new Date(new Date(instant).getTime() - OFFSET_MS).toISOString().slice(0, 10);
}
