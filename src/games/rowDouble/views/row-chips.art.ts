import { Container, Graphics, Text } from 'pixi.js';
import { drawClover, tileBodyColor, type TilePalette } from '../../shared-art/double-tiles.art';
import { SITE_FONT, colorNumber, shadeColor } from '../../shared/toolkit';

/**
 * ROWDOUBLE's tiles: round casino chips instead of DOUBLE's squares, so the two tables of the same
 * 15-tile draw are told apart at a glance. The colours stay the ones the bets are named by
 * (Vermelho 1–7, Preto 8–14, Branco 0, with the clover); each chip carries edge spots in a
 * contrasting colour, as real chips do.
 */

/** The gold of the black chips' edge spots (the rails' and the marker's family). */
const SPOT_GOLD = 0xf5c542;

/** Edge spots around a chip. */
const SPOTS = 8;

/** What one chip is painted with (0xRRGGBB numbers). */
export interface ChipFace {
  body: number;
  /** The edge spots and the inner ring. */
  spot: number;
  /** The number's colour (unused on the white chip, which shows the clover). */
  ink: number;
  mark: 'number' | 'clover';
}

/** The colours of tile `tile`'s chip: red 1–7, black 8–14, white 0 (the bets' colours). */
export function chipFace(tile: number, palette: TilePalette): ChipFace {
  const body = tileBodyColor(tile, palette);
  if (tile === 0) {
    // The clover's green, darkened so the spots stand out on white as the red chip's do on red.
    return { body, spot: shadeColor(colorNumber(palette.clover), -0.35), ink: body, mark: 'clover' };
  }
  const ink = colorNumber(palette.ink);
  return { body, spot: tile <= 7 ? ink : SPOT_GOLD, ink, mark: 'number' };
}

/** One chip drawn at the origin in a `size` px square (`corner` is ignored: a chip is round). */
export function paintChip(tile: number, size: number, _corner: number, palette: TilePalette): Container {
  const face = chipFace(tile, palette);
  const r = size / 2;
  const root = new Container();
  const g = new Graphics();
  g.circle(r, r, r).fill(face.body);
  // The edge spots: arcs of the rim, half of it coloured.
  const band = size * 0.12;
  const step = (Math.PI * 2) / SPOTS;
  for (let i = 0; i < SPOTS; i++) {
    const start = i * step - Math.PI / 2 + step / 4;
    const radius = r - band / 2 - size * 0.02;
    // Each arc is its own path: without the move, it is joined to the last point drawn.
    g.moveTo(r + radius * Math.cos(start), r + radius * Math.sin(start));
    g.arc(r, r, radius, start, start + step / 2).stroke({
      width: band,
      color: face.spot,
      cap: 'butt',
    });
  }
  // A dark lip keeps the black chip apart from the drum behind it.
  const lip = Math.max(1, size * 0.03);
  g.circle(r, r, r - lip / 2).stroke({ width: lip, color: shadeColor(face.body, -0.45), alpha: 0.9 });
  // The inlay: a slightly darker disc ringed in the spots' colour, lit on its upper half.
  const inlay = r * 0.64;
  g.circle(r, r, inlay).fill(shadeColor(face.body, tile === 0 ? -0.05 : -0.12));
  g.ellipse(r, r - inlay * 0.38, inlay * 0.78, inlay * 0.48).fill({ color: 0xffffff, alpha: 0.08 });
  g.circle(r, r, inlay).stroke({ width: Math.max(1, size * 0.025), color: face.spot, alpha: 0.9 });
  root.addChild(g);

  if (face.mark === 'clover') {
    drawClover(g, r, r, size * 0.5, colorNumber(palette.clover));
    return root;
  }
  const label = new Text({
    text: String(tile),
    style: {
      fontFamily: SITE_FONT,
      fontWeight: '800',
      fontSize: Math.round(size * (tile >= 10 ? 0.3 : 0.36)),
      fill: face.ink,
    },
  });
  label.anchor.set(0.5);
  label.position.set(r, r + size * 0.005);
  root.addChild(label);
  return root;
}
