import { Graphics, RenderTexture, Sprite, type Renderer } from 'pixi.js';
import { mixColor } from './color';

/**
 * A scene's backdrop: a vertical gradient with an optional soft light, baked once per size into a
 * half-resolution render texture (it is all smooth colour), so the full-canvas fill costs one sprite
 * per frame instead of many blended layers.
 */

/** A soft elliptic light on the backdrop. */
export interface BackdropLight {
  x: number;
  y: number;
  radiusX: number;
  radiusY: number;
  color: number;
  /** Peak opacity at the light's centre. */
  alpha: number;
}

/** The backdrop sprite and its baked texture. */
export class Backdrop {
  /** Add this to the scene, below everything. */
  readonly sprite: Sprite;
  private readonly texture = RenderTexture.create({ width: 1, height: 1 });

  constructor(private readonly renderer: Renderer) {
    this.sprite = new Sprite(this.texture);
  }

  /** Re-renders the backdrop for a canvas size and colours. */
  bake(width: number, height: number, top: number, bottom: number, lights: readonly BackdropLight[]): void {
    const w = Math.max(1, Math.ceil(width));
    const h = Math.max(1, Math.ceil(height));
    this.texture.resize(w, h, Math.max(0.5, this.renderer.resolution / 2));
    const g = new Graphics();
    const bands = 48;
    for (let i = 0; i < bands; i++) {
      g.rect(0, (h * i) / bands, w, h / bands + 1).fill(mixColor(top, bottom, i / (bands - 1)));
    }
    for (const light of lights) {
      const rings = 12;
      for (let i = 0; i < rings; i++) {
        const k = 1 - i / rings;
        g.ellipse(light.x, light.y, light.radiusX * k, light.radiusY * k).fill({
          color: light.color,
          alpha: light.alpha / rings,
        });
      }
    }
    this.renderer.render({ container: g, target: this.texture, clear: true });
    g.destroy();
    this.sprite.texture = this.texture;
    this.sprite.setSize(w, h);
  }

  /** Frees the baked texture. */
  destroy(): void {
    this.sprite.destroy();
    this.texture.destroy(true);
  }
}
