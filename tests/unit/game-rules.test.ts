import { describe, expect, it } from 'vitest';
import {
  DOUBLE_REEL,
  LUCKY_PICKS,
  diceChance,
  diceMultiplier,
  diceTargetForMultiplier,
  diceWins,
  doubleColor,
  doubleMultiplier,
  limboChance,
  luckyColors,
  luckyMultiplier,
  minesMultiplier,
  payoutCents,
} from '../../domain/games/rules';

/** Exact expected return over every outcome bucket (no sampling). */
describe('game rules: exact RTP over every outcome', () => {
  it('DICE pays 99% (within the 1/10,001 of the discrete roll) for every chance', () => {
    for (const [target, direction] of [
      [50, 'over'],
      [2, 'over'],
      [98, 'under'],
      [0.01, 'under'],
      [49.5, 'under'],
    ] as const) {
      const chance = diceChance(target, direction);
      const multiplier = diceMultiplier(chance, 0.01);
      let wins = 0;
      for (let i = 0; i <= 10_000; i++) if (diceWins(i / 100, target, direction)) wins++;
      const rtp = (wins / 10_001) * multiplier;
      expect(rtp).toBeGreaterThan(0.988);
      expect(rtp).toBeLessThanOrEqual(0.99);
    }
  });

  it('keeps the three dice inputs consistent', () => {
    expect(diceMultiplier(49.5, 0.01)).toBe(2);
    expect(diceTargetForMultiplier(2, 'over', 0.01)).toBe(50.5);
    expect(diceTargetForMultiplier(2, 'under', 0.01)).toBe(49.5);
    expect(diceChance(50.5, 'over')).toBe(49.5);
  });

  it('LIMBO: chance × target is 1 − edge', () => {
    for (const target of [1.01, 2, 10, 1_000_000])
      expect(limboChance(target, 0.01) * target).toBeCloseTo(0.99, 12);
  });

  it('MINES: each reveal keeps the expected return at 1 − edge', () => {
    for (const mines of [1, 3, 12, 24]) {
      let survive = 1;
      for (let gems = 1; gems <= 25 - mines; gems++) {
        survive *= (25 - mines - (gems - 1)) / (25 - (gems - 1));
        expect(survive * minesMultiplier(gems, mines, 0.01)).toBeCloseTo(0.99, 3);
      }
    }
    expect(minesMultiplier(1, 24, 0.01)).toBe(24.75);
    expect(minesMultiplier(0, 3, 0.01)).toBe(1);
  });

  it('DOUBLE/ROWDOUBLE: 15 tiles in reel order, returning 93.33% on every colour', () => {
    expect([...DOUBLE_REEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    for (const color of ['white', 'red', 'black'] as const) {
      const hits = DOUBLE_REEL.filter((t) => doubleColor(t) === color).length;
      expect((hits / 15) * doubleMultiplier(color)).toBeCloseTo(0.9333, 4);
    }
  });

  it('LUCKYCOLOR: every pick returns 97% over the ten digits', () => {
    for (const pick of LUCKY_PICKS) {
      const total = Array.from({ length: 10 }, (_, d) => luckyMultiplier(pick, d)).reduce((a, b) => a + b, 0);
      expect(total / 10).toBeCloseTo(0.97, 10);
    }
    expect(luckyColors(0)).toEqual(['red', 'violet']);
    expect(luckyColors(5)).toEqual(['green', 'violet']);
    expect(luckyMultiplier('green', 5)).toBe(1.7);
    expect(luckyMultiplier('red', 4)).toBe(2);
  });

  it('floors payouts to the centavo', () => {
    expect(payoutCents(101, 1.5)).toBe(151);
    expect(payoutCents(333, 2.9999)).toBe(998);
    expect(payoutCents(100, 24.75)).toBe(2475);
  });
});
