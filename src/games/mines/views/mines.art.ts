import { FillGradient, Graphics, type ColorSource, type Texture } from 'pixi.js';
import { lerpColor, type Baker } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';

/**
 * MINES's own art, baked per tile size and colours: the raised tile (and its hovered face), the
 * well under it, a plate for flashes, the auto-bet outline, the gem, the mine, and the shards' dot.
 */

type Tuning = TuningValues<typeof tuning>;

/** The font stack MINES writes with. */
export const MINES_FONT = [
  'Segoe UI',
  'system-ui',
  '-apple-system',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'Noto Sans',
  'sans-serif',
];

/** The textures of one tile size. */
export interface TileTextures {
  cell: number;
  face: Texture;
  hover: Texture;
  well: Texture;
  plate: Texture;
  mark: Texture;
  gem: Texture;
  mine: Texture;
}

/** Every texture of a tile size, to retire them together. */
export function tileTextureList(tex: TileTextures): Texture[] {
  return [tex.face, tex.hover, tex.well, tex.plate, tex.mark, tex.gem, tex.mine];
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
export function makeTileTextures(baker: Baker, cell: number, t: Tuning): TileTextures {
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
  const hover = raised(t.tileHoverColor, lerpColor(t.tileLightColor, '#ffffff', 0.18).toHex());

  const wellGradient = vertical(baker, lerpColor(t.wellColor, '#000000', 0.5).toHex(), t.wellColor);
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
  const mid = lerpColor(body, light, 0.45).toHex();
  const deep = lerpColor(body, dark, 0.55).toHex();
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
  const dark = lerpColor(shell, '#000000', 0.6).toHex();
  const metal = lerpColor(shell, '#ffffff', 0.42).toHex();
  const highlight = lerpColor(shell, '#ffffff', 0.5).toHex();
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
  g.circle(48 * k, 47.5 * k, 4.5 * k).fill(lerpColor(t.mineGlowColor, '#ffffff', 0.75).toHex());
  g.ellipse(38 * k, 35 * k, 9 * k, 5.5 * k).fill({ color: '#ffffff', alpha: 0.4 });
  return baker.bake(g, side, side);
}

/** A small white dot (explosion shards). */
export function makeDotTexture(baker: Baker): Texture {
  const s = 16;
  return baker.bake(new Graphics().circle(s / 2, s / 2, s / 2 - 0.5).fill('#ffffff'), s, s);
}
