import type { SoundBus } from '../scene';

/**
 * A scene's sound cues, by the names its `<game>.sounds.ts` declares (a misspelt name does not
 * compile). Sounds that would buzz when played every frame (reel and climb ticks) go through
 * `spaced`, which keeps them at least a gap apart.
 */
export class SoundCues<N extends string> {
  private readonly last = new Map<N, number>();

  constructor(private readonly bus: SoundBus) {}

  /** Plays `name` (silent when the player muted sound). */
  play(name: N): void {
    this.bus.play(name);
  }

  /** Plays `name` unless `spaced` played it less than `gapMs` ago; true when it played. */
  spaced(name: N, gapMs: number): boolean {
    const now = performance.now();
    if (now - (this.last.get(name) ?? Number.NEGATIVE_INFINITY) < gapMs) return false;
    this.last.set(name, now);
    this.bus.play(name);
    return true;
  }

  /** Forgets when `name` last played, so its next `spaced` call plays (a new climb's first tick). */
  rearm(name: N): void {
    this.last.delete(name);
  }
}
