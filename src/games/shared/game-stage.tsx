import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../lib/motion';
import type { SceneCue, SceneHandle, SceneInput } from './scene';
import { loadSoundBus, renderOnPage, type LoadedSoundBus } from './sound-bus';
import type { SoundBook } from './sound-recipe';
import type { SceneRuntime } from './stage/scene-runtime';
import { canDrawInWorker, startWorkerStage, WorkerWithoutWebGL } from './stage/worker-stage';
import type { TuningSchema, TuningValues } from './tuning';

/** The stage's size in CSS pixels. */
export type StageSize = { width: number; height: number };

/**
 * The Pixi host of a game (React hosts, Pixi renders): the game's sounds rendered and loaded, the
 * scene drawn into a canvas kept sized to its box from a 360 px phone to a wide desktop, and handed
 * to the game through `onScene`. Where the browser can, Pixi and the scene run in a worker
 * (stage/stage.worker.ts), so opening WebGL, compiling shaders and drawing never hold up the page's
 * thread; elsewhere on the page (stage/page-stage.ts). One stage per visit, torn down only after
 * its asynchronous start has finished (so React's StrictMode double mount is safe).
 */
export interface GameStageProps<S extends TuningSchema, C extends SceneCue> {
  /** The game whose scene to draw (stage/scene-modules.ts). */
  gameType: string;
  tuning: TuningValues<S>;
  sounds: SoundBook;
  /** Player input from the scene (already bound to the game's machine). */
  onInput: (input: SceneInput) => void;
  /** The scene once it is ready, and null when it goes away. */
  onScene: (scene: SceneHandle<C> | null, size: () => StageSize) => void;
  /** Loading progress 0..1 (Pixi, sounds, scene). */
  onProgress: (share: number) => void;
  /** A failure the player can retry (WebGL missing, …). */
  onError: (error: unknown) => void;
  /** Accessible name of the canvas. */
  label: string;
}

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
    let runtime: SceneRuntime<C> | null = null;
    let stopWorker: (() => void) | null = null;
    let sound: LoadedSoundBus | null = null;
    let sounds: Promise<LoadedSoundBus> | null = null;
    let observer: ResizeObserver | null = null;
    let wake: (() => void) | null = null;
    // This mount's canvas: under StrictMode a second mount shares the box while the first one's
    // stage is still starting, so each mount removes its own canvas, never the box's children.
    let target: HTMLCanvasElement | null = null;
    const size = () => ({
      width: Math.max(1, Math.floor(element.clientWidth)),
      height: Math.max(1, Math.floor(element.clientHeight)),
    });
    // The box's first size, read once the browser has laid the page out. Read here, in the effect
    // React runs right after its commit, it forced the whole page's style and layout into that
    // task: /dice's longest task on a first load (Lighthouse trace, 40 of its 52 ms of CPU). Null
    // when the mount goes before the box was laid out.
    let laid: ((at: StageSize | null) => void) | null = null;
    const laidOut = new Promise<StageSize | null>((resolve) => (laid = resolve));
    const firstLayout = new ResizeObserver(() => laid?.(size()));
    firstLayout.observe(element);
    const canvas = () => {
      const created = document.createElement('canvas');
      created.setAttribute('role', 'img');
      created.setAttribute('aria-label', latest.current.label);
      created.classList.add('game-stage__canvas');
      return created;
    };
    const common = (at: StageSize) => ({
      gameType: latest.current.gameType,
      ...at,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      tuning: latest.current.tuning as TuningValues<TuningSchema>,
      reducedMotion: prefersReducedMotion(),
      onInput: (input: SceneInput) => latest.current.onInput(input),
    });
    // Pixi's start, then the sounds: each fills its share of the loading bar.
    let drawingShare = 0;
    let soundShare = 0;
    const progress = () =>
      latest.current.onProgress(
        PROGRESS.pixi * drawingShare + (PROGRESS.sounds - PROGRESS.pixi) * soundShare,
      );

    const onPage = async (drawn: HTMLCanvasElement, at: StageSize) => {
      const { startPageStage } = await import('./stage/page-stage');
      const started = await startPageStage<C>({
        ...common(at),
        canvas: drawn,
        sound: { play: (name) => sound?.play(name) },
      });
      drawingShare = 1;
      progress();
      return started;
    };

    const ready = (async () => {
      const at = await laidOut;
      firstLayout.disconnect();
      if (!at || disposed) return;
      target = canvas();
      element.appendChild(target);
      const worker = canDrawInWorker()
        ? startWorkerStage<C>({
            ...common(at),
            canvas: target,
            sound: () => sound,
            onDrawing: () => {
              drawingShare = 1;
              progress();
            },
          })
        : null;
      stopWorker = worker?.stop ?? null;
      sounds = loadSoundBus(
        latest.current.sounds,
        (share) => {
          soundShare = share;
          progress();
        },
        // In the worker when there is one; on the page if it cannot (it stopped, or failed first).
        worker
          ? (book, onShare) =>
              worker.renderSounds(book, onShare).catch(() => (disposed ? {} : renderOnPage(book, onShare)))
          : renderOnPage,
      );
      if (worker) {
        try {
          runtime = await worker.ready;
        } catch (error) {
          worker.stop();
          stopWorker = null;
          if (!(error instanceof WorkerWithoutWebGL)) throw error;
          // No WebGL in a worker here: the page draws, into a fresh canvas (the first one is the
          // worker's for good).
          target.remove();
          target = canvas();
          element.appendChild(target);
        }
      }
      if (disposed) return;
      runtime ??= await onPage(target, at);
      sound = await sounds;
      if (disposed) return;
      const live = runtime;
      wake = () => live.wake();
      observer = new ResizeObserver(() => {
        const next = size();
        live.resize(next.width, next.height);
      });
      observer.observe(element);
      for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true });
      latest.current.onProgress(PROGRESS.scene);
      latest.current.onScene(live, size);
    })().catch((error: unknown) => {
      if (!disposed) latest.current.onError(error);
    });

    return () => {
      disposed = true;
      firstLayout.disconnect();
      laid?.(null);
      void ready.finally(() => {
        observer?.disconnect();
        if (wake) for (const type of WAKE_EVENTS) element.removeEventListener(type, wake);
        if (wake) latest.current.onScene(null, size);
        runtime?.destroy();
        stopWorker?.();
        // Loaded or not yet: the sounds are freed once they are (a failed start leaves them loading).
        void sounds?.then(
          (loaded) => loaded.destroy(),
          () => undefined,
        );
        target?.remove();
      });
    };
  }, []);

  return <div ref={box} className="game-stage" data-testid="game-canvas" />;
}
