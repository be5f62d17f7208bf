import { Container } from 'pixi.js';

/**
 * Static drawings made of many translucent layers (gradients drawn as bands, rings of glow) cost a
 * software renderer one fill per layer every frame. Wrapped in a `Baked`, they are rendered once
 * into an antialiased texture (the canvas itself has no multisampling) and drawn as one quad; call
 * `refresh()` after redrawing them.
 */
export class Baked<T extends Container = Container> {
  /** Add this to the scene. */
  readonly view = new Container();

  constructor(readonly content: T) {
    this.view.addChild(content);
    this.view.cacheAsTexture({ antialias: true });
  }

  /** Re-renders the cached texture after `content` changed. */
  refresh(): void {
    this.view.updateCacheTexture();
  }
}
