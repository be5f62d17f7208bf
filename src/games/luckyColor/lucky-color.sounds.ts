import type { SoundBook } from '../shared/sound-recipe';

/** LUCKYCOLOR's effects, synthesised from these recipes (nothing recorded or downloaded). */
export const sounds = {
  /** A ball passing the pointer: a light glassy click. */
  tick: {
    layers: [
      { wave: 'sine', fromHz: 3200, toHz: 2400, attackMs: 1, decayMs: 30, gain: 0.12 },
      { wave: 'noise', fromHz: 7000, toHz: 7000, attackMs: 1, decayMs: 10, gain: 0.06 },
    ],
  },
  /** Each of the last seconds of betting. */
  beep: {
    layers: [
      { wave: 'sine', fromHz: 988, toHz: 988, attackMs: 4, decayMs: 150, gain: 0.3 },
      { wave: 'triangle', fromHz: 1976, toHz: 1976, attackMs: 4, decayMs: 80, gain: 0.07 },
    ],
  },
  /** The very last second: a longer, higher beep. */
  beepLast: {
    layers: [
      { wave: 'sine', fromHz: 1319, toHz: 1319, attackMs: 4, decayMs: 380, gain: 0.34 },
      { wave: 'triangle', fromHz: 2637, toHz: 2637, attackMs: 4, decayMs: 160, gain: 0.08 },
    ],
  },
  /** Betting locked: a short latch. */
  lock: {
    layers: [
      { wave: 'square', fromHz: 520, toHz: 380, attackMs: 2, decayMs: 90, gain: 0.16 },
      { wave: 'noise', fromHz: 2500, toHz: 2500, attackMs: 1, decayMs: 40, gain: 0.14 },
    ],
  },
  /** The drum sets off. */
  spin: {
    layers: [
      { wave: 'noise', fromHz: 800, toHz: 3500, attackMs: 140, decayMs: 480, gain: 0.2 },
      { wave: 'sine', fromHz: 160, toHz: 480, attackMs: 80, decayMs: 420, gain: 0.1 },
    ],
  },
  /** The drum stops. */
  thud: {
    layers: [
      { wave: 'sine', fromHz: 140, toHz: 55, attackMs: 2, decayMs: 280, gain: 0.7 },
      { wave: 'noise', fromHz: 600, toHz: 600, attackMs: 1, decayMs: 60, gain: 0.2 },
    ],
  },
  /** The drawn ball lands in the middle. */
  pop: {
    layers: [
      { wave: 'sine', fromHz: 420, toHz: 880, attackMs: 2, decayMs: 160, gain: 0.3 },
      { wave: 'triangle', fromHz: 1760, toHz: 1760, startMs: 60, attackMs: 4, decayMs: 200, gain: 0.1 },
    ],
  },
  /** The player's pick won. */
  win: {
    layers: [
      { wave: 'triangle', fromHz: 659, toHz: 659, attackMs: 4, decayMs: 200, gain: 0.3 },
      { wave: 'triangle', fromHz: 880, toHz: 880, startMs: 90, attackMs: 4, decayMs: 200, gain: 0.3 },
      { wave: 'triangle', fromHz: 1319, toHz: 1319, startMs: 180, attackMs: 4, decayMs: 480, gain: 0.32 },
      { wave: 'sine', fromHz: 2637, toHz: 2637, startMs: 180, attackMs: 8, decayMs: 520, gain: 0.08 },
    ],
  },
  /** The player's pick lost. */
  lose: {
    layers: [
      { wave: 'triangle', fromHz: 392, toHz: 370, attackMs: 6, decayMs: 240, gain: 0.22 },
      { wave: 'triangle', fromHz: 311, toHz: 262, startMs: 150, attackMs: 6, decayMs: 420, gain: 0.22 },
    ],
  },
} satisfies SoundBook;

/** The names LUCKYCOLOR's scene plays. */
export type LuckyColorSound = keyof typeof sounds;
