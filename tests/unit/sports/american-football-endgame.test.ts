import { describe, expect, it } from 'vitest';
import { closingEndings, type ClosingPlay } from '../../../domain/sports/closing-play';
import type { ScoringLaw } from '../../../domain/sports/chances';
import { priceNormalGame, type NormalGameInput } from '../../../domain/sports/normal';
import type { Distribution } from '../../../domain/sports/pricing';
import { randomStream } from '../../../server/modules/sports/sim/random';
import { suddenDeathEndings } from '../../../server/modules/sports/sim/scoring.sim';

/**
 * American football late in regulation and in its sudden-death overtime (review of issue 16):
 * the book's chances of the spread, the match total and a team's points must be what the
 * simulation's rules give, played out many times — the drives, the closing play at the end of
 * regulation (closing-play.ts) and the overtime. Priced as a normal curve with a level regulation
 * as the end, the over 41.5 at 20-20 with a minute left was sold at 2.12 where four in five such
 * games pass it, and team overs late in a tied game returned up to 2.1 per unit.
 */

// The simulation's American football (server/modules/sports/sim/scoring.sim.ts): drives worth 0,
// 3, 6 or 7 points, 11 a side in 60 minutes, a closing play, one 10-minute sudden-death overtime.
const VALUES = [0, 3, 6, 7] as const;
const driveLaw = (mean: number) => {
  const seven = (mean - 3 * 0.16 - 6 * 0.01) / 7;
  return [1 - 0.16 - 0.01 - seven, 0.16, 0.01, seven];
};
const CHANCES = 11;
const REGULATION = 60;
const OVERTIME = 10;
const PER_MINUTE = CHANCES / REGULATION;
const LAW = driveLaw(2);
const CLOSING: ClosingPlay = {
  levelFieldGoal: 0.8,
  tyingFieldGoal: 0.1,
  comebackTouchdown: 0.45,
  lateTouchdown: 0.5,
  lateFieldGoal: 0.2,
};

/** Chances still to come in `minutes` (whole minutes here), as the simulation draws them. */
function chancesLeft(minutes: number): Distribution {
  let count: Distribution = new Map([[Math.floor(PER_MINUTE) * minutes, 1]]);
  for (let m = 0; m < minutes; m++) {
    const next: Distribution = new Map();
    for (const [k, p] of count) {
      next.set(k, (next.get(k) ?? 0) + p * (1 - (PER_MINUTE % 1)));
      next.set(k + 1, (next.get(k + 1) ?? 0) + p * (PER_MINUTE % 1));
    }
    count = next;
  }
  return count;
}

function input(
  score: { home: number; away: number },
  minutesLeft: number,
  inOvertime: boolean,
): NormalGameInput {
  const scoring: ScoringLaw = {
    values: VALUES,
    home: LAW,
    away: LAW,
    chancesLeft: chancesLeft(inOvertime ? 0 : minutesLeft),
    overtimeChances: chancesLeft(OVERTIME),
  };
  const sd = Math.sqrt(2 * CHANCES * (LAW.reduce((a, p, i) => a + p * VALUES[i]! ** 2, 0) - 4));
  const left = inOvertime ? 0 : minutesLeft / REGULATION;
  return {
    score,
    marginLeft: 0,
    marginSd: sd * Math.sqrt(left),
    totalLeft: 2 * CHANCES * 2 * left,
    totalSd: sd * Math.sqrt(left),
    inRegulation: !inOvertime && left > 0,
    tie: 'overtime',
    buzzerTie: 0,
    closing: CLOSING,
    overtime: null,
    suddenDeath: suddenDeathEndings(PER_MINUTE, inOvertime ? minutesLeft : OVERTIME, VALUES, {
      home: LAW,
      away: LAW,
    }),
    spreadFromPlacement: false,
    scoring,
    margins: () => ({ margin: 0, method: 'proportional' }),
  };
}

/**
 * The simulation's rules played out: the minutes left, the closing play, then a level game's
 * sudden death.
 */
