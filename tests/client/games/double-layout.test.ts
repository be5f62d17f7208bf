import { describe, expect, it } from 'vitest';
import { doubleLayout, formatCountdown } from '../../../src/games/double/double.layout';
import { tuning } from '../../../src/games/double/tuning';
import { boxInside, boxesOverlap, toEpochMs } from '../../../src/games/shared-art/geometry';
import { tuningDefaults } from '../../../src/games/shared/tuning';

const knobs = tuningDefaults(tuning);
// The phone stage is 68vw tall (240–320 px); the desktop stage sits beside the HUD, 440 px and up.
const SIZES = [
  [360, 240],
  [390, 265],
  [360, 300],
  [390, 360],
  [390, 844],
  [768, 420],
  [1024, 500],
  [900, 440],
  [1280, 600],
  [1920, 700],
] as const;

describe('DOUBLE layout', () => {
  it.each(SIZES)('keeps every part on a %i×%i canvas without overlaps', (w, h) => {
    const l = doubleLayout(w, h, knobs);
    const canvas = { x: 0, y: 0, width: w, height: h };
    for (const box of [l.reel, l.panel, l.badge, l.history]) expect(boxInside(box, canvas)).toBe(true);
    expect(boxInside(l.panel, l.reel)).toBe(true);
    expect(boxesOverlap(l.badge, l.reel)).toBe(false);
    expect(boxesOverlap(l.history, l.reel)).toBe(false);
    if (l.counters) {
      expect(boxInside(l.counters, canvas)).toBe(true);
      expect(boxesOverlap(l.counters, l.history)).toBe(false);
    }
    // Tiles fit the track, and the strip's tiles fit the strip.
    expect(l.tile).toBeLessThan(l.reel.height);
    expect(l.historyCount * (l.historyTile + l.historyGap) - l.historyGap).toBeLessThanOrEqual(
      l.history.width,
    );
    expect(l.markerX).toBeCloseTo(l.reel.x + l.reel.width / 2, 6);
  });

  it('keeps tiles within the tuned sizes and shows at least four across a phone', () => {
    for (const [w, h] of SIZES) {
      const l = doubleLayout(w, h, knobs);
      expect(l.tile).toBeGreaterThanOrEqual(knobs.tileMinPx);
      expect(l.tile).toBeLessThanOrEqual(knobs.tileMaxPx);
      expect(l.reel.width / l.pitch).toBeGreaterThanOrEqual(4);
    }
    expect(doubleLayout(1280, 600, knobs).tile).toBe(knobs.tileMaxPx);
  });

  it('shows more history on a wider canvas and the colour counters only where they fit', () => {
    expect(doubleLayout(1280, 600, knobs).historyCount).toBeGreaterThan(
      doubleLayout(360, 300, knobs).historyCount,
    );
    expect(doubleLayout(1280, 600, knobs).counters).not.toBeNull();
  });
});

describe('DOUBLE countdown text', () => {
  it('shows seconds and hundredths, never below zero', () => {
    expect(formatCountdown(12_345)).toBe('12,35s');
    expect(formatCountdown(9_000)).toBe('09,00s');
    expect(formatCountdown(4)).toBe('00,01s');
    expect(formatCountdown(0)).toBe('00,00s');
    expect(formatCountdown(-500)).toBe('00,00s');
  });

  it('reads cue times given as epoch ms or as the server ISO text', () => {
    expect(toEpochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs('2026-03-14T20:00:15.000Z')).toBe(Date.UTC(2026, 2, 14, 20, 0, 15));
  });
});
