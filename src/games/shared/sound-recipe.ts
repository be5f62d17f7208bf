/**
 * Sounds are synthesised, never downloaded (issue 5). Each game declares its effects as recipes in
 * `<game>.sounds.ts`; a script in the repository renders every recipe to a WAV file the scene loads.
 */

/** One layer of a sound: an oscillator or noise with a pitch sweep and an envelope. */
export interface SoundLayer {
  /** Waveform; `noise` is white noise shaped by the envelope and an optional low-pass. */
  wave: 'sine' | 'square' | 'triangle' | 'sawtooth' | 'noise';
  /** Start and end frequency in Hz (ignored for noise except as low-pass cut-off). */
  fromHz: number;
  toHz: number;
  /** Delay before the layer starts, in ms. */
  startMs?: number;
  /** Attack, then exponential decay to silence, in ms. */
  attackMs: number;
  decayMs: number;
  /** Peak gain 0..1. */
  gain: number;
}

/** A sound effect: layers mixed together. */
export interface SoundRecipe {
  layers: SoundLayer[];
}

/** A game's effects by name (the names its scene passes to `SoundBus.play`). */
export type SoundBook = Record<string, SoundRecipe>;
