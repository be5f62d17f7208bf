import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult } from '../../../../domain/sports/markets';
import {
  priceCricket,
  priceCricketMarket,
  type CricketPricingInput,
} from '../../../../domain/sports/ratings';
import { HOUR_MS, MINUTE_MS } from './clock';
import { intBetween, normal, randomStream } from './random';
import {
  LISTING_MS,
  lastAtOrBefore,
  mergedWindows,
  postponement,
  ratingOf,
  scheduleDay,
  STATUS_CODES,
  stopsAt,
  type Pair,
  type SimEvent,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
  fixtureMargins,
} from './sport-sim';
import type { Competition } from './world';

/**
 * Simulated Twenty20 cricket: over by over runs from the sides' hidden ratings; the second side
 * chases the first's total. A tie goes to a super over half the time, otherwise it is a dead heat
 * (research §1.9). Rain can leave a match without a result (void).
 */

const IPL = [
  'Mumbai Indians',
  'Chennai Super Kings',
  'Royal Challengers Bengaluru',
  'Kolkata Knight Riders',
  'Delhi Capitals',
  'Punjab Kings',
  'Rajasthan Royals',
  'Sunrisers Hyderabad',
  'Gujarat Titans',
  'Lucknow Super Giants',
];
const BBL = [
  'Sydney Sixers',
  'Perth Scorchers',
  'Brisbane Heat',
  'Adelaide Strikers',
  'Melbourne Stars',
  'Melbourne Renegades',
  'Sydney Thunder',
  'Hobart Hurricanes',
];

const COMPETITIONS: readonly Competition[] = [
  {
    key: 'ipl',
    sport: 'cricket',
    name: 'Indian Premier League',
    tier: 1,
    teams: IPL,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    kickoffs: ['07:00', '11:00'],
    perDay: [1, 2],
    spread: 0,
  },
  {
    key: 'bbl',
    sport: 'cricket',
    name: 'Big Bash League',
    tier: 2,
    teams: BBL,
    weekdays: [0, 3, 5, 6],
    kickoffs: ['05:15', '06:30'],
    perDay: [1, 2],
    spread: 0,
  },
];

/** Overs of a Twenty20 innings. */
const OVERS = 20;
/** Runs of an average innings and its deviation; a rating point is worth this many runs. */
const INNINGS_RUNS = 168;
const INNINGS_SD = 24;
const RUNS_PER_RATING = 9;
const OVER_MS = 4 * MINUTE_MS;
const BREAK_MS = 15 * MINUTE_MS;
const DRIFT_SD = 0.4;

export interface CricketTimeline extends SimTimeline {
  homeMean0: number;
  awayMean0: number;
  drift: number[];
  /** The side batting first. */
  first: 'home' | 'away';
  scores: Pair[];
  overs: number[];
  codes: number[];
  seqs: number[];
  advanced: 'home' | 'away' | null;
  suspensions: Array<{ at: number; to: number }>;
}

const other = (side: 'home' | 'away') => (side === 'home' ? 'away' : 'home');

function cricketTimeline(seed: string, fixture: SimFixture, windowMs: number): CricketTimeline {
  const r = randomStream(seed, fixture.id, 'match');
  const edge = ratingOf(seed, fixture.home, 'cricket') - ratingOf(seed, fixture.away, 'cricket');
  const homeMean0 = INNINGS_RUNS + (RUNS_PER_RATING * edge) / 2;
  const awayMean0 = INNINGS_RUNS - (RUNS_PER_RATING * edge) / 2;
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const first: 'home' | 'away' = r() < 0.5 ? 'home' : 'away';
  const events: SimEvent[] = [];
  const windows: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let advanced: 'home' | 'away' | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const d = drift[drift.length - 1]!;
    const mean = { home: homeMean0 + d, away: awayMean0 - d };
    const score: Pair = { home: 0, away: 0 };
    let at = kickoff;
    const rainAfter = fixture.fate === 'abandoned' ? intBetween(r, 5, 30) : Infinity;
    let oversPlayed = 0;
    let rained = false;
    const bat = (side: 'home' | 'away', target: number | null) => {
      for (let over = 0; over < OVERS; over++) {
        if (oversPlayed === rainAfter) {
          rained = true;
          return;
        }
        const runs = Math.max(
          0,
          Math.round(mean[side] / OVERS + (INNINGS_SD / Math.sqrt(OVERS)) * normal(r)),
        );
        at += OVER_MS;
        oversPlayed++;
        score[side] += runs;
        events.push({ at, kind: `over:${runs}`, team: side });
        // A wicket or a boundary review stops the book now and then.
        if (r() < 0.15) windows.push({ from: at - 30_000, to: at + 20_000 });
        if (target !== null && score[side] >= target) return;
      }
    };
    events.push({ at, kind: 'innings:1' });
    windows.push({ from: at, to: at + 30_000 });
    bat(first, null);
    if (!rained) {
      at += BREAK_MS;
      events.push({ at, kind: 'innings:2' });
      windows.push({ from: at, to: at + 30_000 });
      bat(other(first), score[first] + 1);
    }
    if (rained) {
      // No result: the match is void (research §1.9 "No result → void").
      events.push({ at, kind: 'abandoned' });
    } else {
      if (score.home === score.away && r() < 0.5) advanced = r() < 0.5 ? 'home' : 'away';
      events.push({ at, kind: 'full_time' });
    }
    finalAt = at;
  }
  events.sort((x, y) => x.at - y.at);
  const scores: Pair[] = [];
  const overs: number[] = [];
  const codes: number[] = [];
  const seqs: number[] = [];
  const totals: Pair = { home: 0, away: 0 };
  let count = 0;
  let code: number = MatchTime.notStarted;
  let seq = 0;
  for (const e of events) {
    if (e.kind.startsWith('over:')) {
      totals[e.team!] += Number(e.kind.slice(5));
      count++;
    } else {
      seq++;
      // The first innings is coded 1, the break 2 and the chase 3, as halves.
      if (e.kind === 'innings:1') code = MatchTime.firstHalf;
      else if (e.kind === 'innings:2') {
        code = MatchTime.secondHalf;
        count = 0;
      } else if (STATUS_CODES[e.kind] !== undefined) code = STATUS_CODES[e.kind]!;
    }
    scores.push({ ...totals });
    overs.push(count);
    codes.push(code);
    seqs.push(seq);
  }
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt: null,
    rescheduledAt,
    homeMean0,
    awayMean0,
    drift,
    first,
    scores,
    overs,
    codes,
    seqs,
    advanced,
    suspensions: mergedWindows(windows),
  };
}

