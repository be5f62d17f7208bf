import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult } from '../../../../domain/sports/markets';
import { priceTennis, priceTennisMarket, type TennisScore } from '../../../../domain/sports/tennis';
import { HOUR_MS } from './clock';
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
  type SimEvent,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
  fixtureMargins,
  ratingEffect,
} from './sport-sim';
import type { Competition } from './world';

/**
 * Simulated tennis, point by point (research §3.3): each player wins a point on serve with a
 * probability from their hidden rating, games, tie-breaks at 6-6 and best-of-three sets follow,
 * and the book prices the match, the first set and the games markets with the same Markov model
 * from the live score. Some matches end in a retirement (rule (b) of design/sports.md).
 */

const ATP = [
  'Jannik Sinner',
  'Carlos Alcaraz',
  'Alexander Zverev',
  'Novak Djokovic',
  'Taylor Fritz',
  'Daniil Medvedev',
  'Casper Ruud',
  'Alex de Minaur',
  'Andrey Rublev',
  'Holger Rune',
  'Ben Shelton',
  'Tommy Paul',
  'Lorenzo Musetti',
  'João Fonseca',
  'Thiago Monteiro',
  'Thiago Wild',
  'Francisco Cerúndolo',
  'Sebastián Báez',
  'Grigor Dimitrov',
  'Stefanos Tsitsipas',
];
const WTA = [
  'Aryna Sabalenka',
  'Iga Świątek',
  'Coco Gauff',
  'Jessica Pegula',
  'Elena Rybakina',
  'Jasmine Paolini',
  'Qinwen Zheng',
  'Emma Navarro',
  'Daria Kasatkina',
  'Beatriz Haddad Maia',
  'Laura Pigossi',
  'Mirra Andreeva',
  'Madison Keys',
  'Paula Badosa',
  'Jeļena Ostapenko',
  'Karolína Muchová',
];

const COMPETITIONS: readonly Competition[] = [
  {
    key: 'atp',
    sport: 'tennis',
    name: 'ATP Tour',
    tier: 1,
    teams: ATP,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    kickoffs: ['08:00', '10:00', '12:00', '14:00', '16:00', '19:00', '21:00'],
    perDay: [4, 8],
    spread: 0,
  },
  {
    key: 'wta',
    sport: 'tennis',
    name: 'WTA Tour',
    tier: 1,
    teams: WTA,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    kickoffs: ['07:00', '09:00', '11:00', '13:00', '15:00', '18:00'],
    perDay: [3, 6],
    spread: 0,
  },
];

/**
 * Serve-point probability of an average player, and its change per rating point (levelling off
 * at a 0.13 gap, sport-sim.ts ratingEffect). It makes about 35 % of best-of-three matches go to a
 * deciding set and ATP matches last about 23 games, as on the tours (feed:report's calibration);
 * at 0.025 players were so alike that 47 % did.
 */
const SERVE_BASE: Record<string, number> = { 'ATP Tour': 0.64, 'WTA Tour': 0.57 };
const SERVE_PER_RATING = 0.12;
/** The largest gap a rating difference makes between two players' serve-point probabilities. */
const MAX_SERVE_EDGE = 0.13;
/** Hourly drift of the serve probabilities before the match (form, fitness news). */
const DRIFT_SD = 0.0015;
/** Seconds a point takes, and the breaks at changeovers and between sets. */
const POINT_SECONDS: readonly [number, number] = [25, 50];
const CHANGEOVER_MS = 90_000;
const SET_BREAK_MS = 120_000;

type Two = [number, number];

/** After each point: the score, who serves, and the material changes (games) so far. */
interface TennisSnapshot {
  score: TennisScore;
  seq: number;
  firstSet: 'home' | 'away' | null;
}

export interface TennisTimeline extends SimTimeline {
  pA0: number;
  pB0: number;
  drift: number[];
  snapshots: TennisSnapshot[];
  suspensions: Array<{ at: number; to: number }>;
  retired: 'home' | 'away' | null;
}

const clamp = (p: number) => Math.min(0.8, Math.max(0.45, p));

