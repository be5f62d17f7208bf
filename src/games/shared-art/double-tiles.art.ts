import { Container, Graphics, Rectangle, RenderTexture, Sprite, Text, Texture, type Renderer } from 'pixi.js';
import { DOUBLE_REEL } from './reel.layout';
import { SITE_FONT, colorNumber, shadeColor } from '../shared/toolkit';

/**
 * The 15 tiles of DOUBLE's table drawn in vector and baked into two render textures (atlases).
 * DOUBLE's are rounded squares, red and black with a ringed number, white with the Trevo clover;
 * ROWDOUBLE paints its own (round chips) through the same atlas. A smeared copy of each tile
 * stands in for motion blur on a fast reel, and a soft halo marks the winner. A resize or a colour
 * change re-renders into the same atlases, so no texture is freed while the scene lives.
 */

/** Tile colours as knob values (`#rrggbb`). */
export interface TilePalette {
  red: string;
  black: string;
  white: string;
  clover: string;
  ink: string;
}

/** The knobs DOUBLE and ROWDOUBLE colour their tiles with. */
export interface TileColorKnobs {
  redColor: string;
  blackColor: string;
  whiteColor: string;
  cloverColor: string;
  numberColor: string;
}

/** The tile colours of a table's tuning. */
export function tilePalette(v: TileColorKnobs): TilePalette {
  return {
    red: v.redColor,
    black: v.blackColor,
    white: v.whiteColor,
    clover: v.cloverColor,
    ink: v.numberColor,
  };
}

/** The tile textures at one moment; `sharp[t]`, `smear[t]` and `small[t]` are tile `t`'s. */
export interface TileArt {
  /** Side of `sharp` (and height of `smear`) in px. */
  readonly size: number;
  readonly sharp: readonly Texture[];
  readonly smear: readonly Texture[];
  readonly halo: Texture;
  /** Side of `small` (results strips) in px. */
  readonly smallSize: number;
  readonly small: readonly Texture[];
}

const GOLD = 0xf5c542;
const TILES = DOUBLE_REEL.length;
const COLUMNS = 5;
const PAD = 2;

type Point = readonly [number, number];
/** The four leaves of public/logo.svg (viewBox 64), each a start point and three cubic segments. */
const LEAVES: ReadonlyArray<{ start: Point; curves: ReadonlyArray<readonly [Point, Point, Point]> }> = [
  {
    start: [32, 31],
    curves: [
      [
        [22, 31],
        [12, 26],
        [14, 17],
      ],
      [
        [16, 9],
        [26, 9],
        [29, 15],
      ],
      [
        [31, 19],
        [32, 25],
        [32, 31],
      ],
    ],
  },
  {
    start: [33, 30],
    curves: [
      [
        [33, 20],
        [38, 10],
        [47, 12],
      ],
      [
        [55, 14],
        [55, 24],
        [49, 27],
      ],
      [
        [45, 29],
        [39, 30],
        [33, 30],
      ],
    ],
  },
  {
    start: [33, 32],
    curves: [
      [
        [43, 32],
        [53, 37],
        [51, 46],
      ],
      [
        [49, 54],
        [39, 54],
        [36, 48],
      ],
      [
        [34, 44],
        [33, 38],
        [33, 32],
      ],
    ],
  },
  {
    start: [31, 33],
    curves: [
      [
        [31, 43],
        [26, 53],
        [17, 51],
      ],
      [
        [9, 49],
        [9, 39],
        [15, 36],
      ],
      [
        [19, 34],
        [25, 33],
        [31, 33],
      ],
    ],
  },
];

/** Draws the Trevo clover (the logo's leaves, gold stem and centre) `size` px tall, centred on cx, cy. */
export function drawClover(g: Graphics, cx: number, cy: number, size: number, leaf: number): Graphics {
  const s = size / 50;
  const px = (p: Point) => cx + (p[0] - 32) * s;
  const py = (p: Point) => cy + (p[1] - 34) * s;
  g.moveTo(px([33, 34]), py([33, 34]))
    .bezierCurveTo(px([36, 44]), py([36, 44]), px([40, 52]), py([40, 52]), px([46, 59]), py([46, 59]))
    .stroke({ width: 4.5 * s, color: GOLD, cap: 'round' });
  for (const { start, curves } of LEAVES) {
    g.moveTo(px(start), py(start));
    for (const [a, b, c] of curves) g.bezierCurveTo(px(a), py(a), px(b), py(b), px(c), py(c));
    g.closePath()
      .fill(leaf)
      .stroke({ width: 1.5 * s, color: shadeColor(leaf, -0.6) });
  }
  return g.circle(cx, cy - 2 * s, 3.2 * s).fill(GOLD);
}

