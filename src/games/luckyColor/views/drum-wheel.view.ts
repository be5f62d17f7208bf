import { Container, Graphics, Sprite, Texture, type Ticker } from 'pixi.js';
import { Baked, colorNumber, shadeColor, smooth, type SoundCues, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import {
  BALL_STEP,
  DIGITS,
  ballAngle,
  digitColors,
  digitUnderPointer,
  type LuckyLayout,
} from '../lucky-color.layout';
import type { LuckyColorSound } from '../lucky-color.sounds';
import type { tuning } from '../tuning';
import type { BallArt } from './lucky-balls.art';

type Values = TuningValues<typeof tuning>;

/** The colour of a ball colour name under the current knobs. */
export function luckyColorOf(t: Values, c: 'green' | 'red' | 'violet'): number {
  return colorNumber(c === 'green' ? t.greenColor : c === 'red' ? t.redColor : t.violetColor);
}

/**
 * LUCKYCOLOR's drum: a gold rim with rivets, the ten number balls kept upright while their circle
 * turns, colour streaks that show its speed, and the pointer at the top. The drum ticks as balls
 * pass the pointer; once a digit is drawn the other balls dim.
 */
export class DrumWheel {
  /** The drum, centred on its middle; the drawn ball's pieces are added on top by the scene. */
  readonly view = new Container();
  /** The drum's turn (tweened by `spinTo`), its speed and the dimming of the losing balls. */
  readonly spin = { rotation: 0, last: 0, speed: 0, lastDigit: 0, dim: 0 };
  /** The digit drawn, or null while none shows. */
  winner: number | null = null;
  private readonly art = new Baked(new Graphics());
  private readonly streaks = new Graphics();
  private readonly balls: Sprite[];
  private readonly pointer = new Graphics();
  private layout: LuckyLayout | null = null;

  constructor(
    private readonly t: Values,
    private readonly tweens: Tweens,
    private readonly sound: SoundCues<LuckyColorSound>,
  ) {
    const balls = new Container();
    this.balls = Array.from({ length: DIGITS }, () => {
      const s = new Sprite(Texture.EMPTY);
      s.anchor.set(0.5);
      balls.addChild(s);
      return s;
    });
    this.view.addChild(this.art.view, this.streaks, balls, this.pointer);
  }

  /** Uses newly baked balls. */
  setArt(art: BallArt): void {
    this.balls.forEach((s, d) => (s.texture = art.mid[d]!));
  }

  /** Redraws the rim, the streaks and the pointer for a new layout or new colours. */
  draw(l: LuckyLayout): void {
    this.layout = l;
    const t = this.t;
    const { drum: d } = l;
    this.view.position.set(d.x, d.y);
    const outer = d.radius + d.ball * 1.45;
    const face = colorNumber(t.drumColor);
    const gold = colorNumber(t.pointerColor);
    const rim = this.art.content;
    rim
      .clear()
      .circle(0, 0, outer + 3)
      .fill({ color: 0x000000, alpha: 0.35 })
      .circle(0, 0, outer)
      .fill(shadeColor(face, -0.35))
      .stroke({ width: Math.max(2, d.ball * 0.16), color: gold, alpha: 0.85 })
      .circle(0, 0, d.radius + d.ball * 1.08)
      .stroke({ width: 1, color: 0xffffff, alpha: 0.08 })
      .circle(0, 0, d.radius - d.ball * 1.15)
      .fill(face)
      .stroke({ width: Math.max(1.5, d.ball * 0.1), color: gold, alpha: 0.35 });
    // Rivets between the ball seats.
    for (let i = 0; i < DIGITS; i++) {
      const a = i * BALL_STEP + BALL_STEP / 2 - Math.PI / 2;
      rim
        .circle(Math.cos(a) * (outer - d.ball * 0.22), Math.sin(a) * (outer - d.ball * 0.22), d.ball * 0.1)
        .fill({ color: gold, alpha: 0.7 });
    }
    this.art.refresh();
    // Streaks: each ball's colour smeared along its arc, shown in proportion to the speed.
    this.streaks.clear();
    for (let digit = 0; digit < DIGITS; digit++) {
      const colors = digitColors(digit);
      const a = digit * BALL_STEP - Math.PI / 2;
      colors.forEach((c, i) => {
        const w = d.ball * (colors.length > 1 ? 1 : 2);
        const rr = d.radius + (colors.length > 1 ? (i === 0 ? -d.ball / 2 : d.ball / 2) : 0);
        this.streaks
          .arc(0, 0, rr, a - BALL_STEP * 0.55, a + BALL_STEP * 0.55)
          .stroke({ width: w, color: luckyColorOf(t, c), alpha: 0.8 });
      });
    }
    const tip = -(d.radius + d.ball * 1.05);
    const w = d.ball * 0.75;
    this.pointer
      .clear()
      .circle(0, -d.radius, d.ball * 1.22)
      .stroke({ width: Math.max(2, d.ball * 0.14), color: gold, alpha: 0.9 })
      .poly([-w, tip - d.ball * 0.95, w, tip - d.ball * 0.95, 0, tip])
      .fill(gold)
      .stroke({ width: 1.5, color: shadeColor(gold, -0.5) });
    smooth(this.pointer);
  }

  /** The drum's speed this frame, a tick when a ball passes the pointer (not in turbo), the balls placed. */
  update(ticker: Ticker, turbo: boolean): void {
    const spin = this.spin;
    const dt = Math.max(1, ticker.deltaMS);
    const moved = Math.abs(spin.rotation - spin.last);
    spin.speed = moved === 0 ? 0 : moved < Math.PI ? spin.speed * 0.4 + (moved / dt) * 0.6 : spin.speed;
    spin.last = spin.rotation;
    const under = digitUnderPointer(spin.rotation);
    if (under !== spin.lastDigit) {
      spin.lastDigit = under;
      if (!turbo) this.sound.spaced('tick', this.t.tickGapMs);
    }
    this.place();
  }

  /** Turns the drum to `rotation` over `ms`; resolves at rest (or when a new period clears it). */
  spinTo(rotation: number, ms: number): Promise<void> {
    return this.tweens.to(this.spin, { rotation, ease: this.t.drawEase }, ms);
  }

  /** Dims the balls other than the winner over `ms` × `speed`. */
  dimOthers(ms: number, speed: number): Promise<void> {
    return this.tweens.to(this.spin, { dim: 1 }, ms, speed);
  }

  /** Stops the drum where it is and brightens every ball over `ms` × `speed`. */
  undim(ms: number, speed: number): Promise<void> {
    this.tweens.kill(this.spin);
    return this.tweens.to(this.spin, { dim: 0 }, ms, speed);
  }

  private place(): void {
    if (!this.layout) return;
    const t = this.t;
    const spin = this.spin;
    const winner = this.winner;
    const { radius } = this.layout.drum;
    const blur = Math.min(
      1,
      Math.max(0, (spin.speed - t.blurStartSpeed) / Math.max(1e-6, t.blurFullSpeed - t.blurStartSpeed)),
    );
    this.streaks.rotation = spin.rotation;
    this.streaks.alpha = blur * 0.55;
    this.balls.forEach((s, digit) => {
      const a = ballAngle(digit, spin.rotation);
      s.position.set(Math.cos(a) * radius, Math.sin(a) * radius);
      s.alpha = (1 - blur * 0.6) * (winner !== null && digit !== winner ? 1 - spin.dim * 0.65 : 1);
      s.scale.set(winner !== null && digit === winner ? 1 + spin.dim * 0.18 : 1);
    });
  }
}
