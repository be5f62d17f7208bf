import { extensions, ExtensionType, type WebGLRenderer } from 'pixi.js';

/**
 * How many textures one batched draw may sample (Pixi's default is every texture unit the GPU has,
 * 16–32). Pixi's WebGL batch shader picks the texture with an if/else chain as long as this number,
 * and a software rasteriser (SwiftShader: headless Chromium, phones and PCs without a usable GPU)
 * runs every branch for every pixel: measured at 390×844 in headless Chromium, a full-canvas quad
 * cost ~26 ms with 32 branches and ~8 ms with 4. Our scenes use a handful of textures per frame, so
 * four keeps their draw calls about the same while every blended pixel gets several times cheaper.
 */
export const BATCH_TEXTURES = 4;

/**
 * A WebGL system that caps `renderer.limits.maxBatchableTextures`. Pixi has no option for it since
 * v8, so this runs on `contextChange`, after the limits system measured the GPU and before the
 * batchers and the graphics pipe compile their shaders from that number (systems' handlers run in
 * the order they were added, pipes' after every system's).
 */
class BatchTextureCap {
  static extension = { type: [ExtensionType.WebGLSystem], name: 'batchTextureCap' } as const;

  constructor(private readonly renderer: WebGLRenderer) {}

  contextChange(): void {
    const limits = this.renderer.limits;
    limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, BATCH_TEXTURES);
  }

  destroy(): void {}
}

let added = false;

/** Registers the cap once, before the first Application is created. */
export function capBatchTextures(): void {
  if (added) return;
  added = true;
  extensions.add(BatchTextureCap);
}
