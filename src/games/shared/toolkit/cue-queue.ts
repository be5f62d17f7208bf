import type { SceneCue } from '../scene';

/** How a scene plays a cue that arrives while another one still plays. */
export type CueOrder =
  /** After every cue before it, whatever the host awaits (a MINES reveal waits for the one before). */
  | 'queue'
  /**
   * At once, alongside the ones still playing (the round tables: the next round's countdown shows
   * while the last result still slides into the strip; DICE: the zones follow the inputs mid-roll).
   */
  | 'overlap';

/** The animation of each cue of a scene, by cue type; `turbo` is the host's switch when it was sent. */
export type CueHandlers<C extends SceneCue> = {
  [K in C['type']]: (cue: Extract<C, { type: K }>, turbo: boolean) => Promise<void> | void;
};

type Handler<C extends SceneCue> = (cue: C, turbo: boolean) => Promise<void> | void;

/**
 * The cue queue: a scene's `play()` (scene.ts). Each cue goes to its handler in the scene's order;
 * unknown cues resolve at once, outside the queue, so a newer machine never waits on an older
 * scene; `destroy()` settles every cue still queued or playing, so the machine never hangs on a
 * table that went away (the tween tracker no longer settles anything by then).
 */
export class CueQueue<C extends SceneCue> {
  private tail: Promise<unknown> = Promise.resolve();
  private stop: () => void = () => {};
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  private destroyed = false;

  constructor(
    private readonly handlers: CueHandlers<C>,
    private readonly order: CueOrder,
  ) {}

  /** Plays `cue`; resolves when its animation ends or the scene is destroyed. */
  play(cue: C, options: { turbo: boolean }): Promise<void> {
    if (this.destroyed || !Object.hasOwn(this.handlers, cue.type)) return Promise.resolve();
    const handler = this.handlers[cue.type as C['type']] as unknown as Handler<C>;
    // Overlapping cues start synchronously, as a direct call would (the handler may throw: a rejection).
    const run =
      this.order === 'overlap'
        ? new Promise<void>((resolve) => resolve(handler(cue, options.turbo)))
        : this.tail.then(() => (this.destroyed ? undefined : handler(cue, options.turbo)));
    this.tail = run.catch(() => undefined);
    return Promise.race([run, this.stopped]);
  }

  /** Settles every queued and playing cue; later ones resolve at once. */
  destroy(): void {
    this.destroyed = true;
    this.stop();
  }
}
