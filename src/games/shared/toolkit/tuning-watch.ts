/**
 * Notices `?tune` changes between frames: the panel mutates the tuning values in place, and a scene
 * that lays itself out from them (sizes, colours baked into textures) must do so again.
 */
export class TuningWatch {
  private seen: string;

  constructor(private readonly values: object) {
    this.seen = this.read();
  }

  /** True once after any knob moved since the last call (or `settle()`). */
  changed(): boolean {
    const now = this.read();
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }

  /** Takes the values as they are now as seen (a layout just read them). */
  settle(): void {
    this.seen = this.read();
  }

  private read(): string {
    return Object.values(this.values).join('|');
  }
}
