import type { SoundBook } from '../shared/sound-recipe';

/**
 * The Mines scene's effects, synthesised from these recipes (nothing downloaded). Names are the
 * ones the scene passes to `SoundBus.play`.
 */
export const sounds = {
  /** A tile pressed: a short wooden knock. */
  tap: {
    layers: [
      { wave: 'triangle', fromHz: 420, toHz: 260, attackMs: 2, decayMs: 60, gain: 0.45 },
      { wave: 'noise', fromHz: 2400, toHz: 2400, attackMs: 1, decayMs: 25, gain: 0.18 },
    ],
  },
  /** A gem revealed: a bright two-note glassy chime. */
  gem: {
    layers: [
      { wave: 'sine', fromHz: 1318, toHz: 1318, attackMs: 3, decayMs: 260, gain: 0.38 },
      { wave: 'sine', fromHz: 1976, toHz: 1976, startMs: 55, attackMs: 3, decayMs: 320, gain: 0.3 },
      { wave: 'triangle', fromHz: 2637, toHz: 2637, startMs: 55, attackMs: 2, decayMs: 140, gain: 0.12 },
    ],
  },
  /** A mine: a low thump, a noise blast and a falling rumble. */
  mine: {
    layers: [
      { wave: 'sine', fromHz: 150, toHz: 38, attackMs: 2, decayMs: 520, gain: 0.9 },
      { wave: 'noise', fromHz: 1800, toHz: 1800, attackMs: 1, decayMs: 420, gain: 0.7 },
      { wave: 'sawtooth', fromHz: 90, toHz: 30, startMs: 30, attackMs: 10, decayMs: 600, gain: 0.25 },
    ],
  },
  /** The rest of the board turning over at the end: a soft swish. */
  sweep: {
    layers: [{ wave: 'noise', fromHz: 3200, toHz: 3200, attackMs: 40, decayMs: 220, gain: 0.16 }],
  },
  /** Cash-out: a rising major arpeggio with a shimmer. */
  cashout: {
    layers: [
      { wave: 'triangle', fromHz: 784, toHz: 784, attackMs: 3, decayMs: 220, gain: 0.35 },
      { wave: 'triangle', fromHz: 988, toHz: 988, startMs: 80, attackMs: 3, decayMs: 220, gain: 0.35 },
      { wave: 'triangle', fromHz: 1175, toHz: 1175, startMs: 160, attackMs: 3, decayMs: 260, gain: 0.35 },
      { wave: 'sine', fromHz: 1568, toHz: 1568, startMs: 240, attackMs: 4, decayMs: 600, gain: 0.4 },
      { wave: 'sine', fromHz: 3136, toHz: 3200, startMs: 240, attackMs: 10, decayMs: 500, gain: 0.08 },
    ],
  },
} satisfies SoundBook;

/** A sound name of this game. */
export type MinesSound = keyof typeof sounds;