/** The body colour of a tile. */
export function tileBodyColor(tile: number, palette: TilePalette): number {
  return colorNumber(tile === 0 ? palette.white : tile <= 7 ? palette.red : palette.black);
}

/** Draws tile `tile` at the origin inside a `size` px square (the halo is rounded by `corner` too). */
export type TilePainter = (tile: number, size: number, corner: number, palette: TilePalette) => Container;

/** DOUBLE's tile drawn at the origin, `size` px square. */
export function paintTile(tile: number, size: number, corner: number, palette: TilePalette): Container {
  const root = new Container();
  const body = tileBodyColor(tile, palette);
  const g = new Graphics();
  g.roundRect(0, 0, size, size, corner).fill(body);
  // A lit upper half and a shaded lower lip give the flat square a soft bevel.
  g.roundRect(0, 0, size, size * 0.5, corner).fill({ color: 0xffffff, alpha: tile === 0 ? 0 : 0.06 });
  g.roundRect(0, size * 0.86, size, size * 0.14, corner).fill({
    color: 0x000000,
    alpha: tile === 0 ? 0.06 : 0.14,
  });
  const lip = Math.max(1, size * 0.035);
  g.roundRect(lip / 2, lip / 2, size - lip, size - lip, Math.max(0, corner - lip / 2)).stroke({
    width: lip,
    color: tile === 0 ? 0xd6e2dc : 0xffffff,
    alpha: tile === 0 ? 0.9 : 0.14,
  });
  root.addChild(g);

  if (tile === 0) {
    drawClover(g, size / 2, size / 2, size * 0.62, colorNumber(palette.clover));
    return root;
  }
  const ink = colorNumber(palette.ink);
  g.circle(size / 2, size / 2, size * 0.3).stroke({
    width: Math.max(1.5, size * 0.045),
    color: ink,
    alpha: 0.92,
  });
  const label = new Text({
    text: String(tile),
    style: {
      fontFamily: SITE_FONT,
      fontWeight: '800',
      fontSize: Math.round(size * (tile >= 10 ? 0.27 : 0.31)),
      fill: ink,
    },
  });
  label.anchor.set(0.5);
  label.position.set(size / 2, size / 2 + size * 0.005);
  root.addChild(label);
  return root;
}

/** Where each picture sits in the atlases for a tile size. */
function atlasPlan(size: number, smallSize: number) {
  const reach = Math.round(size * 0.42);
  const spread = Math.round(size * 0.5);
  const smearWidth = size + reach * 2;
  const rows = Math.ceil(TILES / COLUMNS);
  const cell = (i: number, w: number, h: number, top: number) =>
    new Rectangle((i % COLUMNS) * (w + PAD), top + Math.floor(i / COLUMNS) * (h + PAD), w, h);
  const sharpTop = 0;
  const smallTop = rows * (size + PAD);
  const base = {
    width: Math.max(COLUMNS * (size + PAD), TILES * (smallSize + PAD)),
    height: smallTop + smallSize + PAD,
  };
  const haloTop = rows * (size + PAD);
  const haloSide = size + spread * 2;
  const blur = { width: Math.max(COLUMNS * (smearWidth + PAD), haloSide), height: haloTop + haloSide + PAD };
  return {
    reach,
    spread,
    base,
    blur,
    sharp: Array.from({ length: TILES }, (_, i) => cell(i, size, size, sharpTop)),
    small: Array.from(
      { length: TILES },
      (_, i) => new Rectangle(i * (smallSize + PAD), smallTop, smallSize, smallSize),
    ),
    smear: Array.from({ length: TILES }, (_, i) => cell(i, smearWidth, size, 0)),
    halo: new Rectangle(0, haloTop, haloSide, haloSide),
  };
}

