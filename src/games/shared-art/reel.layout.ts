import { DOUBLE_REEL, doubleColor, type DoubleColor } from '../../../domain/games/rules';

/**
 * Geometry of the endless horizontal tile reel shared by DOUBLE and ROWDOUBLE. Slot `s` (any integer)
 * holds tile `DOUBLE_REEL[s mod 15]` and its centre sits `s × pitch` px along the reel; the reel's
 * `scroll` is the reel position under the centre marker, so scrolling forward moves tiles leftwards.
 */

/** Tiles in one turn of the reel. */
export const REEL_LENGTH = DOUBLE_REEL.length;

/** The largest share of half a tile the marker may land off the tile's centre (never on a gap). */
export const MAX_LANDING_OFFSET = 0.9;

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The tile at a reel slot; the reel repeats every 15 slots. */
export function tileAtSlot(slot: number): number {
  return DOUBLE_REEL[mod(slot, REEL_LENGTH)]!;
}

/** The slot (0–14) of a tile within one turn of the reel. */
export function slotOfTile(tile: number): number {
  const slot = (DOUBLE_REEL as readonly number[]).indexOf(tile);
  if (slot < 0) throw new RangeError(`not a DOUBLE tile: ${tile}`);
  return slot;
}

/** The slot whose centre is nearest the marker at this scroll. */
export function slotUnderMarker(scroll: number, pitch: number): number {
  return Math.round(scroll / pitch);
}

/** The tile nearest the marker at this scroll. */
export function tileUnderMarker(scroll: number, pitch: number): number {
  return tileAtSlot(slotUnderMarker(scroll, pitch));
}

/** The colour of a tile (0 white, 1–7 red, 8–14 black). */
export function tileColor(tile: number): DoubleColor {
  return doubleColor(tile);
}

/**
 * The scroll where `tile` rests under the marker after at least `minTurns` full turns forward from
 * `from`. `offset` (−1..1, clamped to ±MAX_LANDING_OFFSET) shifts the marker off the tile's centre
 * by that share of half the tile width, so landings vary but the marker never rests on a gap.
 */
export function landingScroll(
  from: number,
  tile: number,
  pitch: number,
  tileWidth: number,
  minTurns: number,
  offset: number,
): number {
  const first = Math.ceil((from + Math.max(0, minTurns) * REEL_LENGTH * pitch) / pitch);
  const slot = first + mod(slotOfTile(tile) - first, REEL_LENGTH);
  const share = Math.max(-MAX_LANDING_OFFSET, Math.min(MAX_LANDING_OFFSET, offset));
  return slot * pitch + (share * tileWidth) / 2;
}

/** The first and last slot that can show between `left` px before and `right` px after the marker. */
export function visibleSlots(
  scroll: number,
  pitch: number,
  left: number,
  right: number,
): { first: number; last: number } {
  return { first: Math.floor((scroll - left) / pitch) - 1, last: Math.ceil((scroll + right) / pitch) + 1 };
}

/** The x of a slot's centre relative to the marker. */
export function slotOffset(slot: number, scroll: number, pitch: number): number {
  return slot * pitch - scroll;
}

/**
 * A stable number in [−1, 1) from a text (FNV-1a), so the landing offset of a given round is the
 * same on every replay without any randomness in the client.
 */
export function landingOffset(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash / 2 ** 32) * 2 - 1;
}

/** Counts of each colour in a list of results. */
export function colorCounts(results: readonly number[]): Record<DoubleColor, number> {
  const counts: Record<DoubleColor, number> = { white: 0, red: 0, black: 0 };
  for (const tile of results) counts[doubleColor(tile)] += 1;
  return counts;
}

export { DOUBLE_REEL };
