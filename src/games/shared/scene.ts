import type { Application, Container } from 'pixi.js';
import type { TuningValues, TuningSchema } from './tuning';

/**
 * The contract between a game's machine/host and its Pixi scene (STYLE.md: engine vs game split).
 * A scene only renders and reports player input; it never calls the API, never decides an outcome
 * and never reads the balance. The machine sends it cues (`cue.*`) and awaits `play()`.
 */

/** What the host gives a scene when it creates it. */
export interface SceneContext<S extends TuningSchema> {
  /** The running Pixi application (v8); the scene adds `view` to `app.stage` itself via the host. */
  readonly app: Application;
  /** Live tuning values; `?tune` mutates this object in place, so read it at animation time. */
  readonly tuning: TuningValues<S>;
  /** Sound effects by the names the game's `<game>.sounds.ts` declares. */
  readonly sound: SoundBus;
  /** Player input from the scene (e.g. Mines tile taps); the host forwards them to the machine. */
  readonly onInput: (input: SceneInput) => void;
  /**
   * The player asked for reduced motion: the scene keeps still at rest (no drifting stars, bobbing
   * rocket or glints); a cue's animation still plays, since it tells the result.
   */
  readonly reducedMotion: boolean;
}

/** A player gesture the scene reports; the machine decides what it means. */
export interface SceneInput {
  type: string;
  [key: string]: unknown;
}

/** A cue the machine asks the scene to animate; `type` always starts with `cue.`. */
export interface SceneCue {
  type: `cue.${string}`;
  [key: string]: unknown;
}

/** Plays named sound effects; silent when the player muted sound. */
export interface SoundBus {
  play(name: string): void;
}

/** A game's scene. Created once per visit to the game route, destroyed when leaving it. */
export interface GameScene<C extends SceneCue = SceneCue> {
  /** The root container the host adds to the stage. */
  readonly view: Container;
  /** Lays the scene out for a canvas of this CSS size (360 px phone to wide desktop). */
  resize(width: number, height: number): void;
  /**
   * Animates one cue and resolves when it is done (immediately, or nearly, when `turbo`).
   * Unknown cues resolve at once so a newer machine never hangs an older scene.
   */
  play(cue: C, options: { turbo: boolean }): Promise<void>;
  /** Whether a cue is animating now (the stage draws every frame then, fewer at rest). */
  busy(): boolean;
  /**
   * Whether the table moves by itself at rest (LIMBO's stars, a gem's glint): the stage then keeps
   * drawing at its rest rate; a still table is drawn only when something changes (frame-rate.ts).
   */
  ambient(): boolean;
  /** Frees textures, tweens and listeners. */
  destroy(): void;
}

/**
 * What a table holds of its running scene: the scene may run on the page or in the stage's worker
 * (stage/), so only what crosses between them.
 */
export type SceneHandle<C extends SceneCue = SceneCue> = Pick<GameScene<C>, 'play' | 'resize'>;

/** What each `src/games/<game>/<game>.scene.ts` exports as `createScene`. */
export type SceneFactory<S extends TuningSchema, C extends SceneCue = SceneCue> = (
  context: SceneContext<S>,
) => GameScene<C>;
