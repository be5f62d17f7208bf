import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FirstHalfNow } from '../../../../domain/sports/first-half';
import type { FixtureResult } from '../../../../domain/sports/markets';
import {
  BUZZER_REACH,
  priceNormalGame,
  priceNormalMarket,
  type NormalGameInput,
  type SuddenDeath,
} from '../../../../domain/sports/normal';
import type { ScoringLaw } from '../../../../domain/sports/chances';
import type { Distribution } from '../../../../domain/sports/pricing';
import { closingEndings, type ClosingPlay } from '../../../../domain/sports/closing-play';
import { countsFromPlacement } from '../../../../domain/sports/rules';
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
  type Fate,
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
 * Games of four quarters scored by chances, priced by the normal model of research §3.2 with the
 * deviation the chance model really has (so the book is fair to its own world) and, in play, its
 * Brownian form. Basketball: possessions minute by minute worth 0–3 points, quarters with the
 * specification's codes 1001–1004, five-minute overtimes until someone wins. American football:
 * drives worth 0, 3, 6 or 7 points, then a closing play at the end of regulation that puts the
 * key numbers 3 and 7 in the margins (closing-play.ts), halves coded 1 and 3, one ten-minute
 * overtime that may end level.
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

/**
 * A league's game: quarter length, scoring chances per team per game, points per chance, and how
 * far apart its teams are (points of expected margin per rating point).
 */
interface League {
  quarterMinutes: number;
  chances: number;
  pointsPerChance: number;
  ratingSd: number;
}

/**
 * Each side's law of one chance for an expected margin of the whole game: what the simulation
 * plays, and what pricing (team totals, the first half, a sudden death) reads, so they agree.
 */
function lawsAt(cfg: ScoringConfig, league: League, margin: number) {
  return {
    home: cfg.law(league.pointsPerChance + margin / (2 * league.chances)),
    away: cfg.law(league.pointsPerChance - margin / (2 * league.chances)),
  };
}

interface ScoringConfig {
  sport: 'basketball' | 'american_football';
  prefix: string;
  competitions: readonly Competition[];
  leagues: Readonly<Record<string, League>>;
  fates: readonly Fate[];
  /** Points a chance can be worth, and their law for a mean. */
  values: readonly number[];
  law: (mean: number) => number[];
  /** Codes of the four quarters, of half-time and of overtime. */
  quarterCodes: readonly [number, number, number, number];
  /** Overtime: its length, and whether it is played until someone wins (else first score wins, or a tie). */
  overtimeMinutes: number;
  overtimeUntilDecided: boolean;
  /** The chance a side 1–3 points behind ties at the buzzer (normal.ts withBuzzerTies). */
  buzzerTie: number;
  /** The last drive of regulation, played for what the score needs (closing-play.ts), or none. */
  closing: ClosingPlay | null;
  /** Whether a score is a material change for live bets (a touchdown is; a basket is not). */
  scoresAreMaterial: boolean;
  /** Home advantage (points of margin), pre-match drift and news. */
  homeEdge: number;
  driftSd: number;
  newsSize: number;
  /** Chance per minute of a short bet stop (free throws, reviews). */
  stopChance: number;
  quarterBreakMs: number;
  halfTimeMs: number;
  /** Days between two games of a team, at least (basketball plays back-to-backs; not American football). */
  restDays?: number;
}

/** Basketball possessions: 3 points 12 %, 1 point 3 %, the rest 2 or 0 for the mean. */
function possessionLaw(mean: number): number[] {
  const two = (mean - 3 * 0.12 - 0.03) / 2;
  return [1 - 0.12 - 0.03 - two, 0.03, two, 0.12];
}

/** American-football drives: field goal 16 %, touchdown with a missed extra point 1 %, else 7 or 0. */
function driveLaw(mean: number): number[] {
  const seven = (mean - 3 * 0.16 - 6 * 0.01) / 7;
  return [1 - 0.16 - 0.01 - seven, 0.16, 0.01, seven];
}

