import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Box } from './geometry';
import { smooth, type Tweens } from '../shared/toolkit';

/** A pill with a multiplier (`×14`) that pops in over a result and fades away. */
export class MultiplierChip {
  readonly view = new Container();
  private readonly back = new Graphics();
  private readonly label: BitmapText;

  constructor(
    private readonly tweens: Tweens,
    fontName: string,
  ) {
    this.label = new BitmapText({ text: '', style: { fontFamily: fontName, fontSize: 24 } });
    this.label.anchor.set(0.5);
    this.view.addChild(this.back, this.label);
    this.view.alpha = 0;
  }

  /** Draws the chip in `box` with a fill, a ring and the text in `ink`. */
  draw(box: Box, text: string, fill: number, ring: number, ink: number): void {
    this.back
      .clear()
      .roundRect(0, 0, box.width, box.height, box.height / 2)
      .fill(fill)
      .stroke({ width: Math.max(2, box.height * 0.07), color: ring });
    smooth(this.back);
    this.label.text = text;
    this.label.style.fontSize = Math.round(box.height * 0.64);
    this.label.tint = ink;
    this.label.position.set(box.width / 2, box.height / 2);
    this.view.pivot.set(box.width / 2, box.height / 2);
    this.view.position.set(box.x + box.width / 2, box.y + box.height / 2);
  }

  /** Pops the chip in. */
  async show(durationMs: number, ease: string): Promise<void> {
    this.tweens.kill(this.view, this.view.scale);
    this.view.scale.set(0.4);
    await Promise.all([
      this.tweens.to(this.view, { alpha: 1 }, durationMs * 0.5),
      this.tweens.to(this.view.scale, { x: 1, y: 1, ease }, durationMs),
    ]);
  }

  /** Fades the chip out. */
  async hide(durationMs: number): Promise<void> {
    this.tweens.kill(this.view, this.view.scale);
    await this.tweens.to(this.view, { alpha: 0, ease: 'power2.out' }, durationMs);
  }

  /** True while any of it shows. */
  get shown(): boolean {
    return this.view.alpha > 0;
  }
}
