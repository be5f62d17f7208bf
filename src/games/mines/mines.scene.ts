import {
  BitmapText,
  Color,
  Container,
  FillGradient,
  Graphics,
  Rectangle,
  Sprite,
  Text,
  Texture,
  type ColorSource,
  type FederatedPointerEvent,
} from 'pixi.js';
import type { GameScene, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import type { MinesSound } from './mines.sounds';
import {
  TILE_COUNT,
  boardLayout,
  formatMultiplier,
  formatPayout,
  isTile,
  rippleOrder,
  waveStep,
  type BoardLayout,
  type Rect,
} from './mines.layout';
import { Baker } from './baker';
import { smooth } from '../shared-art/smooth';
import { CueRunner, Motion } from './motion';
import { tuning } from './tuning';

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

type Tuning = TuningValues<typeof tuning>;

const KNOWN_CUES = new Set<string>([
  'cue.reset',
  'cue.setInteractive',
  'cue.mark',
  'cue.pending',
  'cue.reveal',
  'cue.revealAll',
  'cue.cashout',
  'cue.bust',
] satisfies Array<MinesCue['type']>);

const FONT = [
  'Segoe UI',
  'system-ui',
  '-apple-system',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'Noto Sans',
  'sans-serif',
];

/** What a tile shows. `dim` tiles were turned over at the end without being picked. */
type TileState = 'hidden' | 'gem' | 'mine' | 'dimGem' | 'dimMine';

interface TileView {
  index: number;
  state: TileState;
  hovered: boolean;
  pending: boolean;
  root: Container;
  well: Sprite;
  plate: Sprite;
  lift: Container;
  face: Sprite;
  hover: Sprite;
  mark: Sprite;
  icon: Sprite;
}

interface Textures {
  cell: number;
  face: Texture;
  hover: Texture;
  well: Texture;
  plate: Texture;
  mark: Texture;
  gem: Texture;
  mine: Texture;
}

interface Counter {
  root: Container;
  panel: Graphics;
  icon: Sprite;
  label: Text;
}

/** Creates the Mines scene: a 5×5 board of raised tiles, gem and mine reveals, the cash-out banner. */
export const createScene: SceneFactory<typeof tuning, MinesCue> = (context) => {
  const t = context.tuning;
  const baker = new Baker(context.app);
  const motion = new Motion();
  const cues = new CueRunner();
  const play = (name: MinesSound) => context.sound.play(name);

  const view = new Container({ label: 'mines' });
  const shakeLayer = new Container();
  const tray = new Graphics();
  const tilesLayer = new Container();
  const bustFrame = new Graphics();
  const fx = new Container();
  const countersLayer = new Container();
  const banner = new Container();
  const bannerPanel = new Graphics();
  const bannerMultiplier = new Text({ text: '', style: { fontFamily: FONT, fontWeight: '800' } });
  const bannerPayout = new Text({ text: '', style: { fontFamily: FONT, fontWeight: '700' } });
  banner.addChild(bannerPanel, bannerMultiplier, bannerPayout);
  bannerMultiplier.anchor.set(0.5);
  bannerPayout.anchor.set(0.5);
  banner.visible = false;
  bustFrame.alpha = 0;
  shakeLayer.addChild(tray, tilesLayer, bustFrame, fx);
  // No full-screen background: the stage's own background shows through the transparent canvas,
  // and a full-screen layer costs a software renderer more than the whole board.
  view.addChild(shakeLayer, countersLayer, banner);

  // Size-independent textures, made once.
  const sparkleTexture = makeSparkleTexture(baker);
  const glowTexture = makeGlowTexture(baker);
  const dotTexture = makeDotTexture(baker);

  let textures: Textures | undefined;
  let layout: BoardLayout | undefined;
  let size = { width: 0, height: 0 };
  let interactive = false;
  let mineCount = 0;
  let lastTile = 12;
  let styleKey = '';
  let glintMs = 0;

  const tiles: TileView[] = Array.from({ length: TILE_COUNT }, (_, index) => makeTile(index));
  const gemsCounter = makeCounter();
  const minesCounter = makeCounter();
  countersLayer.addChild(gemsCounter.root, minesCounter.root);

  function makeTile(index: number): TileView {
    const root = new Container({ label: `tile-${index}` });
    const well = new Sprite();
    const plate = new Sprite();
    const lift = new Container();
    const face = new Sprite();
    const hover = new Sprite();
    const mark = new Sprite();
    const icon = new Sprite();
    for (const s of [well, plate, face, hover, mark, icon]) s.anchor.set(0.5);
    plate.alpha = 0;
    hover.alpha = 0;
    mark.visible = false;
    icon.visible = false;
    lift.addChild(face, hover, mark);
    root.addChild(well, plate, lift, icon);
    root.eventMode = 'none';
    root.cursor = 'pointer';
    const tile: TileView = {
      index,
      state: 'hidden',
      hovered: false,
      pending: false,
      root,
      well,
      plate,
      lift,
      face,
      hover,
      mark,
      icon,
    };
    root.on('pointerover', () => setHover(tile, true));
    root.on('pointerout', () => {
      setHover(tile, false);
      press(tile, false);
    });
    root.on('pointerdown', (event: FederatedPointerEvent) => {
      if (event.button > 0 || !canPick(tile)) return;
      press(tile, true);
      play('tap');
    });
    root.on('pointerup', () => press(tile, false));
    root.on('pointerupoutside', () => press(tile, false));
    root.on('pointertap', () => {
      if (!canPick(tile)) return;
      lastTile = index;
      context.onInput({ type: 'tile.pick', tile: index } satisfies MinesInput);
    });
    tilesLayer.addChild(root);
    return tile;
  }

  function makeCounter(): Counter {
    const root = new Container();
    const panel = new Graphics();
    const icon = new Sprite();
    icon.anchor.set(0.5);
    const label = new Text({ text: '0', style: { fontFamily: FONT, fontWeight: '800' } });
    label.anchor.set(0.5);
    root.addChild(panel, icon, label);
    root.visible = false;
    return { root, panel, icon, label };
  }

  const canPick = (tile: TileView) => interactive && tile.state === 'hidden' && !tile.pending;

  function setHover(tile: TileView, on: boolean) {
    const lit = on && canPick(tile);
    if (tile.hovered === lit) return;
    tile.hovered = lit;
    motion.kill(tile.hover);
    void motion.to(tile.hover, { alpha: lit ? 1 : 0 }, t.hoverMs);
    if (!tile.pending) {
      motion.kill(tile.lift.position);
      void motion.to(tile.lift.position, { y: lit ? -t.hoverLiftPx : 0, ease: 'power2.out' }, t.hoverMs);
    }
  }

  function press(tile: TileView, down: boolean) {
    if (tile.pending) return;
    motion.kill(tile.lift.scale);
    const s = down ? t.pressScale : 1;
    void motion.to(tile.lift.scale, { x: s, y: s, ease: down ? 'power2.out' : 'back.out(3)' }, t.pressMs);
  }

  // Layout ---------------------------------------------------------------------------------------

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

  function relayout() {
    const { width, height } = size;
    if (width <= 0 || height <= 0) return;
    layout = boardLayout(width, height, t);
    const key = currentStyleKey();
    if (!textures || textures.cell !== layout.cell || key !== styleKey) {
      const old = textures;
      textures = makeTileTextures(baker, layout.cell, t);
      applyTextures(textures);
      if (old) baker.retire(...textureList(old));
    }
    styleKey = key;

    const { board, cell, gap } = layout;

    const radius = Math.max(4, gap * 1.6);
    // The tray is cut out under the tiles: only the gaps are drawn, not the board twice.
    tray.clear().roundRect(board.x, board.y, board.width, board.height, radius).fill(t.boardColor);
    const tileRadius = cell * t.tileCornerRatio;
    for (const rect of layout.cells)
      tray.roundRect(rect.x + 1, rect.y + 1, cell - 2, cell - 2, tileRadius).cut();
    tray
      .roundRect(board.x, board.y, board.width, board.height, radius)
      .stroke({ color: '#ffffff', alpha: 0.06, width: 1 });
    bustFrame
      .clear()
      .roundRect(board.x - 1, board.y - 1, board.width + 2, board.height + 2, radius)
      .stroke({ color: t.bustColor, width: Math.max(2, gap * 0.6) });

    tiles.forEach((tile, i) => {
      const rect = layout!.cells[i]!;
      tile.root.position.set(rect.x + cell / 2, rect.y + cell / 2);
      tile.root.hitArea = new Rectangle(-cell / 2, -cell / 2, cell, cell);
      placeIcon(tile);
    });

    layoutCounters();
    layoutBanner();
  }

  function applyTextures(tex: Textures) {
    for (const tile of tiles) {
      tile.well.texture = tex.well;
      tile.plate.texture = tex.plate;
      tile.face.texture = tex.face;
      tile.hover.texture = tex.hover;
      tile.mark.texture = tex.mark;
      tile.icon.texture = tile.state === 'mine' || tile.state === 'dimMine' ? tex.mine : tex.gem;
    }
    gemsCounter.icon.texture = tex.gem;
    minesCounter.icon.texture = tex.mine;
  }

  /** Icons of dim tiles are drawn smaller; scale is kept at rest only, never mid-tween. */
  function placeIcon(tile: TileView) {
    if (tile.state === 'dimGem' || tile.state === 'dimMine') tile.icon.scale.set(t.dimScale);
  }

  function layoutCounters() {
    if (!layout || !textures) return;
    const placement = layout.counters;
    const pairs: Array<[Counter, Rect | undefined]> =
      placement.side === 'none'
        ? [
            [gemsCounter, undefined],
            [minesCounter, undefined],
          ]
        : [
            [gemsCounter, placement.left],
            [minesCounter, placement.right],
          ];
    for (const [counter, rect] of pairs) {
      counter.root.visible = rect !== undefined && mineCount > 0;
      if (!rect) continue;
      counter.root.position.set(rect.x, rect.y);
      const vertical = placement.side === 'left-right';
      const radius = Math.min(rect.width, rect.height) * 0.22;
      counter.panel
        .clear()
        .roundRect(0, 0, rect.width, rect.height, radius)
        .fill({ color: t.boardColor, alpha: 0.9 })
        .stroke({ color: '#ffffff', alpha: 0.07, width: 1 });
      smooth(counter.panel);
      const iconSide = vertical ? rect.width * 0.62 : rect.height * 0.78;
      counter.icon.scale.set(iconSide / textures.cell / t.iconScale);
      counter.label.style.fill = t.textColor;
      counter.label.style.fontSize = Math.round(vertical ? rect.width * 0.3 : rect.height * 0.52);
      if (vertical) {
        counter.icon.position.set(rect.width / 2, rect.height * 0.36);
        counter.label.position.set(rect.width / 2, rect.height * 0.76);
      } else {
        counter.icon.position.set(rect.height * 0.62, rect.height / 2);
        counter.label.position.set(rect.width / 2 + rect.height * 0.3, rect.height / 2);
      }
    }
  }

  function layoutBanner() {
    if (!layout) return;
    const { board } = layout;
    const w = Math.round(board.width * 0.66);
    const h = Math.round(board.width * 0.34);
    banner.position.set(board.x + board.width / 2, board.y + board.height / 2);
    bannerPanel
      .clear()
      .roundRect(-w / 2, -h / 2, w, h, h * 0.16)
      .fill({ color: t.boardColor, alpha: 0.96 })
      .stroke({ color: t.goldColor, width: Math.max(2, h * 0.035) })
      .moveTo(-w * 0.3, h * 0.1)
      .lineTo(w * 0.3, h * 0.1)
      .stroke({ color: t.goldColor, alpha: 0.35, width: 1 });
    smooth(bannerPanel);
    bannerMultiplier.style.fontSize = Math.round(h * 0.36);
    bannerMultiplier.style.fill = t.winColor;
    bannerMultiplier.position.set(0, -h * 0.14);
    bannerPayout.style.fontSize = Math.round(h * 0.2);
    bannerPayout.style.fill = t.textColor;
    bannerPayout.position.set(0, h * 0.28);
  }

  function updateCounters(bump: Counter | undefined, speed: number) {
    const gemsLeft = TILE_COUNT - mineCount - tiles.filter((x) => x.state === 'gem').length;
    gemsCounter.label.text = String(Math.max(0, gemsLeft));
    minesCounter.label.text = String(mineCount);
    layoutCounters();
    if (bump) {
      motion.kill(bump.icon.scale);
      const s = bump.icon.scale.x;
      void motion.fromTo(
        bump.icon.scale,
        { x: s * 1.35, y: s * 1.35 },
        { x: s, y: s, ease: 'back.out(3)' },
        300,
        speed,
      );
    }
  }

  // Cues -----------------------------------------------------------------------------------------

  function showHidden(tile: TileView) {
    motion.kill(tile.root, tile.root.scale, tile.lift.scale, tile.lift.position, tile.face, tile.face.scale);
    motion.kill(tile.hover, tile.icon, tile.icon.scale, tile.plate);
    tile.state = 'hidden';
    tile.pending = false;
    tile.hovered = false;
    tile.root.alpha = 1;
    tile.root.scale.set(1);
    tile.lift.position.set(0, 0);
    tile.lift.scale.set(1);
    tile.face.alpha = 1;
    tile.face.scale.set(1);
    tile.hover.alpha = 0;
    tile.plate.alpha = 0;
    tile.icon.visible = false;
    tile.icon.alpha = 1;
    tile.icon.rotation = 0;
  }

  function showTurned(tile: TileView, state: Exclude<TileState, 'hidden'>) {
    tile.state = state;
    tile.pending = false;
    tile.hovered = false;
    tile.lift.position.set(0, 0);
    tile.lift.scale.set(1);
    tile.face.alpha = 0;
    tile.hover.alpha = 0;
    tile.icon.texture = state === 'mine' || state === 'dimMine' ? textures!.mine : textures!.gem;
    tile.icon.visible = true;
  }

  async function reset(cue: Extract<MinesCue, { type: 'cue.reset' }>, speed: number) {
    mineCount = Math.max(1, Math.min(TILE_COUNT - 1, Math.floor(Number(cue.mines) || 0)));
    if (banner.visible) await motion.to(banner, { alpha: 0 }, 160, speed);
    banner.visible = false;
    motion.kill(bustFrame);
    bustFrame.alpha = 0;
    for (const child of fx.removeChildren()) child.destroy();
    const resumed = new Set((cue.revealed ?? []).filter(isTile));
    const done: Array<Promise<void>> = [];
    for (const tile of tiles) {
      showHidden(tile);
      tile.mark.visible = false;
      if (resumed.has(tile.index) && textures) {
        showTurned(tile, 'gem');
        tile.icon.scale.set(1);
      }
      done.push(
        motion.fromTo(
          tile.root.scale,
          { x: 0.55, y: 0.55 },
          { x: 1, y: 1, ease: t.resetEase },
          t.resetMs,
          speed,
          waveStep(tile.index) * t.resetStaggerMs,
        ),
        motion.fromTo(
          tile.root,
          { alpha: 0 },
          { alpha: 1 },
          t.resetMs * 0.6,
          speed,
          waveStep(tile.index) * t.resetStaggerMs,
        ),
      );
    }
    updateCounters(undefined, speed);
    await Promise.all(done);
  }

  function setInteractive(on: boolean) {
    interactive = on;
    for (const tile of tiles) {
      tile.root.eventMode = on ? 'static' : 'none';
      if (!on) {
        setHover(tile, false);
        press(tile, false);
      }
    }
  }

  function mark(list: readonly number[]) {
    const chosen = new Set(list.filter(isTile));
    for (const tile of tiles) {
      const on = chosen.has(tile.index) && tile.state === 'hidden';
      if (on === tile.mark.visible) continue;
      tile.mark.visible = on;
      if (on)
        void motion.fromTo(tile.mark.scale, { x: 1.15, y: 1.15 }, { x: 1, y: 1, ease: 'back.out(3)' }, 180);
    }
  }

  function pending(index: number, speed: number) {
    const tile = tiles[index];
    if (!tile || tile.state !== 'hidden') return;
    lastTile = index;
    tile.pending = true;
    motion.kill(tile.lift.scale, tile.lift.position);
    tile.lift.position.y = 0;
    // A loop: it ends when the tile is revealed (its tweens are killed there).
    void motion.fromTo(
      tile.lift.scale,
      { x: 1, y: 1 },
      { x: 0.9, y: 0.9, ease: 'sine.inOut', yoyo: true, repeat: -1 },
      t.pendingPulseMs / 2,
      Math.max(speed, 0.2),
    );
  }

  async function reveal(cue: Extract<MinesCue, { type: 'cue.reveal' }>, speed: number) {
    const tile = tiles[cue.tile];
    if (!tile || !textures || tile.state !== 'hidden') return;
    lastTile = tile.index;
    motion.kill(tile.lift.scale, tile.lift.position, tile.hover);
    tile.mark.visible = false;
    tile.hovered = false;
    // Pending until turned: no hover or tap on a tile that is sinking.
    tile.pending = true;
    // The tile sinks into its well…
    await Promise.all([
      motion.to(tile.face, { alpha: 0, ease: 'power2.in' }, t.flipMs, speed),
      motion.to(tile.lift.scale, { x: 0.82, y: 0.82, ease: 'power2.in' }, t.flipMs, speed),
      motion.to(tile.hover, { alpha: 0 }, t.flipMs, speed),
    ]);
    showTurned(tile, cue.kind === 'mine' ? 'mine' : 'gem');
    tile.icon.scale.set(0);
    if (cue.kind === 'gem') {
      // …and the gem pops out with a glint and sparkles.
      play('gem');
      burstGlow(tile, t.gemColor, 1.5, 0.7, t.gemPopMs, speed);
      sparkles(tile, speed);
      if (typeof cue.multiplier === 'number' && Number.isFinite(cue.multiplier))
        chip(tile, cue.multiplier, speed);
      tile.icon.rotation = -0.25;
      updateCounters(gemsCounter, speed);
      await Promise.all([
        motion.to(tile.icon.scale, { x: 1, y: 1, ease: t.gemPopEase }, t.gemPopMs, speed),
        motion.to(tile.icon, { rotation: 0, ease: 'back.out(3)' }, t.gemPopMs, speed),
      ]);
      return;
    }
    // …or the mine: flash, shards, a red well and the board shakes.
    play('mine');
    tile.plate.tint = t.mineGlowColor;
    void motion.fromTo(
      tile.plate,
      { alpha: 0.9 },
      { alpha: 0.35, ease: 'power2.out' },
      t.mineFlashMs * 2,
      speed,
    );
    burstGlow(tile, t.flashColor, 3.4, 1, t.mineFlashMs, speed);
    burstGlow(tile, t.mineGlowColor, 2.2, 0.8, t.mineFlashMs * 1.6, speed);
    shards(tile, speed);
    await Promise.all([
      motion.to(tile.icon.scale, { x: 1, y: 1, ease: 'back.out(4)' }, t.mineFlashMs, speed),
      shake(speed),
    ]);
  }

  async function revealAll(minesAt: readonly number[], speed: number) {
    if (!textures) return;
    const mines = new Set(minesAt.filter(isTile));
    const rest = tiles.filter((x) => x.state === 'hidden').map((x) => x.index);
    if (rest.length === 0) return;
    play('sweep');
    const order = rippleOrder(rest, lastTile);
    const done = order.map((index, step) => {
      const tile = tiles[index]!;
      motion.kill(tile.lift.scale, tile.lift.position, tile.hover);
      tile.mark.visible = false;
      const delay = step * t.revealAllStaggerMs;
      showTurned(tile, mines.has(index) ? 'dimMine' : 'dimGem');
      tile.face.alpha = 1;
      tile.icon.alpha = 0;
      tile.icon.scale.set(t.dimScale * 0.6);
      return Promise.all([
        motion.to(tile.face, { alpha: 0, ease: 'power1.in' }, t.revealAllMs * 0.6, speed, delay),
        motion.to(tile.icon, { alpha: t.dimAlpha }, t.revealAllMs, speed, delay),
        motion.to(
          tile.icon.scale,
          { x: t.dimScale, y: t.dimScale, ease: 'back.out(2)' },
          t.revealAllMs,
          speed,
          delay,
        ),
      ]);
    });
    await Promise.all(done);
  }

  async function cashout(multiplier: number, payout: number, speed: number) {
    if (!layout) return;
    bannerMultiplier.text = formatMultiplier(multiplier);
    bannerPayout.text = formatPayout(payout);
    layoutBanner();
    banner.visible = true;
    motion.kill(banner, banner.scale);
    play('cashout');
    const { board } = layout;
    for (let i = 0; i < 10; i++) {
      const angle = (i / 10) * Math.PI * 2;
      spark(
        board.x + board.width / 2 + Math.cos(angle) * board.width * 0.2,
        board.y + board.height / 2 + Math.sin(angle) * board.width * 0.1,
        angle,
        board.width * 0.28,
        layout.cell * 0.5,
        t.goldColor,
        speed,
        t.cashoutMs * 0.3,
      );
    }
    await Promise.all([
      motion.fromTo(banner, { alpha: 0 }, { alpha: 1 }, t.cashoutMs * 0.5, speed),
      motion.fromTo(
        banner.scale,
        { x: 0.4, y: 0.4 },
        { x: 1, y: 1, ease: t.cashoutEase },
        t.cashoutMs,
        speed,
      ),
    ]);
  }

  async function bust(speed: number) {
    motion.kill(bustFrame);
    bustFrame.alpha = 0;
    await motion.to(
      bustFrame,
      { keyframes: [{ alpha: 1 }, { alpha: 0.3 }, { alpha: 1 }, { alpha: 0.45 }] },
      t.bustMs,
      speed,
    );
  }

  // Effects --------------------------------------------------------------------------------------

  function burstGlow(
    tile: TileView,
    tint: ColorSource,
    grow: number,
    alpha: number,
    ms: number,
    speed: number,
  ) {
    if (!layout) return;
    const s = new Sprite({ texture: glowTexture, anchor: 0.5, tint, blendMode: 'add' });
    s.position.copyFrom(tile.root.position);
    const base = layout.cell / glowTexture.width;
    fx.addChild(s);
    void Promise.all([
      motion.fromTo(
        s.scale,
        { x: base * 0.4, y: base * 0.4 },
        { x: base * grow, y: base * grow, ease: 'power2.out' },
        ms,
        speed,
      ),
      motion.fromTo(s, { alpha }, { alpha: 0, ease: 'power1.in' }, ms, speed),
    ]).then(() => s.destroy());
  }

  function sparkles(tile: TileView, speed: number) {
    if (!layout) return;
    const count = Math.round(t.sparkleCount);
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + Math.random() * 0.6;
      spark(
        tile.root.x,
        tile.root.y,
        angle,
        layout.cell * (0.45 + Math.random() * 0.3),
        layout.cell * (0.22 + Math.random() * 0.14),
        t.sparkleColor,
        speed,
        t.flipMs * 0.2,
      );
    }
  }

  /** One star flying out from (x, y) along `angle`, growing then shrinking. */
  function spark(
    x: number,
    y: number,
    angle: number,
    distance: number,
    side: number,
    tint: ColorSource,
    speed: number,
    delayMs: number,
  ) {
    const s = new Sprite({ texture: sparkleTexture, anchor: 0.5, tint, blendMode: 'add' });
    s.position.set(x, y);
    s.scale.set(0);
    fx.addChild(s);
    const peak = side / sparkleTexture.width;
    const ms = t.sparkleMs * (0.8 + Math.random() * 0.4);
    void Promise.all([
      motion.to(
        s.position,
        { x: x + Math.cos(angle) * distance, y: y + Math.sin(angle) * distance, ease: 'power3.out' },
        ms,
        speed,
        delayMs,
      ),
      motion.to(
        s.scale,
        {
          keyframes: [
            { x: peak, y: peak },
            { x: 0, y: 0 },
          ],
          ease: 'sine.inOut',
        },
        ms,
        speed,
        delayMs,
      ),
      motion.to(s, { rotation: Math.PI * (Math.random() - 0.5) }, ms, speed, delayMs),
    ]).then(() => s.destroy());
  }

  function shards(tile: TileView, speed: number) {
    if (!layout) return;
    const count = Math.round(t.shardCount);
    for (let i = 0; i < count; i++) {
      const angle = Math.random() * Math.PI * 2;
      const distance = layout.cell * (0.7 + Math.random() * 0.9);
      const s = new Sprite({ texture: dotTexture, anchor: 0.5, blendMode: 'add' });
      s.tint = i % 3 === 0 ? t.flashColor : t.mineGlowColor;
      s.position.copyFrom(tile.root.position);
      s.scale.set((layout.cell * (0.05 + Math.random() * 0.07)) / dotTexture.width);
      fx.addChild(s);
      const ms = t.mineFlashMs * (1.4 + Math.random());
      void Promise.all([
        motion.to(
          s.position,
          { x: s.x + Math.cos(angle) * distance, y: s.y + Math.sin(angle) * distance, ease: 'power3.out' },
          ms,
          speed,
        ),
        motion.to(s, { alpha: 0, ease: 'power2.in' }, ms, speed),
      ]).then(() => s.destroy());
    }
  }

  function chip(tile: TileView, multiplier: number, speed: number) {
    if (!layout) return;
    const cell = layout.cell;
    const c = new Container();
    // Bitmap text: a canvas Text would be rasterised and uploaded in the very frame the gem pops.
    const label = new BitmapText({
      text: formatMultiplier(multiplier),
      style: {
        fontFamily: FONT,
        fontWeight: '800',
        fontSize: Math.max(11, Math.round(cell * 0.21)),
        fill: t.winColor,
      },
    });
    label.anchor.set(0.5);
    const w = label.width + cell * 0.2;
    const h = label.height + cell * 0.06;
    const pill = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: t.boardColor, alpha: 0.92 })
      .stroke({ color: t.winColor, width: 1.5 });
    c.addChild(pill, label);
    smooth(c);
    c.position.set(tile.root.x, tile.root.y - cell * 0.3);
    fx.addChild(c);
    // On a short canvas the top row's chip would rise out of view: it stops at the edge.
    const top = Math.min(c.y, h / 2 + 2);
    void Promise.all([
      motion.to(
        c.position,
        { y: Math.max(top, c.y - cell * t.chipRiseRatio), ease: 'power2.out' },
        t.chipMs,
        speed,
      ),
      motion.to(c, { keyframes: [{ alpha: 1 }, { alpha: 1 }, { alpha: 0 }] }, t.chipMs, speed),
    ]).then(() => c.destroy({ children: true }));
  }

  function shake(speed: number): Promise<void> {
    const state = { p: 0 };
    return motion
      .to(
        state,
        {
          p: 1,
          ease: 'none',
          onUpdate: () => {
            const amp = t.shakePx * (1 - state.p);
            shakeLayer.position.set((Math.random() * 2 - 1) * amp, (Math.random() * 2 - 1) * amp);
          },
        },
        t.shakeMs,
        speed,
      )
      .then(() => void shakeLayer.position.set(0, 0));
  }

  /** Ambient life (an occasional glint on a revealed gem) and skipping invisible layers. */
  function onTick() {
    const ms = context.app.ticker.deltaMS;
    // Fully transparent sprites still cost their pixels in a software renderer: hide them.
    for (const tile of tiles) {
      tile.hover.visible = tile.hover.alpha > 0.001;
      tile.plate.visible = tile.plate.alpha > 0.001;
      tile.face.visible = tile.face.alpha > 0.001;
      const covered =
        tile.face.alpha >= 1 && tile.lift.y === 0 && tile.lift.scale.x === 1 && tile.root.alpha >= 1;
      tile.well.visible = !covered;
    }
    glintMs += ms;
    if (glintMs > 1400) {
      glintMs = 0;
      const gems = tiles.filter((x) => x.state === 'gem');
      const tile = gems[Math.floor(Math.random() * gems.length)];
      if (tile && layout) {
        const r = layout.cell * 0.25;
        spark(
          tile.root.x + r * (Math.random() - 0.3),
          tile.root.y - r * Math.random(),
          -Math.PI / 2,
          2,
          layout.cell * 0.32,
          t.sparkleColor,
          1,
          0,
        );
      }
    }
  }
  context.app.ticker.add(onTick);

  async function perform(cue: MinesCue, speed: number): Promise<void> {
    switch (cue.type) {
      case 'cue.reset':
        return reset(cue, speed);
      case 'cue.setInteractive':
        return setInteractive(cue.interactive === true);
      case 'cue.mark':
        return mark(Array.isArray(cue.tiles) ? cue.tiles : []);
      case 'cue.pending':
        return pending(cue.tile, speed);
      case 'cue.reveal':
        return reveal(cue, speed);
      case 'cue.revealAll':
        return revealAll(Array.isArray(cue.mines) ? cue.mines : [], speed);
      case 'cue.cashout':
        return cashout(Number(cue.multiplier) || 0, Number(cue.payout) || 0, speed);
      case 'cue.bust':
        if (isTile(cue.tile)) lastTile = cue.tile;
        return bust(speed);
      default:
        return;
    }
  }

  const scene: GameScene<MinesCue> = {
    view,
    resize(width, height) {
      size = { width, height };
      relayout();
    },
    play(cue, { turbo }) {
      // Unknown cues resolve at once, outside the queue, so a newer machine never waits on this scene.
      if (!KNOWN_CUES.has(cue.type)) return Promise.resolve();
      return cues.run(() => perform(cue, turbo ? t.turboFactor : 1));
    },
    destroy() {
      cues.destroy();
      context.app.ticker.remove(onTick);
      motion.destroy();
      view.destroy({ children: true });
      if (textures) baker.retire(...textureList(textures));
      baker.retire(sparkleTexture, glowTexture, dotTexture);
      baker.destroy();
    },
  };
  return scene;
};

