import { describe, expect, it } from 'vitest';
import { tuningDefaults } from '../../../src/games/shared/tuning';
import { tuning } from '../../../src/games/limbo/tuning';
import {
  climbDurationMs,
  climbProgress,
  climbValue,
  limboLayout,
  lineY,
} from '../../../src/games/limbo/limbo.layout';
import { formatMultiplier } from '../../../src/lib/format';

const knobs = tuningDefaults(tuning);

describe('Limbo layout', () => {
  it.each([
    [390, 240],
    [360, 300],
    [390, 844],
    [1280, 600],
    [1280, 800],
  ])('stacks results, counter, target line and rocket top to bottom inside %i×%i', (width, height) => {
    const layout = limboLayout(width, height, knobs);
    const { counter, rocket, line, history } = layout;
    const counterTop = counter.y - counter.fontSize / 2;
    const counterBottom = counter.y + counter.fontSize / 2;
    expect(history.y + history.height).toBeLessThanOrEqual(counterTop);
    expect(counterBottom).toBeLessThan(line.idleY);
    expect(line.idleY).toBeLessThan(line.reachY);
    expect(line.reachY).toBeLessThan(rocket.noseY);
    // The flame at rest (55 % of the rocket) hangs under a body whose nozzle is at 42 % below its centre.
    expect(rocket.y + rocket.height * 0.97).toBeLessThanOrEqual(height);
    expect(line.left).toBeGreaterThanOrEqual(0);
    expect(line.right).toBeLessThanOrEqual(width);
    expect(counter.maxWidth).toBeLessThanOrEqual(width);
  });

  it.each([
    [331, 264],
    [360, 300],
    [390, 844],
    [840, 480],
    [1280, 600],
  ])('never draws the target line or its label through the counter inside %i×%i', (width, height) => {
    const layout = limboLayout(width, height, knobs);
    const counterBottom = layout.counter.y + layout.counter.fontSize / 2;
    // The label's pill is 1.6 × its font size tall, centred on the line.
    const labelHalf = layout.line.labelPx * 0.8;
    for (const progress of [0, 0.25, 0.5, 1, 1.5, 3]) {
      expect(lineY(progress, layout) - labelHalf).toBeGreaterThan(counterBottom);
    }
  });

  it('gives the target line a run of at least a fifth of the scene', () => {
    for (const [width, height] of [
      [331, 264],
      [1280, 600],
    ] as const) {
      const { line } = limboLayout(width, height, knobs);
      expect(line.reachY - line.idleY).toBeGreaterThanOrEqual(height * 0.2 - 0.5);
    }
  });

  it('keeps the counter readable on a 360×300 strip and large on a desktop', () => {
    expect(limboLayout(360, 300, knobs).counter.fontSize).toBeGreaterThanOrEqual(48);
    expect(limboLayout(1280, 600, knobs).counter.fontSize).toBeGreaterThanOrEqual(110);
  });

  it('brings the target line to the rocket exactly when the counter reaches the target', () => {
    const layout = limboLayout(390, 844, knobs);
    expect(lineY(climbProgress(1, 2), layout)).toBe(layout.line.idleY);
    expect(lineY(climbProgress(2, 2), layout)).toBeCloseTo(layout.line.reachY);
    expect(lineY(climbProgress(1000, 1000), layout)).toBeCloseTo(layout.line.reachY);
    expect(lineY(climbProgress(1.5, 2), layout)).toBeLessThan(layout.line.reachY);
    expect(lineY(climbProgress(3.82, 2), layout)).toBeGreaterThan(layout.line.reachY);
  });

  it('moves the line down steadily as the counter climbs', () => {
    const layout = limboLayout(1280, 600, knobs);
    const heights = [1, 1.2, 1.9, 2, 3, 10].map((v) => lineY(climbProgress(v, 2), layout));
    for (let i = 1; i < heights.length; i++) expect(heights[i]!).toBeGreaterThan(heights[i - 1]!);
  });
});

describe('Limbo climb', () => {
  it('ends exactly on the result and starts at 1,00×', () => {
    expect(climbValue(1429.96, 1)).toBe(1429.96);
    expect(climbValue(3.82, 0)).toBe(1);
    expect(climbValue(1, 0.5)).toBe(1);
  });

  it('climbs monotonically and never shows more than the result', () => {
    let previous = 1;
    for (let e = 0; e <= 1; e += 0.05) {
      const value = climbValue(3.82, e);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(3.82);
      previous = value;
    }
  });

  it('takes longer for bigger results, up to the cap', () => {
    const timing = { climbBaseMs: 650, climbPerDecadeMs: 520, climbMaxMs: 3200 };
    expect(climbDurationMs(1.01, timing)).toBeCloseTo(652, 0);
    expect(climbDurationMs(2, timing)).toBeLessThan(climbDurationMs(100, timing));
    expect(climbDurationMs(1_000_000, timing)).toBe(3200);
  });

  it('prints multipliers in pt-BR, cut to the cent', () => {
    expect(formatMultiplier(1)).toBe('1,00×');
    expect(formatMultiplier(3.829)).toBe('3,82×');
    expect(formatMultiplier(1429.96)).toBe('1.429,96×');
    expect(formatMultiplier(1_000_000)).toBe('1.000.000,00×');
  });
});
