import { BitmapText, Container, Graphics } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { DiceTable } from './dice-table';
import { DICE_TEXT } from './dice-track.view';
import { formatRoll } from './roll-marker.view';

/** Past rolls kept (more than any screen shows). */
const KEEP = 16;

/** The past rolls as green or red chips at the foot of the table, newest on the left; a new one slides in. */
export class RollHistory {
  readonly view = new Container();
  private readonly rolls: Array<{ roll: number; win: boolean }> = [];
  private readonly slide = { x: 0 };
  private left = 0;
  private top = 0;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly table: DiceTable,
    private readonly tweens: Tweens,
  ) {}

  /** Adds a roll in front and slides the row one chip to the right over `ms`. */
  add(roll: number, win: boolean, ms: number): void {
    this.rolls.unshift({ roll, win });
    this.rolls.length = Math.min(this.rolls.length, KEEP);
    this.slide.x = -(this.t.historyChipWidth + 6) * this.table.scale;
    this.draw();
    void this.tweens.to(this.slide, { x: 0, ease: 'power2.out', onUpdate: () => this.place() }, ms);
  }

  /** Shows `rolls` (newest first) instead of the chips shown, at once. */
  replace(rolls: ReadonlyArray<{ roll: number; win: boolean }>): void {
    this.tweens.kill(this.slide);
    this.rolls.splice(0, this.rolls.length, ...rolls.slice(0, KEEP));
    this.slide.x = 0;
    this.draw();
  }

  /** Redraws the chips that fit, centred under the track. */
  draw(): void {
    const t = this.t;
    const s = this.table.scale;
    for (const child of this.view.removeChildren()) child.destroy({ children: true });
    const shown = this.rolls.slice(
      0,
      Math.min(t.historyCount, Math.floor((this.table.width - 16) / ((t.historyChipWidth + 6) * s))),
    );
    const chipW = t.historyChipWidth * s;
    const chipH = (t.historyTextSize + 12) * s;
    const gap = 6 * s;
    const total = shown.length * chipW + Math.max(0, shown.length - 1) * gap;
    shown.forEach((entry, i) => {
      const chip = new Container();
      const body = new Graphics()
        .roundRect(0, 0, chipW, chipH, chipH / 2)
        .fill({ color: entry.win ? t.winColor : t.loseColor, alpha: i === 0 ? 1 : 0.82 - i * 0.05 });
      // Bitmap text, as the marker's: a roll lands with a row of new labels, and canvas text
      // would rasterise and upload each of them in that one frame.
      const label = new BitmapText({
        text: formatRoll(entry.roll),
        style: { ...DICE_TEXT, fontSize: t.historyTextSize * s, fill: t.markerTextColor },
      });
      label.anchor.set(0.5);
      label.position.set(chipW / 2, chipH / 2);
      chip.addChild(body, label);
      chip.position.set(i * (chipW + gap), 0);
      this.view.addChild(chip);
    });
    // One antialiased quad for the whole row; it only slides until the next roll.
    if (shown.length > 0) smooth(this.view);
    else if (this.view.isCachedAsTexture) this.view.cacheAsTexture(false);
    this.left = (this.table.width - total) / 2;
    this.top = this.table.height * t.historyY - chipH / 2;
    this.place();
  }

  private place(): void {
    this.view.position.set(this.left + this.slide.x, this.top);
  }
}