const BASKETBALL: ScoringConfig = {
  sport: 'basketball',
  prefix: 'bk',
  competitions: [
    {
      key: 'nbb',
      sport: 'basketball',
      name: 'NBB',
      tier: 2,
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
      tier: 1,
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
      tier: 1,
      teams: EUROLEAGUE,
      weekdays: [2, 3, 4, 5],
      kickoffs: ['14:30', '15:00', '15:45', '16:45'],
      perDay: [2, 5],
      spread: 0,
    },
  ],
  leagues: {
    NBB: { quarterMinutes: 10, chances: 74, pointsPerChance: 1.07, ratingSd: 5 },
    NBA: { quarterMinutes: 12, chances: 99, pointsPerChance: 1.13, ratingSd: 5 },
    EuroLeague: { quarterMinutes: 10, chances: 72, pointsPerChance: 1.12, ratingSd: 5 },
  },
  fates: ['postponed', 'corrected'],
  values: [0, 1, 2, 3],
  law: possessionLaw,
  quarterCodes: [1001, 1002, 1003, 1004],
  overtimeMinutes: 5,
  overtimeUntilDecided: true,
  // Regulation ties: about 6 % of NBA games go to overtime, 3 % without a last shot to tie.
  buzzerTie: 0.25,
  closing: null,
  scoresAreMaterial: false,
  homeEdge: 2.5,
  driftSd: 0.15,
  newsSize: 1.5,
  stopChance: 0.25,
  quarterBreakMs: 2 * MINUTE_MS,
  halfTimeMs: 15 * MINUTE_MS,
};

const NFL = [
  'Kansas City Chiefs',
  'Buffalo Bills',
  'Philadelphia Eagles',
  'Baltimore Ravens',
  'Detroit Lions',
  'San Francisco 49ers',
  'Green Bay Packers',
  'Dallas Cowboys',
  'Cincinnati Bengals',
  'Miami Dolphins',
  'Houston Texans',
  'Los Angeles Rams',
  'Minnesota Vikings',
  'Pittsburgh Steelers',
  'Seattle Seahawks',
  'Tampa Bay Buccaneers',
  'Washington Commanders',
  'New York Jets',
  'Chicago Bears',
  'Denver Broncos',
];
const NCAA = [
  'Georgia Bulldogs',
  'Alabama Crimson Tide',
  'Ohio State Buckeyes',
  'Michigan Wolverines',
  'Texas Longhorns',
  'Oregon Ducks',
  'Penn State Nittany Lions',
  'Notre Dame Fighting Irish',
  'LSU Tigers',
  'Clemson Tigers',
  'USC Trojans',
  'Florida State Seminoles',
  'Tennessee Volunteers',
  'Oklahoma Sooners',
  'Miami Hurricanes',
  'Ole Miss Rebels',
];

const AMERICAN_FOOTBALL: ScoringConfig = {
  sport: 'american_football',
  prefix: 'af',
  // Sunday to Thursday is the shortest turnaround of the NFL week.
  restDays: 4,
  competitions: [
    {
      key: 'nfl',
      sport: 'american_football',
      name: 'NFL',
      tier: 1,
      teams: NFL,
      weekdays: [0, 1, 4],
      kickoffs: ['14:00', '17:05', '17:25', '21:20'],
      perDay: [2, 6],
      spread: 0,
    },
    {
      key: 'ncaa',
      sport: 'american_football',
      name: 'NCAA Football',
      tier: 2,
      teams: NCAA,
      weekdays: [6],
      kickoffs: ['13:00', '16:30', '20:00'],
      perDay: [3, 6],
      spread: 0,
    },
  ],
  leagues: {
    // NFL teams are close (most NFL point spreads are within ±7 points); college ones are not.
    NFL: { quarterMinutes: 15, chances: 11, pointsPerChance: 1.85, ratingSd: 4.5 },
    'NCAA Football': { quarterMinutes: 15, chances: 12.5, pointsPerChance: 2.0, ratingSd: 6 },
  },
  fates: ['postponed', 'corrected'],
  values: [0, 3, 6, 7],
  law: driveLaw,
  quarterCodes: [MatchTime.firstHalf, MatchTime.firstHalf, MatchTime.secondHalf, MatchTime.secondHalf],
  overtimeMinutes: 10,
  overtimeUntilDecided: false,
  buzzerTie: 0,
  // Tuned so that NFL margins show the key numbers (docs/operations.md "Simulated feed:
  // calibration"): about 15 % of games decided by 3 and 9 % by 7.
  closing: {
    levelFieldGoal: 0.8,
    tyingFieldGoal: 0.1,
    comebackTouchdown: 0.45,
    lateTouchdown: 0.5,
    lateFieldGoal: 0.2,
  },
  scoresAreMaterial: true,
  homeEdge: 1.8,
  driftSd: 0.12,
  newsSize: 2,
  stopChance: 0.1,
  quarterBreakMs: 2 * MINUTE_MS,
  halfTimeMs: 13 * MINUTE_MS,
};

