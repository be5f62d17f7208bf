import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult } from '../../../../domain/sports/markets';
import { priceNormalGame, priceNormalMarket, type NormalGameInput } from '../../../../domain/sports/normal';
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
  type SimMargins,
  type SimState,
  type SimTimeline,
  type SportSim,
} from './sport-sim';
import type { Competition } from './world';

/**
 * Simulated basketball: possessions minute by minute, each worth 0–3 points, four quarters (the
 * specification's quarter codes 1001–1004) and five-minute overtimes until someone wins. Prices
 * come from the normal model of research §3.2 with the deviation this possession model really
 * has, so the book is fair to its own world; in play the rest of the game is Brownian.
 */

const NBB = [
  'Flamengo',
  'Franca',
  'Minas',
  'Pinheiros',
  'Corinthians',
  'São Paulo',
  'Bauru',
  'Paulistano',
  'Fortaleza Basquete Cearense',
  'Unifacisa',
  'Brasília',
  'Mogi',
  'Caxias do Sul',
  'Pato Basquete',
  'Vasco da Gama',
  'Botafogo',
  'União Corinthians',
  'Cruzeiro',
];
const NBA = [
  'Boston Celtics',
  'New York Knicks',
  'Philadelphia 76ers',
  'Milwaukee Bucks',
  'Cleveland Cavaliers',
  'Miami Heat',
  'Orlando Magic',
  'Indiana Pacers',
  'Chicago Bulls',
  'Atlanta Hawks',
  'Denver Nuggets',
  'Oklahoma City Thunder',
  'Minnesota Timberwolves',
  'Los Angeles Lakers',
  'Golden State Warriors',
  'Phoenix Suns',
  'Dallas Mavericks',
  'LA Clippers',
  'Memphis Grizzlies',
  'Sacramento Kings',
  'New Orleans Pelicans',
  'Houston Rockets',
  'San Antonio Spurs',
  'Utah Jazz',
];
const EUROLEAGUE = [
  'Real Madrid',
  'Barcelona',
  'Olympiacos',
  'Panathinaikos',
  'Fenerbahçe',
  'Anadolu Efes',
  'Monaco',
  'Partizan',
  'Crvena Zvezda',
  'Maccabi Tel Aviv',
  'Baskonia',
  'Bayern de Munique',
  'Olimpia Milano',
  'Virtus Bologna',
  'Žalgiris',
  'ASVEL',
  'Paris Basketball',
  'Alba Berlim',
];

/** A league's game: quarter length, possessions per team per game, points per possession. */
interface League {
  quarterMinutes: number;
  possessions: number;
  pointsPerPossession: number;
}
const LEAGUES: Record<string, League> = {
  NBB: { quarterMinutes: 10, possessions: 74, pointsPerPossession: 1.07 },
  NBA: { quarterMinutes: 12, possessions: 99, pointsPerPossession: 1.13 },
  EuroLeague: { quarterMinutes: 10, possessions: 72, pointsPerPossession: 1.12 },
};

const COMPETITIONS: readonly Competition[] = [
  {
    key: 'nbb',
    sport: 'basketball',
    name: 'NBB',
    teams: NBB,
    weekdays: [1, 2, 4, 5, 6],
    kickoffs: ['18:00', '19:00', '20:00'],
    perDay: [2, 4],
    spread: 0,
  },
  {
    key: 'nba',
    sport: 'basketball',
    name: 'NBA',
    teams: NBA,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    kickoffs: ['20:00', '20:30', '21:00', '22:00', '23:00'],
    perDay: [4, 9],
    spread: 0,
  },
  {
    key: 'euroleague',
    sport: 'basketball',
    name: 'EuroLeague',
    teams: EUROLEAGUE,
    weekdays: [2, 3, 4, 5],
    kickoffs: ['14:30', '15:00', '15:45', '16:45'],
    perDay: [2, 5],
    spread: 0,
  },
];

