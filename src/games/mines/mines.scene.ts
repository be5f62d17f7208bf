import { Container } from 'pixi.js';
import type { SceneFactory } from '../shared/scene';
import { SceneKit, type CueHandlers } from '../shared/toolkit';
import { bakeGlow, bakeSparkle } from '../shared-art/sparkle.art';
import type { MinesSound } from './mines.sounds';
import { TILE_COUNT, boardLayout, isTile, rippleOrder, waveStep, type BoardLayout } from './mines.layout';
import type { tuning } from './tuning';
import { CashoutBanner } from './views/cashout-banner.view';
import { makeDotTexture, makeTileTextures, tileTextureList, type TileTextures } from './views/mines.art';
import { MinesBoard } from './views/mines-board.view';
import { MinesCounters } from './views/mines-counters.view';
import { MinesEffects } from './views/mines-effects.view';

/**
 * The cues the Mines machine sends, in the order of a round:
 * `cue.reset` → `cue.setInteractive` → (player taps: input `tile.pick`) → `cue.pending` →
 * `cue.reveal` … → on a mine `cue.reveal` (mine) + `cue.bust` + `cue.revealAll`; on a cash-out or a
 * full clear `cue.revealAll` + `cue.cashout`. Every field comes from the server's answers
 * (`/mines/bet`, `/mines/reveal`, `/mines/cashout`, `inPlay`).
 */
export type MinesCue =
  /** A new board: every tile face down. `revealed` restores the gems of a game resumed from `inPlay`. */
  | { type: 'cue.reset'; mines: number; revealed?: readonly number[] }
  /** Whether taps on hidden tiles report `tile.pick` (on while a game is open or picks are edited). */
  | { type: 'cue.setInteractive'; interactive: boolean }
  /** The tiles picked for auto-bet, outlined (an empty list clears them). */
  | { type: 'cue.mark'; tiles: readonly number[] }
  /** The tile whose reveal is on its way to the server: it pulses until its `cue.reveal`. */
  | { type: 'cue.pending'; tile: number }
  /** One tile turned over: a gem (with the cash-out multiplier it brings) or a mine. */
  | { type: 'cue.reveal'; tile: number; kind: 'gem' | 'mine'; multiplier?: number }
  /** The end of a game: every tile still face down turns over dimmed; `mines` is the server's `outcome.mines`. */
  | { type: 'cue.revealAll'; mines: readonly number[] }
  /** A cash-out (or a full clear): the banner with the server's multiplier and payout (BRL). */
  | { type: 'cue.cashout'; multiplier: number; payout: number }
  /** The game was lost on `tile`: the board frame pulses red. */
  | { type: 'cue.bust'; tile: number };

/** What the scene reports: a tap on a face-down tile (0–24, row-major). The machine decides what it means. */
export interface MinesInput {
  type: 'tile.pick';
  tile: number;
}

