import { gsap } from 'gsap';

interface Entry {
  tween: gsap.core.Tween | null;
  targets: readonly object[];
  resolve: () => void;
}

/**
 * The gsap tweens and delays of one scene. Each awaited animation resolves when it completes or
 * when it is killed (a newer cue took over, or the scene was destroyed), so `play()` never hangs.
 */
export class TweenBag {
  private readonly live = new Set<Entry>();
  private dead = false;

  /** False once destroyed: code resuming after an await must stop touching the scene. */
  get alive(): boolean {
    return !this.dead;
  }

  /** Tweens `target` to `vars`; resolves at the end or when killed. */
  to(target: object, vars: gsap.TweenVars): Promise<void> {
    return this.track([target], (done) => gsap.to(target, { ...vars, onComplete: done }));
  }

  /** Tweens `target` from `from` to `to`; resolves at the end or when killed. */
  fromTo(target: object, from: gsap.TweenVars, to: gsap.TweenVars): Promise<void> {
    return this.track([target], (done) => gsap.fromTo(target, from, { ...to, onComplete: done }));
  }

  /** Waits `ms` on gsap's clock (so it is killed with the rest). */
  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return this.track([], (done) => gsap.delayedCall(ms / 1000, done));
  }

  /** A repeating tween that is never awaited (a glow pulse); killed like the others. */
  loop(target: object, vars: gsap.TweenVars): void {
    if (this.dead) return;
    const entry: Entry = {
      tween: gsap.to(target, { ...vars, repeat: -1 }),
      targets: [target],
      resolve: () => {},
    };
    this.live.add(entry);
  }

  /** Kills every tween of these targets and resolves their waiters. */
  killOf(...targets: object[]): void {
    for (const entry of [...this.live]) {
      if (entry.targets.some((t) => targets.includes(t))) this.finish(entry, true);
    }
  }

  /** Kills everything; later calls resolve at once. */
  destroy(): void {
    this.dead = true;
    for (const entry of [...this.live]) this.finish(entry, true);
  }

  private track(targets: readonly object[], start: (done: () => void) => gsap.core.Tween): Promise<void> {
    if (this.dead) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // Registered before the tween starts: a zero-length tween completes synchronously.
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
