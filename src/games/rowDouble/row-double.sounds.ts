import type { SoundBook } from '../shared/sound-recipe';

/** ROWDOUBLE's effects, synthesised from these recipes (nothing recorded or downloaded). */
export const sounds = {
  /** A tile passing the marker: a short, higher click than DOUBLE's reel. */
  tick: {
    layers: [
      { wave: 'square', fromHz: 2800, toHz: 1900, attackMs: 1, decayMs: 18, gain: 0.11 },
      { wave: 'noise', fromHz: 6000, toHz: 6000, attackMs: 1, decayMs: 12, gain: 0.09 },
    ],
  },
  /** The row sets off: a quick rising whoosh. */
  spin: {
    layers: [
      { wave: 'noise', fromHz: 1200, toHz: 5000, attackMs: 60, decayMs: 260, gain: 0.2 },
      { wave: 'sine', fromHz: 220, toHz: 640, attackMs: 30, decayMs: 240, gain: 0.1 },
    ],
  },
  /** The row stops under the marker. */
  thud: {
    layers: [
      { wave: 'sine', fromHz: 170, toHz: 60, attackMs: 2, decayMs: 240, gain: 0.7 },
      { wave: 'noise', fromHz: 900, toHz: 900, attackMs: 1, decayMs: 60, gain: 0.22 },
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

/** The names ROWDOUBLE's scene plays. */
export type RowDoubleSound = keyof typeof sounds;