/** Creates the Mines scene (views/): a 5×5 board of raised tiles, gem and mine reveals, the cash-out banner. */
export const createScene: SceneFactory<typeof tuning, MinesCue> = (context) => {
  const t = context.tuning;
  const kit = new SceneKit<MinesSound>(context);
  const { tweens, baker, sound } = kit;
  // Size-independent textures, made once.
  const fxTextures = { sparkle: bakeSparkle(baker), glow: bakeGlow(baker), dot: makeDotTexture(baker) };
  const effects = new MinesEffects(t, tweens, fxTextures);
  const board = new MinesBoard(t, tweens, effects.view, {
    pressed: () => sound.play('tap'),
    picked: (tile) => {
      lastTile = tile.index;
      context.onInput({ type: 'tile.pick', tile: tile.index } satisfies MinesInput);
    },
  });
  const counters = new MinesCounters(t, tweens);
  const banner = new CashoutBanner(t, tweens);
  // No full-screen background: the stage's own background shows through the transparent canvas,
  // and a full-screen layer costs a software renderer more than the whole board.
  const view = new Container({ label: 'mines' });
  view.addChild(board.view, counters.view, banner.view);
  const { tiles } = board;

  let textures: TileTextures | undefined;
  let layout: BoardLayout | undefined;
  let size = { width: 0, height: 0 };
  let mineCount = 0;
  /** The tile played last: the end-of-game ripple starts from it. */
  let lastTile = 12;
  let styleKey = '';
  kit.own(() => {
    if (textures) baker.retire(...tileTextureList(textures));
    baker.retire(fxTextures.sparkle, fxTextures.glow, fxTextures.dot);
  });

  /** The knobs the tile textures are drawn with (a change bakes them again). */
  function currentStyleKey(): string {
    return [
      t.boardPaddingPx,
      t.boardMaxPx,
      t.tileGapRatio,
      t.tileCornerRatio,
      t.tileDepthRatio,
      t.iconScale,
      t.countersWidthPx,
      t.boardColor,
      t.tileColor,
      t.tileLightColor,
      t.tileEdgeColor,
      t.tileHoverColor,
      t.wellColor,
      t.markColor,
      t.gemColor,
      t.gemLightColor,
      t.gemDarkColor,
      t.mineColor,
      t.mineGlowColor,
      t.goldColor,
      t.winColor,
      t.textColor,
      t.bustColor,
    ].join('|');
  }

  function relayout(): void {
    const { width, height } = size;
    if (width <= 0 || height <= 0) return;
    layout = boardLayout(width, height, t);
    const key = currentStyleKey();
    if (!textures || textures.cell !== layout.cell || key !== styleKey) {
      const old = textures;
      textures = makeTileTextures(baker, layout.cell, t);
      board.setTextures(textures);
      counters.setTextures(textures);
      if (old) baker.retire(...tileTextureList(old));
    }
    styleKey = key;
    board.layoutFor(layout);
    effects.layoutFor(layout);
    counters.layoutFor(layout);
    banner.layoutFor(layout);
  }

  const gemsFound = () => tiles.filter((x) => x.state === 'gem');

  // Ambient life (an occasional glint on a revealed gem; none with reduced motion) and skipping
  // invisible layers.
  kit.everyFrame(() => {
    board.update();
    if (!context.reducedMotion) effects.glint(context.app.ticker.deltaMS, gemsFound);
  });

  async function reset(cue: Extract<MinesCue, { type: 'cue.reset' }>, speed: number): Promise<void> {
    mineCount = Math.max(1, Math.min(TILE_COUNT - 1, Math.floor(Number(cue.mines) || 0)));
    await banner.hide(speed);
    board.clearBust();
    effects.clear();
    const resumed = new Set((cue.revealed ?? []).filter(isTile));
    const done: Array<Promise<void>> = [];
    for (const tile of tiles) {
      tile.showHidden();
      tile.setMarked(false);
      if (resumed.has(tile.index) && textures) tile.showGem(textures);
      done.push(...tile.appear(speed, waveStep(tile.index) * t.resetStaggerMs));
    }
    counters.update(mineCount, gemsFound().length, false, speed);
    await Promise.all(done);
  }

  function pending(index: number, speed: number): void {
    const tile = tiles[index];
    if (!tile || tile.state !== 'hidden') return;
    lastTile = index;
    tile.pulse(speed);
  }

  async function reveal(cue: Extract<MinesCue, { type: 'cue.reveal' }>, speed: number): Promise<void> {
    const tile = tiles[cue.tile];
    if (!tile || !textures || tile.state !== 'hidden') return;
    lastTile = tile.index;
    // The tile sinks into its well…
    await tile.sink(speed);
    if (cue.kind === 'gem') {
      // …and the gem pops out with a glint and sparkles.
      const popped = tile.popGem(textures, speed);
      sound.play('gem');
      effects.burstGlow(tile, t.gemColor, 1.5, 0.7, t.gemPopMs, speed);
      effects.sparkles(tile, speed);
      if (typeof cue.multiplier === 'number' && Number.isFinite(cue.multiplier))
        effects.chip(tile, cue.multiplier, speed);
      counters.update(mineCount, gemsFound().length, true, speed);
      await popped;
      return;
    }
    // …or the mine: flash, shards, a red well and the board shakes.
    const popped = tile.popMine(textures, speed);
    sound.play('mine');
    effects.burstGlow(tile, t.flashColor, 3.4, 1, t.mineFlashMs, speed);
    effects.burstGlow(tile, t.mineGlowColor, 2.2, 0.8, t.mineFlashMs * 1.6, speed);
    effects.shards(tile, speed);
    await Promise.all([popped, board.shake(speed)]);
  }

  async function revealAll(minesAt: readonly number[], speed: number): Promise<void> {
    const tex = textures;
    if (!tex) return;
    const mines = new Set(minesAt.filter(isTile));
    const rest = tiles.filter((x) => x.state === 'hidden').map((x) => x.index);
    if (rest.length === 0) return;
    sound.play('sweep');
    const order = rippleOrder(rest, lastTile);
    await Promise.all(
      order.map((index, step) =>
        tiles[index]!.revealDim(mines.has(index), tex, speed, step * t.revealAllStaggerMs),
      ),
    );
  }

  async function cashout(multiplier: number, payout: number, speed: number): Promise<void> {
    if (!layout) return;
    sound.play('cashout');
    effects.cashout(speed);
    await banner.show(multiplier, payout, speed);
  }

  const speedOf = (turbo: boolean) => (turbo ? t.turboFactor : 1);
  const cues: CueHandlers<MinesCue> = {
    'cue.reset': (cue, turbo) => reset(cue, speedOf(turbo)),
    'cue.setInteractive': (cue) => board.setInteractive(cue.interactive === true),
    'cue.mark': (cue) => board.mark(Array.isArray(cue.tiles) ? cue.tiles : []),
    'cue.pending': (cue, turbo) => pending(cue.tile, speedOf(turbo)),
    'cue.reveal': (cue, turbo) => reveal(cue, speedOf(turbo)),
    'cue.revealAll': (cue, turbo) => revealAll(Array.isArray(cue.mines) ? cue.mines : [], speedOf(turbo)),
    'cue.cashout': (cue, turbo) =>
      cashout(Number(cue.multiplier) || 0, Number(cue.payout) || 0, speedOf(turbo)),
    'cue.bust': (cue, turbo) => {
      if (isTile(cue.tile)) lastTile = cue.tile;
      return board.bust(speedOf(turbo));
    },
  };

  return kit.scene({
    view,
    resize(width, height) {
      size = { width, height };
      relayout();
    },
    cues,
    order: 'queue',
    // Only a revealed gem's glint moves at rest.
    ambient: () => !context.reducedMotion && gemsFound().length > 0,
  });
};
