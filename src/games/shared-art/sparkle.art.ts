import { Graphics, type Texture } from 'pixi.js';
import type { Baker } from '../shared/toolkit';

/** The white effect textures MINES and LIMBO tint at use: a soft glow and a four-pointed sparkle. */

/** A soft white radial glow, 128 px. */
export function bakeGlow(baker: Baker): Texture {
  const s = 128;
  const c = s / 2;
  const g = new Graphics();
  const rings = 24;
  for (let i = 0; i < rings; i++)
    g.circle(c, c, c * (1 - i / rings)).fill({ color: '#ffffff', alpha: 0.018 + (i / rings) * 0.05 });
  return baker.bake(g, s, s);
}

/** A white four-pointed star with a soft centre, 64 px. */
export function bakeSparkle(baker: Baker): Texture {
  const s = 64;
  const c = s / 2;
  const points: number[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const r = i % 2 === 0 ? c : c * 0.16;
    points.push(c + Math.cos(a) * r, c + Math.sin(a) * r);
  }
  const g = new Graphics()
    .poly(points)
    .fill('#ffffff')
    .circle(c, c, c * 0.3)
    .fill({ color: '#ffffff', alpha: 0.6 });
  return baker.bake(g, s, s);
}
