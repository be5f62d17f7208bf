import { Container } from 'pixi.js';
import type { SceneFactory } from '../shared/scene';
import { SceneKit, TuningWatch, colorNumber, installDigitFont, type CueHandlers } from '../shared/toolkit';
import { TileAtlas, tileBodyColor, tilePalette } from '../shared-art/double-tiles.art';
import { TileReel } from '../shared-art/tile-reel.view';
import { ResultStrip } from '../shared-art/result-strip.view';
import { MultiplierChip } from '../shared-art/multiplier-chip.view';
import { landingOffset, tileColor, tileUnderMarker } from '../shared-art/reel.layout';
import {
  drumProject,
  drumRadius,
  drumReach,
  rowDoubleLayout,
  type RowDoubleLayout,
} from './row-double.layout';
import type { RowDoubleSound } from './row-double.sounds';
import type { tuning } from './tuning';
import { DrumFrame } from './views/drum-frame.view';
import { paintChip } from './views/row-chips.art';
import { MarkerFlash } from './views/marker-flash.view';

/**
 * ROWDOUBLE's cues, one instant bet at a time: `cue.reset` when the player bets, `cue.roll` with the
 * server's answer (`outcome.tile`, `win`), `cue.settle` with its `multiplier` before the balance is
 * shown. Auto-bet repeats the three; turbo makes each near-instant.
 */
export type RowDoubleCue =
  /** Clears the previous result while the bet is on its way. */
  | { type: 'cue.reset' }
  /**
   * The row scrolls and stops with `tile` (0–14) under the marker; the marker flashes in the win or
   * loss colour at the stop. `betId` varies where under the tile the marker rests.
   */
  | { type: 'cue.roll'; tile: number; win: boolean; betId?: string }
  /**
   * The result: a win pops a chip with `multiplier` (2 or 14) and chimes, a loss sounds low; the
   * tile joins the results strip. Resolves after the hold.
   */
  | { type: 'cue.settle'; tile: number; win: boolean; multiplier: number }
  /** Seeds the results strip (newest first), e.g. from the player's recent bets. */
  | { type: 'cue.history'; results: number[] };

const FONT = 'trevo-rowdouble-digits';
const STRIP_LENGTH = 40;

/** Formats a multiplier for the chip: `×2`, `×14`, `×1.5`. */
function multiplierText(multiplier: number): string {
  return `×${Number.isInteger(multiplier) ? multiplier : multiplier.toFixed(2).replace(/0$/, '')}`;
}

/**
 * Creates ROWDOUBLE's scene: a curved row of round chips (DOUBLE's 15 tiles in ROWDOUBLE's own
 * look, on the shared-art reel projected on a drum) between gold rails, the marker's flash, the
 * multiplier chip and the results strip.
 */
