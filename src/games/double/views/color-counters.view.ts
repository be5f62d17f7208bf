import { BitmapText, Container, Graphics } from 'pixi.js';
import { smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { tileBodyColor, tilePalette } from '../../shared-art/double-tiles.art';
import type { Box } from '../../shared-art/geometry';
import { colorCounts } from '../../shared-art/reel.layout';
import type { tuning } from '../tuning';

/** How many whites, reds and blacks the results strip shows, at the strip's right end. */
export class ColorCounters {
  readonly view = new Container();

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly font: string,
  ) {}

  /** Counts `results` into `box`; nothing without a box or results. */
  draw(box: Box | null, results: readonly number[]): void {
    for (const child of this.view.removeChildren()) child.destroy();
    if (!box || results.length === 0) return;
    const counts = colorCounts(results);
    const side = Math.round(box.height * 0.62);
    const group = box.width / 3;
    (['white', 'red', 'black'] as const).forEach((color, i) => {
      const tile = color === 'white' ? 0 : color === 'red' ? 1 : 8;
      const swatch = new Graphics()
        .roundRect(0, 0, side, side, side * 0.25)
        .fill(tileBodyColor(tile, tilePalette(this.t)))
        .stroke({ width: 1, color: 0xffffff, alpha: 0.25 });
      smooth(swatch);
      swatch.position.set(box.x + i * group, box.y + (box.height - side) / 2);
      const text = new BitmapText({
        text: String(counts[color]),
        style: { fontFamily: this.font, fontSize: Math.round(box.height * 0.55) },
      });
      text.anchor.set(0, 0.5);
      text.tint = 0xa3c7b6;
      text.position.set(box.x + i * group + side * 1.35, box.y + box.height / 2);
      this.view.addChild(swatch, text);
    });
  }
}
