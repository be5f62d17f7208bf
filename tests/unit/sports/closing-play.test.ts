import { describe, expect, it } from 'vitest';
import { closingEndings, type ClosingPlay } from '../../../domain/sports/closing-play';

/**
 * American football's closing play (domain/sports/closing-play.ts): the last drive of regulation
 * is the trailing side's and is played for what the score needs, which is what puts 3 and 7 among
 * the margins.
 */
const PLAY: ClosingPlay = {
  levelFieldGoal: 0.8,
  tyingFieldGoal: 0.1,
  comebackTouchdown: 0.45,
  lateTouchdown: 0.5,
  lateFieldGoal: 0.2,
};

/** The final margins (home − away) a closing play leaves from `margin`, with their chances. */
const finals = (margin: number) =>
  new Map(closingEndings(PLAY, margin).map((e) => [margin + e.home - e.away, e.p]));

describe('the closing play of American football', () => {
  it('gives a level game to the field goal either way, evenly, or to overtime', () => {
    expect(finals(0)).toEqual(
      new Map([
        [3, 0.4],
        [-3, 0.4],
        [0, expect.closeTo(0.2, 12)],
      ]),
    );
  });

  it('turns four behind into a three-point win with the touchdown, for either side', () => {
    expect(finals(-4).get(3)).toBe(0.45);
    expect(finals(4).get(-3)).toBe(0.45);
  });

  it('lets a side two scores behind close the gap by a touchdown or a field goal, never the leader', () => {
    const ten = closingEndings(PLAY, 10);
    expect(ten.every((e) => e.home === 0)).toBe(true);
    expect(finals(10)).toEqual(
      new Map([
        [3, 0.5],
        [7, 0.2],
        [10, expect.closeTo(0.3, 12)],
      ]),
    );
  });

  it('sends one to three behind to overtime or ahead with the field goal', () => {
    expect(finals(3).get(0)).toBe(0.1);
    expect(finals(-1).get(2)).toBe(0.1);
  });

  it('adds up to one at every margin', () => {
    for (let m = -40; m <= 40; m++) {
      const total = closingEndings(PLAY, m).reduce((sum, e) => sum + e.p, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });
});
