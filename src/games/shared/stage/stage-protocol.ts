import type { SceneCue, SceneInput } from '../scene';
import type { SoundBook } from '../sound-recipe';

/**
 * The messages between a table on the page and its stage in a worker (stage.worker.ts). The
 * page keeps the game's machine, its sounds and the real canvas element; the worker draws into
 * the canvas (transferred to it) and runs the scene. Pointer events cross as plain data.
 */

/** A pointer or wheel event of the page's canvas, as Pixi's event system reads it. */
export interface ForwardedPointer {
  /** Which of Pixi's handlers takes it. */
  handler: 'down' | 'move' | 'up' | 'overOut' | 'wheel';
  type: string;
  /** Whether the event happened on the canvas (a `pointerup` elsewhere is Pixi's "outside"). */
  onCanvas: boolean;
  rect: { left: number; top: number; width: number; height: number };
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  button: number;
  buttons: number;
  clientX: number;
  clientY: number;
  pageX: number;
  pageY: number;
  movementX: number;
  movementY: number;
  width: number;
  height: number;
  pressure: number;
  tiltX: number;
  tiltY: number;
  twist: number;
  tangentialPressure: number;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  deltaX: number;
  deltaY: number;
  deltaZ: number;
  deltaMode: number;
}

/** What a game's stage starts from (the table's box, its tuning), on the page or here. */
export interface StageStart {
  gameType: string;
  width: number;
  height: number;
  resolution: number;
  tuning: Record<string, unknown>;
  reducedMotion: boolean;
}

export type ToWorker =
  | ({ type: 'init'; canvas: OffscreenCanvas } & StageStart)
  | { type: 'play'; id: number; cue: SceneCue; turbo: boolean }
  | { type: 'resize'; width: number; height: number; tuning: Record<string, unknown> }
  | { type: 'pointer'; event: ForwardedPointer }
  /** The game's sound effects to render to WAV here, off the page's thread (sound-bus.ts). */
  | { type: 'sounds'; book: SoundBook }
  | { type: 'destroy' };

export type FromWorker =
  /** Pixi is up (the loading bar's first share). */
  | { type: 'drawing' }
  /** The scene is on the stage. */
  | { type: 'ready' }
  /** Pixi or the scene failed; `webgl` says the worker had no WebGL at all. */
  | { type: 'failed'; message: string; webgl: boolean }
  | { type: 'played'; id: number }
  | { type: 'input'; input: SceneInput }
  | { type: 'sound'; name: string }
  /** The rendered sounds, WAV bytes by name (their buffers transferred). */
  | { type: 'wavs'; wavs: Record<string, ArrayBuffer> }
  | { type: 'cursor'; cursor: string };
