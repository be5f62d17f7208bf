import { clamp, type Box } from '../shared-art/geometry';
import type { ReelProjection } from '../shared-art/tile-reel.view';

/**
 * Pure layout of the ROWDOUBLE scene: the curved tile row with its rails, the result chip above the
 * marker and the results strip below, plus the drum projection that bends the row. No Pixi here.
 */

/** The size knobs the layout reads (a subset of ROWDOUBLE's tuning). */
export interface RowDoubleSizeKnobs {
  tileMaxPx: number;
  tileMinPx: number;
  tileHeightShare: number;
  tilesAcross: number;
  tileGapRatio: number;
  historyTilePx: number;
  historyMax: number;
  paddingPx: number;
}

/** Where everything of the ROWDOUBLE scene goes. */
export interface RowDoubleLayout {
  width: number;
  height: number;
  tile: number;
  gap: number;
  pitch: number;
  /** Half the tile: the tiles are round chips (views/row-chips.art.ts), and so is the winner's halo. */
  corner: number;
  /** The drum (track) the tiles run on. */
  row: Box;
  /** Rail thickness above and below the drum. */
  rail: number;
  markerX: number;
  /** The result chip above the marker. */
  chip: Box;
  /** The results strip, centred under the row, newest at its left. */
  history: Box;
  historyTile: number;
  historyGap: number;
  historyCount: number;
}

/** Lays ROWDOUBLE out for a canvas of `width` × `height` CSS px. */
export function rowDoubleLayout(width: number, height: number, k: RowDoubleSizeKnobs): RowDoubleLayout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const pad = Math.round(clamp(Math.min(w, h) * 0.04, 4, k.paddingPx));
  const inner = w - pad * 2;
  const historyTile = Math.round(clamp(h * 0.08, 16, k.historyTilePx));
  const historyGap = Math.round(historyTile * 0.22);
  const gapY = Math.round(clamp(h * 0.05, 8, 26));

  const fitHeight = (h - pad * 2 - historyTile - gapY * 2) / 1.85;
  const tile = Math.round(
    clamp(
      Math.min(inner / k.tilesAcross, h * k.tileHeightShare, k.tileMaxPx, fitHeight),
      k.tileMinPx,
      k.tileMaxPx,
    ),
  );
  const gap = Math.round(tile * k.tileGapRatio);
  const inset = Math.round(tile * 0.12);
  const rail = Math.max(3, Math.round(tile * 0.07));
  const rowHeight = tile + inset * 2;
  const chipHeight = Math.round(tile * 0.38);

  const block = chipHeight + gapY + rail + rowHeight + rail + gapY + historyTile;
  const top = Math.round(Math.max(pad, (h - block) / 2));
  const rowY = top + chipHeight + gapY + rail;
  const chipWidth = Math.round(chipHeight * 2.8);
  const historyCount = Math.max(
    1,
    Math.min(k.historyMax, Math.floor((inner + historyGap) / (historyTile + historyGap))),
  );
  const stripWidth = historyCount * (historyTile + historyGap) - historyGap;

  return {
    width: w,
    height: h,
    tile,
    gap,
    pitch: tile + gap,
    corner: Math.round(tile / 2),
    row: { x: pad, y: rowY, width: inner, height: rowHeight },
    rail,
    markerX: pad + inner / 2,
    chip: { x: Math.round(pad + (inner - chipWidth) / 2), y: top, width: chipWidth, height: chipHeight },
    history: {
      x: Math.round(pad + (inner - stripWidth) / 2),
      y: rowY + rowHeight + rail + gapY,
      width: stripWidth,
      height: historyTile,
    },
    historyTile,
    historyGap,
    historyCount,
  };
}

/**
 * The drum radius for a row `width` px wide bent by `curvature` (0 flat … 1 the ends at 90°);
 * Infinity when flat.
 */
export function drumRadius(width: number, curvature: number): number {
  const halfAngle = clamp(curvature, 0, 0.98) * (Math.PI / 2);
  return halfAngle <= 0.001 ? Infinity : width / 2 / Math.sin(halfAngle);
}

/**
 * Where a tile `dx` px along the drum from the marker is drawn: pushed towards the ends, narrowed,
 * shortened by `depth` and darkened by `shade` as it turns away; null once it has turned out of view.
 */
export function drumProject(dx: number, radius: number, depth: number, shade: number): ReelProjection | null {
  if (!Number.isFinite(radius)) return { x: dx, scaleX: 1, scaleY: 1, shade: 1 };
  const angle = dx / radius;
  if (Math.abs(angle) >= Math.PI / 2) return null;
  const facing = Math.cos(angle);
  return {
    x: radius * Math.sin(angle),
    scaleX: facing,
    scaleY: 1 - (1 - facing) * depth,
    shade: 1 - (1 - facing) * shade,
  };
}

/** The distance along the drum whose projection reaches `screenHalf` px from the marker. */
export function drumReach(screenHalf: number, radius: number): number {
  if (!Number.isFinite(radius)) return screenHalf;
  return radius * Math.asin(Math.min(1, screenHalf / radius));
}
