import { describe, expect, it } from 'vitest';
import { fairReturns, fairReturnTable, type FairReturnGroup } from '../support/fair-returns';

/**
 * Prices and settlement agree (sportsbook issue, "One rule, one place"): every market of every
 * sport, priced at random moments of simulated matches and settled on their results by the real
 * settlement code, returns 1 per unit staked at its fair odds within sampling error
 * (tests/support/fair-returns.ts). A rule that pricing and settlement read differently — American
 * football's live spread priced on the whole game and settled from placement (fault 1) — makes
 * leaders' bets return far less than 1 and trailers' far more. `npm test` plays 20 simulated days
 * (more for the sports that play weekly); `npm run test:stats` 120.
 */
const FULL = process.env.STATS_FULL === '1';
const DAYS = FULL ? 120 : 20;
/** A group is judged once it spans this many fixtures (its error is cluster-robust by fixture). */
const MIN_FIXTURES = 30;
const Z_LIMIT = 4.5;

/**
 * Where the sport's pricing model does not yet match its simulated play, with the measured
 * deviation (seed "fair", 40 days). These are open work of the sportsbook issue ("A simulation a
 * trader would believe"), listed so that every other market is held to the rule meanwhile; a group
 * leaves this list when its model is fixed.
 */
const KNOWN_MODEL_GAPS: ReadonlyArray<RegExp> = [
  // None now. Baseball's live runs left it when the book learnt the outs of the half-inning under
  // way (its live unders returned 1.09 at fair odds over 120 days, z 3.6; 1.033, z 1.3, after).
];

function judged(groups: FairReturnGroup[]) {
  return groups.filter((g) => g.fixtures >= MIN_FIXTURES && !KNOWN_MODEL_GAPS.some((re) => re.test(g.key)));
}

describe('every market returns its fair price on average when settled by the real rules', () => {
  it('every sport, before and in play', () => {
    const groups = fairReturns({ seed: 'fair-returns', days: DAYS });
    const held = judged(groups);
    expect(held.length).toBeGreaterThan(80);
    // Issue 16's markets beyond football are judged, before and in play (American football's and
    // boxing's below, over more days).
    for (const market of [
      'tennis set_score:full',
      'basketball home_totals:full',
      'basketball away_totals:full',
      'basketball match_winner:first_half',
      'basketball asian_handicap:first_half',
      'basketball totals:first_half',
      'cricket totals:first_half',
      'football cards_totals:full',
    ]) {
      for (const phase of ['pre', 'live']) {
        expect(
          held.some((g) => g.key.startsWith(`${market} ${phase} `)),
          `${market} ${phase}`,
        ).toBe(true);
      }
    }
    // Drivers who fail to finish are priced (ratings.ts headToHeadOutcomes): over 120 days the
    // head-to-heads return 1.026 ± 0.064 per unit at fair odds, so they are held like every
    // market (sold before the race only).
    expect(held.some((g) => g.key.startsWith('motor_racing head_to_head:full pre '))).toBe(true);
    const off = held.filter((g) => Math.abs(g.z) > Z_LIMIT);
    expect(off, fairReturnTable(off)).toEqual([]);
  });

  it('boxing over enough fights to judge its method of victory (a few fights a week)', () => {
    // Four divisions fight on Friday and Saturday nights: about eight fights a week.
    const groups = fairReturns({ seed: 'fair-returns-boxing', days: FULL ? 1000 : 300, sports: ['boxing'] });
    const held = judged(groups);
    for (const id of ['home_stoppage', 'home_points', 'away_stoppage', 'away_points']) {
      for (const phase of ['pre', 'live']) {
        expect(held.map((g) => g.key)).toContain(`boxing method:full ${phase} ${id}`);
      }
    }
    const off = held.filter((g) => Math.abs(g.z) > Z_LIMIT);
    expect(off, fairReturnTable(off)).toEqual([]);
  });

  it('motor racing over enough races to judge its Vencedor da Corrida (three races a week)', () => {
    // Fórmula 1 and Stock Car on Sundays, IndyCar on Saturdays, sold before the start only
    // (motor.sim.ts). A race is one price per driver, won by one of them, so it takes hundreds of
    // races to see a rule mismatch: settling on the runner-up showed at z ±4.3 over 300 races, and
    // shows beyond the limit over these 393.
    const groups = fairReturns({
      seed: 'fair-returns-motor',
      days: FULL ? 4000 : 1000,
      sports: ['motor_racing'],
    });
    const outright = judged(groups).filter((g) => g.key.startsWith('motor_racing outright:full '));
    expect(outright.map((g) => g.key.split(' ').slice(2).join(' ')).sort()).toEqual([
      'pre contender',
      'pre favourite',
      'pre outsider',
    ]);
    const off = outright.filter((g) => Math.abs(g.z) > Z_LIMIT);
    expect(off, fairReturnTable(off)).toEqual([]);
  });

  it('American football spreads and team totals over enough games to see a rule mismatch', () => {
    // A team plays every fourth day: more days, to judge its live spreads on 60+ games.
    const groups = fairReturns({
      seed: 'fair-returns-nfl',
      days: FULL ? 400 : 70,
      sports: ['american_football'],
      liveMoments: 16,
    });
    const spreads = groups.filter((g) => g.key.startsWith('american_football asian_handicap:full live'));
    expect(spreads.map((g) => g.key.split(' ').pop()).sort()).toEqual(['leader', 'level', 'trailer']);
    for (const g of spreads) {
      expect(g.fixtures).toBeGreaterThanOrEqual(MIN_FIXTURES);
      expect(Math.abs(g.z), fairReturnTable([g])).toBeLessThan(Z_LIMIT);
    }
    // Each team's points (issue 16): one side's 3s and 7s are too lumpy for a normal curve, so
    // they are priced from the drives' own law (chances.ts ScoringLaw).
    const teams = judged(groups).filter((g) => /^american_football (home|away)_totals:full /.test(g.key));
    expect(teams.map((g) => g.key.split(' ').slice(1).join(' ')).sort()).toEqual(
      ['away_totals:full', 'home_totals:full'].flatMap((m) =>
        ['live over', 'live under', 'pre over', 'pre under'].map((p) => `${m} ${p}`),
      ),
    );
    const off = teams.filter((g) => Math.abs(g.z) > Z_LIMIT);
    expect(off, fairReturnTable(off)).toEqual([]);
    // The first half's result, spread and total, from the same drives (first-half.ts).
    const halves = judged(groups).filter((g) => /^american_football \S+:first_half /.test(g.key));
    expect(new Set(halves.map((g) => g.key.split(' ')[1]))).toEqual(
      new Set(['match_winner:first_half', 'asian_handicap:first_half', 'totals:first_half']),
    );
    const halvesOff = halves.filter((g) => Math.abs(g.z) > Z_LIMIT);
    expect(halvesOff, fairReturnTable(halvesOff)).toEqual([]);
  });
});
