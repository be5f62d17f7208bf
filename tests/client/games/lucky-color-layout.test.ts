import { describe, expect, it } from 'vitest';
import {
  BALL_STEP,
  MAX_DRAW_OFFSET,
  ballAngle,
  digitColors,
  digitUnderPointer,
  drawRotation,
  formatSeconds,
  isBig,
  luckyLayout,
  periodLabel,
  trendPoints,
  trendStats,
} from '../../../src/games/luckyColor/lucky-color.layout';
import { tuning } from '../../../src/games/luckyColor/tuning';
import { boxInside, boxesOverlap } from '../../../src/games/shared-art/geometry';
import { tuningDefaults } from '../../../src/games/shared/tuning';

const knobs = tuningDefaults(tuning);

describe('LUCKYCOLOR digits', () => {
  it('colours digits as design/games.md says', () => {
    for (const d of [1, 3, 7, 9]) expect(digitColors(d)).toEqual(['green']);
    for (const d of [2, 4, 6, 8]) expect(digitColors(d)).toEqual(['red']);
    expect(digitColors(5)).toEqual(['green', 'violet']);
    expect(digitColors(0)).toEqual(['red', 'violet']);
    expect([0, 1, 2, 3, 4].some(isBig)).toBe(false);
    expect([5, 6, 7, 8, 9].every(isBig)).toBe(true);
  });

  it('stops every digit under the pointer, after the asked turns, wherever the drum was', () => {
    for (const from of [0, 1.234, -7, 100.5]) {
      for (let digit = 0; digit < 10; digit++) {
        for (const offset of [-1, -0.3, 0, 0.7, 1]) {
          for (const turns of [0, 1, 3]) {
            const rest = drawRotation(from, digit, turns, offset);
            expect(digitUnderPointer(rest)).toBe(digit);
            // The drawn ball really is at the top (angle −90°), within the allowed offset.
            const a = ballAngle(digit, rest) + Math.PI / 2;
            const off = Math.atan2(Math.sin(a), Math.cos(a));
            expect(Math.abs(off)).toBeLessThanOrEqual((MAX_DRAW_OFFSET * BALL_STEP) / 2 + 1e-9);
            expect(rest).toBeGreaterThanOrEqual(from + turns * Math.PI * 2 - BALL_STEP / 2);
            expect(rest).toBeLessThan(from + (turns + 1) * Math.PI * 2 + BALL_STEP);
          }
        }
      }
    }
  });

  it('shows the period number, and seconds rounded up', () => {
    expect(periodLabel('luckycolor-1234')).toBe('1234');
    expect(periodLabel('20260314-0042')).toBe('0042');
    expect(formatSeconds(9_001)).toBe('10');
    expect(formatSeconds(9_000)).toBe('9');
    expect(formatSeconds(-10)).toBe('0');
    expect(formatSeconds(75_000)).toBe('1:15');
  });

  it('counts the trend and places the oldest period left, 9 high and 0 low', () => {
    expect(trendStats([0, 5, 7, 2, 9])).toEqual({ big: 3, small: 2, green: 3, red: 2, violet: 2 });
    const box = { x: 10, y: 20, width: 100, height: 90 };
    const points = trendPoints([9, 0, 4], box);
    expect(points.map((p) => p.digit)).toEqual([4, 0, 9]);
    expect(points[0]!.x).toBe(10);
    expect(points[2]!.x).toBe(110);
    expect(points[1]!.y).toBe(110);
    expect(points[2]!.y).toBe(20);
  });
});

describe('LUCKYCOLOR layout', () => {
  it.each([
    [360, 240],
    [390, 265],
    [360, 300],
    [390, 360],
    [390, 560],
    [390, 844],
    [768, 420],
    [900, 440],
    [1280, 600],
    [1920, 700],
  ])('keeps every part on a %i×%i canvas without overlaps', (w, h) => {
    const l = luckyLayout(w, h, knobs);
    const canvas = { x: 0, y: 0, width: w, height: h };
    const { drum } = l;
    // The drum's rim and the pointer above it.
    const reach = drum.radius + drum.ball * 1.45 + 3;
    const drumBox = {
      x: drum.x - reach,
      y: drum.y - (drum.radius + drum.ball * 2),
      width: reach * 2,
      height: drum.radius + drum.ball * 2 + reach,
    };
    for (const box of [l.header, drumBox, l.history, l.trend, l.counters])
      expect(boxInside(box, canvas)).toBe(true);
    for (const box of [l.history, l.trend, l.counters]) {
      expect(boxesOverlap(box, drumBox)).toBe(false);
      expect(boxesOverlap(box, l.header)).toBe(false);
    }
    expect(boxesOverlap(drumBox, l.header)).toBe(false);
    expect(boxesOverlap(l.history, l.trend)).toBe(false);
    expect(boxesOverlap(l.trend, l.counters)).toBe(false);
    // Ten balls fit around the drum without touching, and the drawn ball fits inside them.
    expect(2 * drum.radius * Math.sin(BALL_STEP / 2)).toBeGreaterThan(drum.ball * 2);
    expect(l.centreBall).toBeLessThan(drum.radius - drum.ball);
    // At least ten periods of history show.
    expect(l.historyPerRow * l.historyRows).toBeGreaterThanOrEqual(10);
    const { ring } = l;
    expect(ring.y - ring.radius).toBeGreaterThanOrEqual(l.header.y);
    expect(ring.x + ring.radius).toBeLessThanOrEqual(l.header.x + l.header.width);
  });

  it('gives a drawable drum even to a canvas that is not laid out yet', () => {
    for (const [w, h] of [
      [0, 0],
      [1, 1],
      [120, 60],
    ] as const) {
      const l = luckyLayout(w, h, knobs);
      expect(l.drum.radius).toBeGreaterThan(0);
      expect(l.drum.ball).toBeGreaterThan(0);
      expect(l.centreBall).toBeGreaterThan(0);
      expect(l.historyBall).toBeGreaterThan(0);
    }
  });
});
