import { BitmapText, Container, Graphics } from 'pixi.js';
import { colorNumber, mixColor, smooth, type SoundCues, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { formatCountdown, type DoubleLayout } from '../double.layout';
import type { DoubleSound } from '../double.sounds';
import type { tuning } from '../tuning';

/**
 * The betting countdown over the reel: a veil on the track, a panel with a clock, the seconds left
 * and a bar that empties (in the urgent colour at the end, with a beep each last second).
 */
export class CountdownPanel {
  readonly view = new Container();
  private readonly veil = new Graphics();
  private readonly back = new Graphics();
  private readonly clock = new Graphics();
  private readonly digits: BitmapText;
  private readonly bar = new Graphics();
  private layout: DoubleLayout | null = null;
  private countdown: { closesAt: number; opensAt: number; lastBeep: number } | null = null;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    private readonly sound: SoundCues<DoubleSound>,
    font: string,
  ) {
    this.digits = new BitmapText({ text: '00,00s', style: { fontFamily: font, fontSize: 40 } });
    this.digits.anchor.set(0, 0.5);
    this.view.addChild(this.veil, this.back, this.clock, this.digits, this.bar);
    this.view.alpha = 0;
    this.view.visible = false;
  }

  /**
   * Redraws the panel for a new layout or new colours. The veil and the panel's back are drawn live,
   * like the bar: baked into textures (smooth) they sometimes came out empty when /double was
   * opened during betting, and the white countdown then stood on the bare reel round after round
   * (a player's walkthrough; 4 of 5 such loads here). Their only curves are small corners, where
   * the missing antialiasing does not show.
   */
  draw(l: DoubleLayout): void {
    this.layout = l;
    const t = this.t;
    const { panel: box, reel: track } = l;
    this.veil
      .clear()
      .roundRect(track.x, track.y, track.width, track.height, Math.min(18, track.height * 0.16))
      .fill({ color: 0x000000, alpha: 0.62 });
    this.back
      .clear()
      .roundRect(box.x, box.y, box.width, box.height, Math.min(14, box.height * 0.2))
      .fill({ color: colorNumber(t.panelColor), alpha: 0.88 })
      .stroke({ width: 1, color: colorNumber(t.barColor), alpha: 0.3 });
    const size = Math.round(box.height * 0.42);
    this.digits.style.fontSize = size;
    this.digits.text = '00,00s';
    const r = size * 0.36;
    const left = box.x + (box.width - (this.digits.width + r * 2 + size * 0.3)) / 2;
    const cy = box.y + box.height * 0.42;
    const line = Math.max(1.5, r * 0.2);
    this.clock
      .clear()
      .circle(left + r, cy, r)
      .stroke({ width: line, color: 0xffffff, alpha: 0.85 })
      .moveTo(left + r, cy)
      .lineTo(left + r, cy - r * 0.6)
      .moveTo(left + r, cy)
      .lineTo(left + r * 1.45, cy)
      .stroke({ width: line, color: 0xffffff, alpha: 0.85, cap: 'round' });
    smooth(this.clock);
    this.digits.position.set(left + r * 2 + size * 0.3, cy);
  }

  /** Counts down to `closesAt` (epoch ms) from `opensAt`. */
  start(closesAt: number, opensAt: number): void {
    this.countdown = { closesAt, opensAt, lastBeep: -1 };
  }

  /** Stops counting; true when it was counting. `atZero` shows 00,00 and an empty bar. */
  stop(atZero: boolean): boolean {
    const was = this.countdown !== null;
    this.countdown = null;
    if (atZero) {
      this.digits.text = formatCountdown(0);
      this.drawBar(0, 1);
    }
    return was;
  }

  /** The seconds and the bar of this frame, and the beep of each last second. */
  update(): void {
    const countdown = this.countdown;
    if (!countdown) return;
    const remaining = countdown.closesAt - Date.now();
    this.digits.text = formatCountdown(remaining);
    this.drawBar(remaining, countdown.closesAt - countdown.opensAt);
    const second = Math.ceil(remaining / 1000);
    if (remaining > 0 && remaining <= this.t.urgentMs && second !== countdown.lastBeep) {
      countdown.lastBeep = second;
      this.sound.play('beep');
    }
  }

  /** Fades the panel in or out. */
  async fade(visible: boolean, speed: number): Promise<void> {
    this.tweens.kill(this.view);
    if (visible) this.view.visible = true;
    await this.tweens.to(
      this.view,
      { alpha: visible ? 1 : 0, ease: 'power2.out' },
      this.t.overlayFadeMs,
      speed,
    );
    this.view.visible = visible;
  }

  private drawBar(remaining: number, total: number): void {
    if (!this.layout) return;
    const t = this.t;
    const box = this.layout.panel;
    const urgent = remaining <= t.urgentMs;
    const h = Math.max(4, Math.round(box.height * 0.1));
    const x = box.x + box.width * 0.08;
    const w = box.width * 0.84;
    const y = box.y + box.height * 0.76 - h / 2;
    const share = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
    this.bar
      .clear()
      .roundRect(x, y, w, h, h / 2)
      .fill({ color: 0xffffff, alpha: 0.1 });
    if (share > 0) {
      const fill = Math.max(h, w * share);
      this.bar.roundRect(x, y, fill, h, h / 2).fill(colorNumber(urgent ? t.urgentColor : t.barColor));
      this.bar
        .roundRect(x + h * 0.25, y, fill - h * 0.5, h * 0.45, h / 4)
        .fill({ color: 0xffffff, alpha: 0.25 });
    }
    this.digits.tint = urgent ? mixColor(colorNumber(t.urgentColor), 0xffffff, 0.15) : 0xffffff;
  }
}
