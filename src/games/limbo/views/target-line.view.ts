import { Container, Graphics, Text } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { lineY, type LimboLayout } from '../limbo.layout';
import { formatMultiplier } from '../../../lib/format';
import type { tuning } from '../tuning';
import { LIMBO_FONT } from './limbo.art';

/**
 * The target line: dashes across the scene with the target multiplier on a pill at the right. It
 * comes down towards the rocket's nose as the counter climbs (meeting it at the target) and turns
 * the win colour when the climb passes it.
 */
export class TargetLine {
  readonly view = new Container();
  /** The target the line stands for. */
  target = 2;
  /** Whether the climb has passed the target. */
  crossed = false;
  private readonly dashes = new Graphics();
  private readonly label = new Container();
  private readonly panel = new Graphics();
  private readonly text = new Text({ text: '', style: { fontFamily: LIMBO_FONT, fontWeight: '800' } });
  private labelWidth = 0;
  private layout: LimboLayout | undefined;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
  ) {
    this.text.anchor.set(0.5);
    this.label.addChild(this.panel, this.text);
    this.view.addChild(this.dashes, this.label);
  }

  /** Redraws the line for a new layout. */
  layoutFor(l: LimboLayout): void {
    this.layout = l;
    this.redraw();
  }

  /** Labels the line with `next` (ignored unless a positive number). */
  setTarget(next: number): void {
    if (!(Number.isFinite(next) && next > 0)) return;
    this.target = next;
    this.redraw();
  }

  /** Colours the line as passed (or not). */
  setCrossed(on: boolean): void {
    this.crossed = on;
    this.redraw();
  }

  /** Puts the line at climb progress `progress` (0 at rest, 1 at the rocket's nose). */
  place(progress: number): void {
    if (this.layout) this.view.y = lineY(progress, this.layout);
  }

  /** The line fades in from `from` over `ms` × `speed`. */
  fadeIn(from: number, ms: number, speed: number): Promise<void> {
    return this.tweens.fromTo(this.view, { alpha: from }, { alpha: 1 }, ms, speed);
  }

  /** Stops its fades and shows it fully. */
  stop(): void {
    this.tweens.kill(this.view);
    this.view.alpha = 1;
  }

  private redraw(): void {
    this.drawLabel();
    this.drawDashes();
  }

  private drawLabel(): void {
    const l = this.layout;
    if (!l) return;
    const t = this.t;
    const size = l.line.labelPx;
    this.text.text = formatMultiplier(this.target);
    this.text.style.fontSize = size;
    const color = this.crossed ? t.winColor : t.lineColor;
    this.text.style.fill = color;
    const w = this.text.width + size * 1.1;
    const h = size * 1.6;
    this.panel
      .clear()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: t.panelColor, alpha: 0.95 })
      .stroke({ color, width: 2 });
    smooth(this.panel);
    this.label.position.set(l.line.right - w / 2, 0);
    this.labelWidth = w;
  }

  private drawDashes(): void {
    const l = this.layout;
    if (!l) return;
    const { left } = l.line;
    // The dashes stop short of the label at the right end.
    const right = this.label.x - this.labelWidth / 2 - 6;
    const dash = 10;
    const gap = 8;
    this.dashes.clear();
    for (let x = left; x < right; x += dash + gap)
      this.dashes.moveTo(x, 0).lineTo(Math.min(right, x + dash), 0);
    this.dashes.stroke({ color: '#ffffff', width: 2, alpha: 0.9 });
    this.dashes.tint = this.crossed ? this.t.winColor : this.t.lineColor;
  }
}
