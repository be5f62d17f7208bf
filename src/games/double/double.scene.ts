import { BitmapText, Container, Graphics, type Ticker } from 'pixi.js';
import type { GameScene, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import { TileAtlas, tileBodyColor, type TilePalette } from '../shared-art/double-tiles.art';
import { TileReel, type ReelSpin } from '../shared-art/tile-reel.view';
import { ResultStrip } from '../shared-art/result-strip.view';
import { MultiplierChip } from '../shared-art/multiplier-chip.view';
import { TweenBag } from '../shared-art/tween-bag';
import { smooth } from '../shared-art/smooth';
import { colorNumber, mixColor, shadeColor } from '../shared-art/color';
import { installDigitFont } from '../shared-art/digit-font';
import { toEpochMs } from '../shared-art/geometry';
import { colorCounts, landingOffset, tileColor, tileUnderMarker } from '../shared-art/reel.layout';
import { doubleLayout, formatCountdown, type DoubleLayout } from './double.layout';
import type { DoubleSound } from './double.sounds';
import type { tuning } from './tuning';

/**
 * DOUBLE's cues. The machine drives a whole round from `GET …/double/state` and the socket:
 * `round.opened` → `cue.betting`; `round.closed` → `cue.closed`; `round.result` → `cue.roll`, then
 * `cue.result`, then `cue.history`; `round.cancelled` → `cue.cancelled`. A late joiner gets
 * `cue.history` with the state's recent results, then the cue of the round's phase (`cue.roll`
 * with `elapsedMs` when it arrives mid-roll). Times are epoch ms on the client's clock or the
 * server's ISO texts; the machine corrects any clock skew before sending them.
 */
export type DoubleCue =
  /** Betting is open: the countdown panel covers the reel and counts to `closesAt`; resolves once shown. */
  | { type: 'cue.betting'; roundId: string; closesAt: number | string; opensAt?: number | string }
  /** Betting closed: the panel reads 00:00 and fades. */
  | { type: 'cue.closed'; roundId: string }
  /** The round was cancelled and refunded: the panel goes away, nothing rolls. */
  | { type: 'cue.cancelled'; roundId: string }
  /**
   * The reel spins and decelerates until `tile` (0–14) rests under the marker; resolves at rest.
   * `elapsedMs` (a late joiner) plays only what is left of the spin.
   */
  | { type: 'cue.roll'; roundId: string; tile: number; elapsedMs?: number }
  /**
   * The winner pops and glows with its multiplier chip; `win` is the player's outcome (true won,
   * false lost, absent or null when they had no bet) and picks the sound. Resolves after the hold.
   */
  | { type: 'cue.result'; roundId: string; tile: number; win?: boolean | null }
  /** The last results strip, newest first; one new result in front of the old list slides in. */
  | { type: 'cue.history'; results: number[] };

type Values = TuningValues<typeof tuning>;

const FONT = 'trevo-double-digits';

const palette = (v: Values): TilePalette => ({
  red: v.redColor,
  black: v.blackColor,
  white: v.whiteColor,
  clover: v.cloverColor,
  ink: v.numberColor,
});

/** Creates DOUBLE's scene: the Blaze-style reel, its countdown panel and the results strip. */
export const createScene: SceneFactory<typeof tuning, DoubleCue> = (context) => {
  const { app, sound } = context;
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const bag = new TweenBag();
  const play = (name: DoubleSound) => sound.play(name);

  const view = new Container();
  const atlas = new TileAtlas(app.renderer);
  const reel = new TileReel();
  const chip = new MultiplierChip(FONT);

  const panel = new Container();
  const veil = new Graphics();
  const panelBack = new Graphics();
  const clock = new Graphics();
  const digits = new BitmapText({ text: '00,00s', style: { fontFamily: FONT, fontSize: 40 } });
  digits.anchor.set(0, 0.5);
  const bar = new Graphics();
  panel.addChild(veil, panelBack, clock, digits, bar);
  panel.alpha = 0;
  panel.visible = false;

  const strip = new ResultStrip((tile) => atlas.current?.small[tile] ?? null);
  const counters = new Container();
  view.addChild(reel.view, chip.view, panel, strip.view, counters);

  let size = { width: 0, height: 0 };
  let layout: DoubleLayout | null = null;
  let artKey = '';
  let styleKey = '';
  let countdown: { closesAt: number; opensAt: number; lastBeep: number } | null = null;
  let turbo = false;
  let lastTick = 0;

  const scale = () => (turbo ? t.turboScale : 1);

  reel.onPass = () => {
    const now = performance.now();
    if (turbo || now - lastTick < t.tickGapMs) return;
    lastTick = now;
    play('tick');
  };

  /** Re-bakes the tiles when their size, the resolution or their colours changed. */
  function refreshArt(l: DoubleLayout): void {
    const p = palette(t);
    const key = [l.tile, l.corner, l.historyTile, app.renderer.resolution, ...Object.values(p)].join('|');
    if (key === artKey) return;
    artKey = key;
    const small = l.historyTile;
    reel.setArt(atlas.bake(l.tile, l.corner, small, Math.round(small * t.tileCornerRatio * 1.2), p));
    strip.refresh();
  }

  function drawPanel(l: DoubleLayout): void {
    const { panel: box, reel: track } = l;
    veil
      .clear()
      .roundRect(track.x, track.y, track.width, track.height, Math.min(18, track.height * 0.16))
      .fill({ color: 0x000000, alpha: 0.62 });
    smooth(veil);
    panelBack
      .clear()
      .roundRect(box.x, box.y, box.width, box.height, Math.min(14, box.height * 0.2))
      .fill({ color: colorNumber(t.panelColor), alpha: 0.88 })
      .stroke({ width: 1, color: colorNumber(t.barColor), alpha: 0.3 });
    smooth(panelBack);
    const size = Math.round(box.height * 0.42);
    digits.style.fontSize = size;
    digits.text = '00,00s';
    const r = size * 0.36;
    const left = box.x + (box.width - (digits.width + r * 2 + size * 0.3)) / 2;
    const cy = box.y + box.height * 0.42;
    const line = Math.max(1.5, r * 0.2);
    clock
      .clear()
      .circle(left + r, cy, r)
      .stroke({ width: line, color: 0xffffff, alpha: 0.85 })
      .moveTo(left + r, cy)
      .lineTo(left + r, cy - r * 0.6)
      .moveTo(left + r, cy)
      .lineTo(left + r * 1.45, cy)
      .stroke({ width: line, color: 0xffffff, alpha: 0.85, cap: 'round' });
    smooth(clock);
    digits.position.set(left + r * 2 + size * 0.3, cy);
  }

  function drawBar(remaining: number, total: number): void {
    if (!layout) return;
    const box = layout.panel;
    const urgent = remaining <= t.urgentMs;
    const h = Math.max(4, Math.round(box.height * 0.1));
    const x = box.x + box.width * 0.08;
    const w = box.width * 0.84;
    const y = box.y + box.height * 0.76 - h / 2;
    const share = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
    bar
      .clear()
      .roundRect(x, y, w, h, h / 2)
      .fill({ color: 0xffffff, alpha: 0.1 });
    if (share > 0) {
      const fill = Math.max(h, w * share);
      bar.roundRect(x, y, fill, h, h / 2).fill(colorNumber(urgent ? t.urgentColor : t.barColor));
      bar.roundRect(x + h * 0.25, y, fill - h * 0.5, h * 0.45, h / 4).fill({ color: 0xffffff, alpha: 0.25 });
    }
    digits.tint = urgent ? mixColor(colorNumber(t.urgentColor), 0xffffff, 0.15) : 0xffffff;
  }

  function drawChip(tile: number): void {
    if (!layout) return;
    const color = tileBodyColor(tile, palette(t));
    const white = tileColor(tile) === 'white';
    const clover = colorNumber(t.cloverColor);
    chip.draw(
      layout.badge,
      white ? '×14' : '×2',
      color,
      white ? clover : shadeColor(color, 0.35),
      white ? clover : colorNumber(t.numberColor),
    );
  }

  /** The colour counters of the results shown (white, red, black). */
  function drawCounters(): void {
    for (const child of counters.removeChildren()) child.destroy();
    const results = strip.shown;
    if (!layout?.counters || results.length === 0) return;
    const box = layout.counters;
    const counts = colorCounts(results);
    const side = Math.round(box.height * 0.62);
    const group = box.width / 3;
    (['white', 'red', 'black'] as const).forEach((color, i) => {
      const tile = color === 'white' ? 0 : color === 'red' ? 1 : 8;
      const swatch = new Graphics()
        .roundRect(0, 0, side, side, side * 0.25)
        .fill(tileBodyColor(tile, palette(t)))
        .stroke({ width: 1, color: 0xffffff, alpha: 0.25 });
      smooth(swatch);
      swatch.position.set(box.x + i * group, box.y + (box.height - side) / 2);
      const text = new BitmapText({
        text: String(counts[color]),
        style: { fontFamily: FONT, fontSize: Math.round(box.height * 0.55) },
      });
      text.anchor.set(0, 0.5);
      text.tint = 0xa3c7b6;
      text.position.set(box.x + i * group + side * 1.35, box.y + box.height / 2);
      counters.addChild(swatch, text);
    });
  }

  /** Lays everything out for the current size and knobs. */
  function layoutAll(): void {
    const l = doubleLayout(size.width, size.height, t);
    layout = l;
    refreshArt(l);
    const { reel: box } = l;
    reel.view.position.set(box.x, box.y);
    reel.setStyle({
      width: box.width,
      height: box.height,
      tile: l.tile,
      gap: l.gap,
      corner: l.corner,
      trackColor: colorNumber(t.trackColor),
      markerColor: colorNumber(t.markerColor),
      markerWidth: t.markerWidthPx,
    });
    drawPanel(l);
    strip.layout(l.history, l.historyTile, l.historyGap, l.historyCount);
    drawCounters();
    if (chip.shown) drawChip(tileUnderMarker(reel.scroll, l.pitch));
  }

  function tick(ticker: Ticker): void {
    // Knobs change live under `?tune`: re-lay out when any of them moved.
    const key = Object.values(t).join('|');
    if (key !== styleKey && size.width > 0) {
      styleKey = key;
      layoutAll();
    }
    reel.update(ticker.deltaMS, t.blurStartSpeed, t.blurFullSpeed);
    if (!countdown) return;
    const remaining = countdown.closesAt - Date.now();
    digits.text = formatCountdown(remaining);
    drawBar(remaining, countdown.closesAt - countdown.opensAt);
    const second = Math.ceil(remaining / 1000);
    if (remaining > 0 && remaining <= t.urgentMs && second !== countdown.lastBeep) {
      countdown.lastBeep = second;
      play('beep');
    }
  }
  app.ticker.add(tick);

  async function showPanel(visible: boolean): Promise<void> {
    bag.killOf(panel);
    if (visible) panel.visible = true;
    await bag.to(panel, {
      alpha: visible ? 1 : 0,
      duration: (t.overlayFadeMs * scale()) / 1000,
      ease: 'power2.out',
    });
    if (bag.alive) panel.visible = visible;
  }

  async function hideResult(): Promise<void> {
    await Promise.all([
      reel.clearWinner(bag, t.overlayFadeMs * scale()),
      chip.hide(bag, t.overlayFadeMs * scale()),
    ]);
  }

  function spinOf(tile: number, roundId: string): ReelSpin {
    return {
      tile,
      minTurns: t.minTurns,
      offset: landingOffset(`${roundId}:${tile}`) * t.landingSpread,
      durationMs: t.rollDurationMs * scale(),
      ease: t.rollEase,
      overshootPx: (layout?.tile ?? 0) * t.overshootRatio,
      settleMs: t.settleMs * scale(),
      settleEase: t.settleEase,
    };
  }

  async function showResult(roundId: string, tile: number, win: boolean | null | undefined): Promise<void> {
    if (!layout) return;
    // A result without its roll (a late joiner after the stop) snaps the reel to the tile first.
    if (tileUnderMarker(reel.scroll, layout.pitch) !== tile) {
      await reel.spin(bag, { ...spinOf(tile, roundId), durationMs: 0 });
    }
    if (!bag.alive) return;
    drawChip(tile);
    const white = tileColor(tile) === 'white';
    if (win === true) play(white ? 'jackpot' : 'win');
    else if (win === false) play('lose');
    await Promise.all([
      reel.showWinner(
        bag,
        {
          popMs: t.popMs,
          popEase: t.popEase,
          popScale: t.popScale,
          dimAlpha: t.dimAlpha,
          glowPulseMs: t.glowPulseMs,
          glowColor: white ? colorNumber(t.winGlowColor) : tileBodyColor(tile, palette(t)),
        },
        scale(),
      ),
      chip.show(bag, t.popMs * scale(), t.popEase),
    ]);
    await bag.wait(t.resultHoldMs * scale());
  }

  const scene: GameScene<DoubleCue> = {
    view,
    resize(width, height) {
      size = { width, height };
      styleKey = Object.values(t).join('|');
      layoutAll();
    },
    async play(cue, options) {
      turbo = options.turbo;
      switch (cue.type) {
        case 'cue.betting': {
          const closesAt = toEpochMs(cue.closesAt);
          const opensAt = cue.opensAt === undefined ? closesAt - t.bettingWindowMs : toEpochMs(cue.opensAt);
          countdown = { closesAt, opensAt, lastBeep: -1 };
          await Promise.all([hideResult(), showPanel(true)]);
          return;
        }
        case 'cue.closed':
        case 'cue.cancelled': {
          const wasOpen = countdown !== null;
          countdown = null;
          digits.text = formatCountdown(0);
          drawBar(0, 1);
          if (cue.type === 'cue.closed' && wasOpen) play('close');
          await showPanel(false);
          return;
        }
        case 'cue.roll': {
          countdown = null;
          await Promise.all([hideResult(), showPanel(false)]);
          if (!bag.alive) return;
          if (!turbo) play('spin');
          await reel.spin(bag, { ...spinOf(cue.tile, cue.roundId), elapsedMs: cue.elapsedMs });
          if (bag.alive) play('thud');
          return;
        }
        case 'cue.result':
          await showResult(cue.roundId, cue.tile, cue.win);
          return;
        case 'cue.history': {
          const results = cue.results.filter((r) => Number.isInteger(r) && r >= 0 && r <= 14);
          await strip.set(results, bag, t.historySlideMs * scale(), t.historyEase);
          if (bag.alive) drawCounters();
          return;
        }
        default:
          return;
      }
    },
    destroy() {
      app.ticker.remove(tick);
      bag.destroy();
      reel.destroy();
      view.destroy({ children: true });
      atlas.destroy();
      releaseFont();
    },
  };
  return scene;
};
