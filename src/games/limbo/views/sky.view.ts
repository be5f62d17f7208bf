import { Container, Graphics, Sprite, type Texture } from 'pixi.js';
import { smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { LimboLayout } from '../limbo.layout';
import type { tuning } from '../tuning';

/** Depth of each star layer (share of the rush speed) and its share of the stars: far, middle, near. */
const STAR_LAYERS = [
  { speed: 0.22, share: 0.5, size: 0.55 },
  { speed: 0.5, share: 0.32, size: 0.8 },
  { speed: 1, share: 0.18, size: 1.15 },
];

interface Star {
  sprite: Sprite;
  layer: number;
  size: number;
}

/**
 * LIMBO's sky: three layers of stars streaming down past the rocket (faster and streaked as the
 * climb speeds up) and the cap of a planet at the bottom, which sinks as the rocket rises.
 */
export class Sky {
  readonly view = new Container();
  private readonly starsLayer = new Container();
  private readonly planet = new Graphics();
  private stars: Star[] = [];

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly starTexture: Texture,
  ) {
    this.view.addChild(this.starsLayer, this.planet);
  }

  /** Scatters new stars and redraws the planet for a new layout. */
  layoutFor(l: LimboLayout): void {
    this.scatter(l);
    this.drawPlanet(l);
  }

  /** Moves the stars on by `ms` at `speed` px/s (the far ones slower). */
  update(l: LimboLayout, ms: number, speed: number): void {
    const t = this.t;
    for (const star of this.stars) {
      const factor = STAR_LAYERS[star.layer]!.speed;
      const s = star.sprite;
      s.y += (speed * factor * ms) / 1000;
      s.scale.y = star.size * Math.min(t.streakMax, 1 + (speed * factor) / 160);
      if (s.y > l.height + 20) {
        s.y = -20 - Math.random() * 40;
        s.x = Math.random() * l.width;
      }
    }
  }

  /** Sinks the planet by `drop` of the canvas height. */
  sink(l: LimboLayout, drop: number): void {
    this.planet.y = drop * l.height;
  }

  private scatter(l: LimboLayout): void {
    const t = this.t;
    const { width, height } = l;
    const count = Math.round(Math.max(0, t.starCount) * Math.min(3, (width * height) / (1280 * 600)));
    for (const child of this.starsLayer.removeChildren()) child.destroy();
    this.stars = [];
    STAR_LAYERS.forEach((layer, index) => {
      const n = Math.round(count * layer.share);
      for (let i = 0; i < n; i++) {
        const size = layer.size * (0.6 + Math.random() * 0.8);
        const sprite = new Sprite({ texture: this.starTexture, anchor: 0.5, tint: t.starColor });
        sprite.alpha = (0.35 + Math.random() * 0.65) * (0.5 + index * 0.25);
        sprite.position.set(Math.random() * width, Math.random() * height);
        sprite.scale.set(size * 0.5);
        this.starsLayer.addChild(sprite);
        this.stars.push({ sprite, layer: index, size: size * 0.5 });
      }
    });
  }

  private drawPlanet(l: LimboLayout): void {
    const t = this.t;
    const { width, height } = l;
    const r = Math.max(width, height) * 1.2;
    const cx = width / 2;
    const cy = height * 0.97 + r;
    // Only the planet's cap shows (it sinks as the rocket climbs), so only the cap is drawn: a slice
    // of the huge circle the canvas is wide, small enough to keep as one antialiased texture.
    const edgeY = cy - Math.sqrt(r * r - (cx + 8) * (cx + 8));
    const bottom = Math.max(height * 1.04, edgeY) + 4;
    const arc = (radius: number) => {
      const points: number[] = [];
      const steps = 48;
      for (let i = 0; i <= steps; i++) {
        const x = -8 + ((width + 16) * i) / steps;
        points.push(x, cy - Math.sqrt(radius * radius - (x - cx) * (x - cx)));
      }
      return points;
    };
    const cap = (radius: number) => [...arc(radius), width + 8, bottom, -8, bottom];
    const rim = arc(r);
    const planet = this.planet;
    planet
      .clear()
      .poly(cap(r + 6))
      .fill({ color: t.planetRimColor, alpha: 0.12 })
      .poly(cap(r))
      .fill(t.planetColor)
      .moveTo(rim[0]!, rim[1]!);
    for (let i = 2; i < rim.length; i += 2) planet.lineTo(rim[i]!, rim[i + 1]!);
    planet
      .stroke({ color: t.planetRimColor, alpha: 0.55, width: 2 })
      .ellipse(cx - width * 0.28, height * 0.99, width * 0.05, height * 0.008)
      .fill({ color: '#000000', alpha: 0.25 })
      .ellipse(cx + width * 0.22, height * 1.01, width * 0.07, height * 0.01)
      .fill({ color: '#000000', alpha: 0.25 });
    smooth(planet);
  }
}
