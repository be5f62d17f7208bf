import { Graphics } from 'pixi.js';
import { Baked, type Tweens } from '../../shared/toolkit';
import type { RowDoubleLayout } from '../row-double.layout';

/** The marker's flash at a stop, in the win or loss colour: six additive layers baked into one quad. */
export class MarkerFlash {
  private readonly art = new Baked(new Graphics());
  readonly view = this.art.view;

  constructor(private readonly tweens: Tweens) {
    this.art.content.blendMode = 'add';
    this.view.alpha = 0;
    this.view.blendMode = 'add';
  }

  /** Lights the flash over the marker of `l` in `color` at full strength. */
  light(l: RowDoubleLayout, color: number): void {
    const w = l.tile * 0.9;
    this.art.content.clear();
    for (let i = 0; i < 6; i++) {
      const k = 1 - i / 6;
      this.art.content
        .roundRect(l.markerX - (w * k) / 2, l.row.y, w * k, l.row.height, (w * k) / 2)
        .fill({ color, alpha: 0.12 });
    }
    this.art.refresh();
    this.view.alpha = 1;
  }

  /** Fades the lit flash out over `ms`. */
  fadeOut(ms: number): Promise<void> {
    return this.tweens.to(this.view, { alpha: 0, ease: 'power2.in' }, ms);
  }

  /** Takes the flash away over `ms` (a new bet), whatever it was doing. */
  clear(ms: number): Promise<void> {
    this.tweens.kill(this.view);
    return this.tweens.to(this.view, { alpha: 0 }, ms);
  }
}
