/** Small pure helpers the round scenes (DOUBLE, ROWDOUBLE, LUCKYCOLOR) share for layout and time. */

/** An axis-aligned box in canvas px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `v` kept within `lo`..`hi`. */
export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** A time from a cue as epoch ms: numbers pass through, ISO texts (the server's wire format) are parsed. */
export function toEpochMs(value: number | string): number {
  return typeof value === 'number' ? value : Date.parse(value);
}

/** True when `inner` lies wholly inside `outer`. */
export function boxInside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** True when two boxes share any area. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
