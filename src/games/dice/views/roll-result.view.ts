import { Container, Text } from 'pixi.js';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { DiceTable } from './dice-table';
import { DICE_TEXT } from './dice-track.view';

/** The big rolled number over the track and the caption under it (the payout or the terms). */
export class RollResult {
  readonly view = new Container();
  private readonly result = new Text({ text: '—', style: { ...DICE_TEXT, fontWeight: '800' } });
  private readonly caption = new Text({ text: '', style: { ...DICE_TEXT, fontWeight: '600' } });
  /** Whether the shown roll won; null while none shows (or one is rolling). */
  private landed: boolean | null = null;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly table: DiceTable,
  ) {
    this.result.anchor.set(0.5);
    this.caption.anchor.set(0.5);
    this.view.addChild(this.result, this.caption);
  }

  /** Sizes and places the texts for the table's size and the knobs. */
  draw(): void {
    const t = this.t;
    const s = this.table.scale;
    const { width: w, height: h } = this.table;
    this.result.style.fontSize = t.resultSize * s;
    this.result.position.set(w / 2, h * t.resultY);
    this.caption.style.fontSize = t.captionSize * s;
    this.caption.style.fill = t.tickColor;
    this.caption.position.set(w / 2, h * t.resultY + (t.resultSize * s) / 2 + t.captionSize * s);
    this.paint();
  }

  /** Shows `text` and `caption`, in the win or loss colour (`landed`), or idle while rolling (null). */
  show(text: string, caption: string, landed: boolean | null): void {
    this.result.text = text;
    this.caption.text = caption;
    this.landed = landed;
    this.paint();
  }

  private paint(): void {
    const t = this.t;
    const landed = this.landed;
    this.result.style.fill = landed === null ? t.idleColor : landed ? t.winColor : t.loseColor;
  }
}
