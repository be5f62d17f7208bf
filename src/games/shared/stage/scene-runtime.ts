import { UPDATE_PRIORITY, type Application } from 'pixi.js';
import { capBatchTextures } from '../batch-texture-cap';
import { FrameRate } from '../frame-rate';
import type { GameScene, SceneCue, SceneInput, SoundBus } from '../scene';
import { keepTweensOnTime } from '../toolkit/tweens';
import type { TuningValues, TuningSchema } from '../tuning';
import { WebGLApplication } from '../webgl-application';
import { loadSceneModule, type SceneModule } from './scene-modules';

/**
 * Pixi's settings for a table, on the page or in the worker. No multisampling: on software WebGL
 * (SwiftShader: headless Chromium, devices without a usable GPU) a 4× multisampled canvas costs
 * 5–10 ms of rasterising per frame, more than a whole scene; curved and slanted shapes are drawn
 * once into antialiased textures instead (the scene toolkit's `smooth`, `Baked` and `Baker`, the
 * tile and ball atlases). A transparent canvas, and no CSS size set by Pixi: the canvas' CSS size is
 * the stage's box (games.css), Pixi only sets its pixels.
 */
const STAGE_SETTINGS = { antialias: false, backgroundAlpha: 0, autoDensity: false } as const;

/** Pixi could not start a renderer on the canvas (no WebGL there): not a failure to retry. */
export class NoRenderer extends Error {
  constructor(cause: unknown) {
    super(String(cause), { cause });
    this.name = 'NoRenderer';
  }
}

/**
 * A game's scene module and a Pixi application started on `canvas` (the page's, or the worker's
 * OffscreenCanvas), with the settings above. The scene's module loads first: importing Pixi's
 * text, graphics and other display objects registers their render pipes, and a renderer only
 * takes the pipes registered before it is made. An application whose start failed is freed and
 * the failure thrown as `NoRenderer`.
 */
export async function startStage(options: {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  gameType: string;
  width: number;
  height: number;
  resolution: number;
}): Promise<{ app: WebGLApplication; module: SceneModule }> {
  // A round's animation must end on time even when frames drop (a busy phone, software WebGL).
  keepTweensOnTime();
  // Cheaper pixels for software WebGL (see batch-texture-cap.ts); before the first Application.
  capBatchTextures();
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
  } catch (error) {
    freeApplication(app);
    throw new NoRenderer(error);
  }
  return { app, module };
}

/** Destroys `app` with its canvas and scene; a half-made application must not throw here. */
export function freeApplication(app: Application): void {
  try {
    app.destroy({ removeView: true }, { children: true });
  } catch {
    // Nothing left to free.
  }
}

/**
 * A scene running on an initialised Pixi application, wherever that application lives (the page's
 * thread or the stage's worker): the frame pacing (frame-rate.ts), the scene on the stage, and a
 * cue or a touch waking the stage.
 */
export interface SceneRuntime<C extends SceneCue> {
  play(cue: C, options: { turbo: boolean }): Promise<void>;
  resize(width: number, height: number): void;
  /** The player touched the table (a hover, a drag): draw every frame for a while. */
  wake(): void;
  destroy(): void;
}

export function startScene<C extends SceneCue>(options: {
  app: Application;
  module: SceneModule;
  tuning: TuningValues<TuningSchema>;
  sound: SoundBus;
  reducedMotion: boolean;
  onInput: (input: SceneInput) => void;
  width: number;
  height: number;
}): SceneRuntime<C> {
  const { app } = options;
  // Fewer frames at rest (frame-rate.ts); before anything else this frame, so a cue that just
  // started is drawn at the full rate from its first frame on.
  const rate = new FrameRate(performance.now());
  let scene: GameScene<SceneCue> | null = null;
  const pace = () => {
    const fps = rate.maxFps(performance.now(), scene?.busy() ?? false, scene?.ambient() ?? true);
    if (app.ticker.maxFPS !== fps) app.ticker.maxFPS = fps;
  };
  app.ticker.add(pace, undefined, UPDATE_PRIORITY.INTERACTION);
  const wake = () => {
    rate.wake(performance.now());
    app.ticker.maxFPS = 0;
  };
  scene = options.module.createScene({
    app,
    tuning: options.tuning,
    sound: options.sound,
    reducedMotion: options.reducedMotion,
    onInput: options.onInput,
  });
  app.stage.addChild(scene.view);
  scene.resize(options.width, options.height);
  const live = scene;
  return {
    // A cue wakes the stage as it starts: at rest the next frame may be a heartbeat away.
    play: (cue, playOptions) => {
      wake();
      return live.play(cue, playOptions);
    },
    resize: (width, height) => {
      app.renderer.resize(width, height);
      live.resize(width, height);
      wake();
    },
    wake,
    destroy: () => {
      app.ticker.remove(pace);
      live.destroy();
    },
  };
}