function tennisTimeline(seed: string, fixture: SimFixture, windowMs: number): TennisTimeline {
  const r = randomStream(seed, fixture.id, 'match');
  const base = SERVE_BASE[fixture.competition] ?? 0.62;
  const edge = ratingOf(seed, fixture.home, 'tennis') - ratingOf(seed, fixture.away, 'tennis');
  const effect = ratingEffect(edge, SERVE_PER_RATING, MAX_SERVE_EDGE);
  const pA0 = clamp(base + effect / 2);
  const pB0 = clamp(base - effect / 2);
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const events: SimEvent[] = [];
  const snapshots: TennisSnapshot[] = [];
  const windows: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let retired: 'home' | 'away' | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    for (const e of p.events) {
      events.push(e);
      snapshots.push({ score: startScore(true), seq: events.length, firstSet: null });
    }
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const pA = clamp(pA0 + drift[drift.length - 1]!);
    const pB = clamp(pB0 - drift[drift.length - 1]!);
    const s = startScore(r() < 0.5);
    let seq = events.length;
    let tiebreak = false;
    let tbFirstA = true;
    let firstSet: 'home' | 'away' | null = null;
    let at = kickoff;
    // A retirement comes somewhere in the match, after a set or before (rule (b) tells them apart);
    // every best-of-three match lasts at least twelve games.
    const retireAfter = fixture.fate === 'retired' ? intBetween(r, 2, 11) : Infinity;
    events.push({ at, kind: 'kickoff' });
    snapshots.push({ score: structuredClone(s), seq: ++seq, firstSet });
    windows.push({ from: at, to: at + 30_000 });
    let gamesPlayed = 0;
    while (s.sets[0] < 2 && s.sets[1] < 2) {
      if (gamesPlayed === retireAfter && s.points[0] + s.points[1] === 0) {
        retired = r() < 0.5 ? 'home' : 'away';
        events.push({ at, kind: 'retired', team: retired });
        snapshots.push({ score: structuredClone(s), seq: ++seq, firstSet });
        finalAt = at;
        break;
      }
      const n = s.points[0] + s.points[1];
      const aServing = tiebreak ? (Math.floor((n + 1) / 2) % 2 === 0 ? tbFirstA : !tbFirstA) : s.aServes;
      const length = intBetween(r, POINT_SECONDS[0], POINT_SECONDS[1]) * 1000;
      // Break points (and tie-break points from 6-6) stop the book until the point is over.
      const [srv, rcv] = aServing ? [s.points[0], s.points[1]] : [s.points[1], s.points[0]];
      if ((!tiebreak && rcv >= 3 && rcv > srv) || (tiebreak && n >= 12))
        windows.push({ from: at - 5_000, to: at + length });
      const aWins = r() < (aServing ? pA : 1 - pB);
      at += length;
      s.points[aWins ? 0 : 1]++;
      const [x, y] = s.points;
      const gameOver = tiebreak
        ? (x >= 7 || y >= 7) && Math.abs(x - y) >= 2
        : (x >= 4 || y >= 4) && Math.abs(x - y) >= 2;
      if (gameOver) {
        const winner = x > y ? 0 : 1;
        s.games[winner]++;
        s.points = [0, 0];
        seq++;
        gamesPlayed++;
        const [ga, gb] = s.games;
        const setOver = tiebreak || ((ga >= 6 || gb >= 6) && Math.abs(ga - gb) >= 2);
        if (tiebreak) {
          // The player who received first in the tie-break serves first in the next set.
          s.aServes = !tbFirstA;
          tiebreak = false;
        } else {
          s.aServes = !s.aServes;
        }
        if (setOver) {
          const setWinner = ga > gb ? 0 : 1;
          s.sets[setWinner]++;
          s.previousGames = [s.previousGames[0] + ga, s.previousGames[1] + gb];
          s.games = [0, 0];
          if (firstSet === null) firstSet = setWinner === 0 ? 'home' : 'away';
          at += SET_BREAK_MS;
        } else {
          if (ga === 6 && gb === 6) {
            tiebreak = true;
            tbFirstA = s.aServes;
          }
          if ((ga + gb) % 2 === 1) at += CHANGEOVER_MS;
        }
      }
      events.push({ at, kind: 'point', team: aWins ? 'home' : 'away' });
      snapshots.push({
        score: { ...structuredClone(s), aServes: tiebreak ? tbFirstA : s.aServes },
        seq,
        firstSet,
      });
    }
    if (retired === null) {
      finalAt = at;
      events.push({ at, kind: 'full_time' });
      snapshots.push({ score: structuredClone(s), seq: seq + 1, firstSet });
    }
  }
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt: null,
    rescheduledAt,
    pA0,
    pB0,
    drift,
    snapshots,
    suspensions: mergedWindows(windows),
    retired,
  };
}

