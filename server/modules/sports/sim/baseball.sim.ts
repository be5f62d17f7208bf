import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult } from '../../../../domain/sports/markets';
import {
  OUTS_PER_HALF,
  priceBaseball,
  priceBaseballMarket,
  runsLaw,
  type BaseballPricingInput,
} from '../../../../domain/sports/baseball';
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
 * Simulated baseball: half-innings of three outs whose runs come with the outs (research §3.4), the home side batting last
 * and not at all in the ninth when ahead, extra innings until a walk-off or a lead after a full
 * inning. Now and then rain calls a game (research §1.9: the moneyline stands after 5 innings,
 * 4½ with the home side ahead; run line and totals are void unless already decided).
 */

const MLB = [
  'New York Yankees',
  'Los Angeles Dodgers',
  'Atlanta Braves',
  'Houston Astros',
  'Philadelphia Phillies',
  'Baltimore Orioles',
  'Texas Rangers',
  'Boston Red Sox',
  'Chicago Cubs',
  'San Diego Padres',
  'New York Mets',
  'Seattle Mariners',
  'Toronto Blue Jays',
  'Cleveland Guardians',
  'Milwaukee Brewers',
  'Arizona Diamondbacks',
  'Minnesota Twins',
  'Detroit Tigers',
  'St. Louis Cardinals',
  'San Francisco Giants',
];
const NPB = [
  'Yomiuri Giants',
  'Hanshin Tigers',
  'Hiroshima Carp',
  'Yokohama DeNA BayStars',
  'Chunichi Dragons',
  'Yakult Swallows',
  'SoftBank Hawks',
  'Orix Buffaloes',
  'Lotte Marines',
  'Rakuten Eagles',
  'Seibu Lions',
  'Nippon-Ham Fighters',
];

const COMPETITIONS: readonly Competition[] = [
  {
    key: 'mlb',
    sport: 'baseball',
    name: 'MLB',
    tier: 1,
    teams: MLB,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    kickoffs: ['14:05', '17:10', '20:05', '20:40', '23:10'],
    perDay: [4, 9],
    spread: 0,
  },
  {
    key: 'npb',
    sport: 'baseball',
    name: 'NPB',
    tier: 2,
    teams: NPB,
    weekdays: [0, 2, 3, 4, 5, 6],
    kickoffs: ['05:00', '06:00'],
    perDay: [2, 4],
    spread: 0,
  },
];

/** Runs per side per nine innings, their spread with team strength, and the home edge. */
const RUNS = 4.4;
const RATING_EFFECT = 0.12;
const HOME_EDGE = 0.04;
const DRIFT_SD = 0.004;
const HALF_MINUTES: readonly [number, number] = [8, 15];

export interface BaseballTimeline extends SimTimeline {
  home0: number;
  away0: number;
  drift: number[];
  /** After each event: score, halves completed, outs of the half under way, material changes. */
  scores: Pair[];
  halves: number[];
  outs: number[];
  seqs: number[];
  codes: number[];
  suspensions: Array<{ at: number; to: number }>;
  /** Innings completed when rain called the game. */
  calledInnings: number | null;
}