/** Spread of team strength, points of margin per game, and the home court's worth. */
const RATING_SD = 5;
const HOME_COURT = 2.5;
/** Pre-match drift of the expected margin per simulated hour, and an injury-news jump. */
const DRIFT_SD = 0.15;
const NEWS_PROBABILITY = 0.015;
const NEWS_SIZE = 1.5;
/** Breaks between quarters and at half-time, and the length of an overtime. */
const QUARTER_BREAK_MS = 2 * MINUTE_MS;
const HALF_TIME_MS = 15 * MINUTE_MS;
const OVERTIME_MINUTES = 5;

/** Share of possessions ending in 3, 1 and (the rest split) 2 or 0 points. */
const P_THREE = 0.12;
const P_ONE = 0.03;

/** The points a possession is worth, on average `mean`: its distribution over 0, 1, 2, 3. */
function possessionLaw(mean: number): [number, number, number, number] {
  const two = (mean - 3 * P_THREE - P_ONE) / 2;
  return [1 - P_THREE - P_ONE - two, P_ONE, two, P_THREE];
}

/** Variance of one possession's points. */
function possessionVariance(mean: number): number {
  const law = possessionLaw(mean);
  const second = law.reduce((s, p, k) => s + p * k * k, 0);
  return second - mean * mean;
}

interface Segment {
  /** 1001–1004 for quarters, 4 for an overtime. */
  code: number;
  start: number;
  minutes: number;
}

export interface BasketballTimeline extends SimTimeline {
  league: League;
  /** Expected final margin (home − away) before drift, and its hourly drift since listing. */
  margin0: number;
  drift: number[];
  segments: Segment[];
  /** After each event (events are sorted): the score, the period code and the material changes so far. */
  scores: Pair[];
  codes: number[];
  seqs: number[];
  suspensions: Array<{ at: number; to: number }>;
  correctionAt: number | null;
}

const leagueOf = (f: SimFixture) => LEAGUES[f.competition] ?? LEAGUES.NBA!;

/** Expected final margin at simulated time t: drifting before the start, fixed after. */
function expectedMargin(tl: BasketballTimeline, t: number): number {
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const step = Math.max(0, Math.min(tl.drift.length - 1, Math.floor((t - listedFrom) / HOUR_MS)));
  return tl.margin0 + tl.drift[step]!;
}

/** The deviation of a whole game's margin and total under the possession model. */
function gameSd(league: League): number {
  return Math.sqrt(2 * league.possessions * possessionVariance(league.pointsPerPossession));
}

