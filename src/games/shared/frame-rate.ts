/**
 * How often a game's stage draws. While a cue animates, or just after the player touched the table
 * (a hover, a drag), every frame the display offers; once the table has rested for `REST_AFTER_MS`,
 * `REST_FPS` if it has ambient motion (LIMBO's stars, a gem's glint: they read the same at 30
 * frames a second, and half the frames is half the work), else `STILL_FPS`: nothing moves, so
 * there is nothing new to draw, and the heartbeat only catches what arrives outside a cue or a
 * touch (a late texture). A cue wakes the stage as it starts (game-stage.tsx), so nothing waits for
 * the heartbeat. A phone's battery, and a machine without a GPU: on software WebGL a table at rest
 * took 0.3–0.5 of a core at 30 frames a second and 0.07 at the heartbeat (decision 79).
 * A player who asked for reduced motion gets no ambient motion, so every table but the live round
 * ones rests still.
 */
export const REST_FPS = 30;
export const STILL_FPS = 2;
export const REST_AFTER_MS = 2000;

export class FrameRate {
  private lastActive: number;

  constructor(now: number) {
    this.lastActive = now;
  }

  /** The player touched the table or a cue started: draw every frame again. */
  wake(now: number): void {
    this.lastActive = now;
  }

  /**
   * The ticker's `maxFPS` for this frame: 0 (no cap) while `busy` or recently woken, else the rest
   * rate of a table with or without `ambient` motion.
   */
  maxFps(now: number, busy: boolean, ambient: boolean): number {
    if (busy) this.lastActive = now;
    if (now - this.lastActive < REST_AFTER_MS) return 0;
    return ambient ? REST_FPS : STILL_FPS;
  }
}
