/**
 * Stands in for Pixi's `canUseNewCanvasBlendModes` in the client's build
 * (scripts/vite-pixi-blend-probe.ts). Pixi's Canvas 2D renderer asks whether a 2D canvas can blend
 * with `multiply`, to tint textures that way; every browser the client is built for can (the
 * compositing modes of Canvas 2D have been in all engines since 2014), so the answer is known.
 */
export function canUseNewCanvasBlendModes(): boolean {
  return true;
}