function basketballTimeline(seed: string, fixture: SimFixture, windowMs: number): BasketballTimeline {
  const league = leagueOf(fixture);
  const r = randomStream(seed, fixture.id, 'game');
  const margin0 =
    RATING_SD * (ratingOf(seed, fixture.home, 'basketball') - ratingOf(seed, fixture.away, 'basketball')) +
    HOME_COURT;
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) {
    const news = r() < NEWS_PROBABILITY ? (r() < 0.5 ? -NEWS_SIZE : NEWS_SIZE) : 0;
    drift.push(drift[k - 1]! + DRIFT_SD * normal(r) + news);
  }
  const events: SimEvent[] = [];
  const scores: Pair[] = [];
  const windows: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  const segments: Segment[] = [];
  let correctionAt: number | null = null;
  if (kickoff !== null) {
    const margin = margin0 + drift[drift.length - 1]!;
    const perMinute = league.possessions / (4 * league.quarterMinutes);
    const mean = {
      home: league.pointsPerPossession + margin / (2 * league.possessions),
      away: league.pointsPerPossession - margin / (2 * league.possessions),
    };
    const laws = { home: possessionLaw(mean.home), away: possessionLaw(mean.away) };
    const score: Pair = { home: 0, away: 0 };
    let at = kickoff;
    const play = (code: number, minutes: number) => {
      segments.push({ code, start: at, minutes });
      events.push({ at, kind: `period:${code}` });
      // Each period opens with a short bet stop while the book reprices.
      windows.push({ from: at, to: at + 30_000 });
      for (let m = 0; m < minutes; m++) {
        for (const side of ['home', 'away'] as const) {
          const count = Math.floor(perMinute) + (r() < perMinute % 1 ? 1 : 0);
          for (let k = 0; k < count; k++) {
            const u = r();
            const law = laws[side];
            const points = u < law[0] ? 0 : u < law[0] + law[1] ? 1 : u < law[0] + law[1] + law[2] ? 2 : 3;
            if (points === 0) continue;
            score[side] += points;
            events.push({
              at: at + m * MINUTE_MS + intBetween(r, 0, 59_000),
              kind: `points:${points}`,
              team: side,
            });
          }
        }
        // Free throws and reviews stop the book for a moment.
        if (r() < 0.25) {
          const from = at + m * MINUTE_MS + intBetween(r, 0, 50_000);
          windows.push({ from, to: from + intBetween(r, 10_000, 25_000) });
        }
      }
      at += minutes * MINUTE_MS;
    };
    for (let q = 1; q <= 4; q++) {
      play(1000 + q, league.quarterMinutes);
      if (q === 2) {
        events.push({ at, kind: 'half_time' });
        at += HALF_TIME_MS;
      } else if (q < 4) {
        events.push({ at, kind: 'quarter_break' });
        at += QUARTER_BREAK_MS;
      }
    }
    events.push({ at, kind: 'regulation_end' });
    while (score.home === score.away) {
      at += QUARTER_BREAK_MS;
      play(MatchTime.overtime, OVERTIME_MINUTES);
    }
    events.push({ at, kind: 'full_time' });
    finalAt = at;
    if (fixture.fate === 'corrected') correctionAt = at + 10 * MINUTE_MS;
  }
  events.sort((x, y) => x.at - y.at);
  const totals: Pair = { home: 0, away: 0 };
  const codes: number[] = [];
  const seqs: number[] = [];
  let code: number = MatchTime.notStarted;
  let seq = 0;
  for (const e of events) {
    if (e.kind.startsWith('points:')) totals[e.team!] += Number(e.kind.slice(7));
    else {
      // Baskets come every few seconds; periods and status changes are the material ones.
      seq++;
      if (e.kind.startsWith('period:')) code = Number(e.kind.slice(7));
      else if (e.kind === 'half_time') code = MatchTime.halfTime;
      else if (STATUS_CODES[e.kind] !== undefined) code = STATUS_CODES[e.kind]!;
    }
    scores.push({ ...totals });
    codes.push(code);
    seqs.push(seq);
  }
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt,
    rescheduledAt,
    league,
    margin0,
    drift,
    segments,
    scores,
    codes,
    seqs,
    suspensions: mergedWindows(windows),
  };
}

/** The period code, clock, and the share of regulation (or of an overtime) still to play at t. */
function phaseAt(tl: BasketballTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  const code = i >= 0 ? tl.codes[i]! : MatchTime.notStarted;
  const regulation = 4 * tl.league.quarterMinutes * MINUTE_MS;
  let played = 0;
  let clock: string | null = null;
  let overtimeLeft = 0;
  for (const s of tl.segments) {
    const length = s.minutes * MINUTE_MS;
    const inside = Math.min(Math.max(t - s.start, 0), length);
    if (s.code !== MatchTime.overtime) played += inside;
    if (t >= s.start && t < s.start + length) {
      const left = Math.ceil((length - inside) / 1000);
      clock = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
      if (s.code === MatchTime.overtime) overtimeLeft = (length - inside) / regulation;
    }
  }
  return {
    code,
    seq: i >= 0 ? tl.seqs[i]! : 0,
    clock,
    left: Math.max(0, 1 - played / regulation),
    overtimeLeft,
    score: i >= 0 ? tl.scores[i]! : { home: 0, away: 0 },
  };
}

const LIVE_CODES: readonly number[] = [1001, 1002, 1003, 1004, MatchTime.halfTime, MatchTime.overtime];

/** Points of each period played so far, for the live statistics. */
function periodPoints(tl: BasketballTimeline, t: number): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  const at = (time: number) => {
    const k = lastAtOrBefore(tl.events, time);
    return k >= 0 ? tl.scores[k]! : { home: 0, away: 0 };
  };
  let overtime = 0;
  for (const s of tl.segments) {
    if (t < s.start) break;
    const from = at(s.start - 1);
    const to = at(Math.min(t, s.start + s.minutes * MINUTE_MS));
    const name = s.code === MatchTime.overtime ? `ot${++overtime}` : `q${s.code - 1000}`;
    out[name] = { home: to.home - from.home, away: to.away - from.away };
  }
  return out;
}

