import { describe, expect, it } from 'vitest';
import { priceNormalGame, type NormalGameInput, type ScoringLaw } from '../../../domain/sports/normal';
import type { Distribution } from '../../../domain/sports/pricing';
import { randomStream } from '../../../server/modules/sports/sim/random';
import { suddenDeathEndings } from '../../../server/modules/sports/sim/scoring.sim';

/**
 * American football late in a level game and in its sudden-death overtime (review of issue 16):
 * the book's over/under chances of the match total and of a team's points must be what the
 * simulation's rules give, played out many times. Priced as a normal curve with a level
 * regulation as the end, the over 41.5 at 20-20 with a minute left was sold at 2.12 where four in
 * five such games pass it, and team overs late in a tied game returned up to 2.1 per unit.
 */

// The simulation's American football (server/modules/sports/sim/scoring.sim.ts): drives worth 0,
// 3, 6 or 7 points, 11 a side in 60 minutes, one 10-minute sudden-death overtime.
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

/** The simulation's rules played out: the minutes left, then a level game's sudden death. */
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
    if (!inOvertime && s.home === s.away) play(s, OVERTIME, true);
    finals.push(s);
  }
  return finals;
}

const STATES = [
  { label: '20-20 with a minute left', score: { home: 20, away: 20 }, minutes: 1, overtime: false },
  { label: '20-20 with five minutes left', score: { home: 20, away: 20 }, minutes: 5, overtime: false },
  { label: '17-20 with two minutes left', score: { home: 17, away: 20 }, minutes: 2, overtime: false },
  { label: '20-20 as overtime starts', score: { home: 20, away: 20 }, minutes: OVERTIME, overtime: true },
];

describe('American football end game and overtime', () => {
  it.each(STATES)(
    'prices totals and team points as the game is played: $label',
    ({ score, minutes, overtime }) => {
      const N = 60_000;
      const finals = playOut(score, minutes, overtime, N);
      const quotes = priceNormalGame(input(score, minutes, overtime));
      const checked: string[] = [];
      for (const q of quotes) {
        if (!['totals', 'home_totals', 'away_totals'].includes(q.key.type)) continue;
        // Half lines: no push, so the fair chance is the share of games over the line.
        if (q.key.lineQ! % 4 !== 2) continue;
        const line = q.key.lineQ! / 4;
        const count = (f: { home: number; away: number }) =>
          q.key.type === 'totals' ? f.home + f.away : q.key.type === 'home_totals' ? f.home : f.away;
        const over = finals.filter((f) => count(f) > line).length / N;
        // The book's fair chance of the over, with the margin off (proportional at 0 here).
        const priced = 1 / (q.outcomes.find((o) => o.id === 'over')!.oddsMilli! / 1000);
        // Ladder rounding moves a price by at most a step; sampling by under 0.006 (3 sd at N).
        expect(Math.abs(priced - over), `${q.key.type} ${line}`).toBeLessThan(0.03);
        checked.push(`${q.key.type} ${line}`);
      }
      expect(checked.length).toBeGreaterThan(3);
    },
  );
});
