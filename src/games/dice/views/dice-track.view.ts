import { Container, Graphics, Text, type FederatedPointerEvent } from 'pixi.js';
import type { DiceDirection } from '../../../../domain/games/rules';
import { smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { DiceTable } from './dice-table';

/** The scene's text style (canvas Text for what seldom changes). */
export const DICE_TEXT = {
  fontFamily: 'Segoe UI, system-ui, Roboto, Arial, sans-serif',
  fontWeight: '700',
} as const;

/**
 * The 0–100 track: a groove, the losing and winning zones split at the target (animated towards
 * the machine's terms), the 0/25/50/75/100 ticks, and the gold handle the player drags (or taps the
 * track) to ask for a new target.
 */
export class DiceTrack {
  /** The groove, the zones and the ticks. */
  readonly view = new Container();
  /** Goes over everything else. */
  readonly handle = new Graphics();
  /** The zones as drawn (tweened towards the machine's terms). */
  readonly zone = { target: 50.5 };
  direction: DiceDirection = 'over';
  private readonly groove = new Graphics();
  private readonly zones = new Graphics();
  private readonly ticks: Text[];
  /** What the handle was last drawn with, so dragging only moves it. */
  private handleDrawn = '';
  private dragging = false;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly table: DiceTable,
  ) {
    this.ticks = [0, 25, 50, 75, 100].map((n) => new Text({ text: String(n), style: { ...DICE_TEXT } }));
    for (const tick of this.ticks) tick.anchor.set(0.5);
    this.view.addChild(this.groove, this.zones, ...this.ticks);
  }

  /**
   * Reports drags of the handle and taps on the track as a value on the 0–100 track; `root` is
   * the scene's root, which follows the pointer while it drags.
   */
  listen(root: Container, onDrag: (value: number) => void): void {
    root.eventMode = 'static';
    this.handle.eventMode = 'static';
    this.handle.cursor = 'grab';
    this.groove.eventMode = 'static';
    this.groove.cursor = 'pointer';
    const report = (event: FederatedPointerEvent) => {
      const local = root.toLocal(event.global);
      const { left, width } = this.table.track();
      onDrag(((local.x - left) / width) * 100);
    };
    this.handle.on('pointerdown', (event) => {
      this.dragging = true;
      report(event);
    });
    this.groove.on('pointerdown', report);
    root.on('globalpointermove', (event) => {
      if (this.dragging) report(event);
    });
    const stop = () => (this.dragging = false);
    root.on('pointerup', stop);
    root.on('pointerupoutside', stop);
  }

  /** Redraws the groove, the zones and the ticks for the table's size and the knobs. */
  draw(): void {
    const t = this.t;
    const s = this.table.scale;
    const track = this.table.track();
    const groove = t.trackGroove * s;
    this.groove
      .clear()
      .roundRect(
        track.left - groove,
        track.y - track.height / 2 - groove,
        track.width + groove * 2,
        track.height + groove * 2,
        (track.height + groove * 2) / 2,
      )
      .fill({ color: t.grooveColor })
      .stroke({ color: '#ffffff', alpha: 0.06, width: 1 });
    smooth(this.groove);
    this.handleDrawn = '';
    this.drawZones();
    this.ticks.forEach((tick, i) => {
      tick.style.fontSize = t.tickSize * s;
      tick.style.fill = t.tickColor;
      tick.position.set(this.table.x(i * 25), track.y + track.height / 2 + groove + t.tickSize * s);
    });
  }

  /** Redraws the zones at `zone.target` and moves the handle there. */
  drawZones(): void {
    const t = this.t;
    const track = this.table.track();
    const split = this.table.x(this.zone.target);
    const top = track.y - track.height / 2;
    const r = track.height / 2;
    const [leftColor, rightColor] =
      this.direction === 'over' ? [t.loseColor, t.winColor] : [t.winColor, t.loseColor];
    this.zones
      .clear()
      .roundRect(track.left, top, track.width, track.height, r)
      .fill({ color: rightColor })
      .roundRect(track.left, top, Math.max(r * 2, split - track.left), track.height, r)
      .fill({ color: leftColor })
      .rect(Math.max(track.left + r, split - r), top, Math.min(r, split - track.left), track.height)
      .fill({ color: leftColor });
    smooth(this.zones);
    const size = t.handleSize * this.table.scale;
    const handleKey = `${size}|${t.handleColor}|${t.handleGrip}`;
    if (handleKey !== this.handleDrawn) {
      this.handleDrawn = handleKey;
      this.handle
        .clear()
        .roundRect(-size / 2, -size / 2, size, size, size * 0.22)
        .fill({ color: t.handleColor })
        .stroke({ color: '#000000', alpha: 0.25, width: 2 });
      for (const dx of [-size * 0.18, 0, size * 0.18]) {
        this.handle
          .moveTo(dx, -size * 0.24)
          .lineTo(dx, size * 0.24)
          .stroke({ color: t.handleGrip, width: 2 });
      }
      smooth(this.handle);
    }
    this.handle.position.set(split, track.y);
  }
}
