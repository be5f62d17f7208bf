/**
 * How often a game's stage draws. While a cue animates, or just after the player touched the table
 * (a hover, a drag), every frame the display offers; once the table has rested for `REST_AFTER_MS`,
 * `REST_FPS`. The ambient motion at rest (LIMBO's stars, a gem's glint, a countdown) reads the same
 * at 30 frames a second, and half the frames is half the work: a phone's battery, and a machine
 * without a GPU (software WebGL kept almost two cores busy drawing a table nobody touched).
 */
export const REST_FPS = 30;
export const REST_AFTER_MS = 2000;

export class FrameRate {
  private lastActive: number;

  constructor(now: number) {
    this.lastActive = now;
  }

  /** The player touched the table: draw every frame again. */
  wake(now: number): void {
    this.lastActive = now;
  }

  /** The ticker's `maxFPS` for this frame: 0 (no cap) while busy or recently woken, else `REST_FPS`. */
  maxFps(now: number, busy: boolean): number {
    if (busy) this.lastActive = now;
    return now - this.lastActive >= REST_AFTER_MS ? REST_FPS : 0;
  }
}
