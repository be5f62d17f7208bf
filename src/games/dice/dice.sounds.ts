import type { SoundBook } from '../shared/sound-recipe';

/** DICE's effects, synthesised from these recipes (nothing downloaded). */
export const sounds = {
  /** The marker starts sliding: a soft rising whoosh with a click. */
  roll: {
    layers: [
      { wave: 'noise', fromHz: 900, toHz: 4200, attackMs: 30, decayMs: 260, gain: 0.35 },
      { wave: 'triangle', fromHz: 320, toHz: 640, attackMs: 4, decayMs: 90, gain: 0.25 },
    ],
  },
  /** A winning landing: two bright rising notes. */
  win: {
    layers: [
      { wave: 'sine', fromHz: 660, toHz: 880, attackMs: 6, decayMs: 220, gain: 0.45 },
      { wave: 'sine', fromHz: 990, toHz: 1320, startMs: 90, attackMs: 6, decayMs: 320, gain: 0.4 },
      { wave: 'triangle', fromHz: 1980, toHz: 2640, startMs: 90, attackMs: 4, decayMs: 200, gain: 0.12 },
    ],
  },
  /** A losing landing: a short low thud. */
  lose: {
    layers: [
      { wave: 'sine', fromHz: 220, toHz: 110, attackMs: 4, decayMs: 240, gain: 0.5 },
      { wave: 'noise', fromHz: 600, toHz: 200, attackMs: 2, decayMs: 120, gain: 0.2 },
    ],
  },
  /** The target handle moves a step. */
  tick: {
    layers: [{ wave: 'square', fromHz: 1800, toHz: 1500, attackMs: 1, decayMs: 25, gain: 0.08 }],
  },
} satisfies SoundBook;

/** The names the DICE scene plays. */
export type DiceSound = keyof typeof sounds;
