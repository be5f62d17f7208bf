import { describe, expect, it } from 'vitest';
import {
  impliedShinZ,
  oddsWithMargin,
  powerExponent,
  removeMargin,
  shinZ,
} from '../../../domain/sports/margin';

/** Test vectors of research/sports.md §3.5: fair p = (0.50, 0.28, 0.22), margin 5 %. */
const FAIR = [0.5, 0.28, 0.22];

describe('margin methods', () => {
  it('adds a margin proportionally ("basic")', () => {
    const odds = oddsWithMargin(FAIR, 0.05, 'proportional');
    [1.905, 3.401, 4.329].forEach((o, i) => expect(odds[i]).toBeCloseTo(o, 3));
  });

  it('adds a margin by the power method (k = 0.9530)', () => {
    expect(powerExponent(FAIR, 0.05)).toBeCloseTo(0.953, 4);
    const odds = oddsWithMargin(FAIR, 0.05, 'power');
    [1.936, 3.364, 4.234].forEach((o, i) => expect(odds[i]).toBeCloseTo(o, 3));
  });

  it('adds a margin by Shin’s method (z = 0.0251)', () => {
    expect(shinZ(FAIR, 0.05)).toBeCloseTo(0.0251, 4);
    const odds = oddsWithMargin(FAIR, 0.05, 'shin');
    [1.928, 3.378, 4.251].forEach((o, i) => expect(odds[i]).toBeCloseTo(o, 3));
    expect(odds.reduce((s, o) => s + 1 / o, 0)).toBeCloseTo(1.05, 10);
  });

  it('removes the margin of 1.90 / 3.40 / 4.33 by each method', () => {
    const book = [1.9, 3.4, 4.33];
    [0.5006, 0.2797, 0.2197].forEach((p, i) =>
      expect(removeMargin(book, 'proportional')[i]).toBeCloseTo(p, 4),
    );
    [0.5094, 0.2763, 0.2143].forEach((p, i) => expect(removeMargin(book, 'power')[i]).toBeCloseTo(p, 4));
    [0.507, 0.2777, 0.2153].forEach((p, i) => expect(removeMargin(book, 'shin')[i]).toBeCloseTo(p, 4));
    expect(impliedShinZ(book)).toBeCloseTo(0.0258, 4);
  });

  it('round-trips: removing a margin just added gives the fair probabilities back', () => {
    for (const method of ['proportional', 'power', 'shin'] as const) {
      const back = removeMargin(oddsWithMargin(FAIR, 0.07, method), method);
      FAIR.forEach((p, i) => expect(back[i]).toBeCloseTo(p, 8));
    }
  });
});