function startScore(aServes: boolean): TennisScore {
  return { sets: [0, 0], games: [0, 0], previousGames: [0, 0], points: [0, 0], aServes };
}

/** Where the match stands at t: its code, the last snapshot, and the serve probabilities. */
function at(tl: TennisTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  let code: number = MatchTime.notStarted;
  for (let k = i; k >= 0; k--) {
    const kind = tl.events[k]!.kind;
    if (kind === 'point' || kind === 'kickoff') {
      code = MatchTime.firstHalf;
      break;
    }
    if (kind === 'retired') {
      code = MatchTime.cutInHalf;
      break;
    }
    if (STATUS_CODES[kind] !== undefined) {
      code = STATUS_CODES[kind]!;
      break;
    }
  }
  const snap = i >= 0 ? tl.snapshots[i]! : { score: startScore(true), seq: 0, firstSet: null };
  return { code, snap };
}

const pair = ([home, away]: Two) => ({ home, away });

function state(tl: TennisTimeline, t: number): SimState {
  const { code, snap } = at(tl, t);
  const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
  // Code 1 stands for "in play": the specification's match codes are football's.
  const live = code === MatchTime.firstHalf;
  const s = snap.score;
  return {
    periodCode: code,
    clock: live ? `${s.sets[0] + s.sets[1] + 1}º set` : null,
    score: pair(s.sets),
    stats: {
      games: pair(s.games),
      points: pair(s.points),
      gamesTotal: pair([s.previousGames[0] + s.games[0], s.previousGames[1] + s.games[1]]),
    },
    suspended: live && suspended,
    stateSeq: snap.seq,
    stopSeq,
    phase: code === MatchTime.notStarted ? 'pre' : live ? 'live' : null,
  };
}

function result(tl: TennisTimeline, t: number): FixtureResult {
  const { code, snap } = at(tl, t);
  if (code === MatchTime.cancelled) return { status: code, scores: {} };
  if (tl.kickoff === null || t < tl.kickoff) return { status: code, scores: {} };
  const s = snap.score;
  const over = code === MatchTime.finished;
  const scores: FixtureResult['scores'] = {
    full: { ...pair(s.sets), complete: over },
    games: { home: s.previousGames[0] + s.games[0], away: s.previousGames[1] + s.games[1], complete: over },
  };
  if (snap.firstSet)
    scores.first_set = {
      home: snap.firstSet === 'home' ? 1 : 0,
      away: snap.firstSet === 'away' ? 1 : 0,
      complete: true,
    };
  if (code === MatchTime.cutInHalf) return { status: code, scores, retired: tl.retired ?? undefined };
  return { status: code, scores };
}

function pricingInput(tl: TennisTimeline, t: number, margins: MarginPlan) {
  const { code, snap } = at(tl, t);
  const live = code === MatchTime.firstHalf;
  if (!live && code !== MatchTime.notStarted) return null;
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const when = live ? tl.kickoff! : t;
  const step = Math.max(0, Math.min(tl.drift.length - 1, Math.floor((when - listedFrom) / HOUR_MS)));
  return {
    pA: clamp(tl.pA0 + tl.drift[step]!),
    pB: clamp(tl.pB0 - tl.drift[step]!),
    bestOf: 3 as const,
    score: live ? snap.score : startScore(true),
    margins: fixtureMargins(margins, tl, live),
  };
}

/** Tennis for the simulated feed. */
export const tennisSim: SportSim<TennisTimeline> = {
  sport: 'tennis',
  prefix: 'tn',
  fates: ['postponed', 'retired'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'tn', COMPETITIONS),
  timeline: tennisTimeline,
  state,
  result,
  quoteKey(tl, st, t) {
    if (st.phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    return `l${lastAtOrBefore(tl.events, t)}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceTennis(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    return input ? priceTennisMarket(input, key) : null;
  },
};
