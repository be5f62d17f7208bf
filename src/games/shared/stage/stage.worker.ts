/// <reference lib="webworker" />
// Pixi in a worker: its own adapter (no DOM), the event system added by hand (Pixi's worker
// environment leaves it out: pointer events arrive from the page, below).
import { DOMAdapter, WebWorkerAdapter, type EventSystem } from 'pixi.js';
import 'pixi.js/events';
import 'pixi.js/unsafe-eval';
import type { SceneCue } from '../scene';
import { renderWav } from '../synth';
import type { TuningSchema, TuningValues } from '../tuning';
import type { WebGLApplication } from '../webgl-application';
import { freeApplication, NoRenderer, startScene, startStage, type SceneRuntime } from './scene-runtime';
import type { ForwardedPointer, FromWorker, ToWorker } from './stage-protocol';

/**
 * A game's stage off the page's thread (issue 18). On WebGL the page's thread waits for the GPU
 * process when a context opens and when shaders compile: on software WebGL (SwiftShader, devices
 * without a usable GPU) that is seconds of a page that cannot answer a tap. Here those waits, Pixi's
 * start and every frame's drawing happen in this worker; the page keeps the game's machine, its
 * sounds and its controls, and sends cues and pointer events.
 */

declare const self: DedicatedWorkerGlobalScope;

/**
 * What Pixi's event system touches outside a canvas: a `document` for its move listener and
 * hover check (EventsTicker dispatches a synthetic `pointermove` on it), and a `PointerEvent`
 * constructor whose presence makes it use pointer events. No listener is ever called through them:
 * the page's events go straight to the system's handlers (`dispatch` below).
 */
class WorkerPointerEvent {
  constructor(
    readonly type: string,
    init: Record<string, unknown> = {},
  ) {
    Object.assign(this, init);
  }
}
const scope = globalThis as unknown as Record<string, unknown>;
scope.PointerEvent ??= WorkerPointerEvent;
scope.document ??= {
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: (event: Record<string, unknown>) => {
    // EventsTicker's "pointer still over a moving object" check: a move where the pointer was.
    if (last) pixiHandlers?.move({ ...last, ...event, type: 'pointermove' });
    return true;
  },
};

DOMAdapter.set(WebWorkerAdapter);

const send = (message: FromWorker) => self.postMessage(message);

let app: WebGLApplication | null = null;
let runtime: SceneRuntime<SceneCue> | null = null;
let events: EventSystem | null = null;
let pixiHandlers: Record<ForwardedPointer['handler'], Handler> | null = null;
let tuning: TuningValues<TuningSchema> = {} as TuningValues<TuningSchema>;
let rect = { left: 0, top: 0, width: 1, height: 1 };
let last: Record<string, unknown> | null = null;
let cursor = '';
let destroyed = false;

/** The canvas as Pixi's event system sees it: its size, and where the page shows it. */
function proxyElement(canvas: OffscreenCanvas) {
  return {
    style: {} as Record<string, string>,
    isConnected: true,
    get width() {
      return canvas.width;
    },
    get height() {
      return canvas.height;
    },
    getBoundingClientRect: () => ({
      ...rect,
      x: rect.left,
      y: rect.top,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
    }),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

type Handler = (event: Record<string, unknown>) => void;
/** Pixi's own handlers of the page's events (bound in EventSystem's constructor). */
function handlers(system: EventSystem): Record<ForwardedPointer['handler'], Handler> {
  const own = system as unknown as Record<string, Handler>;
  return {
    down: own._onPointerDown!,
    move: own._onPointerMove!,
    up: own._onPointerUp!,
    overOut: own._onPointerOverOut!,
    wheel: own.onWheel!,
  };
}

function dispatch(forwarded: ForwardedPointer) {
  if (!events) return;
  rect = forwarded.rect;
  const element = events.domElement;
  const event: Record<string, unknown> = {
    ...forwarded,
    target: forwarded.onCanvas ? element : null,
    isTrusted: true,
    cancelable: false,
    preventDefault: () => undefined,
  };
  last = event;
  // The page sends only what happens on the table or during a drag (worker-stage.ts): each wakes
  // the stage, which otherwise rests at a few frames a second (frame-rate.ts).
  runtime?.wake();
  pixiHandlers?.[forwarded.handler](event);
  const next = (element as unknown as { style: Record<string, string> }).style.cursor ?? '';
  if (next !== cursor) {
    cursor = next;
    send({ type: 'cursor', cursor });
  }
}

async function init(message: Extract<ToWorker, { type: 'init' }>) {
  tuning = message.tuning as TuningValues<TuningSchema>;
  const { app: stage, module } = await startStage(message);
  app = stage;
  if (destroyed) return;
  send({ type: 'drawing' });
  events = stage.renderer.events;
  // Pointer events, as on the page (a PointerEvent constructor exists: above).
  (events as { supportsPointerEvents: boolean }).supportsPointerEvents = true;
  events.setTargetElement(proxyElement(message.canvas) as unknown as HTMLElement);
  pixiHandlers = handlers(events);
  runtime = startScene({
    app: stage,
    module,
    tuning,
    sound: { play: (name) => send({ type: 'sound', name }) },
    reducedMotion: message.reducedMotion,
    onInput: (input) => send({ type: 'input', input }),
    width: message.width,
    height: message.height,
  });
  if (destroyed) return;
  send({ type: 'ready' });
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      // No renderer here: the page may draw instead (`webgl: false`). Anything else that stops the
      // start (the scene's chunk failing to load on a weak connection) reaches the page as a
      // failure it offers to retry, not a table left loading for good.
      init(message).catch((error: unknown) =>
        send({ type: 'failed', message: String(error), webgl: !(error instanceof NoRenderer) }),
      );
      break;
    case 'play': {
      const done = () => send({ type: 'played', id: message.id });
      if (!runtime) done();
      else runtime.play(message.cue, { turbo: message.turbo }).then(done, done);
      break;
    }
    case 'resize':
      // `?tune` edits the page's values in place; the scene here reads its own copy.
      Object.assign(tuning, message.tuning);
      runtime?.resize(message.width, message.height);
      break;
    case 'pointer':
      dispatch(message.event);
      break;
    case 'sounds': {
      const wavs: Record<string, ArrayBuffer> = {};
      for (const [name, recipe] of Object.entries(message.book)) wavs[name] = renderWav(recipe);
      self.postMessage({ type: 'wavs', wavs } satisfies FromWorker, Object.values(wavs));
      break;
    }
    case 'destroy':
      destroyed = true;
      runtime?.destroy();
      runtime = null;
      if (app) freeApplication(app);
      self.close();
      break;
  }
};
