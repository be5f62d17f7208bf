import { describe, expect, it } from 'vitest';
import { tuningDefaults } from '../../../src/games/shared/tuning';
import { tuning } from '../../../src/games/mines/tuning';
import {
  TILE_COUNT,
  boardLayout,
  formatPayout,
  rippleOrder,
  waveStep,
  type Rect,
} from '../../../src/games/mines/mines.layout';
import { formatMultiplier } from '../../../src/lib/format';

const knobs = tuningDefaults(tuning);

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('Mines board layout', () => {
  it.each([
    [390, 240],
    [360, 300],
    [390, 844],
    [1280, 600],
    [1280, 800],
  ])(
    'fits 25 whole-pixel, non-overlapping tiles inside the board and the canvas at %i×%i',
    (width, height) => {
      const layout = boardLayout(width, height, knobs);
      const canvas = { x: 0, y: 0, width, height };
      expect(layout.cells).toHaveLength(TILE_COUNT);
      expect(inside(layout.board, canvas)).toBe(true);
      expect(layout.board.width).toBeLessThanOrEqual(knobs.boardMaxPx);
      for (const [i, cell] of layout.cells.entries()) {
        expect(Number.isInteger(cell.x) && Number.isInteger(cell.y) && Number.isInteger(cell.width)).toBe(
          true,
        );
        expect(inside(cell, layout.board)).toBe(true);
        for (const other of layout.cells.slice(i + 1)) expect(overlaps(cell, other)).toBe(false);
      }
    },
  );

  it('uses the whole height of a 360×300 phone strip and leaves the counters to the HUD', () => {
    const layout = boardLayout(360, 300, knobs);
    expect(layout.board.height).toBeGreaterThanOrEqual(300 - 2 * knobs.boardPaddingPx - 6);
    expect(layout.cell).toBeGreaterThanOrEqual(48);
    expect(layout.counters.side).toBe('none');
  });

  it('centres the board on a 1280×600 desktop and puts the counters beside it', () => {
    const layout = boardLayout(1280, 600, knobs);
    const { board, counters } = layout;
    expect(Math.abs(board.x + board.width / 2 - 640)).toBeLessThanOrEqual(1);
    expect(counters.side).toBe('left-right');
    if (counters.side !== 'left-right') return;
    expect(counters.left.x + counters.left.width).toBeLessThanOrEqual(board.x);
    expect(counters.right.x).toBeGreaterThanOrEqual(board.x + board.width);
    expect(counters.left.x).toBeGreaterThanOrEqual(0);
    expect(counters.right.x + counters.right.width).toBeLessThanOrEqual(1280);
  });

  it('puts the counters under the board on a tall phone, inside the canvas', () => {
    const { board, counters } = boardLayout(390, 844, knobs);
    expect(counters.side).toBe('below');
    if (counters.side !== 'below') return;
    expect(counters.left.y).toBeGreaterThanOrEqual(board.y + board.height);
    expect(counters.left.y + counters.left.height).toBeLessThanOrEqual(844);
  });

  it('numbers tiles row-major from the top-left, as the server does', () => {
    const { cells } = boardLayout(1280, 600, knobs);
    expect(cells[1]!.x).toBeGreaterThan(cells[0]!.x);
    expect(cells[1]!.y).toBe(cells[0]!.y);
    expect(cells[5]!.y).toBeGreaterThan(cells[0]!.y);
    expect(cells[5]!.x).toBe(cells[0]!.x);
    expect(cells[24]!.x).toBe(cells[4]!.x);
    expect(cells[24]!.y).toBe(cells[20]!.y);
  });

  it('turns the rest of the board over as a ripple from the last tile', () => {
    expect(rippleOrder([0, 24, 13, 11, 12], 12)).toEqual([12, 11, 13, 0, 24]);
    expect(waveStep(0)).toBe(0);
    expect(waveStep(24)).toBe(8);
  });
});

describe('Mines numbers', () => {
  it('prints multipliers in pt-BR, cut to the cent', () => {
    expect(formatMultiplier(1.125)).toBe('1,12×');
    expect(formatMultiplier(1.2857)).toBe('1,28×');
    expect(formatMultiplier(24.75)).toBe('24,75×');
    expect(formatMultiplier(5148297)).toBe('5.148.297,00×');
  });

  it('prints payouts in reais', () => {
    expect(formatPayout(17.12)).toBe('R$ 17,12');
    expect(formatPayout(1331.98)).toBe('R$ 1.331,98');
  });
});
