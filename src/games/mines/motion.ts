import { gsap } from 'gsap';

/**
 * The tweens of one scene, tracked so `destroy()` can kill them all, and awaited as promises that
 * settle when a tween completes or is killed by a newer animation. After `destroy()` nothing
 * settles any more, so no code runs on freed Pixi objects; `CueRunner` settles the scene's
 * `play()` calls instead. Used by the Mines and Limbo scenes (it belongs in src/games/shared).
 */
export class Motion {
  private readonly live = new Set<gsap.core.Animation>();
  private destroyed = false;

  /**
   * Tweens `target` to `vars` over `ms` × `speed` (speed < 1 in turbo); resolves when done or killed.
   * A duration that scales below one frame is applied at once, so turbo does not wait on frames.
   */
  to(target: object, vars: gsap.TweenVars, ms: number, speed = 1, delayMs = 0): Promise<void> {
    return this.track((done) =>
      gsap.to(target, {
        ...vars,
        duration: seconds(ms, speed),
        delay: seconds(delayMs, speed),
        onComplete: done,
        onInterrupt: done,
      }),
    );
  }

  /** Tweens `target` from `from` to `to`, like `to()`. */
  fromTo(
    target: object,
    from: gsap.TweenVars,
    to: gsap.TweenVars,
    ms: number,
    speed = 1,
    delayMs = 0,
  ): Promise<void> {
    return this.track((done) =>
      gsap.fromTo(target, from, {
        ...to,
        duration: seconds(ms, speed),
        delay: seconds(delayMs, speed),
        onComplete: done,
        onInterrupt: done,
      }),
    );
  }

  /** Resolves after `ms` × `speed` (killed with the scene). */
  wait(ms: number, speed = 1): Promise<void> {
    return this.track((done) => gsap.delayedCall(seconds(ms, speed), done));
  }

  /** Stops every tween running on these targets (their promises resolve). */
  kill(...targets: object[]): void {
    for (const target of targets) gsap.killTweensOf(target);
  }

  /** Kills every tween; their promises never settle. */
  destroy(): void {
    this.destroyed = true;
    for (const tween of this.live) tween.kill();
    this.live.clear();
  }

  private track(start: (done: () => void) => gsap.core.Animation): Promise<void> {
    if (this.destroyed) return new Promise<void>(() => {});
    return new Promise<void>((resolve) => {
      // A zero-length tween completes inside start(), before it is returned.
      const ref: { tween?: gsap.core.Animation; settled?: boolean } = {};
      const done = () => {
        if (ref.settled || this.destroyed) return;
        ref.settled = true;
        if (ref.tween) this.live.delete(ref.tween);
        resolve();
      };
      ref.tween = start(done);
      if (!ref.settled) this.live.add(ref.tween);
    });
  }
}

/**
 * Plays a scene's cues one after another, whatever the caller awaits (the host plays each cue the
 * machine emits at once), and settles every pending `play()` when the scene is destroyed.
 */
export class CueRunner {
  private tail: Promise<unknown> = Promise.resolve();
  private stop: () => void = () => {};
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  private destroyed = false;

  /** Runs `task` after every task queued before it; resolves when it ends or the scene is destroyed. */
  run(task: () => Promise<void> | void): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    const run = this.tail.then(() => (this.destroyed ? undefined : task()));
    this.tail = run.catch(() => undefined);
    return Promise.race([run, this.stopped]);
  }

  /** Settles every queued and running cue; later ones resolve at once. */
  destroy(): void {
    this.destroyed = true;
    this.stop();
  }
}

/** One frame at 60 Hz: anything shorter could not be seen. */
const FRAME_S = 1 / 60;

/** gsap seconds from milliseconds; anything under a frame becomes an instant set. */
function seconds(ms: number, speed: number): number {
  const scaled = (ms * speed) / 1000;
  return scaled < FRAME_S ? 0 : scaled;
}
