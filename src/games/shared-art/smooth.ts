import type { Container } from 'pixi.js';

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