function state(tl: BasketballTimeline, t: number): SimState {
  const p = phaseAt(tl, t);
  const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
  const live = LIVE_CODES.includes(p.code);
  return {
    periodCode: p.code,
    clock: live ? p.clock : null,
    score: { ...p.score },
    stats: periodPoints(tl, t),
    suspended: live && suspended,
    stateSeq: p.seq,
    stopSeq,
    phase: p.code === MatchTime.notStarted && tl.kickoff !== null ? 'pre' : live ? 'live' : null,
  };
}

/** The score at the end (a corrected one replaces a reviewed free throw without making a tie). */
function finalScore(tl: BasketballTimeline, t: number): Pair {
  const score = { ...tl.scores[tl.scores.length - 1]! };
  if (tl.correctionAt !== null && t >= tl.correctionAt) {
    if (Math.abs(score.home - 1 - score.away) > 0) score.home -= 1;
    else score.away -= 1;
  }
  return score;
}

function result(tl: BasketballTimeline, t: number): FixtureResult {
  const p = phaseAt(tl, t);
  if (p.code === MatchTime.cancelled) return { status: MatchTime.cancelled, scores: {} };
  if (tl.kickoff === null || t < tl.kickoff) return { status: p.code, scores: {} };
  const end = tl.events.find((e) => e.kind === 'regulation_end')!;
  const q4 = tl.segments.find((s) => s.code === 1004)!;
  const at = (time: number) => tl.scores[lastAtOrBefore(tl.events, time)]!;
  const scores: FixtureResult['scores'] = {};
  if (t >= end.at) {
    const regulation = at(end.at);
    const before = at(q4.start - 1);
    scores.regulation = { ...regulation, complete: true };
    scores.fourth_quarter = {
      home: regulation.home - before.home,
      away: regulation.away - before.away,
      complete: true,
    };
  }
  const final = tl.finalAt !== null && t >= tl.finalAt;
  scores.full = { ...(final ? finalScore(tl, t) : p.score), complete: final };
  return { status: final ? MatchTime.finished : p.code, scores };
}

function pricingInput(tl: BasketballTimeline, t: number, margins: SimMargins): NormalGameInput | null {
  const p = phaseAt(tl, t);
  const sd = gameSd(tl.league);
  const total = 2 * tl.league.possessions * tl.league.pointsPerPossession;
  if (p.code === MatchTime.notStarted) {
    return {
      score: { home: 0, away: 0 },
      marginLeft: expectedMargin(tl, t),
      marginSd: sd,
      totalLeft: total,
      totalSd: sd,
      inRegulation: true,
      tie: 'overtime',
      margins: margins.preMatch,
    };
  }
  if (!LIVE_CODES.includes(p.code) || tl.kickoff === null) return null;
  const overtime = p.code === MatchTime.overtime;
  // The rest of the game is Brownian (Stern 1994): mean and variance in proportion to time left.
  const left = overtime ? p.overtimeLeft : p.left;
  return {
    score: p.score,
    marginLeft: expectedMargin(tl, tl.kickoff) * left,
    marginSd: sd * Math.sqrt(left),
    totalLeft: total * left,
    totalSd: sd * Math.sqrt(left),
    inRegulation: !overtime && p.left > 0,
    tie: 'overtime',
    margins: margins.live,
  };
}

/** Basketball for the simulated feed. */
export const basketballSim: SportSim<BasketballTimeline> = {
  sport: 'basketball',
  prefix: 'bk',
  fates: ['postponed', 'corrected'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'bk', COMPETITIONS),
  timeline: basketballTimeline,
  state,
  result,
  quoteKey(tl, st, t) {
    if (st.phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    const p = phaseAt(tl, t);
    return `${p.code}|${Math.floor((1 - p.left) * 48)}|${Math.floor(p.overtimeLeft * 48)}|${p.score.home}-${p.score.away}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceNormalGame(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    return input ? priceNormalMarket(input, key) : null;
  },
};
