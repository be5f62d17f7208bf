// gsap's core alone: the scenes tween Pixi objects' own properties, never CSS, so the CSS plugin
// the package's main entry registers (43 kB of the tables' code) is left out.
import { gsap } from 'gsap/gsap-core';

/** A running tween or delayed call, as far as the tracker needs it. */
type Animation = ReturnType<typeof gsap.to> | ReturnType<typeof gsap.delayedCall>;

interface Entry {
  tween: Animation | null;
  targets: readonly object[];
  resolve: () => void;
}

/**
 * Makes every tween end on time even when frames drop (a busy phone, software WebGL): gsap then
 * jumps ahead instead of stretching the tween, so a result never lands seconds late.
 */
export function keepTweensOnTime(): void {
  gsap.ticker.lagSmoothing(0);
}

/** One frame at 60 Hz: anything shorter could not be seen. */
const FRAME_MS = 1000 / 60;

/** gsap seconds from milliseconds times `speed`; anything under a frame becomes an instant set. */
function seconds(ms: number, speed: number): number {
  const scaled = ms * speed;
  return scaled < FRAME_MS ? 0 : scaled / 1000;
}

/**
 * The tween tracker: every tween and delay of one scene starts here (no scene calls gsap itself),
 * so `kill(target)` stops the ones of an object and `destroy()` stops them all. Each resolves when
 * it completes or is killed by a newer animation; after `destroy()` nothing settles any more, so no
 * code awaiting an animation runs on freed Pixi objects (the cue queue settles `play()` instead).
 *
 * Durations are milliseconds (the games' `tuning.ts` knobs) times `speed` (below 1 in turbo); one
 * that scales below a frame is applied at once, so turbo never waits on frames.
 */
export class Tweens {
  private readonly live = new Set<Entry>();
  private destroyed = false;

  /** Tweens `target` to `vars` over `ms` × `speed`, after `delayMs` × `speed`; resolves when done or killed. */
  to(target: object, vars: gsap.TweenVars, ms: number, speed = 1, delayMs = 0): Promise<void> {
    return this.track([target], (done) =>
      gsap.to(target, {
        ...vars,
        duration: seconds(ms, speed),
        delay: seconds(delayMs, speed),
        onComplete: done,
      }),
    );
  }

  /** Tweens `target` from `from` to `to`, as `to()` does. */
  fromTo(
    target: object,
    from: gsap.TweenVars,
    to: gsap.TweenVars,
    ms: number,
    speed = 1,
    delayMs = 0,
  ): Promise<void> {
    return this.track([target], (done) =>
      gsap.fromTo(target, from, {
        ...to,
        duration: seconds(ms, speed),
        delay: seconds(delayMs, speed),
        onComplete: done,
      }),
    );
  }

  /** Resolves after `ms` × `speed` on gsap's clock (at once under a frame); killed with the scene. */
  wait(ms: number, speed = 1): Promise<void> {
    if (this.destroyed) return new Promise<void>(() => {});
    const duration = seconds(ms, speed);
    if (duration === 0) return Promise.resolve();
    return this.track([], (done) => gsap.delayedCall(duration, done));
  }

  /** A tween of `ms` per cycle that repeats until killed (a glow pulse); nothing awaits it. */
  loop(target: object, vars: gsap.TweenVars, ms: number): void {
    void this.to(target, { ...vars, repeat: -1 }, ms);
  }

  /** Whether any tween or delay runs now (a loop such as a glow pulse runs until killed). */
  animating(): boolean {
    return this.live.size > 0;
  }

  /** Stops every tween of these targets; their promises resolve. */
  kill(...targets: object[]): void {
    for (const entry of [...this.live]) {
      if (entry.targets.some((target) => targets.includes(target))) this.finish(entry, true);
    }
  }

  /** Stops everything; no promise settles from now on. */
  destroy(): void {
    this.destroyed = true;
    for (const entry of this.live) entry.tween?.kill();
    this.live.clear();
  }

  private track(targets: readonly object[], start: (done: () => void) => Animation): Promise<void> {
    if (this.destroyed) return new Promise<void>(() => {});
    return new Promise<void>((resolve) => {
      // Registered before the tween starts: a zero-length tween completes inside start().
      const entry: Entry = { tween: null, targets, resolve };
      this.live.add(entry);
      entry.tween = start(() => this.finish(entry, false));
    });
  }

  private finish(entry: Entry, kill: boolean): void {
    if (!this.live.delete(entry)) return;
    if (kill) entry.tween?.kill();
    entry.resolve();
  }
}
