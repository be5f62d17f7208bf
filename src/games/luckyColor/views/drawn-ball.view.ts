import { BitmapText, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { colorNumber, smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { digitColors, isBig, type LuckyLayout } from '../lucky-color.layout';
import type { tuning } from '../tuning';
import type { BallArt } from './lucky-balls.art';
import { luckyColorOf } from './drum-wheel.view';

/**
 * The middle of LUCKYCOLOR's drum: the `?` ball (or the last betting seconds in big digits), and
 * the drawn ball, which leaves its seat under the pointer and lands big here with a halo, its
 * ▲ big or ▼ small mark, and a ring burst when the player won.
 */
export class DrawnBall {
  readonly view = new Container();
  private readonly halo = new Sprite(Texture.EMPTY);
  private readonly blank = new Sprite(Texture.EMPTY);
  private readonly count: BitmapText;
  private readonly burst = new Graphics();
  private readonly ball = new Sprite(Texture.EMPTY);
  private readonly mark = new Graphics();
  private layout: LuckyLayout | null = null;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    font: string,
  ) {
    this.halo.anchor.set(0.5);
    this.halo.blendMode = 'add';
    this.halo.alpha = 0;
    this.blank.anchor.set(0.5);
    this.ball.anchor.set(0.5);
    this.ball.alpha = 0;
    this.count = new BitmapText({ text: '', style: { fontFamily: font, fontSize: 48 } });
    this.count.anchor.set(0.5);
    this.count.visible = false;
    this.burst.alpha = 0;
    this.mark.alpha = 0;
    this.view.addChild(this.halo, this.blank, this.count, this.burst, this.ball, this.mark);
  }

  /** Uses newly baked balls; `winner` is the digit shown, if any. */
  setArt(art: BallArt, winner: number | null): void {
    this.halo.texture = art.halo;
    this.blank.texture = art.blank;
    if (winner !== null) this.ball.texture = art.big[winner]!;
  }

  /** Sizes the middle for a new layout; `winner` is the digit shown, if any. */
  draw(l: LuckyLayout, winner: number | null): void {
    this.layout = l;
    const bigR = l.centreBall;
    this.count.style.fontSize = Math.round(bigR * 1.15);
    const s = Math.round(bigR * 0.34);
    this.mark.clear();
    smooth(this.mark);
    this.mark.position.set(0, bigR + s * 0.9);
    this.burst
      .clear()
      .circle(0, 0, bigR * 1.15)
      .stroke({ width: Math.max(3, bigR * 0.12), color: 0xffffff });
    smooth(this.burst);
    this.halo.setSize(bigR * 3.2, bigR * 3.2);
    if (winner !== null) this.drawMark(winner);
  }

  /** The last seconds of betting in big digits instead of the `?` ball (null shows the ball); `pulse` swells them. */
  showCount(text: string | null, pulse: boolean): void {
    this.count.visible = text !== null;
    this.blank.visible = text === null;
    if (text !== null) {
      this.count.text = text;
      this.count.tint = colorNumber(this.t.urgentColor);
    }
    if (!pulse) return;
    this.tweens.kill(this.count.scale);
    this.count.scale.set(this.t.pulseScale * 1.2);
    void this.tweens.to(this.count.scale, { x: 1, y: 1, ease: 'power2.out' }, this.t.pulseMs);
  }

  /** Fades the drawn ball and its marks out and the `?` ball in, over `ms` × `speed`. */
  async clear(ms: number, speed: number): Promise<void> {
    const tweens = this.tweens;
    tweens.kill(this.ball, this.ball.scale, this.halo, this.burst, this.mark, this.blank);
    await Promise.all([
      tweens.to(this.ball, { alpha: 0 }, ms, speed),
      tweens.to(this.halo, { alpha: 0 }, ms, speed),
      tweens.to(this.mark, { alpha: 0 }, ms, speed),
      tweens.to(this.blank, { alpha: 1 }, ms, speed),
    ]);
    this.burst.alpha = 0;
  }

  /** The ball of `digit` flies from its seat under the pointer to the middle and grows, over `ms` × `speed`. */
  async reveal(art: BallArt, digit: number, ms: number, speed: number): Promise<void> {
    const l = this.layout;
    if (!l) return;
    const t = this.t;
    const tweens = this.tweens;
    this.ball.texture = art.big[digit]!;
    this.ball.position.set(0, -l.drum.radius);
    this.ball.scale.set(l.drum.ball / l.centreBall);
    this.ball.alpha = 1;
    this.halo.tint = luckyColorOf(t, digitColors(digit)[0]!);
    this.drawMark(digit);
    await Promise.all([
      tweens.to(this.blank, { alpha: 0 }, ms * 0.5, speed),
      tweens.to(this.ball.position, { x: 0, y: 0, ease: 'power2.inOut' }, ms, speed),
      tweens.to(this.ball.scale, { x: 1, y: 1, ease: t.revealEase }, ms, speed),
      tweens.to(this.halo, { alpha: 0.8 }, ms, speed, ms * 0.5),
      tweens.to(this.mark, { alpha: 1 }, ms * 0.5, speed, ms * 0.7),
    ]);
  }

  /** A ring in the ball's colour bursts outwards over `ms` × `speed` (the player won). */
  celebrate(digit: number, ms: number, speed: number): void {
    this.burst.tint = luckyColorOf(this.t, digitColors(digit)[0]!);
    this.burst.alpha = 1;
    this.burst.scale.set(1);
    void this.tweens.to(this.burst.scale, { x: 1.9, y: 1.9, ease: 'power2.out' }, ms, speed);
    void this.tweens.to(this.burst, { alpha: 0, ease: 'power1.in' }, ms, speed);
  }

  /** The ▲ (big) or ▼ (small) mark under the drawn ball. */
  private drawMark(digit: number): void {
    if (!this.layout) return;
    const s = Math.round(this.layout.centreBall * 0.34);
    const big = isBig(digit);
    const color = colorNumber(big ? this.t.bigColor : this.t.smallColor);
    this.mark
      .clear()
      .roundRect(-s * 1.1, -s * 0.7, s * 2.2, s * 1.4, s * 0.7)
      .fill({ color: 0x03160e, alpha: 0.85 })
      .stroke({ width: 1.5, color, alpha: 0.9 })
      .poly(
        big
          ? [-s * 0.5, s * 0.3, s * 0.5, s * 0.3, 0, -s * 0.45]
          : [-s * 0.5, -s * 0.3, s * 0.5, -s * 0.3, 0, s * 0.45],
      )
      .fill(color);
    smooth(this.mark);
  }
}