// Generated textures ----------------------------------------------------------------------------

function textureList(tex: Textures): Texture[] {
  return [tex.face, tex.hover, tex.well, tex.plate, tex.mark, tex.gem, tex.mine];
}

/** A colour between `a` and `b` (t = 0 → a, 1 → b). */
function mix(a: ColorSource, b: ColorSource, amount: number): Color {
  const from = new Color(a);
  const to = new Color(b);
  const lerp = (x: number, y: number) => x + (y - x) * amount;
  return new Color([lerp(from.red, to.red), lerp(from.green, to.green), lerp(from.blue, to.blue)]);
}

function vertical(baker: Baker, top: ColorSource, bottom: ColorSource): FillGradient {
  return baker.gradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ],
    textureSpace: 'local',
  });
}

/** The tile textures for one tile size: raised face, hovered face, well, plate, outline, gem and mine. */
function makeTileTextures(baker: Baker, cell: number, t: Tuning): Textures {
  const depth = Math.max(2, Math.round(cell * t.tileDepthRatio));
  const radius = cell * t.tileCornerRatio;
  const top = cell - depth;

  const raised = (faceColor: string, lightColor: string) => {
    const gradient = vertical(baker, lightColor, faceColor);
    const g = new Graphics()
      .roundRect(0, depth, cell, top, radius)
      .fill(t.tileEdgeColor)
      .roundRect(0, 0, cell, top, radius)
      .fill(gradient)
      .roundRect(1, 1, cell - 2, top - 2, Math.max(0, radius - 1))
      .stroke({ color: '#ffffff', alpha: 0.1, width: 1 });
    return baker.bake(g, cell, cell);
  };
  const face = raised(t.tileColor, t.tileLightColor);
  const hover = raised(t.tileHoverColor, mix(t.tileLightColor, '#ffffff', 0.18).toHex());

  const wellGradient = vertical(baker, mix(t.wellColor, '#000000', 0.5).toHex(), t.wellColor);
  const well = baker.bake(
    new Graphics()
      .roundRect(0, 0, cell, cell, radius)
      .fill(wellGradient)
      .roundRect(0.5, 0.5, cell - 1, cell - 1, radius)
      .stroke({ color: '#ffffff', alpha: 0.05, width: 1 }),
    cell,
    cell,
  );
  const plate = baker.bake(new Graphics().roundRect(0, 0, cell, cell, radius).fill('#ffffff'), cell, cell);
  const line = Math.max(2, Math.round(cell * 0.05));
  const mark = baker.bake(
    new Graphics()
      .roundRect(line / 2, line / 2, cell - line, cell - depth - line, radius)
      .stroke({ color: t.markColor, width: line }),
    cell,
    cell,
  );
  const iconSide = Math.max(8, Math.round(cell * t.iconScale));
  return {
    cell,
    face,
    hover,
    well,
    plate,
    mark,
    gem: makeGemTexture(baker, iconSide, t),
    mine: makeMineTexture(baker, iconSide, t),
  };
}

