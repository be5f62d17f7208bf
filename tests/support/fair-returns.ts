import { SimulatedFeed } from '../../server/modules/sports/sim/simulated-feed';
import { MINUTE_MS, dayOf } from '../../server/modules/sports/sim/clock';
import { randomStream } from '../../server/modules/sports/sim/random';
import { parseMarketId, settleLeg, winnersPerResult } from '../../domain/sports/markets';
import { placementCountOf } from '../../domain/sports/rules';
import { legMultiplier } from '../../domain/sports/settlement';
import type { SportKey } from '../../domain/sports/sports';
import { flatPlan } from './margins';

/**
 * Do prices and settlement agree? Plays the simulated world's matches, prices every listed market
 * at random moments before and during play, removes the margin, and settles each selection on the
 * final result with the real settlement code (settleLeg, legMultiplier) as a bet at those fair odds
 * would be. At fair odds every selection returns 1 per unit staked on average, whatever its kind
 * (push and half results included), so a market whose mean return strays from 1 by more than its
 * sampling error is priced on one rule and settled on another (a live spread priced on the whole
 * game but settled from placement), or priced from a model that does not match the play.
 *
 * Selections are grouped by sport, market, period, before or in play, and for two-sided markets
 * whether the selection led, trailed or was level in the count its market reads (a rule mismatch
 * shows as leaders' bets paying too little and trailers' too much); totals by over and under; a
 * race's drivers by their chance (favourite, contender, outsider).
 * Returns of one fixture are correlated, so the standard error is cluster-robust by fixture, and
 * never below what the prices themselves imply for independent bets.
 */

export interface FairReturnGroup {
  key: string;
  sport: SportKey;
  bets: number;
  fixtures: number;
  mean: number;
  /** Cluster-robust standard error of the mean. */
  se: number;
  /** (mean − 1) / se. */
  z: number;
}

export interface FairReturnOptions {
  seed: string;
  /** Simulated days played, from `fromDay` (days since the simulated clock's anchor). */
  days: number;
  fromDay?: number;
  sports?: readonly SportKey[];
  /** Random in-play moments priced per fixture, besides one before the start. */
  liveMoments?: number;
}

const ZERO = { margin: 0, method: 'proportional' as const };

