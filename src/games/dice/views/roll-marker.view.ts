import { BitmapText, Container, Graphics } from 'pixi.js';
import { smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { DiceTable } from './dice-table';
import { DICE_TEXT } from './dice-track.view';

/** A DICE number as shown (`77,18`). */
export const formatRoll = (n: number) => n.toFixed(2).replace('.', ',');

/** The result marker over the track: a pill with the rolled number that slides and lands green or red. */
export class RollMarker {
  readonly view = new Container();
  /** The marker's value on the 0–100 track (tweened during a roll) and whether it landed a win. */
  readonly state = { value: 50, landed: null as null | boolean, visible: false };
  private readonly body = new Graphics();
  /** Bitmap text: the number changes every frame of a roll, and a canvas Text would re-rasterise each time. */
  private readonly text: BitmapText;
  /** What the body was last drawn with, so a roll's frames only move it. */
  private drawn = '';

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly table: DiceTable,
  ) {
    this.text = new BitmapText({ text: '50,00', style: { ...DICE_TEXT } });
    this.text.anchor.set(0.5);
    this.view.addChild(this.body, this.text);
    this.view.visible = false;
  }

  /** Places and paints the marker from `state`. */
  draw(): void {
    const t = this.t;
    const s = this.table.scale;
    const mw = t.markerWidth * s;
    const mh = t.markerHeight * s;
    const landed = this.state.landed;
    const color = landed === null ? t.markerColor : landed ? t.winColor : t.loseColor;
    const tip = 9 * s;
    const drawn = `${color}|${mw}|${mh}`;
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      this.body
        .clear()
        .roundRect(-mw / 2, -mh, mw, mh, 10 * s)
        .fill({ color })
        .poly([-tip, 0, tip, 0, 0, tip])
        .fill({ color });
      smooth(this.body);
    }
    // Style changes re-measure the text, so they are applied only when they differ.
    if (this.text.style.fontSize !== t.markerTextSize * s) this.text.style.fontSize = t.markerTextSize * s;
    if (this.text.style.fill !== t.markerTextColor) this.text.style.fill = t.markerTextColor;
    this.text.position.set(0, -mh / 2);
    this.text.text = formatRoll(this.state.value);
    const track = this.table.track();
    this.view.position.set(
      this.table.x(this.state.value),
      track.y - track.height / 2 - t.trackGroove * s - t.markerGap * s + tip,
    );
    this.view.visible = this.state.visible;
  }
}
