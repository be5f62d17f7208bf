/**
 * Pure geometry, timing and formatting of the Limbo scene (no Pixi here, so it is tested headless).
 *
 * The picture, top to bottom: the recent results, the multiplier counter, the target line's run,
 * the rocket. The rocket holds its place low in the scene while the stars stream past; the target
 * line rests just under the counter and comes down towards the rocket's nose as the multiplier
 * climbs, reaching it exactly when the counter reaches the target (a log scale, so every target
 * reads the same), and sweeping past below it on a win. The line never crosses the counter: its
 * dashes through the digits made the number hard to read.
 */

/** Knobs the layout reads (a subset of the tuning values). */
export interface LimboLayoutOptions {
  counterHeightRatio: number;
  counterWidthRatio: number;
  rocketHeightRatio: number;
  rocketMaxPx: number;
  rocketYRatio: number;
  lineTravelRatio: number;
  historyHeightPx: number;
  edgePaddingPx: number;
}

/** Where everything sits for one canvas size, in CSS px. */
export interface LimboLayout {
  width: number;
  height: number;
  /** Centre of the multiplier counter, its font size and the widest it may be. */
  counter: { x: number; y: number; fontSize: number; maxWidth: number };
  /** Centre and height of the rocket's body (its flame hangs below), and its nose. */
  rocket: { x: number; y: number; height: number; noseY: number };
  /**
   * The target line: its ends, its resting height, the height where it meets the rocket, and the
   * font size of the target's label at its right end.
   */
  line: { left: number; right: number; idleY: number; reachY: number; labelPx: number };
  /** The row of recent results along the top. */
  history: { x: number; y: number; height: number; right: number };
}

/** Lays the scene out for a canvas from a 360×300 phone strip to a wide desktop. */
export function limboLayout(width: number, height: number, o: LimboLayoutOptions): LimboLayout {
  const pad = o.edgePaddingPx;
  // The pills grow a little on tall canvases so they stay readable next to a large counter.
  const pillHeight = Math.round(
    Math.max(o.historyHeightPx, Math.min(o.historyHeightPx * 1.6, height * 0.045)),
  );
  const history = { x: pad, y: pad, height: pillHeight, right: width - pad };
  const rocketHeight = Math.max(24, Math.min(height * o.rocketHeightRatio, width * 0.3, o.rocketMaxPx));
  const rocketY = height * o.rocketYRatio;
  const noseY = rocketY - rocketHeight / 2;
  const reachY = noseY - rocketHeight * 0.08;
  const top = history.y + history.height + pad;
  // The counter takes what the line's shortest run leaves above it, with a gap that also clears
  // half the pill of the target's label riding on the line (sized for the largest counter).
  const labelPxFor = (fontSize: number) =>
    Math.max(12, Math.round(Math.max(history.height * 0.62, fontSize * 0.13)));
  const gap = Math.max(pad, labelPxFor(height * o.counterHeightRatio) * 0.8 + 4);
  const room = Math.max(0, reachY - height * o.lineTravelRatio - gap - top);
  const fontSize = Math.max(18, Math.min(height * o.counterHeightRatio, room));
  const counterY = top + fontSize / 2;
  // Whatever the counter did not need lengthens the line's run.
  const idleY = Math.min(counterY + fontSize / 2 + gap, reachY);
  return {
    width,
    height,
    counter: { x: width / 2, y: counterY, fontSize, maxWidth: width * o.counterWidthRatio },
    rocket: { x: width / 2, y: rocketY, height: rocketHeight, noseY },
    line: { left: pad, right: width - pad, idleY, reachY, labelPx: labelPxFor(fontSize) },
    history,
  };
}

/**
 * How far the climb is towards the target on a log scale: 0 at 1,00×, 1 at the target, more
 * beyond it. A target at or under 1 counts as reached at once.
 */
export function climbProgress(value: number, target: number): number {
  if (!(target > 1)) return value >= 1 ? 1 : 0;
  return Math.max(0, Math.log(Math.max(1, value)) / Math.log(target));
}

/** Height of the target line for a climb progress: resting at 0, at the rocket's nose at 1, below it after. */
export function lineY(progress: number, layout: LimboLayout): number {
  const { idleY, reachY } = layout.line;
  if (progress <= 1) return idleY + (reachY - idleY) * Math.max(0, progress);
  // Past the target the line keeps its speed and leaves through the bottom.
  return reachY + (progress - 1) * (reachY - idleY);
}

/** Knobs of the climb's length. */
export interface ClimbTiming {
  climbBaseMs: number;
  climbPerDecadeMs: number;
  climbMaxMs: number;
}

/** Length of the climb to `result`: a base plus a share per decade, so 1000× takes longer than 2×, capped. */
export function climbDurationMs(result: number, o: ClimbTiming): number {
  const decades = Math.log10(Math.max(1, result));
  return Math.min(o.climbMaxMs, o.climbBaseMs + o.climbPerDecadeMs * decades);
}

/** The counter's value at eased time `eased` (0–1) of a climb to `result`: exponential, like a real ascent. */
export function climbValue(result: number, eased: number): number {
  const r = Math.max(1, result);
  if (eased >= 1) return r;
  return Math.exp(Math.log(r) * Math.max(0, eased));
}