function baseballTimeline(seed: string, fixture: SimFixture, windowMs: number): BaseballTimeline {
  const r = randomStream(seed, fixture.id, 'game');
  const edge = ratingOf(seed, fixture.home, 'baseball') - ratingOf(seed, fixture.away, 'baseball');
  const home0 = RUNS * Math.exp((RATING_EFFECT * edge) / 2 + HOME_EDGE);
  const away0 = RUNS * Math.exp((-RATING_EFFECT * edge) / 2);
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const events: SimEvent[] = [];
  const windows: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let calledInnings: number | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const rates = {
      home: (home0 * Math.exp(drift[drift.length - 1]!)) / 9,
      away: (away0 * Math.exp(-drift[drift.length - 1]!)) / 9,
    };
    const score: Pair = { home: 0, away: 0 };
    let at = kickoff;
    events.push({ at, kind: 'kickoff' });
    windows.push({ from: at, to: at + 30_000 });
    // Rain calls a game after some half-inning between the third and the ninth.
    const callAfter = fixture.fate === 'abandoned' ? intBetween(r, 6, 16) : Infinity;
    let halves = 0;
    for (;;) {
      const inning = Math.floor(halves / 2) + 1;
      const top = halves % 2 === 0;
      const side = top ? 'away' : 'home';
      // The home side does not bat in the ninth (or later) when already ahead.
      if (!top && inning >= 9 && score.home > score.away) break;
      if (halves === callAfter) {
        calledInnings = halves / 2;
        events.push({ at, kind: 'called' });
        finalAt = at;
        break;
      }
      const length = intBetween(r, HALF_MINUTES[0], HALF_MINUTES[1]) * MINUTE_MS;
      // A third of the half's runs with each out (OUTS_PER_HALF): drawn by inversion from the
      // pricing's law of runs at a third of the mean (negative binomial: big innings), scored on
      // the play that makes the out.
      const law = runsLaw(rates[side] / OUTS_PER_HALF);
      let walkOff = false;
      for (let out = 1; out <= OUTS_PER_HALF && !walkOff; out++) {
        const playAt = at + Math.floor((out / OUTS_PER_HALF) * length);
        let runs = 0;
        let p = law.zero;
        let u = r();
        while (u > p && runs < 30) {
          u -= p;
          p *= law.next(runs);
          runs++;
        }
        if (runs > 0) windows.push({ from: playAt - 15_000, to: playAt + 30_000 });
        for (let k = 0; k < runs; k++) {
          score[side]++;
          events.push({ at: playAt, kind: 'run', team: side });
          if (!top && inning >= 9 && score.home > score.away) {
            at = playAt;
            walkOff = true;
            break;
          }
        }
        if (!walkOff && out < OUTS_PER_HALF) events.push({ at: playAt, kind: 'out' });
      }
      if (walkOff) break;
      at += length;
      halves++;
      events.push({ at, kind: 'half' });
      if (halves >= 18 && halves % 2 === 0 && score.home !== score.away) break;
    }
    if (calledInnings === null) {
      events.push({ at, kind: 'full_time' });
      finalAt = at;
    }
  }
  events.sort((x, y) => x.at - y.at);
  const scores: Pair[] = [];
  const halvesAt: number[] = [];
  const outsAt: number[] = [];
  let outs = 0;
  const seqs: number[] = [];
  const codes: number[] = [];
  const totals: Pair = { home: 0, away: 0 };
  let halfCount = 0;
  let seq = 0;
  let code: number = MatchTime.notStarted;
  for (const e of events) {
    if (e.kind === 'run') {
      totals[e.team!]++;
      seq++;
    } else {
      seq++;
      if (e.kind === 'half') {
        halfCount++;
        outs = 0;
      }
      if (e.kind === 'out') outs++;
      // Code 1 stands for "in play": the specification's match codes are football's.
      if (e.kind === 'kickoff') code = MatchTime.firstHalf;
      else if (e.kind === 'called') code = MatchTime.cutInHalf;
      else if (STATUS_CODES[e.kind] !== undefined) code = STATUS_CODES[e.kind]!;
    }
    scores.push({ ...totals });
    halvesAt.push(halfCount);
    outsAt.push(outs);
    seqs.push(seq);
    codes.push(code);
  }
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt: null,
    rescheduledAt,
    home0,
    away0,
    drift,
    scores,
    halves: halvesAt,
    outs: outsAt,
    seqs,
    codes,
    suspensions: mergedWindows(windows),
    calledInnings,
  };
}

function at(tl: BaseballTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  return {
    code: i >= 0 ? tl.codes[i]! : MatchTime.notStarted,
    score: i >= 0 ? tl.scores[i]! : { home: 0, away: 0 },
    halves: i >= 0 ? tl.halves[i]! : 0,
    outs: i >= 0 ? tl.outs[i]! : 0,
    seq: i >= 0 ? tl.seqs[i]! : 0,
  };
}

function pricingInput(tl: BaseballTimeline, t: number, margins: MarginPlan): BaseballPricingInput | null {
  const s = at(tl, t);
  const live = s.code === MatchTime.firstHalf;
  if (!live && s.code !== MatchTime.notStarted) return null;
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const when = live ? tl.kickoff! : t;
  const step = Math.max(0, Math.min(tl.drift.length - 1, Math.floor((when - listedFrom) / HOUR_MS)));
  const home = tl.home0 * Math.exp(tl.drift[step]!);
  const away = tl.away0 * Math.exp(-tl.drift[step]!);
  return {
    score: live ? s.score : { home: 0, away: 0 },
    halves: live ? s.halves : 0,
    outs: live ? s.outs : 0,
    homeRate: home / 9,
    awayRate: away / 9,
    margins: fixtureMargins(margins, tl, live),
  };
}

/** Baseball for the simulated feed. */
export const baseballSim: SportSim<BaseballTimeline> = {
  sport: 'baseball',
  prefix: 'bb',
  fates: ['postponed', 'abandoned'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'bb', COMPETITIONS),
  timeline: baseballTimeline,
  state(tl, t): SimState {
    const s = at(tl, t);
    const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
    const live = s.code === MatchTime.firstHalf;
    return {
      periodCode: s.code,
      clock: live
        ? `${Math.floor(s.halves / 2) + 1}ª entrada, ${s.halves % 2 === 0 ? 'alta' : 'baixa'}` +
          (s.outs > 0 ? `, ${s.outs} ${s.outs === 1 ? 'eliminado' : 'eliminados'}` : '')
        : null,
      score: { ...s.score },
      stats: { innings: { home: Math.floor(s.halves / 2), away: Math.ceil(s.halves / 2) } },
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
    const full = { ...s.score, complete: s.code === MatchTime.finished };
    if (s.code === MatchTime.cutInHalf)
      return { status: s.code, scores: { full }, innings: tl.calledInnings ?? 0 };
    return { status: s.code, scores: { full } };
  },
  quoteKey(tl, st, t) {
    if (st.phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    const s = at(tl, t);
    return `${s.halves}|${s.outs}|${s.score.home}-${s.score.away}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceBaseball(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    return input ? priceBaseballMarket(input, key) : null;
  },
};