/** A faceted gem (brilliant cut seen from the side): a crown of three facets over a pavilion of three. */
function makeGemTexture(baker: Baker, side: number, t: Tuning): Texture {
  const k = side / 100;
  const p = (...xy: number[]) => xy.map((v) => v * k);
  const body = t.gemColor;
  const light = t.gemLightColor;
  const dark = t.gemDarkColor;
  const mid = mix(body, light, 0.45).toHex();
  const deep = mix(body, dark, 0.55).toHex();
  const g = new Graphics();
  // Shadow under the gem.
  g.ellipse(50 * k, 93 * k, 26 * k, 4 * k).fill({ color: '#000000', alpha: 0.35 });
  // Crown.
  g.poly(p(6, 40, 28, 16, 38, 40)).fill(mid);
  g.poly(p(28, 16, 72, 16, 62, 40, 38, 40)).fill(light);
  g.poly(p(72, 16, 94, 40, 62, 40)).fill(body);
  // Pavilion.
  g.poly(p(6, 40, 38, 40, 50, 92)).fill(body);
  g.poly(p(38, 40, 62, 40, 50, 92)).fill(mid);
  g.poly(p(62, 40, 94, 40, 50, 92)).fill(deep);
  // Facet edges and outline.
  g.moveTo(38 * k, 40 * k)
    .lineTo(28 * k, 16 * k)
    .moveTo(62 * k, 40 * k)
    .lineTo(72 * k, 16 * k)
    .moveTo(38 * k, 40 * k)
    .lineTo(50 * k, 92 * k)
    .lineTo(62 * k, 40 * k)
    .moveTo(6 * k, 40 * k)
    .lineTo(94 * k, 40 * k)
    .stroke({ color: dark, alpha: 0.55, width: Math.max(1, 1.4 * k) });
  g.poly(p(6, 40, 28, 16, 72, 16, 94, 40, 50, 92)).stroke({
    color: dark,
    width: Math.max(1, 2.6 * k),
    join: 'round',
  });
  // Glints.
  g.poly(p(33, 20, 46, 20, 38, 35)).fill({ color: '#ffffff', alpha: 0.75 });
  g.poly(p(12, 42, 30, 42, 42, 70)).fill({ color: '#ffffff', alpha: 0.18 });
  return baker.bake(g, side, side);
}

