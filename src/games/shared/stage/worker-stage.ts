import type { SceneCue, SceneInput, SoundBus } from '../scene';
import type { WavRenderer } from '../sound-bus';
import type { SceneRuntime } from './scene-runtime';
import type { ForwardedPointer, FromWorker, StageStart, ToWorker } from './stage-protocol';

/** Whether this browser can hand a canvas to a worker (Chromium, Firefox, Safari 16.4+). */
export function canDrawInWorker(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/** The worker could not draw at all (no WebGL in a worker: Safari before 17); the page may. */
export class WorkerWithoutWebGL extends Error {}

/** The pointer events Pixi listens to, on the canvas or on the whole page (a drag's end). */
const ON_CANVAS = {
  pointerdown: 'down',
  pointerover: 'overOut',
  pointerleave: 'overOut',
  wheel: 'wheel',
} as const;
const ON_PAGE = { pointermove: 'move', pointerup: 'up' } as const;

function forward(
  event: PointerEvent | WheelEvent,
  handler: ForwardedPointer['handler'],
  canvas: HTMLCanvasElement,
): ForwardedPointer {
  const box = canvas.getBoundingClientRect();
  const pointer = event as Partial<PointerEvent>;
  const wheel = event as Partial<WheelEvent>;
  return {
    handler,
    type: event.type,
    onCanvas: event.target === canvas,
    rect: { left: box.left, top: box.top, width: box.width, height: box.height },
    pointerId: pointer.pointerId ?? 1,
    pointerType: pointer.pointerType ?? 'mouse',
    isPrimary: pointer.isPrimary ?? true,
    button: event.button,
    buttons: event.buttons,
    clientX: event.clientX,
    clientY: event.clientY,
    pageX: event.pageX,
    pageY: event.pageY,
    movementX: event.movementX,
    movementY: event.movementY,
    width: pointer.width ?? 1,
    height: pointer.height ?? 1,
    pressure: pointer.pressure ?? 0.5,
    tiltX: pointer.tiltX ?? 0,
    tiltY: pointer.tiltY ?? 0,
    twist: pointer.twist ?? 0,
    tangentialPressure: pointer.tangentialPressure ?? 0,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    deltaX: wheel.deltaX ?? 0,
    deltaY: wheel.deltaY ?? 0,
    deltaZ: wheel.deltaZ ?? 0,
    deltaMode: wheel.deltaMode ?? 0,
  };
}

/**
 * Starts a game's stage in a worker (stage.worker.ts) drawing into `canvas`, which is handed over
 * for good. Resolves with the same runtime the page's own stage gives once the scene is on the
 * stage; rejects with `WorkerWithoutWebGL` when the worker cannot draw at all.
 */
export function startWorkerStage<C extends SceneCue>(
  options: StageStart & {
    canvas: HTMLCanvasElement;
    sound: () => SoundBus | null;
    onInput: (input: SceneInput) => void;
    onDrawing: () => void;
  },
): { ready: Promise<SceneRuntime<C>>; renderSounds: WavRenderer; stop: () => void } {
  const { canvas, sound, onInput, onDrawing, ...start } = options;
  const worker = new Worker(new URL('./stage.worker.ts', import.meta.url), { type: 'module' });
  const post = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const pending = new Map<number, () => void>();
  let wavsArrived: ((wavs: Record<string, ArrayBuffer>) => void) | null = null;
  let wavsLost: (() => void) | null = null;
  let nextId = 1;
  const listeners: [EventTarget, string, EventListener][] = [];
  const listen = (target: EventTarget, type: string, listener: EventListener) => {
    target.addEventListener(type, listener, { passive: true });
    listeners.push([target, type, listener]);
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    for (const done of pending.values()) done();
    pending.clear();
    wavsLost?.();
    post({ type: 'destroy' });
  };

  const ready = new Promise<SceneRuntime<C>>((resolve, reject) => {
    worker.onerror = (event) => reject(new Error(event.message || 'stage worker failed'));
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      switch (message.type) {
        case 'drawing':
          onDrawing();
          break;
        case 'ready':
          resolve(runtime);
          break;
        case 'failed':
          reject(message.webgl ? new Error(message.message) : new WorkerWithoutWebGL(message.message));
          break;
        case 'played':
          pending.get(message.id)?.();
          pending.delete(message.id);
          break;
        case 'input':
          onInput(message.input);
          break;
        case 'sound':
          sound()?.play(message.name);
          break;
        case 'cursor':
          canvas.style.cursor = message.cursor;
          break;
        case 'wavs':
          wavsArrived?.(message.wavs);
          break;
      }
    };
  });

  const runtime: SceneRuntime<C> = {
    play: (cue, { turbo }) =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        const id = nextId++;
        pending.set(id, resolve);
        post({ type: 'play', id, cue, turbo });
      }),
    resize: (width, height) => post({ type: 'resize', width, height, tuning: { ...start.tuning } }),
    // The worker wakes its stage on every forwarded pointer event.
    wake: () => undefined,
    destroy: stop,
  };

  // Pixi sets this on a canvas it listens to: the table takes drags instead of the page scrolling.
  canvas.style.touchAction = 'none';
  for (const [type, handler] of Object.entries(ON_CANVAS)) {
    listen(canvas, type, (event) =>
      post({ type: 'pointer', event: forward(event as PointerEvent, handler, canvas) }),
    );
  }
  for (const [type, handler] of Object.entries(ON_PAGE)) {
    listen(globalThis, type, (event) => {
      // A move over the rest of the page matters to Pixi only during a drag that left the table
      // (leaving it is its own `pointerleave`): the others are not sent, so a mouse moving over
      // the bet controls neither costs a message nor wakes a resting table.
      const pointer = event as PointerEvent;
      if (type === 'pointermove' && pointer.target !== canvas && pointer.buttons === 0) return;
      post({ type: 'pointer', event: forward(pointer, handler, canvas) });
    });
  }

  const offscreen = canvas.transferControlToOffscreen();
  // The tuning is copied as it is now: `?tune` edits the page's values in place (sent on resize).
  post({ type: 'init', canvas: offscreen, ...start, tuning: { ...start.tuning } }, [offscreen]);
  // The sounds are synthesised in the worker: a few hundred milliseconds of a phone's CPU the
  // page's thread no longer spends while the table loads.
  const renderSounds: WavRenderer = (book, onProgress) =>
    new Promise((resolve, reject) => {
      wavsArrived = (wavs) => {
        onProgress(1);
        resolve(wavs);
      };
      wavsLost = () => reject(new Error('stage worker stopped'));
      ready.catch(reject);
      post({ type: 'sounds', book });
    });
  return { ready, renderSounds, stop };
}