function at(tl: CricketTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  return {
    code: i >= 0 ? tl.codes[i]! : MatchTime.notStarted,
    score: i >= 0 ? tl.scores[i]! : { home: 0, away: 0 },
    overs: i >= 0 ? tl.overs[i]! : 0,
    seq: i >= 0 ? tl.seqs[i]! : 0,
  };
}

function pricingInput(tl: CricketTimeline, t: number, margins: MarginPlan): CricketPricingInput | null {
  const s = at(tl, t);
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const inPlay = s.code === MatchTime.firstHalf || s.code === MatchTime.secondHalf;
  if (!inPlay && s.code !== MatchTime.notStarted) return null;
  const step = Math.max(
    0,
    Math.min(tl.drift.length - 1, Math.floor(((inPlay ? tl.kickoff! : t) - listedFrom) / HOUR_MS)),
  );
  const mean = { home: tl.homeMean0 + tl.drift[step]!, away: tl.awayMean0 - tl.drift[step]! };
  const sd = { home: INNINGS_SD, away: INNINGS_SD };
  const m = fixtureMargins(margins, tl, inPlay);
  // An over's runs as bat() draws them: a normal around the side's rate, rounded, never below 0.
  const perOver = (side: 'home' | 'away') => ({
    mean: mean[side] / OVERS,
    sd: INNINGS_SD / Math.sqrt(OVERS),
  });
  if (!inPlay)
    return {
      homeMean: mean.home,
      homeSd: sd.home,
      awayMean: mean.away,
      awaySd: sd.away,
      chase: null,
      // The toss is not known before the start: either side bats first, evenly.
      firstInnings: {
        runs: 0,
        oversLeft: OVERS,
        batting: [
          { chance: 0.5, ...perOver('home') },
          { chance: 0.5, ...perOver('away') },
        ],
      },
      margins: m,
    };
  const batting = s.code === MatchTime.firstHalf ? tl.first : other(tl.first);
  const left = (OVERS - s.overs) / OVERS;
  const now = { ...mean };
  const nowSd = { ...sd };
  now[batting] = s.score[batting] + mean[batting] * left;
  nowSd[batting] = INNINGS_SD * Math.sqrt(left);
  const chase = s.code === MatchTime.secondHalf ? { side: batting, target: s.score[tl.first] + 1 } : null;
  return {
    homeMean: now.home,
    homeSd: nowSd.home,
    awayMean: now.away,
    awaySd: nowSd.away,
    chase,
    firstInnings:
      s.code === MatchTime.firstHalf
        ? {
            runs: s.score[batting],
            oversLeft: OVERS - s.overs,
            batting: [{ chance: 1, ...perOver(batting) }],
          }
        : null,
    margins: m,
  };
}

/** Cricket for the simulated feed. */
export const cricketSim: SportSim<CricketTimeline> = {
  sport: 'cricket',
  prefix: 'ck',
  fates: ['postponed', 'abandoned'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'ck', COMPETITIONS),
  timeline: cricketTimeline,
  state(tl, t): SimState {
    const s = at(tl, t);
    const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
    const live =
      s.code === MatchTime.firstHalf || s.code === MatchTime.halfTime || s.code === MatchTime.secondHalf;
    return {
      periodCode: s.code,
      clock: live ? `${s.overs}/${OVERS} overs` : null,
      score: { ...s.score },
      stats: {},
      suspended: live && suspended,
      stateSeq: s.seq,
      stopSeq,
      phase: s.code === MatchTime.notStarted ? 'pre' : live ? 'live' : null,
    };
  },
  result(tl, t): FixtureResult {
    const s = at(tl, t);
    if (s.code === MatchTime.cancelled || tl.kickoff === null || t < tl.kickoff)
      return { status: s.code, scores: {} };
    const final = s.code === MatchTime.finished;
    const scores: FixtureResult['scores'] = { full: { ...s.score, complete: final } };
    // The first innings (Total de Corridas da 1ª Entrada): its runs, complete once the chase began.
    const second = tl.events.find((e) => e.kind === 'innings:2');
    const innings = second && t >= second.at ? at(tl, second.at - 1).score : s.score;
    if (s.code !== MatchTime.notStarted) {
      scores.first_half = { ...innings, complete: second !== undefined && t >= second.at };
    }
    if (final && tl.advanced) return { status: s.code, scores, advanced: tl.advanced };
    return { status: s.code, scores };
  },
  quoteKey(tl, st, t) {
    if (st.phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    const s = at(tl, t);
    return `${s.code}|${s.overs}|${s.score.home}-${s.score.away}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceCricket(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    return input ? priceCricketMarket(input, key) : null;
  },
};
