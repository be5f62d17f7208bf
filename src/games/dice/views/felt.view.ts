import { Graphics, Sprite, Texture } from 'pixi.js';
import { sharedGradient, smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { DiceTable } from './dice-table';

/** Layers of the glow under the track (more is smoother). */
const GLOW_LAYERS = 8;

/**
 * The DICE felt: a vertical gradient with a soft pool of light under the track, and the win flash
 * over the whole table.
 */
export class Felt {
  readonly background = new Graphics();
  /**
   * The win flash: a tinted white quad, hidden when faded out (a full-size layer drawn at alpha 0
   * still costs a software renderer every pixel of it, every frame).
   */
  readonly flash = new Sprite(Texture.WHITE);
  private readonly glow = { alpha: 0, color: '#2fd178' };

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly table: DiceTable,
    private readonly tweens: Tweens,
  ) {}

  /** Redraws the felt for the table's size and the knobs. */
  draw(): void {
    const t = this.t;
    const { width: w, height: h, scale: s } = this.table;
    // The thread's gradient for these colours: one made per resize was never freed (gradients.ts).
    const gradient = sharedGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: t.backgroundTop },
        { offset: 1, color: t.backgroundBottom },
      ],
      textureSpace: 'local',
    });
    const track = this.table.track();
    this.background.clear().rect(0, 0, w, h).fill(gradient);
    // A soft pool of light under the track: stacked ellipses, faint at the rim, fuller inside.
    for (let i = 0; i < GLOW_LAYERS; i++) {
      const k = 1 - i / GLOW_LAYERS;
      this.background
        .ellipse(w / 2, track.y, (track.width / 2 + 40 * s) * k, Math.min(h * 0.45, 170 * s) * k)
        .fill({ color: t.feltGlow, alpha: t.feltGlowAlpha / GLOW_LAYERS });
    }
    // The felt and its nine blended layers never move: drawn once into a texture, so a frame of a
    // roll blends one quad instead of nine full-size shapes (software WebGL on phones is fill-bound).
    smooth(this.background);
    this.drawFlash();
  }

  /** Flashes the table in `color` and fades the flash out over `ms`. */
  flashOut(color: string, ms: number): void {
    this.glow.color = color;
    this.glow.alpha = this.t.winGlowAlpha;
    this.drawFlash();
    void this.tweens.to(this.glow, { alpha: 0, onUpdate: () => this.drawFlash() }, ms);
  }

  private drawFlash(): void {
    this.flash.setSize(this.table.width, this.table.height);
    this.flash.tint = this.glow.color;
    this.flash.alpha = this.glow.alpha;
    this.flash.visible = this.glow.alpha > 0.005;
  }
}
