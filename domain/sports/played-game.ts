import { sumOfChances, type ScoringLaw } from './chances';
import { closingEndings, MOST_CLOSING_POINTS, type ClosingPlay, type Endings } from './closing-play';
import type { Distribution } from './pricing';

/** American football's game as it is played, for the book's normal-model pricing (normal.ts). */

/**
 * American football from how it is played rather than a normal curve: each side's points still to
 * come from its scoring law (3s and 7s), the two sides independent as the simulation plays them,
 * then, while regulation runs, its closing play (the last drive, played for what the score
 * needs), and a level game through its sudden-death overtime. A normal curve spreads a late total
 * over every number: at 20-20 with a minute left it sold the over 41.5 at 2.12 where four in five
 * such games pass it (review of issue 16). Each team's points come from the same walk, since the
 * closing play and the overtime add to a side by the other side's score. `endings` is how a
 * level game's sudden death ends; `closing` the closing play while regulation is still to be
 * played, else null; `spreadFromPlacement` whether a spread counts only what is still to come.
 */
export function playedDistributions(
  score: { home: number; away: number },
  scoring: ScoringLaw,
  endings: Endings,
  closing: ClosingPlay | null,
  spreadFromPlacement: boolean,
) {
  const home = [...sumOfChances(scoring.chancesLeft, scoring.values, scoring.home)];
  const away = [...sumOfChances(scoring.chancesLeft, scoring.values, scoring.away)];
  const { home: sh, away: sa } = score;
  // The most the closing play and the overtime add to a side, bounding every tally.
  const most =
    (closing ? MOST_CLOSING_POINTS : 0) + Math.max(0, ...endings.map((e) => Math.max(e.home, e.away)));
  const homeMost = sh + Math.max(...home.map(([k]) => k)) + most;
  const awayMost = sa + Math.max(...away.map(([k]) => k)) + most;
  const margin = tally(-awayMost, homeMost);
  const winner = tally(-awayMost, homeMost);
  const spread = tally(-awayMost, homeMost);
  const total = tally(sh + sa, homeMost + awayMost);
  const teams = { home: tally(sh, homeMost), away: tally(sa, awayMost) };
  // The closing play's endings by regulation's margin before it (many scores share a margin).
  const nothing: Endings = [{ home: 0, away: 0, p: 1 }];
  const closingAt = new Map<number, Endings>();
  const lastDrive = (m: number) => {
    if (!closing) return nothing;
    let found = closingAt.get(m);
    if (!found) closingAt.set(m, (found = closingEndings(closing, m)));
    return found;
  };
  // One way the game can end: the final score, the points a spread from placement counts, and
  // its chance.
  const end = (h: number, a: number, counted: number, p: number) => {
    winner.add(h - a, p);
    spread.add(spreadFromPlacement ? counted : h - a, p);
    total.add(h + a, p);
    teams.home.add(h, p);
    teams.away.add(a, p);
  };
  for (const [h, ph] of home) {
    for (const [a, pa] of away) {
      for (const last of lastDrive(sh + h - (sa + a))) {
        const p = ph * pa * last.p;
        if (p === 0) continue;
        const fh = sh + h + last.home;
        const fa = sa + a + last.away;
        // A spread counting from placement reads only what is still to come.
        const counted = h + last.home - (a + last.away);
        margin.add(fh - fa, p);
        if (fh !== fa) end(fh, fa, counted, p);
        else for (const e of endings) end(fh + e.home, fa + e.away, counted + e.home - e.away, p * e.p);
      }
    }
  }
  return {
    margin: margin.dist(),
    winner: winner.dist(),
    spread: spread.dist(),
    total: total.dist(),
    points: sh + sa,
    teams: { home: teams.home.dist(), away: teams.away.dist() },
  };
}

/**
 * A distribution over the whole numbers from `low` to `high`, added to densely: the walk of
 * playedDistributions adds to its tallies tens of thousands of times a pricing, where a Map's
 * lookups cost twice the pricing itself.
 */
function tally(low: number, high: number) {
  const chances = new Float64Array(high - low + 1);
  return {
    add(k: number, p: number) {
      chances[k - low]! += p;
    },
    dist(): Distribution {
      const dist: Distribution = new Map();
      chances.forEach((p, i) => {
        if (p > 0) dist.set(i + low, p);
      });
      return dist;
    },
  };
}