/** The tiles of a scene in two atlases that are re-rendered, never reallocated, on each `bake`. */
export class TileAtlas {
  private readonly base = RenderTexture.create({ width: 1, height: 1, antialias: true });
  private readonly blur = RenderTexture.create({ width: 1, height: 1 });
  private art: TileArt | null = null;
  private key = '';

  constructor(
    private readonly renderer: Renderer,
    /** How a tile looks: DOUBLE's square by default. */
    private readonly paint: TilePainter = paintTile,
  ) {}

  /** The current textures (null before the first bake). */
  get current(): TileArt | null {
    return this.art;
  }

  /**
   * Bakes the tiles again when their sizes, the resolution or the colours differ from the last
   * bake: the new art, or null when nothing changed.
   */
  rebake(
    size: number,
    corner: number,
    smallSize: number,
    smallCorner: number,
    palette: TilePalette,
  ): TileArt | null {
    const key = [size, corner, smallSize, this.renderer.resolution, ...Object.values(palette)].join('|');
    if (key === this.key) return null;
    this.key = key;
    return this.bake(size, corner, smallSize, smallCorner, palette);
  }

  /** Draws every tile at `size` (reel) and `smallSize` (strip) with these colours. */
  private bake(
    size: number,
    corner: number,
    smallSize: number,
    smallCorner: number,
    palette: TilePalette,
  ): TileArt {
    const plan = atlasPlan(size, smallSize);
    const resolution = this.renderer.resolution;
    this.base.resize(plan.base.width, plan.base.height, resolution);
    this.blur.resize(plan.blur.width, plan.blur.height, resolution);

    const sheet = new Container();
    for (let tile = 0; tile < TILES; tile++) {
      const big = this.paint(tile, size, corner, palette);
      big.position.set(plan.sharp[tile]!.x, plan.sharp[tile]!.y);
      const small = this.paint(tile, smallSize, smallCorner, palette);
      small.position.set(plan.small[tile]!.x, plan.small[tile]!.y);
      sheet.addChild(big, small);
    }
    this.renderer.render({ container: sheet, target: this.base, clear: true, clearColor: [0, 0, 0, 0] });
    sheet.destroy({ children: true });

    const sharp = plan.sharp.map((frame) => new Texture({ source: this.base.source, frame }));
    const small = plan.small.map((frame) => new Texture({ source: this.base.source, frame }));

    // A horizontal box blur made of shifted copies: cheap to draw every frame, unlike a blur filter.
    const smearSheet = new Container();
    const copies = 9;
    sharp.forEach((texture, tile) => {
      const frame = plan.smear[tile]!;
      for (let i = 0; i < copies; i++) {
        const copy = new Sprite(texture);
        copy.position.set(frame.x + (plan.reach * 2 * i) / (copies - 1), frame.y);
        copy.alpha = 0.26;
        smearSheet.addChild(copy);
      }
    });
    const halo = new Graphics();
    const rings = 14;
    for (let i = 0; i < rings; i++) {
      const inset = (plan.spread * i) / rings;
      const side = plan.halo.width - inset * 2;
      halo
        .roundRect(plan.halo.x + inset, plan.halo.y + inset, side, side, corner + plan.spread - inset)
        .fill({
          color: 0xffffff,
          alpha: 0.07,
        });
    }
    smearSheet.addChild(halo);
    this.renderer.render({ container: smearSheet, target: this.blur, clear: true, clearColor: [0, 0, 0, 0] });
    smearSheet.destroy({ children: true });

    this.releaseFrames();
    this.art = {
      size,
      sharp,
      smear: plan.smear.map((frame) => new Texture({ source: this.blur.source, frame })),
      halo: new Texture({ source: this.blur.source, frame: plan.halo }),
      smallSize,
      small,
    };
    return this.art;
  }

  /** Frees both atlases. */
  destroy(): void {
    this.releaseFrames();
    this.base.destroy(true);
    this.blur.destroy(true);
  }

  private releaseFrames(): void {
    const art = this.art;
    if (!art) return;
    for (const texture of [...art.sharp, ...art.smear, ...art.small, art.halo]) texture.destroy(false);
    this.art = null;
  }
}
