import type { SimulatedFeed } from '../server/modules/sports/sim/simulated-feed';
import type { FixtureResult } from '../domain/sports/markets';
import { MatchTime } from '../domain/codes';

/**
 * How the simulated world compares with the real one (sportsbook issue, "a simulation a trader
 * would believe"): figures a trader knows by heart, measured on the feed's finished matches,
 * each beside its reference and the tolerance it is held to. References and their sources are
 * in docs/operations.md "Simulated feed: calibration". `npm run feed:report` prints the table;
 * tests/stats/sports-calibration.test.ts holds every figure to its tolerance.
 */

export interface CalibrationRow {
  figure: string;
  /** What the simulation gave, and over how many matches. */
  measured: number;
  matches: number;
  reference: number;
  /** The measured figure passes within reference ± tolerance. */
  tolerance: number;
  /** How the figure is printed: a share of matches, or a number. */
  unit: '%' | 'n';
}

interface Sample {
  sport: string;
  competition: string;
  result: FixtureResult;
}

/** Every normally finished match of the days, with its final result. */
function finished(feed: SimulatedFeed, fromDay: number, days: number): Sample[] {
  const out: Sample[] = [];
  for (let day = fromDay; day < fromDay + days; day++) {
    for (const tl of feed.dayTimelines(day)) {
      if (tl.fixture.fate !== 'normal' || tl.finalAt === null) continue;
      const end = feed.result(tl.fixture.id, feed.clock.toReal(tl.finalAt) + 1);
      if (!end?.final || end.result.status !== MatchTime.finished) continue;
      out.push({ sport: tl.fixture.sport, competition: tl.fixture.competition, result: end.result });
    }
  }
  return out;
}

const share = (xs: Sample[], test: (s: Sample) => boolean) =>
  xs.length === 0 ? 0 : xs.filter(test).length / xs.length;
const full = (s: Sample) => s.result.scores.full!;
const margin = (s: Sample) => full(s).home - full(s).away;

function sd(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
}

/** The calibration table over `days` simulated days from `fromDay`. */
export function calibration(feed: SimulatedFeed, fromDay: number, days: number): CalibrationRow[] {
  const all = finished(feed, fromDay, days);
  const of = (competition: string) => all.filter((s) => s.competition === competition);
  const rows: CalibrationRow[] = [];
  const row = (
    figure: string,
    xs: Sample[],
    measured: number,
    reference: number,
    tolerance: number,
    unit: CalibrationRow['unit'] = '%',
  ) => rows.push({ figure, measured, matches: xs.length, reference, tolerance, unit });

  const nfl = of('NFL');
  row(
    'NFL: decided by exactly 3 points',
    nfl,
    share(nfl, (s) => Math.abs(margin(s)) === 3),
    0.15,
    0.05,
  );
  row(
    'NFL: decided by exactly 7 points',
    nfl,
    share(nfl, (s) => Math.abs(margin(s)) === 7),
    0.09,
    0.04,
  );
  const nba = of('NBA');
  const overtime = (s: Sample) => {
    const r = s.result.scores.regulation;
    return r !== undefined && r.home === r.away;
  };
  row('NBA: games to overtime', nba, share(nba, overtime), 0.06, 0.025);
  for (const tour of ['ATP Tour', 'WTA Tour']) {
    const matches = of(tour);
    row(
      `${tour}: deciding set (best of three)`,
      matches,
      share(matches, (s) => full(s).home + full(s).away === 3),
      0.35,
      0.06,
    );
    const games = matches.map((s) => (s.result.scores.games?.home ?? 0) + (s.result.scores.games?.away ?? 0));
    const mean = games.length ? games.reduce((a, b) => a + b, 0) / games.length : 0;
    row(`${tour}: games per match`, matches, mean, tour === 'ATP Tour' ? 23 : 21.5, 1.5, 'n');
  }
  const volleyball = all.filter((s) => s.sport === 'volleyball');
  row(
    'Volleyball: 3-2 matches',
    volleyball,
    share(volleyball, (s) => full(s).home + full(s).away === 5),
    0.2,
    0.06,
  );
  row(
    'Volleyball: home wins',
    volleyball,
    share(volleyball, (s) => margin(s) > 0),
    0.56,
    0.07,
  );
  const badminton = all.filter((s) => s.sport === 'badminton');
  row(
    'Badminton: 2-1 matches',
    badminton,
    share(badminton, (s) => full(s).home + full(s).away === 3),
    0.35,
    0.06,
  );
  const mlb = of('MLB');
  row('MLB: run margin, standard deviation', mlb, mlb.length > 1 ? sd(mlb.map(margin)) : 0, 4.4, 0.4, 'n');
  row(
    'MLB: one-run games',
    mlb,
    share(mlb, (s) => Math.abs(margin(s)) === 1),
    0.28,
    0.05,
  );
  return rows;
}

/** Whether a row's measured figure is within its tolerance of the reference. */
export const withinTolerance = (r: CalibrationRow) => Math.abs(r.measured - r.reference) <= r.tolerance;

/** The table as `feed:report` prints it. */
export function calibrationTable(rows: CalibrationRow[]): string {
  const show = (r: CalibrationRow, x: number) =>
    r.unit === '%' ? `${(100 * x).toFixed(1)} %` : x.toFixed(2);
  return rows
    .map(
      (r) =>
        `  ${withinTolerance(r) ? ' ' : '✗'} ${r.figure.padEnd(40)} ${show(r, r.measured).padStart(8)}  reference ${show(r, r.reference).padStart(8)} ± ${show(r, r.tolerance).padEnd(7)} (${r.matches} matches)`,
    )
    .join('\n');
}
