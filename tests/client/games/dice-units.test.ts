import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../domain/fairness/hash';
import { instantOutcome } from '../../../domain/fairness/instant';
import { diceChance, diceMultiplier, diceWins, payoutCents } from '../../../domain/games/rules';
import { dragTarget } from '../../../src/games/dice/dice.scene';
import {
  flipTerms,
  readDecimal,
  readout,
  termsForChance,
  termsForMultiplier,
  termsForTarget,
} from '../../../src/games/dice/dice-inputs';
import { fixtures } from '../../../src/games/dice/fixtures';
import { tuning } from '../../../src/games/dice/tuning';
import { isValidDiceTerms } from '../../../src/machines/games/dice.machine';

const EDGE = 0.01;

describe('dice linked inputs', () => {
  it('shows target, chance and multiplier of one bet', () => {
    expect(readout({ target: 50.5, direction: 'over' }, EDGE)).toEqual({
      target: 50.5,
      direction: 'over',
      chance: 49.5,
      multiplier: 2,
    });
    expect(readout({ target: 25, direction: 'under' }, EDGE)).toMatchObject({ chance: 25, multiplier: 3.96 });
  });

  it('moves the target when the chance or the multiplier is typed, on the same side', () => {
    expect(termsForChance(10, 'over')).toEqual({ target: 90, direction: 'over' });
    expect(termsForChance(10, 'under')).toEqual({ target: 10, direction: 'under' });
    expect(termsForMultiplier(2, 'over', EDGE)).toEqual({ target: 50.5, direction: 'over' });
    expect(termsForMultiplier(4, 'under', EDGE)).toEqual({ target: 24.75, direction: 'under' });
    expect(readout(termsForMultiplier(4, 'under', EDGE), EDGE).multiplier).toBe(4);
  });

  it('pulls values outside 0.01%–98% back to the nearest bet the server takes', () => {
    expect(termsForChance(99.5, 'over')).toEqual({ target: 2, direction: 'over' });
    expect(termsForChance(0.001, 'under')).toEqual({ target: 0.01, direction: 'under' });
    expect(termsForTarget(100, 'over')).toEqual({ target: 99.99, direction: 'over' });
    expect(termsForMultiplier(1, 'over', EDGE)).toEqual({ target: 2, direction: 'over' });
    for (const terms of [
      termsForChance(99.5, 'over'),
      termsForTarget(0, 'under'),
      termsForMultiplier(1e9, 'over', EDGE),
    ])
      expect(isValidDiceTerms(terms.target, terms.direction)).toBe(true);
  });

  it('flips over ↔ under keeping the chance', () => {
    const flipped = flipTerms({ target: 60, direction: 'over' });
    expect(flipped).toEqual({ target: 40, direction: 'under' });
    expect(diceChance(flipped.target, flipped.direction)).toBe(diceChance(60, 'over'));
  });

  it('reads typed decimals with a comma or a point', () => {
    expect(readDecimal('2,5')).toBe(2.5);
    expect(readDecimal('2.5')).toBe(2.5);
    expect(readDecimal('2,')).toBeNaN();
    expect(readDecimal('')).toBeNaN();
  });

  it('a drag on the track asks for a whole target inside the allowed range', () => {
    expect(dragTarget(37.4, 'over')).toBe(37);
    expect(dragTarget(-5, 'over')).toBe(2);
    expect(dragTarget(120, 'over')).toBe(99);
    expect(dragTarget(99.9, 'under')).toBe(98);
    expect(dragTarget(0, 'under')).toBe(1);
  });
});

describe('dice fixtures for ?round=', () => {
  for (const [name, fixture] of Object.entries(fixtures)) {
    it(`${name}: the recorded answer is what the seeds and the rules give`, () => {
      const { answer, terms, serverSeed } = fixture;
      const { clientSeed, nonce, serverSeedHash } = answer.fairness;
      expect(sha256Hex(serverSeed)).toBe(serverSeedHash);
      expect(instantOutcome('dice', { serverSeed, clientSeed, nonce })).toEqual(answer.outcome);
      const roll = (answer.outcome as { roll: number }).roll;
      const win = diceWins(roll, terms.target, terms.direction);
      expect(answer.win).toBe(win);
      const multiplier = diceMultiplier(diceChance(terms.target, terms.direction), EDGE);
      expect(answer.multiplier).toBe(win ? multiplier : 0);
      expect(answer.payout).toBe(win ? payoutCents(terms.amount * 100, multiplier) / 100 : 0);
      expect(answer.balance).toBe(100 - terms.amount + answer.payout);
    });
  }
});

describe('dice tuning', () => {
  it('every knob has a description and a default inside its range', () => {
    for (const [name, knob] of Object.entries(tuning)) {
      expect(knob.description.length, name).toBeGreaterThan(3);
      if (knob.kind === 'number') {
        expect(knob.default, name).toBeGreaterThanOrEqual(knob.min);
        expect(knob.default, name).toBeLessThanOrEqual(knob.max);
      }
      if (knob.kind === 'color') expect(knob.default, name).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });
});
