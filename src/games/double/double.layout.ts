import { clamp, type Box } from '../shared-art/geometry';

/**
 * Pure layout of the DOUBLE scene for a canvas size: the reel with its marker, the countdown panel
 * over the reel and the results strip under it. No Pixi here, so it is tested on its own.
 */

/** The size knobs the layout reads (a subset of DOUBLE's tuning). */
export interface DoubleSizeKnobs {
  tileMaxPx: number;
  tileMinPx: number;
  tileHeightShare: number;
  tilesAcross: number;
  tileGapRatio: number;
  tileCornerRatio: number;
  historyTilePx: number;
  paddingPx: number;
}

/** Where everything of the DOUBLE scene goes. */
export interface DoubleLayout {
  width: number;
  height: number;
  /** Tile side, gap, slot pitch and corner radius on the reel. */
  tile: number;
  gap: number;
  pitch: number;
  corner: number;
  /** The reel's track; tiles are centred on its middle line. */
  reel: Box;
  /** The marker's x in canvas px (the reel's centre). */
  markerX: number;
  /** The countdown panel over the reel. */
  panel: Box;
  /** The multiplier chip of a result, above the marker. */
  badge: Box;
  /** The results strip (tiles from its left edge, newest first). */
  history: Box;
  historyTile: number;
  historyGap: number;
  /** Results the strip shows. */
  historyCount: number;
  /** The colour counters at the strip's right end, when there is room for them. */
  counters: Box | null;
}

/** Lays DOUBLE out for a canvas of `width` × `height` CSS px. */
export function doubleLayout(width: number, height: number, k: DoubleSizeKnobs): DoubleLayout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const pad = Math.round(clamp(Math.min(w, h) * 0.04, 4, k.paddingPx));
  const inner = w - pad * 2;

  const historyTile = Math.round(clamp(h * 0.085, 16, k.historyTilePx));
  const historyGap = Math.round(historyTile * 0.2);
  const stripGap = Math.round(clamp(h * 0.05, 8, 28));

  const byWidth = inner / k.tilesAcross;
  const byHeight = h * k.tileHeightShare;
  // The chip, the track, the strip and their gaps must fit the height even on the smallest canvas.
  const fitHeight = (h - pad * 2 - historyTile - stripGap * 2) / 1.7;
  const tile = Math.round(
    clamp(Math.min(byWidth, byHeight, k.tileMaxPx, fitHeight), k.tileMinPx, k.tileMaxPx),
  );
  const gap = Math.round(tile * k.tileGapRatio);
  const inset = Math.round(tile * 0.15);
  const reelHeight = tile + inset * 2;
  const badgeHeight = Math.round(tile * 0.36);
  const badgeGap = Math.round(stripGap * 0.75);

  const block = badgeHeight + badgeGap + reelHeight + stripGap + historyTile;
  const blockTop = Math.round(Math.max(pad, (h - block) / 2));
  const top = blockTop + badgeHeight + badgeGap;
  const reel: Box = { x: pad, y: top, width: inner, height: reelHeight };
  const badgeWidth = Math.round(badgeHeight * 2.6);
  const badge: Box = {
    x: Math.round(pad + (inner - badgeWidth) / 2),
    y: blockTop,
    width: badgeWidth,
    height: badgeHeight,
  };

  const panelWidth = Math.round(Math.min(inner * 0.86, 440));
  const panelHeight = Math.round(reelHeight * 0.8);
  const panel: Box = {
    x: Math.round(pad + (inner - panelWidth) / 2),
    y: Math.round(top + (reelHeight - panelHeight) / 2),
    width: panelWidth,
    height: panelHeight,
  };

  const counterWidth = historyTile * 7;
  const showCounters = inner >= counterWidth + (historyTile + historyGap) * 6;
  const stripWidth = showCounters ? inner - counterWidth - historyGap * 2 : inner;
  const historyCount = Math.max(1, Math.floor((stripWidth + historyGap) / (historyTile + historyGap)));
  const history: Box = { x: pad, y: top + reelHeight + stripGap, width: stripWidth, height: historyTile };
  const counters: Box | null = showCounters
    ? { x: pad + inner - counterWidth, y: history.y, width: counterWidth, height: historyTile }
    : null;

  return {
    width: w,
    height: h,
    tile,
    gap,
    pitch: tile + gap,
    corner: Math.round(tile * k.tileCornerRatio),
    reel,
    markerX: pad + inner / 2,
    panel,
    badge,
    history,
    historyTile,
    historyGap,
    historyCount,
    counters,
  };
}

/**
 * The countdown text of the panel: seconds with hundredths and a unit (`12,45s`), never negative.
 * A colon read as minutes ("07:56"); the decimal comma is how a Brazilian reads a fraction.
 */
export function formatCountdown(remainingMs: number): string {
  const centis = Math.max(0, Math.ceil(remainingMs / 10));
  const seconds = Math.floor(centis / 100);
  return `${String(seconds).padStart(2, '0')},${String(centis % 100).padStart(2, '0')}s`;
}
