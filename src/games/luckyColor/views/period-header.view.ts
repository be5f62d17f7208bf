import { BitmapText, Container, Graphics } from 'pixi.js';
import {
  Baked,
  colorNumber,
  mixColor,
  shadeColor,
  smooth,
  type SoundCues,
  type Tweens,
} from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { drawClover } from '../../shared-art/double-tiles.art';
import { formatSeconds, type LuckyLayout } from '../lucky-color.layout';
import type { LuckyColorSound } from '../lucky-color.sounds';
import type { tuning } from '../tuning';

/** What the countdown shows this frame beyond the header. */
export interface CountdownFrame {
  /** The seconds to show big in the drum's middle (the last seconds of betting), or null. */
  urgent: string | null;
  /** A last second has just begun: everything counting pulses once. */
  pulse: boolean;
}

interface Countdown {
  closesAt: number;
  opensAt: number;
  drawAt: number;
  lastBeep: number;
  locked: boolean;
}

/**
 * LUCKYCOLOR's header: the period number on a green pill with the clover, and the countdown ring,
 * which counts the betting seconds down (the last ones highlighted, beeping, the ring swelling and
 * the header flashing once a second) and then, locked, the time to the draw.
 */
export class PeriodHeader {
  readonly view = new Container();
  private readonly art = new Baked(new Graphics());
  private readonly flash = new Graphics();
  private readonly period: BitmapText;
  private readonly ring = new Container();
  private readonly ringBack = new Graphics();
  private readonly ringArc = new Graphics();
  private readonly ringLock = new Graphics();
  private readonly seconds: BitmapText;
  private layout: LuckyLayout | null = null;
  private countdown: Countdown | null = null;
  /** What `update` returns, reused: it runs every frame. */
  private readonly frame: CountdownFrame = { urgent: null, pulse: false };

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    private readonly sound: SoundCues<LuckyColorSound>,
    font: string,
  ) {
    this.flash.alpha = 0;
    this.period = new BitmapText({ text: '', style: { fontFamily: font, fontSize: 28 } });
    this.period.anchor.set(0, 0.5);
    this.seconds = new BitmapText({ text: '', style: { fontFamily: font, fontSize: 24 } });
    this.seconds.anchor.set(0.5);
    this.ring.addChild(this.ringBack, this.ringArc, this.ringLock, this.seconds);
    this.view.addChild(this.art.view, this.flash, this.period, this.ring);
  }

  /** Redraws the header and the ring for a new layout or new colours. */
  draw(l: LuckyLayout): void {
    this.layout = l;
    this.drawPill(l);
    this.drawRing(l);
  }

  /** A period opens: its number, and the ring counting to `closesAt` (then, locked, to `drawAt`). */
  open(label: string, closesAt: number, opensAt: number, drawAt: number): void {
    this.countdown = { closesAt, opensAt, drawAt, lastBeep: -1, locked: false };
    this.period.text = `#${label}`;
    this.ringLock.visible = false;
  }

  /** Betting closed: the ring locks with a click and a swell. */
  async close(speed: number): Promise<void> {
    if (this.countdown && !this.countdown.locked) this.sound.play('lock');
    this.lock();
    this.tweens.kill(this.ring.scale);
    this.ring.scale.set(this.t.pulseScale);
    await this.tweens.to(this.ring.scale, { x: 1, y: 1, ease: 'back.out(2)' }, this.t.fadeMs, speed);
  }

  /** The draw began: no more betting seconds. */
  lock(): void {
    if (this.countdown) this.countdown.locked = true;
  }

  /** The period was cancelled: the ring stops, empty. */
  cancel(): void {
    this.countdown = null;
    this.seconds.visible = false;
    this.ringLock.visible = false;
    this.drawArc(0, 0);
  }

  /** The ring at this moment (epoch ms), and the beep and pulse of each last second. */
  update(now: number): CountdownFrame {
    const countdown = this.countdown;
    const frame = this.frame;
    frame.urgent = null;
    frame.pulse = false;
    if (!countdown || !this.layout) return frame;
    const t = this.t;
    const remaining = countdown.closesAt - now;
    if (countdown.locked || remaining <= 0) {
      const toDraw = countdown.drawAt - now;
      this.seconds.visible = false;
      this.ringLock.visible = true;
      this.drawArc(toDraw > 0 ? toDraw / Math.max(1, countdown.drawAt - countdown.closesAt) : 0, 0xa3c7b6);
      return frame;
    }
    const urgent = remaining <= t.urgentMs;
    this.seconds.visible = true;
    this.ringLock.visible = false;
    this.seconds.text = formatSeconds(remaining);
    this.seconds.tint = urgent ? mixColor(colorNumber(t.urgentColor), 0xffffff, 0.25) : 0xffffff;
    this.drawArc(
      remaining / Math.max(1, countdown.closesAt - countdown.opensAt),
      colorNumber(urgent ? t.urgentColor : t.ringColor),
    );
    const second = Math.ceil(remaining / 1000);
    frame.urgent = urgent ? this.seconds.text : null;
    frame.pulse = urgent && second !== countdown.lastBeep;
    if (frame.pulse) {
      countdown.lastBeep = second;
      this.sound.play(second <= 1 ? 'beepLast' : 'beep');
      // The last seconds swell the ring and flash the header once per second.
      this.tweens.kill(this.ring.scale, this.flash);
      this.ring.scale.set(t.pulseScale);
      this.flash.alpha = 0.35;
      void this.tweens.to(this.ring.scale, { x: 1, y: 1, ease: 'power2.out' }, t.pulseMs);
      void this.tweens.to(this.flash, { alpha: 0, ease: 'power2.out' }, t.pulseMs);
    }
    return frame;
  }

  private drawPill(l: LuckyLayout): void {
    const t = this.t;
    const { header: box } = l;
    const r = box.height / 2;
    const from = colorNumber(t.headerFrom);
    const to = colorNumber(t.headerTo);
    const back = this.art.content;
    back.clear().roundRect(box.x, box.y, box.width, box.height, r).fill(to);
    // Narrowing layers of the light colour from the left read as a gradient with rounded ends.
    for (let i = 0; i < 24; i++) {
      back
        .roundRect(box.x, box.y, Math.max(box.height, box.width * (1 - i / 24)), box.height, r)
        .fill({ color: from, alpha: 0.045 });
    }
    back
      .roundRect(box.x + r * 0.4, box.y + 2, box.width - r * 0.8, box.height * 0.42, r * 0.5)
      .fill({ color: 0xffffff, alpha: 0.14 });
    back
      .roundRect(box.x, box.y, box.width, box.height, r)
      .stroke({ width: 1.5, color: 0xffffff, alpha: 0.25 });
    drawClover(back, box.x + r, box.y + r, box.height * 0.66, shadeColor(from, 0.45));
    this.art.refresh();
    this.flash.clear().roundRect(box.x, box.y, box.width, box.height, r).fill(colorNumber(t.urgentColor));
    smooth(this.flash);
    this.period.style.fontSize = Math.round(box.height * 0.44);
    this.period.tint = 0x03160e;
    this.period.position.set(box.x + r * 2 + box.height * 0.1, box.y + r);
  }

  private drawRing(l: LuckyLayout): void {
    const { ring: rc } = l;
    this.ring.position.set(rc.x, rc.y);
    this.ringBack
      .clear()
      .circle(0, 0, rc.radius)
      .fill({ color: 0x03160e, alpha: 0.55 })
      .circle(0, 0, rc.radius * 0.84)
      .stroke({ width: rc.radius * 0.16, color: 0xffffff, alpha: 0.16 });
    smooth(this.ringBack);
    this.seconds.style.fontSize = Math.round(rc.radius * 0.9);
    const u = rc.radius * 0.42;
    this.ringLock
      .clear()
      .roundRect(-u * 0.8, -u * 0.1, u * 1.6, u * 1.1, u * 0.2)
      .fill(0xffffff)
      .moveTo(-u * 0.5, -u * 0.1)
      .lineTo(-u * 0.5, -u * 0.45)
      .arc(0, -u * 0.45, u * 0.5, Math.PI, 0)
      .lineTo(u * 0.5, -u * 0.1)
      .stroke({ width: u * 0.22, color: 0xffffff });
    smooth(this.ringLock);
    this.ringLock.visible = this.countdown?.locked ?? false;
  }

  private drawArc(share: number, color: number): void {
    if (!this.layout) return;
    const r = this.layout.ring.radius * 0.84;
    this.ringArc.clear();
    if (share <= 0) return;
    const start = -Math.PI / 2;
    this.ringArc
      .arc(0, 0, r, start, start + Math.PI * 2 * Math.min(1, share))
      .stroke({ width: this.layout.ring.radius * 0.16, color, cap: 'round' });
  }
}
