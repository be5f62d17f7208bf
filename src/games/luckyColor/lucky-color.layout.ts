import { luckyColors } from '../../../domain/games/rules';
import { clamp, type Box } from '../shared-art/geometry';

/**
 * Pure layout and geometry of the LUCKYCOLOR scene: the period header with its countdown ring,
 * the drum of ten number balls under a pointer, the history balls and the trend chart. No Pixi.
 */

/** Digits on the drum. */
export const DIGITS = 10;
/** Angle between two balls on the drum, in radians. */
export const BALL_STEP = (Math.PI * 2) / DIGITS;
/** The largest share of half the ball spacing the pointer may land off a ball's centre. */
export const MAX_DRAW_OFFSET = 0.8;

/** A digit's colours: 1, 3, 7, 9 green; 2, 4, 6, 8 red; 5 green and violet; 0 red and violet. */
export function digitColors(digit: number): Array<'green' | 'red' | 'violet'> {
  return luckyColors(digit);
}

/** Big is 5–9, small is 0–4. */
export function isBig(digit: number): boolean {
  return digit >= 5;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The angle of digit `d`'s ball on a drum turned by `rotation` (0 puts digit 0 under the pointer at the top). */
export function ballAngle(digit: number, rotation: number): number {
  return rotation + digit * BALL_STEP - Math.PI / 2;
}

/** The digit whose ball is nearest the pointer (straight up) at this rotation. */
export function digitUnderPointer(rotation: number): number {
  return mod(Math.round(-rotation / BALL_STEP), DIGITS);
}

/**
 * The rotation where `digit` stops under the pointer after at least `minTurns` clockwise turns from
 * `from`, off the ball's centre by `offset` (−1..1, clamped to ±MAX_DRAW_OFFSET) of half a step.
 */
export function drawRotation(from: number, digit: number, minTurns: number, offset: number): number {
  const first = Math.ceil((from + Math.max(0, minTurns) * Math.PI * 2) / BALL_STEP);
  const slot = first + mod(-digit - first, DIGITS);
  const share = clamp(offset, -MAX_DRAW_OFFSET, MAX_DRAW_OFFSET);
  return slot * BALL_STEP + (share * BALL_STEP) / 2;
}

/** The number shown for a period: the trailing digits of its id (`luckycolor-1234` → `1234`). */
export function periodLabel(periodId: string): string {
  const match = /(\d+)$/.exec(periodId);
  return match ? match[1]! : periodId.replace(/[^0-9]/g, '');
}

/** Seconds left, rounded up (`47`), as `m:ss` from a minute up; never negative. */
export function formatSeconds(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  if (seconds < 60) return String(seconds);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Counts over the recent digits: big/small and each colour (0 and 5 count for violet and their colour). */
export function trendStats(digits: readonly number[]): {
  big: number;
  small: number;
  green: number;
  red: number;
  violet: number;
} {
  const stats = { big: 0, small: 0, green: 0, red: 0, violet: 0 };
  for (const d of digits) {
    if (isBig(d)) stats.big += 1;
    else stats.small += 1;
    for (const color of luckyColors(d)) stats[color] += 1;
  }
  return stats;
}

/**
 * The points of the trend chart: the oldest of `digits` (given newest first) on the left, digit 9
 * at the top of `box` and 0 at the bottom.
 */
export function trendPoints(
  digits: readonly number[],
  box: Box,
): Array<{ x: number; y: number; digit: number }> {
  const ordered = [...digits].reverse();
  const n = ordered.length;
  const stepX = n > 1 ? box.width / (n - 1) : 0;
  return ordered.map((digit, i) => ({
    x: box.x + (n > 1 ? i * stepX : box.width / 2),
    y: box.y + box.height - (digit / (DIGITS - 1)) * box.height,
    digit,
  }));
}

/** The size knobs the layout reads (a subset of LUCKYCOLOR's tuning). */
export interface LuckySizeKnobs {
  paddingPx: number;
  headerMaxPx: number;
  historyBallPx: number;
  trendCount: number;
}

/** Where everything of the LUCKYCOLOR scene goes. */
export interface LuckyLayout {
  width: number;
  height: number;
  /** Two columns (drum left, history and trend right) or one stacked column. */
  mode: 'wide' | 'stacked';
  header: Box;
  /** The countdown ring inside the header. */
  ring: { x: number; y: number; radius: number };
  /** The drum: its centre, the radius of the balls' circle and a ball's radius. */
  drum: { x: number; y: number; radius: number; ball: number };
  /** The result ball in the drum's middle. */
  centreBall: number;
  /** The history balls: `historyRows` rows of `historyPerRow`, newest at the top left. */
  history: Box;
  historyBall: number;
  historyGap: number;
  historyPerRow: number;
  historyRows: number;
  /** The trend chart and the counters under it. */
  trend: Box;
  trendCount: number;
  counters: Box;
}

/** Lays LUCKYCOLOR out for a canvas of `width` × `height` CSS px. */
export function luckyLayout(width: number, height: number, k: LuckySizeKnobs): LuckyLayout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const pad = Math.round(clamp(Math.min(w, h) * 0.035, 4, k.paddingPx));
  const gap = Math.round(clamp(Math.min(w, h) * 0.035, 6, 20));
  const inner = w - pad * 2;
  const headerHeight = Math.round(clamp(h * 0.13, 40, k.headerMaxPx));
  const header: Box = { x: pad, y: pad, width: inner, height: headerHeight };
  const ringRadius = Math.round(headerHeight * 0.4);
  const ring = {
    x: pad + inner - ringRadius - headerHeight * 0.18,
    y: pad + headerHeight / 2,
    radius: ringRadius,
  };
  const bodyTop = pad + headerHeight + gap;
  const bodyHeight = h - bodyTop - pad;
  const mode: LuckyLayout['mode'] = w >= h * 0.95 ? 'wide' : 'stacked';

  // The side part: history balls, the trend chart and its counters.
  const sideWidth = mode === 'wide' ? inner - Math.min(bodyHeight, inner * 0.54) - gap : inner;
  // One row of ten on a phone; two rows of five or more in a narrow side column.
  const historyBall = Math.floor(
    clamp(Math.min(h * 0.075, sideWidth / (mode === 'wide' ? 8 : 12.3)), 16, k.historyBallPx),
  );
  const historyGap = Math.round(historyBall * 0.25);
  const perRow = Math.max(1, Math.floor((sideWidth + historyGap) / (historyBall + historyGap)));
  // A narrow column takes two rows of history so it still shows ten periods or so.
  const historyRows = mode === 'wide' && perRow < 10 ? 2 : 1;
  const historyHeight = historyRows * historyBall + (historyRows - 1) * historyGap;
  const countersHeight = Math.round(clamp(h * 0.05, 14, 24));
  const trendCap = Math.max(40, Math.min(220, sideWidth * 0.42));
  const trendFloor = mode === 'wide' ? 40 : Math.round(clamp(h * 0.16, 44, trendCap));

  let drumBox: Box;
  let side: Box;
  if (mode === 'wide') {
    const drumSide = inner - sideWidth - gap;
    drumBox = { x: pad, y: bodyTop, width: drumSide, height: bodyHeight };
    side = { x: pad + drumSide + gap, y: bodyTop, width: sideWidth, height: bodyHeight };
  } else {
    const below = historyHeight + gap + trendFloor + gap / 2 + countersHeight;
    drumBox = { x: pad, y: bodyTop, width: inner, height: Math.max(60, bodyHeight - below - gap) };
    side = { x: pad, y: drumBox.y + drumBox.height + gap, width: inner, height: below };
  }
  const trendHeight = Math.round(
    clamp(side.height - historyHeight - countersHeight - gap * 1.5, Math.min(trendFloor, 24), trendCap),
  );
  const block = historyHeight + gap + trendHeight + gap / 2 + countersHeight;
  const top = Math.round(side.y + Math.max(0, (side.height - block) / 2));
  const history: Box = { x: side.x, y: top, width: side.width, height: historyHeight };
  const trend: Box = { x: side.x, y: top + historyHeight + gap, width: side.width, height: trendHeight };
  const counters: Box = {
    x: side.x,
    y: Math.round(trend.y + trend.height + gap / 2),
    width: side.width,
    height: countersHeight,
  };

  // The drum's outer edge (balls, rim and pointer) fits its box.
  // A canvas too small to hold anything (while the page mounts) still gets a drawable drum.
  const drumSide = Math.max(60, Math.min(drumBox.width, drumBox.height));
  const radius = Math.floor((drumSide / 2) * 0.7);
  const ball = Math.max(6, Math.floor(radius * 0.21));
  const drum = {
    x: drumBox.x + drumBox.width / 2,
    y: drumBox.y + drumBox.height / 2 + ball * 0.25,
    radius,
    ball,
  };

  return {
    width: w,
    height: h,
    mode,
    header,
    ring,
    drum,
    centreBall: Math.round(radius * 0.5),
    history,
    historyBall,
    historyGap,
    historyPerRow: perRow,
    historyRows,
    trend,
    trendCount: Math.max(2, Math.min(k.trendCount, Math.floor(trend.width / 12))),
    counters,
  };
}