export function fairReturns(options: FairReturnOptions): FairReturnGroup[] {
  // No margin: quotes are the fair prices rounded down to the ladder, normalised below.
  const margins = flatPlan({ threeWay: ZERO, twoWay: ZERO });
  const feed = new SimulatedFeed({
    seed: options.seed,
    speed: 1,
    windowHours: () => 48,
    margins,
  });
  const from = options.fromDay ?? dayOf(Date.UTC(2026, 2, 7, 20, 0));
  const pick = randomStream(options.seed, 'fair-returns');
  const groups = new Map<
    string,
    {
      sport: SportKey;
      n: number;
      sum: number;
      /** Σ (1 − p)/p: the variance of the returns if the bets were independent. */
      modelVariance: number;
      byFixture: Map<string, { n: number; sum: number }>;
    }
  >();
  const record = (key: string, sport: SportKey, fixtureId: string, ret: number, fair: number) => {
    const g = groups.get(key) ?? { sport, n: 0, sum: 0, modelVariance: 0, byFixture: new Map() };
    g.n++;
    g.sum += ret;
    g.modelVariance += (1 - fair) / fair;
    const f = g.byFixture.get(fixtureId) ?? { n: 0, sum: 0 };
    f.n++;
    f.sum += ret;
    g.byFixture.set(fixtureId, f);
    groups.set(key, g);
  };

  // In-play moments are drawn over a span fixed per sport (1.5 × its median match), not over each
  // match's own length: a moment at 90 % of a match that is about to end knows the future (the
  // leader is about to win), which made every sport of variable length look mispriced in play.
  const played = (day: number) =>
    feed
      .dayTimelines(day, options.sports)
      .filter((tl) => tl.fixture.fate === 'normal' && tl.kickoff !== null && tl.finalAt !== null);
  const lengths = new Map<SportKey, number[]>();
  for (let day = from; day < from + options.days; day++) {
    for (const tl of played(day)) {
      const list = lengths.get(tl.fixture.sport) ?? [];
      list.push(tl.finalAt! - tl.kickoff!);
      lengths.set(tl.fixture.sport, list);
    }
  }
  const span = new Map(
    [...lengths].map(([sport, list]) => [sport, 1.5 * list.sort((a, b) => a - b)[list.length >> 1]!]),
  );

  for (let day = from; day < from + options.days; day++) {
    for (const tl of played(day)) {
      const sport = tl.fixture.sport;
      if (options.sports && !options.sports.includes(sport)) continue;
      const end = feed.result(tl.fixture.id, feed.clock.toReal(tl.finalAt!) + 1)!;
      if (!end.final) continue;
      const moments = [tl.kickoff! - 30 * MINUTE_MS];
      for (let k = 0; k < (options.liveMoments ?? 6); k++) {
        // A moment after the end finds the match over (no phase) and is skipped.
        moments.push(tl.kickoff! + pick() * span.get(sport)!);
      }
      for (const t of moments) {
        const snap = feed.snapshot(tl.fixture.id, feed.clock.toReal(t));
        if (!snap || snap.state.phase === null || snap.state.suspended) continue;
        const live = snap.state.phase === 'live';
        for (const market of snap.markets) {
          if (market.outcomes.some((o) => o.oddsMilli === null)) continue;
          const key = parseMarketId(market.id)!;
          // The fair price of each selection: the ladder's rounding removed by normalising.
          const implied = market.outcomes.map((o) => 1 / o.oddsMilli!);
          const book = implied.reduce((a, b) => a + b, 0);
          const counts =
            placementCountOf(key.type) === 'corners' ? snap.state.stats.corners! : snap.state.score;
          market.outcomes.forEach((o, i) => {
            // Dupla Chance's chances sum to 2: each result wins two of its selections.
            const fair = (implied[i]! / book) * winnersPerResult(key.type);
            const settlement = settleLeg(
              { ...key, outcome: o.id, scoreAtPlacement: live ? counts : null },
              end.result,
              sport,
            );
            if (!settlement) return;
            // The return per unit staked at the fair odds (to the thousandth, as bets are taken).
            const multiplier = legMultiplier(Math.round(1000 / fair), settlement);
            const ret = Number(multiplier.num) / Number(multiplier.den);
            const group = key.type === 'outright' ? chanceBand(fair) : standing(o.id, counts, live);
            record(
              `${sport} ${market.id.split(':').slice(0, 2).join(':')} ${live ? 'live' : 'pre'} ${group}`,
              sport,
              tl.fixture.id,
              ret,
              fair,
            );
          });
        }
      }
    }
  }

  return [...groups].map(([key, g]) => {
    const mean = g.sum / g.n;
    let variance = 0;
    for (const f of g.byFixture.values()) variance += (f.sum - f.n * mean) ** 2;
    // Cluster-robust by fixture; but a rare winner (a long price) seen too seldom makes the
    // observed spread too small, so the model's own variance is the floor.
    const se = Math.max(Math.sqrt(variance), Math.sqrt(g.modelVariance)) / g.n;
    return {
      key,
      sport: g.sport,
      bets: g.n,
      fixtures: g.byFixture.size,
      mean,
      se,
      z: se > 0 ? (mean - 1) / se : 0,
    };
  });
}

/**
 * A race's driver by fair chance: a driver's id is only their place in their competition's list,
 * and the favourites and the long shots are judged apart, where a model that mispriced one against
 * the other (the favourite–longshot bias) would show.
 */
function chanceBand(fair: number): string {
  if (fair >= 0.15) return 'favourite';
  return fair >= 0.03 ? 'contender' : 'outsider';
}

/** The selection's standing when priced: leader, trailer or level for a side, else its own id. */
function standing(outcome: string, counts: { home: number; away: number }, live: boolean): string {
  if (outcome !== 'home' && outcome !== 'away') return outcome;
  if (!live) return 'side';
  const lead = counts.home - counts.away;
  if (lead === 0) return 'level';
  return lead > 0 === (outcome === 'home') ? 'leader' : 'trailer';
}

/** A table of the groups, worst first (the feed report and failing tests print it). */
export function fairReturnTable(groups: FairReturnGroup[]): string {
  return [...groups]
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z))
    .map(
      (g) =>
        `${g.key.padEnd(52)} bets ${String(g.bets).padStart(6)}  fixtures ${String(g.fixtures).padStart(5)}  return ${g.mean.toFixed(3)} ± ${g.se.toFixed(3)}  z ${g.z.toFixed(1)}`,
    )
    .join('\n');
}
