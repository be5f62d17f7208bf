import { Container, Graphics } from 'pixi.js';
import type { Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { TILE_COUNT, isTile, type BoardLayout } from '../mines.layout';
import type { tuning } from '../tuning';
import type { TileTextures } from './mines.art';
import { MinesTile, type TileHost } from './mines-tile.view';

/**
 * The MINES board: a tray with the 25 tiles in their wells, a red frame that pulses on a bust, and
 * the board shaking when a mine goes off. The effects layer (`fx`) rides along with the shake.
 */
export class MinesBoard {
  /** The board; it shakes as one. */
  readonly view = new Container();
  readonly tiles: readonly MinesTile[];
  /** True while taps on hidden tiles count. */
  interactive = false;
  private readonly tray = new Graphics();
  private readonly tilesLayer = new Container();
  private readonly bustFrame = new Graphics();

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    fx: Container,
    events: Omit<TileHost, 'isInteractive'>,
  ) {
    this.bustFrame.alpha = 0;
    this.view.addChild(this.tray, this.tilesLayer, this.bustFrame, fx);
    const host: TileHost = {
      isInteractive: () => this.interactive,
      pressed: () => events.pressed(),
      picked: (tile) => events.picked(tile),
    };
    this.tiles = Array.from({ length: TILE_COUNT }, (_, index) => {
      const tile = new MinesTile(index, t, tweens, host);
      this.tilesLayer.addChild(tile.root);
      return tile;
    });
  }

  /** Uses the textures of a new tile size or new colours. */
  setTextures(tex: TileTextures): void {
    for (const tile of this.tiles) tile.setTextures(tex);
  }

  /** Draws the tray and the bust frame and places the tiles for a new layout. */
  layoutFor(layout: BoardLayout): void {
    const t = this.t;
    const { board, cell, gap } = layout;
    const radius = Math.max(4, gap * 1.6);
    // The tray is cut out under the tiles: only the gaps are drawn, not the board twice.
    this.tray.clear().roundRect(board.x, board.y, board.width, board.height, radius).fill(t.boardColor);
    const tileRadius = cell * t.tileCornerRatio;
    for (const rect of layout.cells)
      this.tray.roundRect(rect.x + 1, rect.y + 1, cell - 2, cell - 2, tileRadius).cut();
    this.tray
      .roundRect(board.x, board.y, board.width, board.height, radius)
      .stroke({ color: '#ffffff', alpha: 0.06, width: 1 });
    this.bustFrame
      .clear()
      .roundRect(board.x - 1, board.y - 1, board.width + 2, board.height + 2, radius)
      .stroke({ color: t.bustColor, width: Math.max(2, gap * 0.6) });
    this.tiles.forEach((tile, i) => {
      const rect = layout.cells[i]!;
      tile.place(rect.x + cell / 2, rect.y + cell / 2, cell);
    });
  }

  /** Taps on hidden tiles on or off. */
  setInteractive(on: boolean): void {
    this.interactive = on;
    for (const tile of this.tiles) tile.setInteractive(on);
  }

  /** Outlines these tiles (auto-bet picks) where still hidden; the others lose theirs. */
  mark(list: readonly number[]): void {
    const chosen = new Set(list.filter(isTile));
    for (const tile of this.tiles) tile.setMarked(chosen.has(tile.index) && tile.state === 'hidden');
  }

  /** Takes the bust frame away. */
  clearBust(): void {
    this.tweens.kill(this.bustFrame);
    this.bustFrame.alpha = 0;
  }

  /** The bust frame pulses red. */
  bust(speed: number): Promise<void> {
    this.clearBust();
    return this.tweens.to(
      this.bustFrame,
      { keyframes: [{ alpha: 1 }, { alpha: 0.3 }, { alpha: 1 }, { alpha: 0.45 }] },
      this.t.bustMs,
      speed,
    );
  }

  /** The board shakes, dying down, and comes back to rest. */
  shake(speed: number): Promise<void> {
    const t = this.t;
    const state = { p: 0 };
    const onUpdate = () => {
      const amp = t.shakePx * (1 - state.p);
      this.view.position.set((Math.random() * 2 - 1) * amp, (Math.random() * 2 - 1) * amp);
    };
    return this.tweens
      .to(state, { p: 1, ease: 'none', onUpdate }, t.shakeMs, speed)
      .then(() => void this.view.position.set(0, 0));
  }

  /** Skips every tile's invisible layers this frame. */
  update(): void {
    for (const tile of this.tiles) tile.cull();
  }
}