/** Hourly chance of a news jump in the expected margin before the game. */
const NEWS_PROBABILITY = 0.015;

/** Variance of one chance's points. */
function chanceVariance(cfg: ScoringConfig, mean: number): number {
  const law = cfg.law(mean);
  const second = law.reduce((acc, p, k) => acc + p * cfg.values[k]! ** 2, 0);
  return second - mean * mean;
}

interface Segment {
  code: number;
  /** Overtime rather than one of the four quarters. */
  overtime: boolean;
  start: number;
  minutes: number;
}

export interface ScoringTimeline extends SimTimeline {
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
}

function scoringTimeline(
  cfg: ScoringConfig,
  seed: string,
  fixture: SimFixture,
  windowMs: number,
): ScoringTimeline {
  const league = cfg.leagues[fixture.competition]!;
  const r = randomStream(seed, fixture.id, 'game');
  const margin0 =
    league.ratingSd * (ratingOf(seed, fixture.home, cfg.sport) - ratingOf(seed, fixture.away, cfg.sport)) +
    cfg.homeEdge;
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) {
    const news = r() < NEWS_PROBABILITY ? (r() < 0.5 ? -cfg.newsSize : cfg.newsSize) : 0;
    drift.push(drift[k - 1]! + cfg.driftSd * normal(r) + news);
  }
  const events: SimEvent[] = [];
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
    const perMinute = league.chances / (4 * league.quarterMinutes);
    const laws = lawsAt(cfg, league, margin);
    const score: Pair = { home: 0, away: 0 };
    let at = kickoff;
    const play = (code: number, overtime: boolean, minutes: number, suddenDeath: boolean) => {
      segments.push({ code, overtime, start: at, minutes });
      events.push({ at, kind: `period:${code}` });
      // Each period opens with a short bet stop while the book reprices.
      windows.push({ from: at, to: at + 30_000 });
      for (let m = 0; m < minutes; m++) {
        for (const side of ['home', 'away'] as const) {
          const count = Math.floor(perMinute) + (r() < perMinute % 1 ? 1 : 0);
          for (let k = 0; k < count; k++) {
            const u = r();
            const law = laws[side];
            let index = 0;
            for (let acc = law[0]!; u >= acc && index < law.length - 1; acc += law[++index]!);
            const points = cfg.values[index]!;
            if (points === 0) continue;
            score[side] += points;
            const scoredAt = at + m * MINUTE_MS + intBetween(r, 0, 59_000);
            events.push({ at: scoredAt, kind: `points:${points}`, team: side });
            if (cfg.scoresAreMaterial) windows.push({ from: scoredAt - 20_000, to: scoredAt + 60_000 });
            if (suddenDeath) {
              at = scoredAt;
              return;
            }
          }
        }
        if (r() < cfg.stopChance) {
          const from = at + m * MINUTE_MS + intBetween(r, 0, 50_000);
          windows.push({ from, to: from + intBetween(r, 10_000, 25_000) });
        }
      }
      at += minutes * MINUTE_MS;
    };
    cfg.quarterCodes.forEach((code, q) => {
      play(code, false, league.quarterMinutes, false);
      if (q === 1) {
        events.push({ at, kind: 'half_time' });
        at += cfg.halfTimeMs;
      } else if (q < 3) {
        events.push({ at, kind: 'quarter_break' });
        at += cfg.quarterBreakMs;
      }
    });
    if (cfg.closing) {
      // The last drive, played for what the score needs; at the buzzer itself, so the book prices
      // it for as long as regulation runs.
      const u = r();
      let acc = 0;
      const last = closingEndings(cfg.closing, score.home - score.away).find((e) => u < (acc += e.p));
      for (const side of ['home', 'away'] as const) {
        if (!last?.[side]) continue;
        score[side] += last[side];
        events.push({ at, kind: `points:${last[side]}`, team: side });
        if (cfg.scoresAreMaterial) windows.push({ from: at - 20_000, to: at + 60_000 });
      }
    }
    const behind = score.away - score.home;
    if (behind !== 0 && Math.abs(behind) <= BUZZER_REACH && r() < cfg.buzzerTie) {
      // The trailing side plays for the tie and makes it with the last shot.
      const side = behind > 0 ? 'home' : 'away';
      score[side] += Math.abs(behind);
      events.push({ at: at - 1_000, kind: `points:${Math.abs(behind)}`, team: side });
    }
    events.push({ at, kind: 'regulation_end' });
    if (score.home === score.away) {
      do {
        at += cfg.quarterBreakMs;
        play(MatchTime.overtime, true, cfg.overtimeMinutes, !cfg.overtimeUntilDecided);
      } while (cfg.overtimeUntilDecided && score.home === score.away);
    }
    events.push({ at, kind: 'full_time' });
    finalAt = at;
    if (fixture.fate === 'corrected') correctionAt = at + 10 * MINUTE_MS;
  }
  events.sort((x, y) => x.at - y.at);
  const totals: Pair = { home: 0, away: 0 };
  const scores: Pair[] = [];
  const codes: number[] = [];
  const seqs: number[] = [];
  let code: number = MatchTime.notStarted;
  let seq = 0;
  for (const e of events) {
    if (e.kind.startsWith('points:')) {
      totals[e.team!] += Number(e.kind.slice(7));
      if (cfg.scoresAreMaterial) seq++;
    } else {
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

/** Expected final margin at simulated time t: drifting before the start, fixed after. */
function expectedMargin(tl: ScoringTimeline, t: number): number {
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const step = Math.max(0, Math.min(tl.drift.length - 1, Math.floor((t - listedFrom) / HOUR_MS)));
  return tl.margin0 + tl.drift[step]!;
}

/** The period code, clock, and the share of regulation (or of an overtime) still to play at t. */
function phaseAt(tl: ScoringTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  const code = i >= 0 ? tl.codes[i]! : MatchTime.notStarted;
  const regulation = 4 * tl.league.quarterMinutes * MINUTE_MS;
  let played = 0;
  let clock: string | null = null;
  let overtimeLeft = 0;
  for (const s of tl.segments) {
    const length = s.minutes * MINUTE_MS;
    const inside = Math.min(Math.max(t - s.start, 0), length);
    if (!s.overtime) played += inside;
    if (t >= s.start && t < s.start + length) {
      const left = Math.ceil((length - inside) / 1000);
      clock = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
      if (s.overtime) overtimeLeft = (length - inside) / regulation;
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

/** Points of each quarter (and overtime) so far, for the live statistics. */
function periodPoints(tl: ScoringTimeline, t: number): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  const at = (time: number) => {
    const k = lastAtOrBefore(tl.events, time);
    return k >= 0 ? tl.scores[k]! : { home: 0, away: 0 };
  };
  let quarter = 0;
  let overtime = 0;
  for (const s of tl.segments) {
    if (t < s.start) break;
    const from = at(s.start - 1);
    const to = at(Math.min(t, s.start + s.minutes * MINUTE_MS));
    out[s.overtime ? `ot${++overtime}` : `q${++quarter}`] = {
      home: to.home - from.home,
      away: to.away - from.away,
    };
  }
  return out;
}

/**
 * How many chances a side still has with `minutes` of play left, as `play` draws them: each whole
 * minute brings ⌊rate⌋ chances and one more with the fraction left over, each at a moment drawn
 * evenly in its minute, so of the minute under way each chance is still to come with the share of
 * it left.
 */
function chancesLeft(perMinute: number, minutes: number): Distribution {
  const sure = Math.floor(perMinute);
  const extra = perMinute % 1;
  const whole = Math.floor(minutes + 1e-9);
  const part = Math.max(0, minutes - whole);
  const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);
  // One chance after another: present (with chance p) or not.
  const withChance = (dist: Distribution, p: number) => {
    if (p <= 0) return dist;
    const next: Distribution = new Map();
    for (const [k, q] of dist) {
      add(next, k, q * (1 - p));
      add(next, k + 1, q * p);
    }
    return next;
  };
  let count: Distribution = new Map([[sure * whole, 1]]);
  for (let m = 0; m < whole; m++) count = withChance(count, extra);
  for (let k = 0; k < sure; k++) count = withChance(count, part);
  return withChance(count, extra * part);
}

/**
 * How a sudden-death overtime of `minutes` ends, as `play` plays it: minute by minute, the home
 * side's chances and then the away side's (⌊rate⌋ each, one more with the fraction left over),
 * the first that scores ending the game with its points. Of a minute under way each chance is
 * still to come with the share of it left, as in chancesLeft.
 */
export function suddenDeathEndings(
  perMinute: number,
  minutes: number,
  values: readonly number[],
  laws: { home: readonly number[]; away: readonly number[] },
): SuddenDeath {
  const sure = Math.floor(perMinute);
  const extra = perMinute % 1;
  const scores = (law: readonly number[]) => law.reduce((sum, p, i) => (values[i]! > 0 ? sum + p : sum), 0);
  const endings = new Map<string, { home: number; away: number; p: number }>();
  const add = (home: number, away: number, p: number) => {
    const key = `${home}|${away}`;
    const e = endings.get(key) ?? { home, away, p: 0 };
    e.p += p;
    endings.set(key, e);
  };
  // P(a side does not score in a minute of which `share` is left).
  const blank = (s: number, share: number) => (1 - share * s) ** sure * (1 - extra * share * s);
  const whole = Math.floor(minutes + 1e-9);
  const shares = [...(minutes - whole > 1e-9 ? [minutes - whole] : []), ...Array<number>(whole).fill(1)];
  let going = 1;
  for (const share of shares) {
    for (const side of ['home', 'away'] as const) {
      const law = laws[side];
      const s = scores(law);
      const scored = going * (1 - blank(s, share));
      // Which score ends it: the law's scoring values in proportion.
      law.forEach((p, i) => {
        if (values[i]! > 0 && s > 0) {
          if (side === 'home') add(values[i]!, 0, (scored * p) / s);
          else add(0, values[i]!, (scored * p) / s);
        }
      });
      going -= scored;
    }
  }
  add(0, 0, going);
  return [...endings.values()];
}

/** Factory of a scoring sport's simulation. */
function scoringSim(cfg: ScoringConfig): SportSim<ScoringTimeline> {
  const live = new Set<number>([...cfg.quarterCodes, MatchTime.halfTime, MatchTime.overtime]);
  const gameSd = (league: League) =>
    Math.sqrt(2 * league.chances * chanceVariance(cfg, league.pointsPerChance));

  /** The score at the end; a correction takes a point off without making a tie. */
  const finalScore = (tl: ScoringTimeline, t: number): Pair => {
    const score = { ...tl.scores[tl.scores.length - 1]! };
    if (tl.correctionAt !== null && t >= tl.correctionAt) {
      if (score.home - 1 !== score.away && score.home > 0) score.home -= 1;
      else score.away -= 1;
    }
    return score;
  };

  const pricingInput = (tl: ScoringTimeline, t: number, margins: MarginPlan): NormalGameInput | null => {
    const p = phaseAt(tl, t);
    const sd = gameSd(tl.league);
    const total = 2 * tl.league.chances * tl.league.pointsPerChance;
    // American football's overtime can end level, which voids the moneyline; that is rare enough
    // that both sports price a regulation tie as shared.
    const tie = 'overtime' as const;
    const spreadFromPlacement = countsFromPlacement(cfg.sport, 'asian_handicap');
    // A basketball overtime is five minutes at regulation's rate, played until someone wins.
    const share = cfg.overtimeMinutes / (4 * tl.league.quarterMinutes);
    const overtimeLaw = cfg.overtimeUntilDecided
      ? { marginSd: sd * Math.sqrt(share), totalMean: total * share, totalSd: sd * Math.sqrt(share) }
      : null;
    // Each side's chances as the game plays them, for the team totals (chances.ts ScoringLaw).
    const regulationMinutes = 4 * tl.league.quarterMinutes;
    const perMinute = tl.league.chances / regulationMinutes;
    const laws = (margin: number) => lawsAt(cfg, tl.league, margin);
    const scoring = (margin: number, shareLeft: number): ScoringLaw => ({
      values: cfg.values,
      ...laws(margin),
      chancesLeft: chancesLeft(perMinute, shareLeft * regulationMinutes),
      overtimeChances: chancesLeft(perMinute, cfg.overtimeMinutes),
    });
    // American football: a level regulation goes to one sudden-death overtime.
    const suddenDeath = (margin: number, minutes: number): SuddenDeath | null =>
      cfg.overtimeUntilDecided ? null : suddenDeathEndings(perMinute, minutes, cfg.values, laws(margin));
    // The first half while it runs: its score and the chances each side has left in it.
    const halfMinutes = 2 * tl.league.quarterMinutes;
    const firstHalf = (margin: number, played: number, score: Pair): FirstHalfNow | null =>
      played >= halfMinutes
        ? null
        : {
            score,
            chancesLeft: chancesLeft(perMinute, halfMinutes - played),
            values: cfg.values,
            ...laws(margin),
          };
    if (p.code === MatchTime.notStarted) {
      return {
        firstHalf: firstHalf(expectedMargin(tl, t), 0, { home: 0, away: 0 }),
        score: { home: 0, away: 0 },
        marginLeft: expectedMargin(tl, t),
        marginSd: sd,
        totalLeft: total,
        totalSd: sd,
        inRegulation: true,
        tie,
        buzzerTie: cfg.buzzerTie,
        closing: cfg.closing,
        overtime: overtimeLaw,
        spreadFromPlacement,
        scoring: scoring(expectedMargin(tl, t), 1),
        suddenDeath: suddenDeath(expectedMargin(tl, t), cfg.overtimeMinutes),
        margins: fixtureMargins(margins, tl, false),
      };
    }
    if (!live.has(p.code) || tl.kickoff === null) return null;
    const overtime = p.code === MatchTime.overtime;
    // The rest of the game is Brownian (Stern 1994): mean and variance in proportion to time left;
    // a sudden-death overtime under way is all in its endings.
    const sudden = overtime && !cfg.overtimeUntilDecided;
    const left = sudden ? 0 : overtime ? p.overtimeLeft : p.left;
    const margin = expectedMargin(tl, tl.kickoff);
    return {
      score: p.score,
      marginLeft: expectedMargin(tl, tl.kickoff) * left,
      marginSd: sd * Math.sqrt(left),
      totalLeft: total * left,
      totalSd: sd * Math.sqrt(left),
      inRegulation: !overtime && p.left > 0,
      tie,
      buzzerTie: cfg.buzzerTie,
      closing: cfg.closing,
      overtime: overtimeLaw,
      spreadFromPlacement,
      scoring: scoring(margin, left),
      firstHalf: overtime ? null : firstHalf(margin, (1 - p.left) * regulationMinutes, p.score),
      suddenDeath: suddenDeath(margin, sudden ? p.overtimeLeft * regulationMinutes : cfg.overtimeMinutes),
      margins: fixtureMargins(margins, tl, true),
    };
  };

  return {
    sport: cfg.sport,
    prefix: cfg.prefix,
    fates: cfg.fates,
    day: (seed, seedTag, day) =>
      scheduleDay(seed, seedTag, day, cfg.prefix, cfg.competitions, cfg.restDays ?? 1),
    timeline: (seed, fixture, windowMs) => scoringTimeline(cfg, seed, fixture, windowMs),
    state(tl, t): SimState {
      const p = phaseAt(tl, t);
      const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
      const inPlay = live.has(p.code);
      return {
        periodCode: p.code,
        clock: inPlay ? p.clock : null,
        score: { ...p.score },
        stats: periodPoints(tl, t),
        suspended: inPlay && suspended,
        stateSeq: p.seq,
        stopSeq,
        phase: p.code === MatchTime.notStarted ? 'pre' : inPlay ? 'live' : null,
      };
    },
    result(tl, t): FixtureResult {
      const p = phaseAt(tl, t);
      if (p.code === MatchTime.cancelled || tl.kickoff === null || t < tl.kickoff)
        return { status: p.code, scores: {} };
      const end = tl.events.find((e) => e.kind === 'regulation_end')!;
      const q4 = tl.segments.filter((s) => !s.overtime)[3]!;
      const at = (time: number) => tl.scores[lastAtOrBefore(tl.events, time)] ?? { home: 0, away: 0 };
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
      const half = tl.events.find((e) => e.kind === 'half_time')!;
      if (t >= half.at) {
        const first = at(half.at);
        // A correction of the final score never leaves a half above the whole.
        scores.first_half = {
          home: Math.min(first.home, scores.full.home),
          away: Math.min(first.away, scores.full.away),
          complete: true,
        };
      }
      return { status: final ? MatchTime.finished : p.code, scores };
    },
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
}

/** Basketball for the simulated feed. */
export const basketballSim = scoringSim(BASKETBALL);
/** American football for the simulated feed. */
export const americanFootballSim = scoringSim(AMERICAN_FOOTBALL);
