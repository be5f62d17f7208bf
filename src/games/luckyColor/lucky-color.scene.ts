import { BitmapText, Container, Graphics, Sprite, Texture, type Ticker } from 'pixi.js';
import type { GameScene, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import { ResultStrip } from '../shared-art/result-strip.view';
import { TweenBag } from '../shared-art/tween-bag';
import { Baked } from '../shared-art/baked';
import { smooth } from '../shared-art/smooth';
import { colorNumber, mixColor, shadeColor } from '../shared-art/color';
import { drawClover } from '../shared-art/double-tiles.art';
import { installDigitFont } from '../shared-art/digit-font';
import { toEpochMs } from '../shared-art/geometry';
import { landingOffset } from '../shared-art/reel.layout';
import { BallAtlas, type BallPalette } from './lucky-balls.art';
import {
  BALL_STEP,
  DIGITS,
  ballAngle,
  digitColors,
  digitUnderPointer,
  drawRotation,
  formatSeconds,
  isBig,
  luckyLayout,
  periodLabel,
  trendPoints,
  trendStats,
  type LuckyLayout,
} from './lucky-color.layout';
import type { LuckyColorSound } from './lucky-color.sounds';
import type { tuning } from './tuning';

/**
 * LUCKYCOLOR's cues. The machine drives a period from `GET …/luckycolor/state` and the socket:
 * `round.opened` → `cue.period`; `round.closed` → `cue.closed`; `round.result` → `cue.draw`, then
 * `cue.result`, then `cue.history`; `round.cancelled` → `cue.cancelled`. A late joiner gets
 * `cue.history` with the state's recent periods, then the cue of the period's phase (`cue.draw` with
 * `elapsedMs` when it arrives mid-draw). Times are epoch ms on the client's clock or the server's
 * ISO texts; the machine corrects any clock skew before sending them.
 */
export type LuckyColorCue =
  /**
   * A period opens: the header shows its number, the ring counts down to `closesAt` (the last
   * seconds highlighted) and then, locked, to `drawAt` when that is later. Resolves once shown.
   */
  | {
      type: 'cue.period';
      periodId: string;
      closesAt: number | string;
      drawAt?: number | string;
      opensAt?: number | string;
    }
  /** Betting closed: the ring locks. */
  | { type: 'cue.closed'; periodId: string }
  /** The period was cancelled and refunded: the countdown stops, nothing is drawn. */
  | { type: 'cue.cancelled'; periodId: string }
  /**
   * The drum of number balls spins and stops with `digit` (0–9) under the pointer; the ball flies
   * to the middle in its colour(s). `elapsedMs` (a late joiner) plays only what is left.
   */
  | { type: 'cue.draw'; periodId: string; digit: number; elapsedMs?: number }
  /**
   * The player's outcome: `win` true bursts and chimes, false sounds low, absent or null (no bet)
   * only holds. Resolves after the hold.
   */
  | { type: 'cue.result'; periodId: string; digit: number; win?: boolean | null }
  /** Recent periods, newest first: the history balls and the trend chart. */
  | { type: 'cue.history'; periods: Array<{ periodId: string; digit: number }> };

type Values = TuningValues<typeof tuning>;

const FONT = 'trevo-lucky-digits';
const HISTORY_KEEP = 50;

const ballPalette = (v: Values): BallPalette => ({
  green: v.greenColor,
  red: v.redColor,
  violet: v.violetColor,
  ink: v.inkColor,
  blank: '#16392b',
});

/** Creates LUCKYCOLOR's scene: period header with countdown ring, ball drum, history and trend. */
export const createScene: SceneFactory<typeof tuning, LuckyColorCue> = (context) => {
  const { app, sound } = context;
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const bag = new TweenBag();
  const play = (name: LuckyColorSound) => sound.play(name);

  const view = new Container();
  const atlas = new BallAtlas(app.renderer);

  // Header: the period number and the countdown ring.
  const header = new Container();
  const headerArt = new Baked(new Graphics());
  const headerBack = headerArt.content;
  const headerFlash = new Graphics();
  headerFlash.alpha = 0;
  const period = new BitmapText({ text: '', style: { fontFamily: FONT, fontSize: 28 } });
  period.anchor.set(0, 0.5);
  const ring = new Container();
  const ringBack = new Graphics();
  const ringArc = new Graphics();
  const ringLock = new Graphics();
  const seconds = new BitmapText({ text: '', style: { fontFamily: FONT, fontSize: 24 } });
  seconds.anchor.set(0.5);
  ring.addChild(ringBack, ringArc, ringLock, seconds);
  header.addChild(headerArt.view, headerFlash, period, ring);

  // Drum: a rim, ten balls kept upright while their circle turns, a pointer and the middle.
  const drum = new Container();
  const drumArt = new Baked(new Graphics());
  const drumFace = drumArt.content;
  const streaks = new Graphics();
  const balls = new Container();
  const ballSprites = Array.from({ length: DIGITS }, () => {
    const s = new Sprite(Texture.EMPTY);
    s.anchor.set(0.5);
    balls.addChild(s);
    return s;
  });
  const pointer = new Graphics();
  const halo = new Sprite(Texture.EMPTY);
  halo.anchor.set(0.5);
  halo.blendMode = 'add';
  halo.alpha = 0;
  const blank = new Sprite(Texture.EMPTY);
  blank.anchor.set(0.5);
  const drawn = new Sprite(Texture.EMPTY);
  drawn.anchor.set(0.5);
  drawn.alpha = 0;
  const bigCount = new BitmapText({ text: '', style: { fontFamily: FONT, fontSize: 48 } });
  bigCount.anchor.set(0.5);
  bigCount.visible = false;
  const burst = new Graphics();
  burst.alpha = 0;
  const size = new Graphics();
  size.alpha = 0;
  drum.addChild(drumArt.view, streaks, balls, pointer, halo, blank, bigCount, burst, drawn, size);

  const history = [new ResultStrip((d) => atlas.current?.small[d] ?? null)];
  history.push(new ResultStrip((d) => atlas.current?.small[d] ?? null));
  const trendArt = new Baked(new Graphics());
  const trend = trendArt.content;
  const counters = new Container();
  view.addChild(header, drum, history[0]!.view, history[1]!.view, trendArt.view, counters);

  let canvas = { width: 0, height: 0 };
  let layout: LuckyLayout | null = null;
  let artKey = '';
  let styleKey = '';
  let turbo = false;
  let countdown: {
    closesAt: number;
    opensAt: number;
    drawAt: number;
    lastBeep: number;
    locked: boolean;
  } | null = null;
  let periods: Array<{ periodId: string; digit: number }> = [];
  let winner: number | null = null;
  const spin = { rotation: 0, last: 0, speed: 0, lastDigit: 0, lastTick: 0, dim: 0 };

  const scale = () => (turbo ? t.turboScale : 1);
  const colorOf = (c: 'green' | 'red' | 'violet') =>
    colorNumber(c === 'green' ? t.greenColor : c === 'red' ? t.redColor : t.violetColor);

  function refreshArt(l: LuckyLayout): void {
    const p = ballPalette(t);
    const sizes = { big: l.centreBall, mid: l.drum.ball, small: Math.round(l.historyBall / 2) };
    const key = [sizes.big, sizes.mid, sizes.small, app.renderer.resolution, ...Object.values(p)].join('|');
    if (key === artKey) return;
    artKey = key;
    const art = atlas.bake(sizes, p);
    ballSprites.forEach((s, d) => (s.texture = art.mid[d]!));
    halo.texture = art.halo;
    blank.texture = art.blank;
    if (winner !== null) drawn.texture = art.big[winner]!;
    for (const strip of history) strip.refresh();
  }

  function drawHeader(l: LuckyLayout): void {
    const { header: box } = l;
    const r = box.height / 2;
    const from = colorNumber(t.headerFrom);
    const to = colorNumber(t.headerTo);
    headerBack.clear().roundRect(box.x, box.y, box.width, box.height, r).fill(to);
    // Narrowing layers of the light colour from the left read as a gradient with rounded ends.
    for (let i = 0; i < 24; i++) {
      headerBack
        .roundRect(box.x, box.y, Math.max(box.height, box.width * (1 - i / 24)), box.height, r)
        .fill({ color: from, alpha: 0.045 });
    }
    headerBack
      .roundRect(box.x + r * 0.4, box.y + 2, box.width - r * 0.8, box.height * 0.42, r * 0.5)
      .fill({ color: 0xffffff, alpha: 0.14 });
    headerBack
      .roundRect(box.x, box.y, box.width, box.height, r)
      .stroke({ width: 1.5, color: 0xffffff, alpha: 0.25 });
    drawClover(headerBack, box.x + r, box.y + r, box.height * 0.66, shadeColor(from, 0.45));
    headerArt.refresh();
    headerFlash.clear().roundRect(box.x, box.y, box.width, box.height, r).fill(colorNumber(t.urgentColor));
    smooth(headerFlash);
    period.style.fontSize = Math.round(box.height * 0.44);
    period.tint = 0x03160e;
    period.position.set(box.x + r * 2 + box.height * 0.1, box.y + r);

    const { ring: rc } = l;
    ring.position.set(rc.x, rc.y);
    ringBack
      .clear()
      .circle(0, 0, rc.radius)
      .fill({ color: 0x03160e, alpha: 0.55 })
      .circle(0, 0, rc.radius * 0.84)
      .stroke({ width: rc.radius * 0.16, color: 0xffffff, alpha: 0.16 });
    smooth(ringBack);
    seconds.style.fontSize = Math.round(rc.radius * 0.9);
    const u = rc.radius * 0.42;
    ringLock
      .clear()
      .roundRect(-u * 0.8, -u * 0.1, u * 1.6, u * 1.1, u * 0.2)
      .fill(0xffffff)
      .moveTo(-u * 0.5, -u * 0.1)
      .lineTo(-u * 0.5, -u * 0.45)
      .arc(0, -u * 0.45, u * 0.5, Math.PI, 0)
      .lineTo(u * 0.5, -u * 0.1)
      .stroke({ width: u * 0.22, color: 0xffffff });
    smooth(ringLock);
    ringLock.visible = countdown?.locked ?? false;
  }

  function drawArc(share: number, color: number): void {
    if (!layout) return;
    const r = layout.ring.radius * 0.84;
    ringArc.clear();
    if (share <= 0) return;
    const start = -Math.PI / 2;
    ringArc
      .arc(0, 0, r, start, start + Math.PI * 2 * Math.min(1, share))
      .stroke({ width: layout.ring.radius * 0.16, color, cap: 'round' });
  }

  function drawDrum(l: LuckyLayout): void {
    const { drum: d } = l;
    drum.position.set(d.x, d.y);
    const outer = d.radius + d.ball * 1.45;
    const face = colorNumber(t.drumColor);
    const gold = colorNumber(t.pointerColor);
    drumFace
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
      drumFace
        .circle(Math.cos(a) * (outer - d.ball * 0.22), Math.sin(a) * (outer - d.ball * 0.22), d.ball * 0.1)
        .fill({ color: gold, alpha: 0.7 });
    }
    drumArt.refresh();
    // Streaks: each ball's colour smeared along its arc, shown in proportion to the speed.
    streaks.clear();
    for (let digit = 0; digit < DIGITS; digit++) {
      const colors = digitColors(digit);
      const a = digit * BALL_STEP - Math.PI / 2;
      colors.forEach((c, i) => {
        const w = d.ball * (colors.length > 1 ? 1 : 2);
        const rr = d.radius + (colors.length > 1 ? (i === 0 ? -d.ball / 2 : d.ball / 2) : 0);
        streaks
          .arc(0, 0, rr, a - BALL_STEP * 0.55, a + BALL_STEP * 0.55)
          .stroke({ width: w, color: colorOf(c), alpha: 0.8 });
      });
    }
    const tip = -(d.radius + d.ball * 1.05);
    const w = d.ball * 0.75;
    pointer
      .clear()
      .circle(0, -d.radius, d.ball * 1.22)
      .stroke({ width: Math.max(2, d.ball * 0.14), color: gold, alpha: 0.9 })
      .poly([-w, tip - d.ball * 0.95, w, tip - d.ball * 0.95, 0, tip])
      .fill(gold)
      .stroke({ width: 1.5, color: shadeColor(gold, -0.5) });
    smooth(pointer);
    const bigR = l.centreBall;
    bigCount.style.fontSize = Math.round(bigR * 1.15);
    const s = Math.round(bigR * 0.34);
    size.clear();
    smooth(size);
    size.position.set(0, bigR + s * 0.9);
    const burstR = bigR * 1.15;
    burst
      .clear()
      .circle(0, 0, burstR)
      .stroke({ width: Math.max(3, bigR * 0.12), color: 0xffffff });
    smooth(burst);
    halo.setSize(bigR * 3.2, bigR * 3.2);
  }

  /** The ▲ (big) or ▼ (small) mark under the drawn ball. */
  function drawSizeMark(digit: number): void {
    if (!layout) return;
    const s = Math.round(layout.centreBall * 0.34);
    const big = isBig(digit);
    const color = colorNumber(big ? t.bigColor : t.smallColor);
    size
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
    smooth(size);
  }

  function drawTrend(): void {
    trend.clear();
    for (const child of counters.removeChildren()) child.destroy();
    const l = layout;
    if (!l) {
      trendArt.refresh();
      return;
    }
    const box = l.trend;
    const digits = periods.slice(0, l.trendCount).map((p) => p.digit);
    const inset = Math.max(6, box.height * 0.1);
    const plot = {
      x: box.x + inset,
      y: box.y + inset,
      width: box.width - inset * 2,
      height: box.height - inset * 2,
    };
    trend.roundRect(box.x, box.y, box.width, box.height, 10).fill({ color: 0x000000, alpha: 0.25 });
    const mid = plot.y + plot.height * (1 - 4.5 / 9);
    trend.rect(plot.x - inset / 2, plot.y - inset / 2, plot.width + inset, mid - plot.y + inset / 2).fill({
      color: colorNumber(t.bigColor),
      alpha: 0.06,
    });
    trend.rect(plot.x - inset / 2, mid, plot.width + inset, plot.y + plot.height - mid + inset / 2).fill({
      color: colorNumber(t.smallColor),
      alpha: 0.06,
    });
    for (let x = plot.x; x < plot.x + plot.width; x += 8)
      trend.rect(x, mid - 0.5, 4, 1).fill({ color: 0xffffff, alpha: 0.2 });
    const points = trendPoints(digits, plot);
    if (points.length > 1) {
      trend.moveTo(points[0]!.x, points[0]!.y);
      for (const p of points.slice(1)) trend.lineTo(p.x, p.y);
      trend.stroke({ width: 1.5, color: 0xffffff, alpha: 0.35 });
    }
    const dot = Math.max(3, Math.min(7, plot.height / 10, plot.width / (Math.max(2, points.length) * 2.2)));
    points.forEach((p, i) => {
      const [first, second] = digitColors(p.digit);
      const r = i === points.length - 1 ? dot * 1.35 : dot;
      trend.circle(p.x, p.y, r).fill(colorOf(first!));
      if (second)
        trend
          .moveTo(p.x, p.y)
          .arc(p.x, p.y, r, -Math.PI / 4, (Math.PI * 3) / 4)
          .closePath()
          .fill(colorOf(second));
      trend.circle(p.x, p.y, r).stroke({ width: 1, color: 0x000000, alpha: 0.35 });
    });

    trendArt.refresh();

    // Counters over the same periods: ▲ big, ▼ small, then each colour.
    const stats = trendStats(digits);
    const c = l.counters;
    const s = c.height;
    const items: Array<{ mark: (g: Graphics, x: number) => void; value: number }> = [
      {
        mark: (g, x) =>
          g
            .poly([x, c.y + s * 0.8, x + s * 0.8, c.y + s * 0.8, x + s * 0.4, c.y + s * 0.15])
            .fill(colorNumber(t.bigColor)),
        value: stats.big,
      },
      {
        mark: (g, x) =>
          g
            .poly([x, c.y + s * 0.2, x + s * 0.8, c.y + s * 0.2, x + s * 0.4, c.y + s * 0.85])
            .fill(colorNumber(t.smallColor)),
        value: stats.small,
      },
      ...(['green', 'red', 'violet'] as const).map((color) => ({
        mark: (g: Graphics, x: number) => g.circle(x + s * 0.4, c.y + s / 2, s * 0.38).fill(colorOf(color)),
        value: stats[color],
      })),
    ];
    const marks = new Graphics();
    counters.addChild(marks);
    const step = Math.min(c.width / items.length, s * 4.2);
    const left = c.x + (c.width - step * items.length) / 2;
    items.forEach((item, i) => {
      const x = left + i * step;
      item.mark(marks, x);
      const text = new BitmapText({
        text: String(item.value),
        style: { fontFamily: FONT, fontSize: Math.round(s * 0.85) },
      });
      text.anchor.set(0, 0.5);
      text.tint = 0xcfe6da;
      text.position.set(x + s * 1.1, c.y + s / 2);
      counters.addChild(text);
    });
    smooth(marks);
  }

  function layoutHistory(l: LuckyLayout): void {
    const rowStep = l.historyBall + l.historyGap;
    history.forEach((strip, row) => {
      strip.view.visible = row < l.historyRows;
      strip.layout(
        { x: l.history.x, y: l.history.y + row * rowStep, width: l.history.width, height: l.historyBall },
        l.historyBall,
        l.historyGap,
        l.historyPerRow,
      );
    });
  }

  async function showHistory(slideMs: number): Promise<void> {
    if (!layout) return;
    const per = layout.historyPerRow;
    const digits = periods.map((p) => p.digit);
    await Promise.all(
      history.map((strip, row) =>
        strip.set(digits.slice(row * per, (row + 1) * per + 1), bag, slideMs, t.historyEase),
      ),
    );
  }

  function layoutAll(): void {
    const l = luckyLayout(canvas.width, canvas.height, t);
    layout = l;
    refreshArt(l);
    drawHeader(l);
    drawDrum(l);
    layoutHistory(l);
    void showHistory(0);
    drawTrend();
    if (winner !== null) drawSizeMark(winner);
  }

  function placeBalls(): void {
    if (!layout) return;
    const { radius } = layout.drum;
    const blur = Math.min(
      1,
      Math.max(0, (spin.speed - t.blurStartSpeed) / Math.max(1e-6, t.blurFullSpeed - t.blurStartSpeed)),
    );
    streaks.rotation = spin.rotation;
    streaks.alpha = blur * 0.55;
    ballSprites.forEach((s, digit) => {
      const a = ballAngle(digit, spin.rotation);
      s.position.set(Math.cos(a) * radius, Math.sin(a) * radius);
      s.alpha = (1 - blur * 0.6) * (winner !== null && digit !== winner ? 1 - spin.dim * 0.65 : 1);
      s.scale.set(winner !== null && digit === winner ? 1 + spin.dim * 0.18 : 1);
    });
  }

  function tickCountdown(): void {
    const now = Date.now();
    const remaining = countdown ? countdown.closesAt - now : 0;
    // The last seconds also count down in big digits in the drum's middle.
    const showBig =
      countdown !== null && !countdown.locked && remaining > 0 && remaining <= t.urgentMs && winner === null;
    bigCount.visible = showBig;
    blank.visible = !showBig;
    if (!countdown || !layout) return;
    if (countdown.locked || remaining <= 0) {
      const toDraw = countdown.drawAt - now;
      seconds.visible = false;
      ringLock.visible = true;
      drawArc(toDraw > 0 ? toDraw / Math.max(1, countdown.drawAt - countdown.closesAt) : 0, 0xa3c7b6);
      return;
    }
    const urgent = remaining <= t.urgentMs;
    seconds.visible = true;
    ringLock.visible = false;
    seconds.text = formatSeconds(remaining);
    bigCount.text = seconds.text;
    bigCount.tint = colorNumber(t.urgentColor);
    seconds.tint = urgent ? mixColor(colorNumber(t.urgentColor), 0xffffff, 0.25) : 0xffffff;
    drawArc(
      remaining / Math.max(1, countdown.closesAt - countdown.opensAt),
      colorNumber(urgent ? t.urgentColor : t.ringColor),
    );
    const second = Math.ceil(remaining / 1000);
    if (urgent && second !== countdown.lastBeep) {
      countdown.lastBeep = second;
      play(second <= 1 ? 'beepLast' : 'beep');
      // The last seconds swell the ring and flash the header once per second.
      bag.killOf(ring.scale, headerFlash, bigCount.scale);
      ring.scale.set(t.pulseScale);
      bigCount.scale.set(t.pulseScale * 1.2);
      headerFlash.alpha = 0.35;
      void bag.to(ring.scale, { x: 1, y: 1, duration: t.pulseMs / 1000, ease: 'power2.out' });
      void bag.to(bigCount.scale, { x: 1, y: 1, duration: t.pulseMs / 1000, ease: 'power2.out' });
      void bag.to(headerFlash, { alpha: 0, duration: t.pulseMs / 1000, ease: 'power2.out' });
    }
  }

  function tick(ticker: Ticker): void {
    const key = Object.values(t).join('|');
    if (key !== styleKey && canvas.width > 0) {
      styleKey = key;
      layoutAll();
    }
    const dt = Math.max(1, ticker.deltaMS);
    const moved = Math.abs(spin.rotation - spin.last);
    spin.speed = moved === 0 ? 0 : moved < Math.PI ? spin.speed * 0.4 + (moved / dt) * 0.6 : spin.speed;
    spin.last = spin.rotation;
    const under = digitUnderPointer(spin.rotation);
    if (under !== spin.lastDigit) {
      spin.lastDigit = under;
      const now = performance.now();
      if (!turbo && now - spin.lastTick >= t.tickGapMs) {
        spin.lastTick = now;
        play('tick');
      }
    }
    placeBalls();
    tickCountdown();
  }
  app.ticker.add(tick);

  /** Hides the drawn ball and its marks; the `?` ball comes back. */
  async function clearDraw(): Promise<void> {
    const duration = (t.fadeMs * scale()) / 1000;
    bag.killOf(drawn, drawn.scale, halo, burst, size, spin, blank);
    await Promise.all([
      bag.to(drawn, { alpha: 0, duration }),
      bag.to(halo, { alpha: 0, duration }),
      bag.to(size, { alpha: 0, duration }),
      bag.to(spin, { dim: 0, duration }),
      bag.to(blank, { alpha: 1, duration }),
    ]);
    if (!bag.alive) return;
    burst.alpha = 0;
    winner = null;
  }

  async function draw(periodId: string, digit: number, elapsedMs: number | undefined): Promise<void> {
    if (!layout) return;
    await clearDraw();
    if (!bag.alive) return;
    const total = t.drawDurationMs * scale();
    const left = Math.max(0, total - (elapsedMs ?? 0));
    const share = total > 0 ? left / total : 0;
    const turns = Math.max(share > 0.25 ? 1 : 0, Math.round(t.minTurns * share));
    const target = drawRotation(
      spin.rotation,
      digit,
      turns,
      landingOffset(`${periodId}:${digit}`) * t.landingSpread,
    );
    if (left > 0) {
      if (!turbo) play('spin');
      await bag.to(spin, { rotation: target, duration: left / 1000, ease: t.drawEase });
      if (!bag.alive) return;
      play('thud');
    }
    // Read after the spin: a resize meanwhile re-baked the balls and moved the drum.
    const l = layout;
    const art = atlas.current;
    if (!l || !art) return;
    spin.rotation = target;
    winner = digit;
    // The drawn ball leaves its seat under the pointer and lands, big, in the middle.
    const reveal = (t.revealMs * scale()) / 1000;
    drawn.texture = art.big[digit]!;
    drawn.position.set(0, -l.drum.radius);
    drawn.scale.set(l.drum.ball / l.centreBall);
    drawn.alpha = 1;
    halo.tint = colorOf(digitColors(digit)[0]!);
    drawSizeMark(digit);
    await Promise.all([
      bag.to(spin, { dim: 1, duration: reveal * 0.6 }),
      bag.to(blank, { alpha: 0, duration: reveal * 0.5 }),
      bag.to(drawn.position, { x: 0, y: 0, duration: reveal, ease: 'power2.inOut' }),
      bag.to(drawn.scale, { x: 1, y: 1, duration: reveal, ease: t.revealEase }),
      bag.to(halo, { alpha: 0.8, duration: reveal, delay: reveal * 0.5 }),
      bag.to(size, { alpha: 1, duration: reveal * 0.5, delay: reveal * 0.7 }),
    ]);
    if (bag.alive) play('pop');
  }

  async function result(periodId: string, digit: number, win: boolean | null | undefined): Promise<void> {
    if (winner !== digit) await draw(periodId, digit, Number.POSITIVE_INFINITY);
    if (!bag.alive) return;
    if (win === true) {
      play('win');
      burst.tint = colorOf(digitColors(digit)[0]!);
      burst.alpha = 1;
      burst.scale.set(1);
      const duration = (t.burstMs * scale()) / 1000;
      void bag.to(burst.scale, { x: 1.9, y: 1.9, duration, ease: 'power2.out' });
      void bag.to(burst, { alpha: 0, duration, ease: 'power1.in' });
    } else if (win === false) {
      play('lose');
    }
    await bag.wait(t.resultHoldMs * scale());
  }

  const scene: GameScene<LuckyColorCue> = {
    view,
    resize(width, height) {
      canvas = { width, height };
      styleKey = Object.values(t).join('|');
      layoutAll();
    },
    async play(cue, options) {
      turbo = options.turbo;
      switch (cue.type) {
        case 'cue.period': {
          const closesAt = toEpochMs(cue.closesAt);
          countdown = {
            closesAt,
            opensAt: cue.opensAt === undefined ? closesAt - t.bettingWindowMs : toEpochMs(cue.opensAt),
            drawAt: cue.drawAt === undefined ? closesAt : toEpochMs(cue.drawAt),
            lastBeep: -1,
            locked: false,
          };
          period.text = `#${periodLabel(cue.periodId)}`;
          ringLock.visible = false;
          await clearDraw();
          return;
        }
        case 'cue.closed': {
          if (countdown && !countdown.locked) play('lock');
          if (countdown) countdown.locked = true;
          bag.killOf(ring.scale);
          ring.scale.set(t.pulseScale);
          await bag.to(ring.scale, {
            x: 1,
            y: 1,
            duration: (t.fadeMs * scale()) / 1000,
            ease: 'back.out(2)',
          });
          return;
        }
        case 'cue.cancelled':
          countdown = null;
          seconds.visible = false;
          ringLock.visible = false;
          drawArc(0, 0);
          await clearDraw();
          return;
        case 'cue.draw':
          if (countdown) countdown.locked = true;
          await draw(cue.periodId, cue.digit, cue.elapsedMs);
          return;
        case 'cue.result':
          await result(cue.periodId, cue.digit, cue.win);
          return;
        case 'cue.history':
          periods = cue.periods
            .filter((p) => Number.isInteger(p.digit) && p.digit >= 0 && p.digit <= 9)
            .slice(0, HISTORY_KEEP);
          drawTrend();
          await showHistory(t.historySlideMs * scale());
          return;
        default:
          return;
      }
    },
    destroy() {
      app.ticker.remove(tick);
      bag.destroy();
      view.destroy({ children: true });
      atlas.destroy();
      releaseFont();
    },
  };
  return scene;
};
