import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';

/** Width (px) below which the table scales its type and marker down (a phone). */
const COMPACT_WIDTH = 560;

/** The track's place on the table: its left end, length, middle line and thickness, in px. */
export interface TrackBox {
  left: number;
  width: number;
  y: number;
  height: number;
}

/** The DICE table's size and where its 0–100 track lies in it, shared by every DICE view. */
export class DiceTable {
  width = 0;
  height = 0;
  /** Type and marker scale: 1 on a desktop, down to 0.72 on a phone. */
  scale = 1;

  constructor(private readonly t: TuningValues<typeof tuning>) {}

  /** Takes a new canvas size. */
  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.scale = Math.max(0.72, Math.min(1, width / COMPACT_WIDTH));
  }

  /** The track for the current size and knobs. */
  track(): TrackBox {
    const t = this.t;
    const width = Math.min(t.maxTrackWidth, Math.max(120, this.width - 2 * t.sidePadding * this.scale));
    return {
      left: (this.width - width) / 2,
      width,
      y: this.height * t.trackY,
      height: t.trackHeight * this.scale,
    };
  }

  /** The x of `value` (0–100, clamped) on the track. */
  x(value: number): number {
    const { left, width } = this.track();
    return left + (Math.min(100, Math.max(0, value)) / 100) * width;
  }
}
