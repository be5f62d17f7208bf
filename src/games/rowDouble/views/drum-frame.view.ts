import { Container, Graphics } from 'pixi.js';
import { colorNumber, shadeColor, smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { RowDoubleLayout } from '../row-double.layout';
import type { tuning } from '../tuning';

/**
 * The frame of ROWDOUBLE's drum: gold rails above and below the row (under the reel's marker), the
 * glass shading over it and the end posts (over the reel, whose ends are erased to the stage).
 * Each rail and each post is its own antialiased texture: one drawing of all four would be one
 * quad as big as the whole row, blended every frame for a few thin gold bars.
 */
export class DrumFrame {
  /** Goes under the reel. */
  readonly rails = new Container();
  /** Go over the reel. */
  readonly ends = new Container();
  readonly glass = new Graphics();
  private readonly railParts = [new Graphics(), new Graphics()] as const;
  private readonly endParts = [new Graphics(), new Graphics()] as const;

  constructor(private readonly t: TuningValues<typeof tuning>) {
    this.rails.addChild(...this.railParts);
    this.ends.addChild(...this.endParts);
  }

  /** Redraws the frame around the row of `l`. */
  draw(l: RowDoubleLayout): void {
    const { row, rail } = l;
    const gold = colorNumber(this.t.railColor);
    [row.y - rail, row.y + row.height].forEach((y, i) => {
      const part = this.railParts[i]!;
      part
        .clear()
        .roundRect(row.x - rail, y, row.width + rail * 2, rail, rail / 2)
        .fill(shadeColor(gold, -0.25))
        .roundRect(row.x - rail, y, row.width + rail * 2, rail * 0.5, rail / 4)
        .fill(shadeColor(gold, 0.25));
      smooth(part);
    });
    // Shade along the top and bottom and a faint reflection make the row read as a glassed drum.
    const glass = this.glass.clear();
    const band = row.height * 0.05;
    for (let i = 0; i < 4; i++) {
      glass.rect(row.x, row.y + i * band, row.width, band).fill({ color: 0x000000, alpha: 0.28 - i * 0.07 });
      glass
        .rect(row.x, row.y + row.height - (i + 1) * band, row.width, band)
        .fill({ color: 0x000000, alpha: 0.28 - i * 0.07 });
    }
    glass
      .rect(row.x, row.y + row.height * 0.24, row.width, row.height * 0.05)
      .fill({ color: 0xffffff, alpha: 0.05 });
    // Posts at both ends hold the drum between the rails.
    [row.x - rail * 0.2, row.x + row.width + rail * 0.2].forEach((x, i) => {
      const part = this.endParts[i]!;
      part
        .clear()
        .roundRect(x - rail * 0.6, row.y - rail, rail * 1.2, row.height + rail * 2, rail * 0.5)
        .fill(gold)
        .roundRect(x - rail * 0.2, row.y, rail * 0.4, row.height, rail * 0.2)
        .fill(shadeColor(gold, 0.35));
      smooth(part);
    });
  }
}