function playOut(score: { home: number; away: number }, minutesLeft: number, inOvertime: boolean, n: number) {
  const r = randomStream('af-endgame', score.home, score.away, minutesLeft, String(inOvertime));
  const play = (s: { home: number; away: number }, minutes: number, sudden: boolean) => {
    for (let m = 0; m < minutes; m++) {
      for (const side of ['home', 'away'] as const) {
        const count = Math.floor(PER_MINUTE) + (r() < PER_MINUTE % 1 ? 1 : 0);
        for (let k = 0; k < count; k++) {
          const u = r();
          let i = 0;
          for (let acc = LAW[0]!; u >= acc && i < LAW.length - 1; acc += LAW[++i]!);
          if (VALUES[i] === 0) continue;
          s[side] += VALUES[i]!;
          if (sudden) return;
        }
      }
    }
  };
  const finals: Array<{ home: number; away: number }> = [];
  for (let k = 0; k < n; k++) {
    const s = { ...score };
    play(s, minutesLeft, inOvertime);
    if (!inOvertime) {
      const u = r();
      let acc = 0;
      const last = closingEndings(CLOSING, s.home - s.away).find((e) => u < (acc += e.p));
      s.home += last?.home ?? 0;
      s.away += last?.away ?? 0;
    }
    if (!inOvertime && s.home === s.away) play(s, OVERTIME, true);
    finals.push(s);
  }
  return finals;
}

const STATES = [
  { label: '20-20 with a minute left', score: { home: 20, away: 20 }, minutes: 1, overtime: false },
  { label: '20-20 with five minutes left', score: { home: 20, away: 20 }, minutes: 5, overtime: false },
  { label: '17-20 with two minutes left', score: { home: 17, away: 20 }, minutes: 2, overtime: false },
  { label: '14-20 with a minute left', score: { home: 14, away: 20 }, minutes: 1, overtime: false },
  { label: '10-24 with three minutes left', score: { home: 10, away: 24 }, minutes: 3, overtime: false },
  { label: '20-20 as overtime starts', score: { home: 20, away: 20 }, minutes: OVERTIME, overtime: true },
];

describe('American football end game and overtime', () => {
  it.each(STATES)(
    'prices spreads, totals and team points as the game is played: $label',
    ({ score, minutes, overtime }) => {
      const N = 60_000;
      const finals = playOut(score, minutes, overtime, N);
      const quotes = priceNormalGame(input(score, minutes, overtime));
      const checked: string[] = [];
      for (const q of quotes) {
        if (q.key.period !== 'full') continue;
        if (!['asian_handicap', 'totals', 'home_totals', 'away_totals'].includes(q.key.type)) continue;
        // Half lines: no push, so the fair chance is the share of games past the line.
        if (q.key.lineQ! % 4 !== 2) continue;
        const line = q.key.lineQ! / 4;
        const spread = q.key.type === 'asian_handicap';
        // A spread's home side wins when its margin beats the line; a total's over when past it.
        const count = (f: { home: number; away: number }) =>
          spread
            ? f.home - f.away + line
            : q.key.type === 'totals'
              ? f.home + f.away - line
              : (q.key.type === 'home_totals' ? f.home : f.away) - line;
        const past = finals.filter((f) => count(f) > 0).length / N;
        // The book's fair chance of the home side or the over, with the margin off (proportional
        // at 0 here).
        const id = spread ? 'home' : 'over';
        const priced = 1 / (q.outcomes.find((o) => o.id === id)!.oddsMilli! / 1000);
        // Ladder rounding moves a price by at most a step; sampling by under 0.006 (3 sd at N).
        expect(Math.abs(priced - past), `${q.key.type} ${line}`).toBeLessThan(0.03);
        checked.push(`${q.key.type} ${line}`);
      }
      expect(checked.length).toBeGreaterThan(3);
      if (!overtime) expect(checked.some((c) => c.startsWith('asian_handicap'))).toBe(true);
    },
  );
});
