import {
  Rectangle,
  UPDATE_PRIORITY,
  type Application,
  type Container,
  type FillGradient,
  type GradientOptions,
  type Renderer,
  type Texture,
} from 'pixi.js';
import { sharedGradient } from './gradients';

/**
 * The texture baker of one scene: vector drawings rendered once into antialiased textures
 * (renderer.generateTexture; the canvas has no multisampling, see game-stage.tsx), and the textures
 * they replace, freed only after a frame has rendered without them (the GPU may still have them
 * bound). Gradients are the thread's, never freed (gradients.ts). For drawings that stay in place,
 * `smooth()` and `Baked` cache the live drawing instead.
 */
export class Baker {
  private readonly spent: Texture[] = [];
  private scheduled = false;

  constructor(private readonly app: Application) {}

  /** Renders `source` into a texture of exactly `width` × `height` px and frees `source`. */
  bake(source: Container, width: number, height: number, resolution?: number): Texture {
    const texture = (this.app.renderer as Renderer).generateTexture({
      target: source,
      frame: new Rectangle(0, 0, width, height),
      antialias: true,
      ...(resolution === undefined ? {} : { resolution }),
    });
    source.destroy({ children: true });
    return texture;
  }

  /** A gradient for a drawing to bake: the thread's, kept (gradients.ts). */
  gradient(options: GradientOptions): FillGradient {
    return sharedGradient(options);
  }

  /** Frees these once the next frame has rendered. */
  retire(...items: Texture[]): void {
    this.spent.push(...items);
    if (this.scheduled || this.spent.length === 0) return;
    this.scheduled = true;
    // After the render of the coming frame (UTILITY runs after the application's render).
    this.app.ticker.addOnce(() => this.free(), undefined, UPDATE_PRIORITY.UTILITY);
  }

  /** Frees everything now (the scene is going away). */
  destroy(): void {
    this.free();
  }

  private free(): void {
    this.scheduled = false;
    for (const texture of this.spent.splice(0)) texture.destroy(true);
  }
}
