import { Container } from 'pixi.js';
import type { SceneFactory } from '../shared/scene';
import {
  SceneKit,
  TuningWatch,
  colorNumber,
  installDigitFont,
  shadeColor,
  type CueHandlers,
} from '../shared/toolkit';
import { TileAtlas, tileBodyColor, tilePalette } from '../shared-art/double-tiles.art';
import { TileReel, type ReelSpin } from '../shared-art/tile-reel.view';
import { ResultStrip } from '../shared-art/result-strip.view';
import { MultiplierChip } from '../shared-art/multiplier-chip.view';
import { toEpochMs } from '../shared-art/geometry';
import { landingOffset, tileColor, tileUnderMarker } from '../shared-art/reel.layout';
import { doubleLayout, type DoubleLayout } from './double.layout';
import type { DoubleSound } from './double.sounds';
import type { tuning } from './tuning';
import { ColorCounters } from './views/color-counters.view';
import { CountdownPanel } from './views/countdown-panel.view';

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

const FONT = 'trevo-double-digits';

/**
 * Creates DOUBLE's scene: the Blaze-style reel (shared-art), its countdown panel, the multiplier
 * chip and the results strip with its colour counters (views/).
 */
export const createScene: SceneFactory<typeof tuning, DoubleCue> = (context) => {
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const kit = new SceneKit<DoubleSound>(context);
  const { tweens, sound } = kit;
  const atlas = new TileAtlas(context.app.renderer);
  kit.own(() => atlas.destroy());
  kit.own(releaseFont);

  const view = new Container();
  const reel = new TileReel(tweens);
  const chip = new MultiplierChip(tweens, FONT);
  const panel = new CountdownPanel(t, tweens, sound, FONT);
  const strip = new ResultStrip(tweens, (tile) => atlas.current?.small[tile] ?? null);
  const counters = new ColorCounters(t, FONT);
  view.addChild(reel.view, chip.view, panel.view, strip.view, counters.view);

  let size = { width: 0, height: 0 };
  let layout: DoubleLayout | null = null;
  const retuned = new TuningWatch(t);
  let turbo = false;
  const speed = () => (turbo ? t.turboScale : 1);

  reel.onPass = () => {
    if (!turbo) sound.spaced('tick', t.tickGapMs);
  };

  /** Lays everything out for the current size and knobs. */
  function layoutAll(): void {
    const l = doubleLayout(size.width, size.height, t);
    layout = l;
    const small = l.historyTile;
    const art = atlas.rebake(
      l.tile,
      l.corner,
      small,
      Math.round(small * t.tileCornerRatio * 1.2),
      tilePalette(t),
    );
    if (art) {
      reel.setArt(art);
      strip.refresh();
    }
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
    panel.draw(l);
    strip.layout(l.history, l.historyTile, l.historyGap, l.historyCount);
    counters.draw(l.counters, strip.shown);
    if (chip.shown) drawChip(tileUnderMarker(reel.scroll, l.pitch));
  }

  kit.everyFrame((ticker) => {
    // Knobs change live under `?tune`: re-lay out when any of them moved.
    if (size.width > 0 && retuned.changed()) layoutAll();
    reel.update(ticker.deltaMS, t.blurStartSpeed, t.blurFullSpeed);
    panel.update();
  });

  function drawChip(tile: number): void {
    if (!layout) return;
    const color = tileBodyColor(tile, tilePalette(t));
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

  async function hideResult(): Promise<void> {
    await Promise.all([reel.clearWinner(t.overlayFadeMs * speed()), chip.hide(t.overlayFadeMs * speed())]);
  }

  function spinOf(tile: number, roundId: string): ReelSpin {
    return {
      tile,
      minTurns: t.minTurns,
      offset: landingOffset(`${roundId}:${tile}`) * t.landingSpread,
      durationMs: t.rollDurationMs * speed(),
      ease: t.rollEase,
      overshootPx: (layout?.tile ?? 0) * t.overshootRatio,
      settleMs: t.settleMs * speed(),
      settleEase: t.settleEase,
    };
  }

  async function showResult(roundId: string, tile: number, win: boolean | null | undefined): Promise<void> {
    if (!layout) return;
    // A result without its roll (a late joiner after the stop) snaps the reel to the tile first.
    if (tileUnderMarker(reel.scroll, layout.pitch) !== tile) {
      await reel.spin({ ...spinOf(tile, roundId), durationMs: 0 });
    }
    drawChip(tile);
    const white = tileColor(tile) === 'white';
    if (win === true) sound.play(white ? 'jackpot' : 'win');
    else if (win === false) sound.play('lose');
    await Promise.all([
      reel.showWinner(
        {
          popMs: t.popMs,
          popEase: t.popEase,
          popScale: t.popScale,
          dimAlpha: t.dimAlpha,
          // With reduced motion the landed tile glows steadily instead of pulsing.
          glowPulseMs: context.reducedMotion ? 0 : t.glowPulseMs,
          glowColor: white ? colorNumber(t.winGlowColor) : tileBodyColor(tile, tilePalette(t)),
        },
        speed(),
      ),
      chip.show(t.popMs * speed(), t.popEase),
    ]);
    await tweens.wait(t.resultHoldMs * speed());
  }

  async function stopBetting(closed: boolean): Promise<void> {
    const wasOpen = panel.stop(true);
    if (closed && wasOpen) sound.play('close');
    await panel.fade(false, speed());
  }

  const cues: CueHandlers<DoubleCue> = {
    'cue.betting': async (cue, on) => {
      turbo = on;
      const closesAt = toEpochMs(cue.closesAt);
      panel.start(
        closesAt,
        cue.opensAt === undefined ? closesAt - t.bettingWindowMs : toEpochMs(cue.opensAt),
      );
      await Promise.all([hideResult(), panel.fade(true, speed())]);
    },
    'cue.closed': (_, on) => {
      turbo = on;
      return stopBetting(true);
    },
    'cue.cancelled': (_, on) => {
      turbo = on;
      return stopBetting(false);
    },
    'cue.roll': async (cue, on) => {
      turbo = on;
      panel.stop(false);
      await Promise.all([hideResult(), panel.fade(false, speed())]);
      if (!turbo) sound.play('spin');
      await reel.spin({ ...spinOf(cue.tile, cue.roundId), elapsedMs: cue.elapsedMs });
      sound.play('thud');
    },
    'cue.result': (cue, on) => {
      turbo = on;
      return showResult(cue.roundId, cue.tile, cue.win);
    },
    'cue.history': async (cue, on) => {
      turbo = on;
      const results = cue.results.filter((r) => Number.isInteger(r) && r >= 0 && r <= 14);
      await strip.set(results, t.historySlideMs * speed(), t.historyEase);
      counters.draw(layout?.counters ?? null, strip.shown);
    },
  };

  return kit.scene({
    view,
    resize(width, height) {
      size = { width, height };
      retuned.settle();
      layoutAll();
    },
    cues,
    order: 'overlap',
    // The countdown follows the round's clock every frame.
    ambient: () => true,
  });
};
