import type { SoundBook } from '../shared/sound-recipe';

/** DOUBLE's effects, synthesised from these recipes (nothing recorded or downloaded). */
export const sounds = {
  /** A tile passing the marker: a short wooden click. */
  tick: {
    layers: [
      { wave: 'square', fromHz: 2300, toHz: 1500, attackMs: 1, decayMs: 22, gain: 0.12 },
      { wave: 'noise', fromHz: 5000, toHz: 5000, attackMs: 1, decayMs: 14, gain: 0.1 },
    ],
  },
  /** One of the last seconds of betting. */
  beep: {
    layers: [
      { wave: 'sine', fromHz: 880, toHz: 880, attackMs: 4, decayMs: 140, gain: 0.32 },
      { wave: 'triangle', fromHz: 1760, toHz: 1760, attackMs: 4, decayMs: 90, gain: 0.08 },
    ],
  },
  /** Betting closed: a falling two-tone. */
  close: {
    layers: [
      { wave: 'triangle', fromHz: 660, toHz: 660, attackMs: 5, decayMs: 120, gain: 0.28 },
      { wave: 'triangle', fromHz: 440, toHz: 420, startMs: 110, attackMs: 5, decayMs: 220, gain: 0.28 },
    ],
  },
  /** The reel sets off: a rising whoosh. */
  spin: {
    layers: [
      { wave: 'noise', fromHz: 900, toHz: 4000, attackMs: 120, decayMs: 420, gain: 0.22 },
      { wave: 'sine', fromHz: 180, toHz: 520, attackMs: 60, decayMs: 380, gain: 0.12 },
    ],
  },
  /** The reel comes to rest. */
  thud: {
    layers: [
      { wave: 'sine', fromHz: 150, toHz: 52, attackMs: 2, decayMs: 300, gain: 0.75 },
      { wave: 'noise', fromHz: 700, toHz: 700, attackMs: 1, decayMs: 70, gain: 0.25 },
    ],
  },
  /** The player's colour won (2×): a bright three-note rise. */
  win: {
    layers: [
      { wave: 'triangle', fromHz: 784, toHz: 784, attackMs: 4, decayMs: 220, gain: 0.3 },
      { wave: 'triangle', fromHz: 988, toHz: 988, startMs: 90, attackMs: 4, decayMs: 220, gain: 0.3 },
      { wave: 'triangle', fromHz: 1319, toHz: 1319, startMs: 180, attackMs: 4, decayMs: 420, gain: 0.32 },
      { wave: 'sine', fromHz: 2637, toHz: 2637, startMs: 180, attackMs: 8, decayMs: 500, gain: 0.08 },
    ],
  },
  /** White won for the player (14×): a longer fanfare. */
  jackpot: {
    layers: [
      { wave: 'triangle', fromHz: 523, toHz: 523, attackMs: 4, decayMs: 200, gain: 0.28 },
      { wave: 'triangle', fromHz: 659, toHz: 659, startMs: 100, attackMs: 4, decayMs: 200, gain: 0.28 },
      { wave: 'triangle', fromHz: 784, toHz: 784, startMs: 200, attackMs: 4, decayMs: 200, gain: 0.28 },
      { wave: 'triangle', fromHz: 1047, toHz: 1047, startMs: 300, attackMs: 4, decayMs: 700, gain: 0.32 },
      { wave: 'sine', fromHz: 2093, toHz: 2093, startMs: 300, attackMs: 10, decayMs: 900, gain: 0.1 },
      { wave: 'noise', fromHz: 9000, toHz: 9000, startMs: 300, attackMs: 20, decayMs: 600, gain: 0.05 },
    ],
  },
  /** The player's colour lost: a soft falling pair. */
  lose: {
    layers: [
      { wave: 'triangle', fromHz: 392, toHz: 370, attackMs: 6, decayMs: 240, gain: 0.22 },
      { wave: 'triangle', fromHz: 311, toHz: 262, startMs: 150, attackMs: 6, decayMs: 420, gain: 0.22 },
    ],
  },
} satisfies SoundBook;

/** The names DOUBLE's scene plays. */
export type DoubleSound = keyof typeof sounds;
