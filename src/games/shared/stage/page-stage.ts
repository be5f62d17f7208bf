// The site's CSP has no 'unsafe-eval' (server/infra/security/http-headers.ts): Pixi's eval-free paths.
import 'pixi.js/unsafe-eval';
import type { SceneCue, SceneInput, SoundBus } from '../scene';
import type { TuningSchema, TuningValues } from '../tuning';
import { freeApplication, startScene, startStage, type SceneRuntime } from './scene-runtime';

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
  const { app, module } = await startStage(options);
  try {
    const runtime = startScene<C>({ ...options, app, module });
    return {
      ...runtime,
      destroy: () => {
        runtime.destroy();
        freeApplication(app);
      },
    };
  } catch (error) {
    freeApplication(app);
    throw error;
  }
}
