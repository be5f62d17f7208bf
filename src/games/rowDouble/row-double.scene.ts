import { Container, Graphics, type Ticker } from 'pixi.js';
import type { GameScene, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import { TileAtlas, tileBodyColor, type TilePalette } from '../shared-art/double-tiles.art';
import { TileReel } from '../shared-art/tile-reel.view';
import { ResultStrip } from '../shared-art/result-strip.view';
import { MultiplierChip } from '../shared-art/multiplier-chip.view';
import { TweenBag } from '../shared-art/tween-bag';
import { Baked } from '../shared-art/baked';
import { smooth } from '../shared-art/smooth';
import { colorNumber, shadeColor } from '../shared-art/color';
import { installDigitFont } from '../shared-art/digit-font';
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

type Values = TuningValues<typeof tuning>;

const FONT = 'trevo-rowdouble-digits';
const STRIP_LENGTH = 40;

const palette = (v: Values): TilePalette => ({
  red: v.redColor,
  black: v.blackColor,
  white: v.whiteColor,
  clover: v.cloverColor,
  ink: v.numberColor,
});

/** Formats a multiplier for the chip: `×2`, `×14`, `×1.5`. */
function multiplierText(multiplier: number): string {
  return `×${Number.isInteger(multiplier) ? multiplier : multiplier.toFixed(2).replace(/0$/, '')}`;
}

/** Creates ROWDOUBLE's scene: a curved row of DOUBLE tiles between gold rails. */
export const createScene: SceneFactory<typeof tuning, RowDoubleCue> = (context) => {
  const { app, sound } = context;
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const bag = new TweenBag();
  const play = (name: RowDoubleSound) => sound.play(name);

  const view = new Container();
  const atlas = new TileAtlas(app.renderer);
  const reel = new TileReel();
  // Each rail and each post is its own antialiased texture: one drawing of all four would be one
  // quad as big as the whole row, blended every frame for a few thin gold bars.
  const railParts = [new Graphics(), new Graphics()] as const;
  const endParts = [new Graphics(), new Graphics()] as const;
  const rails = new Container();
  rails.addChild(...railParts);
  const ends = new Container();
  ends.addChild(...endParts);
  const glass = new Graphics();
  // The marker's flash: six additive layers drawn once into one texture (then added as one quad).
  const flashArt = new Baked(new Graphics());
  const flash = flashArt.view;
  flashArt.content.blendMode = 'add';
  flash.alpha = 0;
  flash.blendMode = 'add';
  const chip = new MultiplierChip(FONT);
  const strip = new ResultStrip((tile) => atlas.current?.small[tile] ?? null, 'centre');
  // The rails lie above and below the reel, under its marker; the end posts go over the reel,
  // whose ends are erased to the stage background.
  view.addChild(rails, reel.view, ends, glass, flash, chip.view, strip.view);

  let size = { width: 0, height: 0 };
  let layout: RowDoubleLayout | null = null;
  let artKey = '';
  let styleKey = '';
  let turbo = false;
  let lastTick = 0;
  let rolls = 0;

  const scale = () => (turbo ? t.turboScale : 1);

  reel.onPass = () => {
    const now = performance.now();
    if (turbo || now - lastTick < t.tickGapMs) return;
    lastTick = now;
    play('tick');
  };

  function refreshArt(l: RowDoubleLayout): void {
    const p = palette(t);
    const key = [l.tile, l.corner, l.historyTile, app.renderer.resolution, ...Object.values(p)].join('|');
    if (key === artKey) return;
    artKey = key;
    const small = l.historyTile;
    reel.setArt(atlas.bake(l.tile, l.corner, small, Math.round(small * t.tileCornerRatio * 1.2), p));
    strip.refresh();
  }

  function drawRails(l: RowDoubleLayout): void {
    const { row, rail } = l;
    const gold = colorNumber(t.railColor);
    [row.y - rail, row.y + row.height].forEach((y, i) => {
      const part = railParts[i]!;
      part
        .clear()
        .roundRect(row.x - rail, y, row.width + rail * 2, rail, rail / 2)
        .fill(shadeColor(gold, -0.25))
        .roundRect(row.x - rail, y, row.width + rail * 2, rail * 0.5, rail / 4)
        .fill(shadeColor(gold, 0.25));
      smooth(part);
    });
    // Shade along the top and bottom and a faint reflection make the row read as a glassed drum.
    glass.clear();
    const band = row.height * 0.05;
    for (let i = 0; i < 4; i++) {
      glass.rect(row.x, row.y + i * band, row.width, band).fill({ color: 0x000000, alpha: 0.28 - i * 0.07 });
      glass
        .rect(row.x, row.y + row.height - (i + 1) * band, row.width, band)
        .fill({ color: 0x000000, alpha: 0.28 - i * 0.07 });
    }
    glass
      .rect(row.x, row.y + row.height * 0.24, row.width, row.height * 0.05)
      .fill({ color: 0xffffff, alpha: 0.05 });
    // Posts at both ends hold the drum between the rails.
    [row.x - rail * 0.2, row.x + row.width + rail * 0.2].forEach((x, i) => {
      const part = endParts[i]!;
      part
        .clear()
        .roundRect(x - rail * 0.6, row.y - rail, rail * 1.2, row.height + rail * 2, rail * 0.5)
        .fill(gold)
        .roundRect(x - rail * 0.2, row.y, rail * 0.4, row.height, rail * 0.2)
        .fill(shadeColor(gold, 0.35));
      smooth(part);
    });
  }

  function drawFlash(l: RowDoubleLayout, color: number): void {
    const w = l.tile * 0.9;
    flashArt.content.clear();
    for (let i = 0; i < 6; i++) {
      const k = 1 - i / 6;
      flashArt.content
        .roundRect(l.markerX - (w * k) / 2, l.row.y, w * k, l.row.height, (w * k) / 2)
        .fill({ color, alpha: 0.12 });
    }
    flashArt.refresh();
  }

  function layoutAll(): void {
    const l = rowDoubleLayout(size.width, size.height, t);
    layout = l;
    refreshArt(l);
    drawRails(l);
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

  function tick(ticker: Ticker): void {
    const key = Object.values(t).join('|');
    if (key !== styleKey && size.width > 0) {
      styleKey = key;
      layoutAll();
    }
    reel.update(ticker.deltaMS, t.blurStartSpeed, t.blurFullSpeed);
  }
  app.ticker.add(tick);

  async function clearResult(): Promise<void> {
    bag.killOf(flash);
    await Promise.all([
      reel.clearWinner(bag, t.resetMs * scale()),
      chip.hide(bag, t.resetMs * scale()),
      bag.to(flash, { alpha: 0, duration: (t.resetMs * scale()) / 1000 }),
    ]);
  }

  async function roll(tile: number, win: boolean, betId: string | undefined): Promise<void> {
    if (!layout) return;
    rolls += 1;
    await clearResult();
    if (!bag.alive) return;
    if (!turbo) play('spin');
    await reel.spin(bag, {
      tile,
      minTurns: t.minTurns,
      offset: landingOffset(betId ?? `row-${rolls}:${tile}`) * t.landingSpread,
      durationMs: t.rollDurationMs * scale(),
      ease: t.rollEase,
      overshootPx: layout.tile * t.overshootRatio,
      settleMs: t.settleMs * scale(),
      settleEase: t.settleEase,
    });
    if (!bag.alive) return;
    play('thud');
    drawFlash(layout, colorNumber(win ? t.winColor : t.loseColor));
    flash.alpha = 1;
    const white = tileColor(tile) === 'white';
    await Promise.all([
      reel.showWinner(
        bag,
        {
          popMs: t.popMs,
          popEase: t.popEase,
          popScale: t.popScale,
          dimAlpha: t.dimAlpha,
          glowPulseMs: t.glowPulseMs,
          glowColor: win || white ? colorNumber(t.winGlowColor) : tileBodyColor(tile, palette(t)),
        },
        scale(),
      ),
      bag.to(flash, { alpha: 0, duration: (t.flashMs * scale()) / 1000, ease: 'power2.in' }),
    ]);
  }

  async function settle(tile: number, win: boolean, multiplier: number): Promise<void> {
    if (!layout) return;
    if (tileUnderMarker(reel.scroll, layout.pitch) !== tile) await roll(tile, win, undefined);
    if (!bag.alive) return;
    const steps: Array<Promise<void>> = [
      strip.set(
        [tile, ...strip.shown].slice(0, STRIP_LENGTH),
        bag,
        t.historySlideMs * scale(),
        t.historyEase,
      ),
    ];
    if (win) {
      play(tileColor(tile) === 'white' ? 'jackpot' : 'win');
      const color = tileBodyColor(tile, palette(t));
      const white = tileColor(tile) === 'white';
      chip.draw(
        layout.chip,
        multiplierText(multiplier),
        color,
        colorNumber(t.winColor),
        white ? colorNumber(t.cloverColor) : colorNumber(t.numberColor),
      );
      steps.push(chip.show(bag, t.chipMs * scale(), t.chipEase));
    } else {
      play('lose');
    }
    await Promise.all(steps);
    await bag.wait(t.settleHoldMs * scale());
  }

  const scene: GameScene<RowDoubleCue> = {
    view,
    resize(width, height) {
      size = { width, height };
      styleKey = Object.values(t).join('|');
      layoutAll();
    },
    async play(cue, options) {
      turbo = options.turbo;
      switch (cue.type) {
        case 'cue.reset':
          await clearResult();
          return;
        case 'cue.roll':
          await roll(cue.tile, cue.win, cue.betId);
          return;
        case 'cue.settle':
          await settle(cue.tile, cue.win, cue.multiplier);
          return;
        case 'cue.history': {
          const results = cue.results.filter((r) => Number.isInteger(r) && r >= 0 && r <= 14);
          await strip.set(results.slice(0, STRIP_LENGTH), bag, 0, t.historyEase);
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
