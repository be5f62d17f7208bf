import { Container } from 'pixi.js';

/**
 * Draws `view` (vector shapes with curved or slanted edges) into an antialiased texture shown as
 * one quad: the canvas has no multisampling (game-stage.tsx), so live shapes would have jagged
 * edges. Call it again after redrawing `view`; moving, fading, turning or tinting it needs no
 * redraw. A view drawn empty is shown live (there is nothing to keep).
 */
export function smooth(view: Container): void {
  const bounds = view.getLocalBounds();
  if (bounds.width <= 0 || bounds.height <= 0) {
    if (view.isCachedAsTexture) view.cacheAsTexture(false);
  } else if (view.isCachedAsTexture) view.updateCacheTexture();
  else view.cacheAsTexture({ antialias: true });
}

/**
 * Static drawings made of many translucent layers (gradients drawn as bands, rings of glow) cost a
 * software renderer one fill per layer every frame. Wrapped in a `Baked`, they are rendered once
 * into an antialiased texture and drawn as one quad; call `refresh()` after redrawing them.
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
