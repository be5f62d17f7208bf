// The site's CSP has no 'unsafe-eval' (server/infra/security/http-headers.ts): Pixi's eval-free paths.
import 'pixi.js/unsafe-eval';
import type { SceneCue, SceneInput, SoundBus } from '../scene';
import { capBatchTextures } from '../batch-texture-cap';
import { keepTweensOnTime } from '../toolkit/tweens';
import type { TuningSchema, TuningValues } from '../tuning';
import { WebGLApplication } from '../webgl-application';
import { loadSceneModule } from './scene-modules';
import { STAGE_SETTINGS, startScene, type SceneRuntime } from './scene-runtime';

// A round's animation must end on time even when frames drop (a busy phone, software WebGL).
keepTweensOnTime();
// Cheaper pixels for software WebGL (see batch-texture-cap.ts); must precede the first Application.
capBatchTextures();

/**
 * A game's stage on the page's own thread, for browsers that cannot hand a canvas to a worker
 * (or whose workers have no WebGL): the same scene and pacing as the worker's (scene-runtime.ts).
 */
export async function startPageStage<C extends SceneCue>(options: {
  canvas: HTMLCanvasElement;
  gameType: string;
  width: number;
  height: number;
  resolution: number;
  tuning: TuningValues<TuningSchema>;
  reducedMotion: boolean;
  sound: SoundBus;
  onInput: (input: SceneInput) => void;
}): Promise<SceneRuntime<C>> {
  // The scene's module first: importing Pixi's text, graphics and other display objects registers
  // their render pipes, and a renderer only takes the pipes registered before it is made.
  const module = await loadSceneModule(options.gameType);
  const app = new WebGLApplication();
  try {
    await app.init({
      canvas: options.canvas,
      width: options.width,
      height: options.height,
      resolution: options.resolution,
      ...STAGE_SETTINGS,
    });
    const runtime = startScene<C>({ ...options, app, module });
    return {
      ...runtime,
      destroy: () => {
        runtime.destroy();
        app.destroy({ removeView: true }, { children: true });
      },
    };
  } catch (error) {
    // init() may have failed; destroying a half-made application must not throw here.
    try {
      app.destroy({ removeView: true }, { children: true });
    } catch {
      // Nothing left to free.
    }
    throw error;
  }
}
