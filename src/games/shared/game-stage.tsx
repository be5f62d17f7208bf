import { UPDATE_PRIORITY } from 'pixi.js';
// The site's CSP has no 'unsafe-eval' (server/security/http-headers.ts): Pixi's eval-free paths.
import 'pixi.js/unsafe-eval';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../lib/motion';
import { capBatchTextures } from './batch-texture-cap';
import { FrameRate } from './frame-rate';
import type { GameScene, SceneCue, SceneFactory, SceneInput } from './scene';
import { loadSoundBus, type LoadedSoundBus } from './sound-bus';
import type { SoundBook } from './sound-recipe';
import { keepTweensOnTime } from './toolkit/tweens';
import type { TuningSchema, TuningValues } from './tuning';
import { WebGLApplication } from './webgl-application';

/**
 * The Pixi host of a game (React hosts, Pixi renders): one Application per visit, created in an
 * effect and destroyed only after its asynchronous init has finished (so React's StrictMode double
 * mount is safe), the game's sounds rendered and loaded, the scene created and kept sized to its
 * box from a 360 px phone to a wide desktop. The scene is handed to the game through `onScene`.
 */
export interface GameStageProps<S extends TuningSchema, C extends SceneCue> {
  createScene: SceneFactory<S, C>;
  tuning: TuningValues<S>;
  sounds: SoundBook;
  /** Player input from the scene (already bound to the game's machine). */
  onInput: (input: SceneInput) => void;
  /** The scene once it is ready, and null when it goes away. */
  onScene: (scene: GameScene<C> | null, size: () => { width: number; height: number }) => void;
  /** Loading progress 0..1 (Pixi, sounds, scene). */
  onProgress: (share: number) => void;
  /** A failure the player can retry (WebGL missing, …). */
  onError: (error: unknown) => void;
  /** Accessible name of the canvas. */
  label: string;
}

// A round's animation must end on time even when frames drop (a busy phone, software WebGL).
keepTweensOnTime();
// Cheaper pixels for software WebGL (see batch-texture-cap.ts); must precede the first Application.
capBatchTextures();

/** What the player does on the table that may animate it outside a cue (hover, drag, scroll). */
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'wheel'] as const;

/** Share of the progress bar each loading step ends at. */
const PROGRESS = { pixi: 0.3, sounds: 0.9, scene: 1 } as const;

export function GameStage<S extends TuningSchema, C extends SceneCue>(props: GameStageProps<S, C>) {
  const box = useRef<HTMLDivElement>(null);
  // The latest callbacks, read at call time so the stage is built once per mount.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let scene: GameScene<C> | null = null;
    let sound: LoadedSoundBus | null = null;
    let observer: ResizeObserver | null = null;
    let wake: (() => void) | null = null;
    const app = new WebGLApplication();
    const size = () => ({
      width: Math.max(1, Math.floor(element.clientWidth)),
      height: Math.max(1, Math.floor(element.clientHeight)),
    });

    const ready = (async () => {
      const { width, height } = size();
      await app.init({
        width,
        height,
        // No multisampling: on software WebGL (SwiftShader: headless Chromium, devices without a
        // usable GPU) a 4× multisampled canvas costs 5–10 ms of rasterising per frame, more than a
        // whole scene. Curved and slanted shapes are drawn once into antialiased textures instead
        // (the scene toolkit's `smooth`, `Baked` and `Baker`, the tile and ball atlases).
        antialias: false,
        backgroundAlpha: 0,
        resolution: Math.min(window.devicePixelRatio || 1, 2),
        autoDensity: true,
      });
      if (disposed) return;
      latest.current.onProgress(PROGRESS.pixi);
      sound = await loadSoundBus(latest.current.sounds, (share) =>
        latest.current.onProgress(PROGRESS.pixi + (PROGRESS.sounds - PROGRESS.pixi) * share),
      );
      if (disposed) return;
      app.canvas.setAttribute('role', 'img');
      app.canvas.setAttribute('aria-label', latest.current.label);
      app.canvas.classList.add('game-stage__canvas');
      element.appendChild(app.canvas);
      // Fewer frames at rest (frame-rate.ts); before anything else this frame, so a cue that
      // just started is drawn at the full rate from its first frame on.
      const rate = new FrameRate(performance.now());
      const pace = () => {
        const fps = rate.maxFps(performance.now(), scene?.busy() ?? false, scene?.ambient() ?? true);
        if (app.ticker.maxFPS !== fps) app.ticker.maxFPS = fps;
      };
      app.ticker.add(pace, undefined, UPDATE_PRIORITY.INTERACTION);
      const awake = () => {
        rate.wake(performance.now());
        app.ticker.maxFPS = 0;
      };
      wake = awake;
      const created = latest.current.createScene({
        app,
        tuning: latest.current.tuning,
        sound,
        reducedMotion: prefersReducedMotion(),
        onInput: (input) => latest.current.onInput(input),
      });
      // A cue wakes the stage as it starts: at rest the next frame may be a heartbeat away.
      scene = {
        ...created,
        play: (cue, options) => {
          awake();
          return created.play(cue, options);
        },
      };
      app.stage.addChild(scene.view);
      scene.resize(width, height);
      observer = new ResizeObserver(() => {
        const next = size();
        app.renderer.resize(next.width, next.height);
        scene?.resize(next.width, next.height);
        awake();
      });
      observer.observe(element);
      for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true });
      latest.current.onProgress(PROGRESS.scene);
      latest.current.onScene(scene, size);
    })().catch((error: unknown) => {
      if (!disposed) latest.current.onError(error);
    });

    return () => {
      disposed = true;
      void ready.finally(() => {
        observer?.disconnect();
        if (wake) for (const type of WAKE_EVENTS) element.removeEventListener(type, wake);
        if (scene) latest.current.onScene(null, size);
        scene?.destroy();
        sound?.destroy();
        // init() may have failed; destroying a half-made application must not throw here.
        try {
          app.destroy({ removeView: true }, { children: true });
        } catch {
          // Nothing left to free.
        }
      });
    };
  }, []);

  return <div ref={box} className="game-stage" data-testid="game-canvas" />;
}
