import { Application, WebGLRenderer, type ApplicationOptions } from 'pixi.js';

/**
 * Pixi's Application drawn with WebGL, without Pixi's test context. `Application.init` asks
 * `autoDetectRenderer`, which opens a throw-away WebGL context to learn whether WebGL works (then
 * loses it) before the renderer opens its own. Opening a context makes the page's thread wait for
 * the GPU process: measured on /dice in headless Chromium (SwiftShader, this machine's only GL),
 * the throw-away one took 1.3 s of the page's thread and the renderer's 0.1 s after it. The stage
 * wants WebGL whatever the device (game-stage.tsx: WebGPU draws nothing in headless Chromium, and
 * the scenes are written for WebGL), so only the renderer's context is opened; on a device without
 * WebGL that fails, and the table shows its load error with a retry (game-layout.tsx).
 */
export class WebGLApplication extends Application<WebGLRenderer> {
  override async init(options: Partial<ApplicationOptions> = {}): Promise<void> {
    const settings = { ...options };
    const renderer = new WebGLRenderer();
    await renderer.init(settings);
    this.renderer = renderer;
    // What Application.init does after choosing its renderer: the ticker and resize plugins.
    for (const plugin of Application._plugins) plugin.init.call(this, settings);
  }
}
