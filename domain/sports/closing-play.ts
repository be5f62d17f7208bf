/**
 * American football's closing play: how a game's last minutes move its margin, as the simulation
 * plays them and as the book prices them (played-game.ts), one law for both. Drives scored
 * independently of the score spread the final margins evenly over the sums of 3s and 7s: 7.0 %
 * of simulated NFL games were decided by exactly 3 and 2.6 % by exactly 7, where real ones are
 * about 15 % and 9 % (docs/operations.md "Simulated feed: calibration"). Real margins cluster on
 * those key numbers because the last drives are played for what the score needs: a field goal to
 * win a level game, a touchdown to come back from four to eight behind, and a defence two scores
 * ahead that gives up the short score. The chances below are tuned so that the simulated margins
 * show the key numbers; they are not measured drive by drive.
 */

/** Points a closing play adds to each side (at most one scores) and its chance. */
export type Endings = ReadonlyArray<{ home: number; away: number; p: number }>;

/** The chances of a closing play by what the score needs, for the side with the last drive. */
export interface ClosingPlay {
  /** A level game: either side kicks the winning field goal. */
  levelFieldGoal: number;
  /** One to three behind: the field goal that ties or wins. */
  tyingFieldGoal: number;
  /** Four to eight behind: the touchdown that wins, ties or leaves one point short. */
  comebackTouchdown: number;
  /** Nine or more behind: the late touchdown, or field goal, of a side that has lost. */
  lateTouchdown: number;
  lateFieldGoal: number;
}

/** What is worth a score in the closing play. */
const FIELD_GOAL = 3;
const TOUCHDOWN = 7;

/** The most points a closing play adds to a side. */
export const MOST_CLOSING_POINTS = TOUCHDOWN;

/**
 * How the closing play ends from regulation's margin (home − away) before it: the trailing side
 * has the last drive (either side, evenly, in a level game). The endings' chances sum to 1, the
 * one adding nothing included.
 */
export function closingEndings(play: ClosingPlay, margin: number): Endings {
  const behind = Math.abs(margin);
  // Points scored by the side with the last drive, with their chances.
  const scores: Array<[number, number]> =
    behind === 0
      ? [[FIELD_GOAL, play.levelFieldGoal]]
      : behind <= 3
        ? [[FIELD_GOAL, play.tyingFieldGoal]]
        : behind <= 7
          ? [[TOUCHDOWN, play.comebackTouchdown]]
          : [
              [TOUCHDOWN, play.lateTouchdown],
              [FIELD_GOAL, play.lateFieldGoal],
            ];
  const endings: Array<{ home: number; away: number; p: number }> = [];
  let none = 1;
  for (const [points, p] of scores) {
    none -= p;
    if (margin === 0) endings.push({ home: points, away: 0, p: p / 2 }, { home: 0, away: points, p: p / 2 });
    else if (margin < 0) endings.push({ home: points, away: 0, p });
    else endings.push({ home: 0, away: points, p });
  }
  endings.push({ home: 0, away: 0, p: none });
  return endings;
}
