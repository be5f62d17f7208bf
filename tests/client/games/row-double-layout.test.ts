import { describe, expect, it } from 'vitest';
import {
  drumProject,
  drumRadius,
  drumReach,
  rowDoubleLayout,
} from '../../../src/games/rowDouble/row-double.layout';
import { tuning } from '../../../src/games/rowDouble/tuning';
import { boxInside, boxesOverlap } from '../../../src/games/shared-art/geometry';
import { landingScroll, tileUnderMarker } from '../../../src/games/shared-art/reel.layout';
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
  [900, 440],
  [1280, 600],
  [1920, 700],
] as const;

describe('ROWDOUBLE layout', () => {
  it.each(SIZES)('keeps the row, its rails, the chip and the strip on a %i×%i canvas', (w, h) => {
    const l = rowDoubleLayout(w, h, knobs);
    const canvas = { x: 0, y: 0, width: w, height: h };
    const railed = {
      x: l.row.x - l.rail,
      y: l.row.y - l.rail,
      width: l.row.width + l.rail * 2,
      height: l.row.height + l.rail * 2,
    };
    for (const box of [railed, l.chip, l.history]) expect(boxInside(box, canvas)).toBe(true);
    expect(boxesOverlap(l.chip, railed)).toBe(false);
    expect(boxesOverlap(l.history, railed)).toBe(false);
    expect(l.tile).toBeLessThan(l.row.height);
    expect(l.tile).toBeGreaterThanOrEqual(knobs.tileMinPx);
    expect(l.tile).toBeLessThanOrEqual(knobs.tileMaxPx);
    expect(l.historyCount).toBeLessThanOrEqual(knobs.historyMax);
    expect(l.historyCount * (l.historyTile + l.historyGap) - l.historyGap).toBe(l.history.width);
    // The strip is centred under the marker.
    expect(Math.abs(l.history.x + l.history.width / 2 - l.markerX)).toBeLessThanOrEqual(1);
  });
});

describe('ROWDOUBLE drum', () => {
  const width = 800;
  const radius = drumRadius(width, knobs.curvature);

  it('draws the tile under the marker unbent, whole and unshaded', () => {
    expect(drumProject(0, radius, 0.2, 0.6)).toEqual({ x: 0, scaleX: 1, scaleY: 1, shade: 1 });
  });

  it('pushes tiles outwards in order, narrower and darker towards the ends, the same on both sides', () => {
    let previous = drumProject(0, radius, 0.2, 0.6)!;
    for (let dx = 10; dx < radius * 1.5; dx += 10) {
      const p = drumProject(dx, radius, 0.2, 0.6)!;
      const mirror = drumProject(-dx, radius, 0.2, 0.6)!;
      expect(p.x).toBeGreaterThan(previous.x);
      expect(p.scaleX).toBeLessThan(previous.scaleX);
      expect(p.shade).toBeLessThanOrEqual(previous.shade);
      expect(mirror.x).toBeCloseTo(-p.x, 9);
      expect(mirror.scaleX).toBeCloseTo(p.scaleX, 9);
      previous = p;
    }
    expect(drumProject(radius * 1.6, radius, 0.2, 0.6)).toBeNull();
  });

  it('lays the row flat when the curvature is 0', () => {
    expect(drumRadius(width, 0)).toBe(Infinity);
    expect(drumProject(321, Infinity, 0.2, 0.6)).toEqual({ x: 321, scaleX: 1, scaleY: 1, shade: 1 });
    expect(drumReach(450, Infinity)).toBe(450);
  });

  it('reaches far enough along the drum to fill the row to its ends', () => {
    const reach = drumReach(width / 2, radius);
    expect(drumProject(reach, radius, 0.2, 0.6)!.x).toBeCloseTo(width / 2, 6);
  });

  it('still stops every tile under the marker on a curved row (the marker is at the drum front)', () => {
    const l = rowDoubleLayout(390, 360, knobs);
    for (let tile = 0; tile < 15; tile++) {
      const rest = landingScroll(1000, tile, l.pitch, l.tile, knobs.minTurns, 0.5);
      expect(tileUnderMarker(rest, l.pitch)).toBe(tile);
      const dx = Math.round(rest / l.pitch) * l.pitch - rest;
      expect(Math.abs(drumProject(dx, drumRadius(l.row.width, knobs.curvature), 0.2, 0.6)!.x)).toBeLessThan(
        l.tile / 2,
      );
    }
  });
});

describe('ROWDOUBLE pace', () => {
  it('plays a round in under 2 s, as instant games do (issue 18, item 15: it took about 4.6 s)', () => {
    // The scene's sequence (row-double.scene.ts): cue.reset fades the last result; cue.roll spins
    // and settles the row, then pops the tile beside the flash; cue.settle slides the strip beside
    // the chip, then holds the result.
    const round =
      knobs.resetMs +
      knobs.rollDurationMs +
      knobs.settleMs +
      Math.max(knobs.popMs, knobs.flashMs) +
      Math.max(knobs.historySlideMs, knobs.chipMs) +
      knobs.settleHoldMs;
    expect(round).toBeLessThanOrEqual(2000);
    // Still a roll the eye can follow: the row turns for most of it.
    expect(knobs.rollDurationMs / round).toBeGreaterThan(0.45);
  });
});
