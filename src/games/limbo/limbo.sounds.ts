import type { SoundBook } from '../shared/sound-recipe';

/**
 * The Limbo scene's effects, synthesised from these recipes (nothing downloaded). Names are the
 * ones the scene passes to `SoundBus.play`.
 */
export const sounds = {
  /** The launch: a rising whoosh over a low engine rumble. */
  launch: {
    layers: [
      { wave: 'noise', fromHz: 900, toHz: 900, attackMs: 120, decayMs: 700, gain: 0.32 },
      { wave: 'sawtooth', fromHz: 70, toHz: 220, attackMs: 60, decayMs: 800, gain: 0.18 },
      { wave: 'sine', fromHz: 220, toHz: 880, attackMs: 80, decayMs: 600, gain: 0.14 },
    ],
  },
  /** One tick of the climbing counter (played faster as the counter speeds up). */
  tick: {
    layers: [
      { wave: 'square', fromHz: 1900, toHz: 1700, attackMs: 1, decayMs: 28, gain: 0.12 },
      { wave: 'sine', fromHz: 3800, toHz: 3800, attackMs: 1, decayMs: 18, gain: 0.06 },
    ],
  },
  /** A win: a bright rising fanfare. */
  win: {
    layers: [
      { wave: 'triangle', fromHz: 659, toHz: 659, attackMs: 3, decayMs: 200, gain: 0.35 },
      { wave: 'triangle', fromHz: 880, toHz: 880, startMs: 90, attackMs: 3, decayMs: 220, gain: 0.35 },
      { wave: 'triangle', fromHz: 1319, toHz: 1319, startMs: 180, attackMs: 3, decayMs: 500, gain: 0.4 },
      { wave: 'sine', fromHz: 2637, toHz: 2700, startMs: 180, attackMs: 8, decayMs: 450, gain: 0.08 },
    ],
  },
  /** A loss: a falling, muffled thud. */
  lose: {
    layers: [
      { wave: 'triangle', fromHz: 330, toHz: 110, attackMs: 4, decayMs: 420, gain: 0.4 },
      { wave: 'noise', fromHz: 500, toHz: 500, attackMs: 2, decayMs: 180, gain: 0.2 },
    ],
  },
} satisfies SoundBook;

/** A sound name of this game. */
export type LimboSound = keyof typeof sounds;
