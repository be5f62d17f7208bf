import { describe, expect, it } from 'vitest';
import { sounds as doubleSounds } from '../../../src/games/double/double.sounds';
import { tuning as doubleTuning } from '../../../src/games/double/tuning';
import { sounds as luckySounds } from '../../../src/games/luckyColor/lucky-color.sounds';
import { tuning as luckyTuning } from '../../../src/games/luckyColor/tuning';
import { sounds as rowSounds } from '../../../src/games/rowDouble/row-double.sounds';
import { tuning as rowTuning } from '../../../src/games/rowDouble/tuning';
import type { SoundBook } from '../../../src/games/shared/sound-recipe';
import { renderRecipe } from '../../../src/games/shared/synth';
import type { TuningSchema } from '../../../src/games/shared/tuning';

const games: Array<[string, TuningSchema, SoundBook]> = [
  ['double', doubleTuning, doubleSounds],
  ['rowDouble', rowTuning, rowSounds],
  ['luckyColor', luckyTuning, luckySounds],
];

describe.each(games)('%s knobs and sounds', (_, tuning, sounds) => {
  it('gives every knob a description and a default inside its range', () => {
    for (const [name, knob] of Object.entries(tuning)) {
      expect(knob.description.length, name).toBeGreaterThan(10);
      if (knob.kind === 'number') {
        expect(knob.min, name).toBeLessThanOrEqual(knob.default);
        expect(knob.default, name).toBeLessThanOrEqual(knob.max);
      } else if (knob.kind === 'color') {
        expect(knob.default, name).toMatch(/^#[0-9a-f]{6}$/i);
      } else {
        expect(knob.default, name).toMatch(/^[a-z0-9]+(\.(in|out|inOut))?(\([\d.,\s]*\))?$/i);
      }
    }
  });

  it('has the timing knobs turbo and the designers rely on', () => {
    expect(tuning.turboScale?.kind).toBe('number');
    const durations = Object.keys(tuning).filter((name) => name.endsWith('Ms'));
    expect(durations.length).toBeGreaterThan(5);
  });

  it('renders every sound to audible, unclipped samples', () => {
    for (const [name, recipe] of Object.entries(sounds)) {
      const samples = renderRecipe(recipe);
      let peak = 0;
      for (const v of samples) peak = Math.max(peak, Math.abs(v));
      expect(samples.length, name).toBeGreaterThan(100);
      expect(peak, name).toBeGreaterThan(0.02);
      expect(peak, name).toBeLessThanOrEqual(1);
    }
  });

  it('has the effects of a round: ticks, a stop, a win and a loss', () => {
    for (const name of ['tick', 'spin', 'thud', 'win', 'lose']) expect(Object.keys(sounds)).toContain(name);
  });
});
