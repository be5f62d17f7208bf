import { BitmapText, Container, Sprite, type Texture } from 'pixi.js';
import type { Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { type LimboLayout } from '../limbo.layout';
import { formatMultiplier } from '../../../lib/format';
import type { tuning } from '../tuning';
import { LIMBO_FONT } from './limbo.art';

/** The counter's glyphs are rasterised once at this size and scaled, so resizing never re-renders a font. */
const COUNTER_FONT_PX = 160;

/**
 * LIMBO's multiplier counter: bitmap digits (they change every frame of a climb) over a soft glow,
 * popping with a burst of sparkles on a win and shaking on a loss.
 */
export class ClimbCounter {
  readonly view = new Container();
  private readonly glow = new Sprite();
  private readonly box = new Container();
  private readonly text: BitmapText;
  private readonly fx = new Container();
  private layout: LimboLayout | undefined;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    glowTexture: Texture,
    private readonly sparkleTexture: Texture,
  ) {
    this.glow.texture = glowTexture;
    this.glow.anchor.set(0.5);
    this.glow.alpha = 0;
    this.glow.blendMode = 'add';
    this.text = new BitmapText({
      text: formatMultiplier(1),
      style: { fontFamily: LIMBO_FONT, fontSize: COUNTER_FONT_PX, fontWeight: '800', fill: '#ffffff' },
    });
    this.text.anchor.set(0.5);
    this.box.addChild(this.text);
    this.view.addChild(this.glow, this.box, this.fx);
  }

  /** Places and sizes the counter for a new layout. */
  layoutFor(l: LimboLayout): void {
    this.layout = l;
    this.box.position.set(l.counter.x, l.counter.y);
    this.glow.position.set(l.counter.x, l.counter.y);
    this.glow.width = Math.min(l.width * 0.9, l.counter.fontSize * 6);
    this.glow.height = l.counter.fontSize * 2.2;
    this.fit();
  }

  /** Shows `value` (cut to the cent). */
  set(value: number): void {
    const text = formatMultiplier(value);
    if (this.text.text === text) return;
    this.text.text = text;
    this.fit();
  }

  /** Colours the digits. */
  tint(color: string): void {
    this.text.tint = color;
  }

  /** Skips the glow while it is invisible (it would still cost its pixels). */
  update(): void {
    this.glow.visible = this.glow.alpha > 0.001;
  }

  /** Stops its animations and puts it at rest, without glow. */
  stop(): void {
    this.tweens.kill(this.box, this.box.scale, this.glow);
    this.box.position.set(this.layout?.counter.x ?? 0, this.layout?.counter.y ?? 0);
    this.box.scale.set(1);
    this.glow.alpha = 0;
  }

  /** Fades the counter in over `ms` × `speed`. */
  fadeIn(ms: number, speed: number): Promise<void> {
    return this.tweens.fromTo(this.box, { alpha: 0 }, { alpha: 1 }, ms, speed);
  }

  /** Fades the glow out over `ms` × `speed`. */
  dim(ms: number, speed: number): Promise<void> {
    return this.tweens.to(this.glow, { alpha: 0 }, ms, speed);
  }

  /** A win: green digits pop with a glow and a burst of sparkles. */
  async win(speed: number): Promise<void> {
    const t = this.t;
    this.text.tint = t.winColor;
    this.glow.tint = t.winColor;
    this.burst(speed);
    await Promise.all([
      this.tweens.fromTo(
        this.box.scale,
        { x: 1.22, y: 1.22 },
        { x: 1, y: 1, ease: t.resultPopEase },
        t.resultPopMs,
        speed,
      ),
      this.tweens.fromTo(
        this.glow,
        { alpha: 0.55 },
        { alpha: 0.18, ease: 'power2.out' },
        t.resultPopMs * 2,
        speed,
      ),
    ]);
  }

  /** A loss: red digits shake from side to side, with a red glow. */
  async lose(speed: number): Promise<void> {
    const l = this.layout;
    if (!l) return;
    const t = this.t;
    this.text.tint = t.loseColor;
    this.glow.tint = t.loseColor;
    const shake = { p: 0 };
    const x = l.counter.x;
    await Promise.all([
      this.tweens.to(
        shake,
        {
          p: 1,
          ease: 'none',
          onUpdate: () => {
            this.box.x = x + Math.sin(shake.p * Math.PI * 8) * t.loseShakePx * (1 - shake.p);
          },
        },
        t.loseMs,
        speed,
      ),
      this.tweens.fromTo(
        this.glow,
        { alpha: 0.4 },
        { alpha: 0.12, ease: 'power2.out' },
        t.loseMs * 1.5,
        speed,
      ),
    ]);
    this.box.x = x;
  }

  /** The counter at its font size, shrunk when a long value would overflow. */
  private fit(): void {
    const l = this.layout;
    if (!l) return;
    const natural = this.text.getLocalBounds().width || 1;
    this.text.scale.set(Math.min(l.counter.fontSize / COUNTER_FONT_PX, l.counter.maxWidth / natural));
  }

  private burst(speed: number): void {
    const l = this.layout;
    if (!l) return;
    const t = this.t;
    const count = Math.round(t.burstCount);
    const { x, y, fontSize } = l.counter;
    const texture = this.sparkleTexture;
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + Math.random() * 0.4;
      const s = new Sprite({
        texture,
        anchor: 0.5,
        tint: i % 2 ? t.winColor : t.lineColor,
        blendMode: 'add',
      });
      s.position.set(x + Math.cos(angle) * fontSize * 0.9, y + Math.sin(angle) * fontSize * 0.35);
      s.scale.set(0);
      this.fx.addChild(s);
      const distance = fontSize * (0.8 + Math.random() * 0.9);
      const peak = (fontSize * (0.18 + Math.random() * 0.14)) / texture.width;
      const ms = t.burstMs * (0.75 + Math.random() * 0.5);
      void Promise.all([
        this.tweens.to(
          s.position,
          {
            x: s.x + Math.cos(angle) * distance * 1.6,
            y: s.y + Math.sin(angle) * distance * 0.7,
            ease: 'power3.out',
          },
          ms,
          speed,
        ),
        this.tweens.to(
          s.scale,
          {
            keyframes: [
              { x: peak, y: peak },
              { x: 0, y: 0 },
            ],
          },
          ms,
          speed,
        ),
        this.tweens.to(s, { rotation: Math.PI * (Math.random() - 0.5) * 2 }, ms, speed),
      ]).then(() => s.destroy());
    }
  }
}