export const createScene: SceneFactory<typeof tuning, RowDoubleCue> = (context) => {
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const kit = new SceneKit<RowDoubleSound>(context);
  const { tweens, sound } = kit;
  const atlas = new TileAtlas(context.app.renderer, paintChip);
  kit.own(() => atlas.destroy());
  kit.own(releaseFont);

  const view = new Container();
  const reel = new TileReel(tweens);
  const frame = new DrumFrame(t);
  const flash = new MarkerFlash(tweens);
  const chip = new MultiplierChip(tweens, FONT);
  const strip = new ResultStrip(tweens, (tile) => atlas.current?.small[tile] ?? null, 'centre');
  // The rails lie above and below the reel, under its marker; the end posts go over the reel,
  // whose ends are erased to the stage background.
  view.addChild(frame.rails, reel.view, frame.ends, frame.glass, flash.view, chip.view, strip.view);

  let size = { width: 0, height: 0 };
  let layout: RowDoubleLayout | null = null;
  const retuned = new TuningWatch(t);
  let turbo = false;
  let rolls = 0;
  const speed = () => (turbo ? t.turboScale : 1);

  reel.onPass = () => {
    if (!turbo) sound.spaced('tick', t.tickGapMs);
  };

  function layoutAll(): void {
    const l = rowDoubleLayout(size.width, size.height, t);
    layout = l;
    const small = l.historyTile;
    const art = atlas.rebake(l.tile, l.corner, small, Math.round(small / 2), tilePalette(t));
    if (art) {
      reel.setArt(art);
      strip.refresh();
    }
    frame.draw(l);
    reel.view.position.set(l.row.x, l.row.y);
    reel.setStyle({
      width: l.row.width,
      height: l.row.height,
      tile: l.tile,
      gap: l.gap,
      corner: l.corner,
      trackColor: colorNumber(t.trackColor),
      markerColor: colorNumber(t.markerColor),
      markerWidth: t.markerWidthPx,
    });
    const radius = drumRadius(l.row.width, t.curvature);
    const depth = t.drumDepth;
    const shade = t.edgeShade;
    reel.project = (dx) => drumProject(dx, radius, depth, shade);
    reel.reach = drumReach(l.row.width / 2 + l.tile, radius);
    strip.layout(l.history, l.historyTile, l.historyGap, l.historyCount);
  }

  kit.everyFrame((ticker) => {
    if (size.width > 0 && retuned.changed()) layoutAll();
    reel.update(ticker.deltaMS, t.blurStartSpeed, t.blurFullSpeed);
  });

  async function clearResult(): Promise<void> {
    const ms = t.resetMs * speed();
    await Promise.all([reel.clearWinner(ms), chip.hide(ms), flash.clear(ms)]);
  }

  async function roll(tile: number, win: boolean, betId: string | undefined): Promise<void> {
    if (!layout) return;
    rolls += 1;
    await clearResult();
    if (!turbo) sound.play('spin');
    await reel.spin({
      tile,
      minTurns: t.minTurns,
      offset: landingOffset(betId ?? `row-${rolls}:${tile}`) * t.landingSpread,
      durationMs: t.rollDurationMs * speed(),
      ease: t.rollEase,
      overshootPx: layout.tile * t.overshootRatio,
      settleMs: t.settleMs * speed(),
      settleEase: t.settleEase,
    });
    sound.play('thud');
    flash.light(layout, colorNumber(win ? t.winColor : t.loseColor));
    const white = tileColor(tile) === 'white';
    await Promise.all([
      reel.showWinner(
        {
          popMs: t.popMs,
          popEase: t.popEase,
          popScale: t.popScale,
          dimAlpha: t.dimAlpha,
          // With reduced motion the landed tile glows steadily instead of pulsing.
          glowPulseMs: context.reducedMotion ? 0 : t.glowPulseMs,
          glowColor: win || white ? colorNumber(t.winGlowColor) : tileBodyColor(tile, tilePalette(t)),
        },
        speed(),
      ),
      flash.fadeOut(t.flashMs * speed()),
    ]);
  }

  async function settle(tile: number, win: boolean, multiplier: number): Promise<void> {
    if (!layout) return;
    if (tileUnderMarker(reel.scroll, layout.pitch) !== tile) await roll(tile, win, undefined);
    const steps: Array<Promise<void>> = [
      strip.set([tile, ...strip.shown].slice(0, STRIP_LENGTH), t.historySlideMs * speed(), t.historyEase),
    ];
    if (win) {
      const white = tileColor(tile) === 'white';
      sound.play(white ? 'jackpot' : 'win');
      chip.draw(
        layout.chip,
        multiplierText(multiplier),
        tileBodyColor(tile, tilePalette(t)),
        colorNumber(t.winColor),
        white ? colorNumber(t.cloverColor) : colorNumber(t.numberColor),
      );
      steps.push(chip.show(t.chipMs * speed(), t.chipEase));
    } else {
      sound.play('lose');
    }
    await Promise.all(steps);
    await tweens.wait(t.settleHoldMs * speed());
  }

  const cues: CueHandlers<RowDoubleCue> = {
    'cue.reset': (_, on) => {
      turbo = on;
      return clearResult();
    },
    'cue.roll': (cue, on) => {
      turbo = on;
      return roll(cue.tile, cue.win, cue.betId);
    },
    'cue.settle': (cue, on) => {
      turbo = on;
      return settle(cue.tile, cue.win, cue.multiplier);
    },
    'cue.history': async (cue, on) => {
      turbo = on;
      const results = cue.results.filter((r) => Number.isInteger(r) && r >= 0 && r <= 14);
      await strip.set(results.slice(0, STRIP_LENGTH), 0, t.historyEase);
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
  });
};
