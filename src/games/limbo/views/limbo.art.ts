import { Graphics, type Texture } from 'pixi.js';
import { lerpColor, type Baker } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';

/** LIMBO's own art, baked once per size and colours: the rocket, its flame and the stars. */

type Tuning = TuningValues<typeof tuning>;

/** The type LIMBO writes with: the site's font stack. */
export const LIMBO_FONT = [
  'Segoe UI',
  'system-ui',
  '-apple-system',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'Noto Sans',
  'sans-serif',
];

/**
 * The rocket, nose up, `h` px tall: an ogive body with a gold nose cone, a round window, three fins
 * and a nozzle. The profile is sampled so the nose and the body share one outline.
 */
export function makeRocketTexture(baker: Baker, h: number, t: Tuning): Texture {
  const bw = h * 0.3;
  const w = Math.ceil(h * 0.62);
  const cx = w / 2;
  const bodyEnd = 0.84;
  // Half-width of the body at height y (share of h): an ogive to 45 %, then a slight taper.
  const half = (y: number) =>
    y <= 0.45
      ? (bw / 2) * Math.pow(Math.sin((Math.PI / 2) * (y / 0.45)), 0.75)
      : (bw / 2) * (1 - ((y - 0.45) / (bodyEnd - 0.45)) * 0.16);
  const profile = (from: number, to: number) => {
    const right: number[] = [];
    const left: number[] = [];
    const steps = 18;
    for (let i = 0; i <= steps; i++) {
      const y = from + ((to - from) * i) / steps;
      right.push(cx + half(y), y * h);
      left.unshift(cx - half(y), y * h);
    }
    const points: number[] = [];
    for (let i = 0; i < left.length; i += 2) points.push(left[i]!, left[i + 1]!);
    return [...right, ...points];
  };
  const accentDark = lerpColor(t.rocketAccentColor, '#000000', 0.35).toHex();
  const shade = baker.gradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 1, y: 0 },
    colorStops: [
      { offset: 0, color: lerpColor(t.rocketColor, '#000000', 0.25).toHex() },
      { offset: 0.35, color: t.rocketColor },
      { offset: 1, color: lerpColor(t.rocketColor, '#000000', 0.45).toHex() },
    ],
    textureSpace: 'local',
  });
  const g = new Graphics();
  // Side fins behind the body.
  for (const side of [-1, 1]) {
    g.poly([
      cx + side * bw * 0.42,
      h * 0.56,
      cx + side * bw * 0.98,
      h * 0.8,
      cx + side * bw * 0.98,
      h * 0.95,
      cx + side * bw * 0.36,
      h * 0.82,
    ])
      .fill(t.rocketAccentColor)
      .stroke({ color: accentDark, width: Math.max(1, h * 0.012), join: 'round' });
  }
  // Nozzle.
  g.poly([
    cx - bw * 0.3,
    h * 0.83,
    cx + bw * 0.3,
    h * 0.83,
    cx + bw * 0.38,
    h * 0.92,
    cx - bw * 0.38,
    h * 0.92,
  ]).fill('#3a4150');
  // Body and nose cone.
  g.poly(profile(0.22, bodyEnd)).fill(shade);
  g.poly(profile(0.001, 0.22)).fill(t.rocketAccentColor);
  g.poly(profile(0.001, bodyEnd)).stroke({
    color: '#000000',
    alpha: 0.35,
    width: Math.max(1, h * 0.012),
    join: 'round',
  });
  g.moveTo(cx - half(0.22), h * 0.22)
    .lineTo(cx + half(0.22), h * 0.22)
    .stroke({ color: accentDark, width: Math.max(1, h * 0.014) });
  // Front fin.
  g.roundRect(cx - bw * 0.07, h * 0.66, bw * 0.14, h * 0.3, bw * 0.05).fill(accentDark);
  // Window.
  const r = bw * 0.22;
  g.circle(cx, h * 0.42, r * 1.28).fill(t.rocketAccentColor);
  g.circle(cx, h * 0.42, r).fill(lerpColor(t.rocketWindowColor, '#000000', 0.25).toHex());
  g.circle(cx - r * 0.1, h * 0.42 - r * 0.1, r * 0.78).fill(t.rocketWindowColor);
  g.ellipse(cx - r * 0.35, h * 0.42 - r * 0.4, r * 0.32, r * 0.2).fill({ color: '#ffffff', alpha: 0.7 });
  // A highlight down the lit side.
  g.roundRect(cx - bw * 0.3, h * 0.27, bw * 0.08, h * 0.45, bw * 0.04).fill({
    color: '#ffffff',
    alpha: 0.35,
  });
  return baker.bake(g, w, h);
}

/** The flame under the nozzle, pointing down: three nested teardrops (outer, middle, core). */
export function makeFlameTexture(baker: Baker, h: number, t: Tuning): Texture {
  const bw = h * 0.3;
  const w = Math.ceil(bw * 0.9);
  const length = Math.ceil(h * 0.55);
  const cx = w / 2;
  const drop = (g: Graphics, halfWidth: number, len: number) =>
    g
      .moveTo(cx - halfWidth, 0)
      .bezierCurveTo(cx - halfWidth * 1.15, len * 0.45, cx - halfWidth * 0.25, len * 0.8, cx, len)
      .bezierCurveTo(cx + halfWidth * 0.25, len * 0.8, cx + halfWidth * 1.15, len * 0.45, cx + halfWidth, 0)
      .closePath();
  const g = new Graphics();
  drop(g, w * 0.46, length).fill({ color: t.flameColor, alpha: 0.85 });
  drop(g, w * 0.32, length * 0.72).fill(lerpColor(t.flameColor, t.flameCoreColor, 0.6).toHex());
  drop(g, w * 0.17, length * 0.45).fill({ color: lerpColor(t.flameCoreColor, '#ffffff', 0.5).toHex() });
  return baker.bake(g, w, length);
}

/** A small star: a bright core in a faint halo (tinted at use). */
export function makeStarTexture(baker: Baker): Texture {
  const s = 12;
  const c = s / 2;
  const g = new Graphics()
    .circle(c, c, c)
    .fill({ color: '#ffffff', alpha: 0.18 })
    .circle(c, c, c * 0.45)
    .fill('#ffffff');
  return baker.bake(g, s, s);
}
