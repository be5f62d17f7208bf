/**
 * Pure geometry and formatting of the Mines scene (no Pixi here, so it is tested headless).
 * Tiles are numbered 0–24 row-major from the top-left, as the server numbers them.
 */

/** Tiles per row and per column. */
export const BOARD_SIDE = 5;
/** Tiles on the board. */
export const TILE_COUNT = BOARD_SIDE * BOARD_SIDE;

/** An axis-aligned rectangle in CSS px. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the gem and mine counters go: beside the board, under it, or nowhere when space is short. */
export type CountersPlacement =
  | { side: 'left-right'; left: Rect; right: Rect }
  | { side: 'below'; left: Rect; right: Rect }
  | { side: 'none' };

/** The board, its 25 cells (row-major) and the counters, for one canvas size. */
export interface BoardLayout {
  board: Rect;
  /** Side of one tile (integer px). */
  cell: number;
  /** Gap between tiles and around them inside the board (integer px). */
  gap: number;
  cells: Rect[];
  counters: CountersPlacement;
}

/** Knobs the layout reads (a subset of the tuning values). */
export interface BoardLayoutOptions {
  boardPaddingPx: number;
  boardMaxPx: number;
  tileGapRatio: number;
  countersWidthPx: number;
}

/** Height of the counters strip when it sits under the board. */
const COUNTERS_BELOW_PX = 34;

/**
 * Lays the board out for a canvas: the largest square that fits with padding (up to the maximum),
 * whole-pixel tiles so edges stay crisp, counters beside the board when the canvas is wide enough,
 * under it when tall enough, otherwise hidden (the HUD shows the same numbers).
 */
export function boardLayout(width: number, height: number, options: BoardLayoutOptions): BoardLayout {
  const pad = Math.max(0, options.boardPaddingPx);
  const sideRoom = 2 * (options.countersWidthPx + pad);
  const fitSquare = (w: number, h: number) =>
    Math.max(0, Math.min(w - 2 * pad, h - 2 * pad, options.boardMaxPx));
  let side = fitSquare(width, height);
  let placement: CountersPlacement['side'] = 'none';
  if (width - side >= sideRoom) placement = 'left-right';
  else if (height - side >= COUNTERS_BELOW_PX + 2 * pad) placement = 'below';
  else if (fitSquare(width - sideRoom, height) >= 0.9 * side) {
    side = fitSquare(width - sideRoom, height);
    placement = 'left-right';
  }

  // side = 5 cells + 6 gaps (one on each border), gap = cell × ratio.
  const cell = Math.max(1, Math.floor(side / (BOARD_SIDE + (BOARD_SIDE + 1) * options.tileGapRatio)));
  const gap = Math.max(1, Math.round(cell * options.tileGapRatio));
  const boardSide = BOARD_SIDE * cell + (BOARD_SIDE + 1) * gap;
  const belowExtra = placement === 'below' ? COUNTERS_BELOW_PX : 0;
  const board: Rect = {
    x: Math.round((width - boardSide) / 2),
    y: Math.round((height - boardSide - belowExtra) / 2),
    width: boardSide,
    height: boardSide,
  };

  const cells: Rect[] = [];
  for (let i = 0; i < TILE_COUNT; i++) {
    const { row, col } = rowCol(i);
    cells.push({
      x: board.x + gap + col * (cell + gap),
      y: board.y + gap + row * (cell + gap),
      width: cell,
      height: cell,
    });
  }

  let counters: CountersPlacement = { side: 'none' };
  if (placement === 'left-right') {
    const w = options.countersWidthPx;
    const h = Math.min(boardSide, 2.2 * w);
    const y = board.y + (boardSide - h) / 2;
    counters = {
      side: 'left-right',
      left: { x: board.x - pad - w, y, width: w, height: h },
      right: { x: board.x + boardSide + pad, y, width: w, height: h },
    };
  } else if (placement === 'below') {
    const y = board.y + boardSide + pad / 2;
    const w = boardSide / 2 - gap;
    counters = {
      side: 'below',
      left: { x: board.x, y, width: w, height: COUNTERS_BELOW_PX },
      right: { x: board.x + boardSide - w, y, width: w, height: COUNTERS_BELOW_PX },
    };
  }
  return { board, cell, gap, cells, counters };
}

/** Row and column of a tile (0–24, row-major). */
export function rowCol(tile: number): { row: number; col: number } {
  return { row: Math.floor(tile / BOARD_SIDE), col: tile % BOARD_SIDE };
}

/** Whether a value is a tile index of the board. */
export function isTile(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < TILE_COUNT;
}

/**
 * The order in which the rest of the board turns over at the end: a ripple outward from the
 * tile that ended the round (nearest first, ties in reading order).
 */
export function rippleOrder(tiles: readonly number[], from: number): number[] {
  const origin = rowCol(isTile(from) ? from : 12);
  const distance = (tile: number) => {
    const { row, col } = rowCol(tile);
    return Math.hypot(row - origin.row, col - origin.col);
  };
  return [...tiles].sort((a, b) => distance(a) - distance(b) || a - b);
}

/** The diagonal wave step of a tile when a new board settles in (0 at the top-left, 8 at the bottom-right). */
export function waveStep(tile: number): number {
  const { row, col } = rowCol(tile);
  return row + col;
}

const decimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A payout in reais as the scene prints it ("R$ 24,70"): the server's number, two decimals. */
export function formatPayout(brl: number): string {
  return `R$ ${decimals.format(Math.max(0, brl))}`;
}