/** A sea mine: a round shell with eight metal studs, a glowing red core and a glint. */
function makeMineTexture(baker: Baker, side: number, t: Tuning): Texture {
  const k = side / 100;
  const shell = t.mineColor;
  const dark = mix(shell, '#000000', 0.6).toHex();
  const metal = mix(shell, '#ffffff', 0.42).toHex();
  const highlight = mix(shell, '#ffffff', 0.5).toHex();
  const g = new Graphics();
  g.ellipse(50 * k, 94 * k, 30 * k, 4 * k).fill({ color: '#000000', alpha: 0.4 });
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const at = (r: number, across: number) => [
      (50 + cos * r - sin * across) * k,
      (50 + sin * r + cos * across) * k,
    ];
    g.poly([...at(22, -7.5), ...at(43, -4), ...at(43, 4), ...at(22, 7.5)])
      .fill(metal)
      .stroke({ color: dark, width: Math.max(1, 1.6 * k), join: 'round' });
    g.circle((50 + cos * 44) * k, (50 + sin * 44) * k, 5 * k)
      .fill(highlight)
      .stroke({ color: dark, width: Math.max(1, 1.4 * k) });
  }
  const shading = baker.gradient({
    type: 'radial',
    center: { x: 0.38, y: 0.34 },
    innerRadius: 0,
    outerCenter: { x: 0.5, y: 0.5 },
    outerRadius: 0.55,
    colorStops: [
      { offset: 0, color: highlight },
      { offset: 0.5, color: shell },
      { offset: 1, color: dark },
    ],
    textureSpace: 'local',
  });
  g.circle(50 * k, 50 * k, 31 * k)
    .fill(shading)
    .stroke({ color: dark, width: Math.max(1, 2 * k) });
  g.circle(50 * k, 50 * k, 15 * k).fill({ color: t.mineGlowColor, alpha: 0.3 });
  g.circle(50 * k, 50 * k, 10.5 * k)
    .fill(t.mineGlowColor)
    .stroke({ color: dark, width: Math.max(1, 1.4 * k) });
  g.circle(48 * k, 47.5 * k, 4.5 * k).fill(mix(t.mineGlowColor, '#ffffff', 0.75).toHex());
  g.ellipse(38 * k, 35 * k, 9 * k, 5.5 * k).fill({ color: '#ffffff', alpha: 0.4 });
  return baker.bake(g, side, side);
}

/** A white four-pointed star with a soft centre (tinted at use). */
function makeSparkleTexture(baker: Baker): Texture {
  const s = 64;
  const c = s / 2;
  const g = new Graphics();
  const points: number[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const r = i % 2 === 0 ? c : c * 0.16;
    points.push(c + Math.cos(a) * r, c + Math.sin(a) * r);
  }
  g.poly(points).fill('#ffffff');
  g.circle(c, c, c * 0.3).fill({ color: '#ffffff', alpha: 0.6 });
  return baker.bake(g, s, s);
}

/** A soft white radial glow (tinted at use). */
function makeGlowTexture(baker: Baker): Texture {
  const s = 128;
  const c = s / 2;
  const g = new Graphics();
  const rings = 24;
  for (let i = 0; i < rings; i++) {
    const r = c * (1 - i / rings);
    g.circle(c, c, r).fill({ color: '#ffffff', alpha: 0.018 + (i / rings) * 0.05 });
  }
  return baker.bake(g, s, s);
}

/** A small white dot (explosion shards). */
function makeDotTexture(baker: Baker): Texture {
  const s = 16;
  return baker.bake(new Graphics().circle(s / 2, s / 2, s / 2 - 0.5).fill('#ffffff'), s, s);
}
