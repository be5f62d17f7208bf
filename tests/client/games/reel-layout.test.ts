import { describe, expect, it } from 'vitest';
import {
  MAX_LANDING_OFFSET,
  REEL_LENGTH,
  colorCounts,
  landingOffset,
  landingScroll,
  slotOfTile,
  slotUnderMarker,
  tileAtSlot,
  tileColor,
  tileUnderMarker,
  visibleSlots,
  slotOffset,
} from '../../../src/games/shared-art/reel.layout';

/** The reel order as design/games.md writes it, typed here on purpose rather than imported. */
const GAMES_MD_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4];

describe('the DOUBLE reel', () => {
  it('holds the 15 tiles in the order of design/games.md, repeating every turn', () => {
    expect(REEL_LENGTH).toBe(15);
    expect(Array.from({ length: 15 }, (_, s) => tileAtSlot(s))).toEqual(GAMES_MD_ORDER);
    expect(Array.from({ length: 15 }, (_, s) => tileAtSlot(s + 15 * 7))).toEqual(GAMES_MD_ORDER);
    expect(Array.from({ length: 15 }, (_, s) => tileAtSlot(s - 15 * 3))).toEqual(GAMES_MD_ORDER);
    for (const tile of GAMES_MD_ORDER) expect(tileAtSlot(slotOfTile(tile))).toBe(tile);
  });

  it('alternates red and black, with white between 4 and 11', () => {
    const colors = GAMES_MD_ORDER.map(tileColor);
    expect(colors[0]).toBe('white');
    for (let s = 1; s < 15; s++) expect(colors[s]).toBe(s % 2 === 1 ? 'black' : 'red');
    expect([tileAtSlot(-1), tileAtSlot(1)]).toEqual([4, 11]);
  });

  it('refuses a tile that is not on the table', () => {
    expect(() => slotOfTile(15)).toThrow(RangeError);
    expect(() => slotOfTile(-1)).toThrow(RangeError);
  });

  it('lands every tile under the marker, inside the tile, from anywhere, after the asked turns', () => {
    const tileWidth = 100;
    const pitch = 109;
    for (const from of [0, 37.5, -800, 12345.6, pitch * 15 * 40 + 3]) {
      for (let tile = 0; tile < 15; tile++) {
        for (const offset of [-1, -0.5, 0, 0.33, 1]) {
          for (const turns of [0, 1, 3]) {
            const rest = landingScroll(from, tile, pitch, tileWidth, turns, offset);
            expect(tileUnderMarker(rest, pitch)).toBe(tile);
            const centre = slotUnderMarker(rest, pitch) * pitch;
            expect(Math.abs(rest - centre)).toBeLessThanOrEqual((MAX_LANDING_OFFSET * tileWidth) / 2 + 1e-9);
            expect(rest).toBeGreaterThanOrEqual(from + turns * 15 * pitch - tileWidth / 2);
            // Never more than one extra turn beyond what was asked.
            expect(rest).toBeLessThan(from + (turns + 1) * 15 * pitch + tileWidth);
          }
        }
      }
    }
  });

  it('moves the rest off the tile centre by the offset, so landings vary', () => {
    const a = landingScroll(0, 7, 110, 100, 2, -0.6);
    const b = landingScroll(0, 7, 110, 100, 2, 0.6);
    expect(b - a).toBeCloseTo(60, 6);
  });

  it('gives each round a stable landing offset in [−1, 1)', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const value = landingOffset(`double-${i}:${i % 15}`);
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThan(1);
      expect(landingOffset(`double-${i}:${i % 15}`)).toBe(value);
      seen.add(Math.round(value * 10));
    }
    // Spread over the whole range, not stuck on one side.
    expect(seen.size).toBeGreaterThan(15);
  });

  it('lists every slot that can show between the reel ends', () => {
    const pitch = 100;
    const scroll = 1234;
    const { first, last } = visibleSlots(scroll, pitch, 400, 400);
    for (let s = first; s <= last; s++) expect(Number.isInteger(s)).toBe(true);
    expect(slotOffset(first, scroll, pitch)).toBeLessThan(-400);
    expect(slotOffset(last, scroll, pitch)).toBeGreaterThan(400);
  });

  it('counts colours of a results list', () => {
    expect(colorCounts([0, 1, 7, 8, 14, 3])).toEqual({ white: 1, red: 3, black: 2 });
  });
});
