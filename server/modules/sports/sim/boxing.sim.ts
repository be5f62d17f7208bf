import type { CompetitionTier, MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import {
  ROUND_SECONDS,
  type FightLength,
  type FightMethod,
  type FixtureResult,
} from '../../../../domain/sports/markets';
import {
  priceBoxing,
  priceBoxingMarket,
  STOPPAGE_SECONDS,
  type BoxingPricingInput,
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
  type SimEvent,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
  fixtureMargins,
} from './sport-sim';
import type { Competition } from './world';
import { phi } from '../../../../domain/sports/normal';

/**
 * Simulated boxing (research §3.4): round by round each fighter may stop the other, with chances
 * from their hidden ratings; a fight that goes the distance is a decision, a draw a few per cent
 * of the time. The two-way moneyline is void on a draw; the three-way result pays it; the total
 * rounds market settles on how long the fight lasted, the method of victory on how it ended.
 */

/** Boxers by division: a fight is made within one (a heavyweight never meets a lightweight). */
const DIVISIONS: ReadonlyArray<{
  key: string;
  name: string;
  tier: CompetitionTier;
  fighters: readonly string[];
}> = [
  {
    key: 'heavy',
    name: 'Peso-pesado',
    tier: 1,
    fighters: [
      'Oleksandr Usyk',
      'Tyson Fury',
      'Anthony Joshua',
      'Daniel Dubois',
      'Joseph Parker',
      'Zhilei Zhang',
      'Agit Kabayel',
      'Deontay Wilder',
      'Filip Hrgović',
      'Abner Teixeira',
    ],
  },
  {
    key: 'light-heavy',
    name: 'Supermédio e meio-pesado',
    tier: 2,
    fighters: [
      'Canelo Álvarez',
      'Dmitry Bivol',
      'Artur Beterbiev',
      'David Benavidez',
      'Edgar Berlanga',
      'Jermall Charlo',
      'Esquiva Falcão',
      'Hebert Conceição',
      'Yamaguchi Falcão',
      'Keno Marley',
    ],
  },
  {
    key: 'welter',
    name: 'Meio-médio e superwelter',
    tier: 2,
    fighters: [
      'Terence Crawford',
      'Jaron Ennis',
      'Vergil Ortiz Jr.',
      'Tim Tszyu',
      'Sebastian Fundora',
      'Jermell Charlo',
      'Errol Spence Jr.',
      'Teófimo López',
      'Brian Norman Jr.',
      'Mario Barrios',
    ],
  },
  {
    key: 'light',
    name: 'Leve e superpena',
    tier: 2,
    fighters: [
      'Gervonta Davis',
      'Shakur Stevenson',
      'Devin Haney',
      'Ryan Garcia',
      'Isaac Cruz',
      'Vasiliy Lomachenko',
      'Keyshawn Davis',
      'Emanuel Navarrete',
      'Robson Conceição',
      'Wanderson de Oliveira',
    ],
  },
];

/**
 * A boxer is free to fight one day in four; with cards only on Friday and Saturday nights that
 * puts at least eight days between two fights (more often than a champion fights, but never two
 * nights of one weekend), and about one fight per division per night.
 */
const REST_DAYS = 4;

const COMPETITIONS: readonly Competition[] = DIVISIONS.map((d) => ({
  key: `boxing-${d.key}`,
  sport: 'boxing',
  name: d.name,
  tier: d.tier,
  teams: d.fighters,
  weekdays: [5, 6],
  kickoffs: ['21:00', '22:00', '23:00'],
  perDay: [1, 1],
  spread: 0,
}));

/** A title fight: twelve three-minute rounds with a minute's rest between them. */
const ROUNDS = 12;
const ROUND_MS = ROUND_SECONDS * 1000;
const REST_MS = MINUTE_MS;
/** Stoppage chance per round of equal fighters, and its change per rating point. */
const STOP_BASE = 0.025;
const STOP_PER_RATING = 0.012;
/** Decisions: P(draw), and how much a rating point moves P(win on points). */
const DRAW = 0.04;
const DECISION_SCALE = 0.8;
const DRIFT_SD = 0.01;

export interface BoxingTimeline extends SimTimeline {
  edge0: number;
  drift: number[];
  winner: 'home' | 'away' | 'draw' | null;
  /** The round the fight ended in and the seconds boxed in it (a decision: the last, in full). */
  end: FightLength | null;
  /** How it ended: a stoppage, or the scorecards (a draw too). */
  method: FightMethod | null;
  suspensions: Array<{ at: number; to: number }>;
}

const chances = (edge: number) => ({
  stopHome: Math.max(0.005, STOP_BASE + STOP_PER_RATING * edge),
  stopAway: Math.max(0.005, STOP_BASE - STOP_PER_RATING * edge),
  decisionHome: (1 - DRAW) * phi(DECISION_SCALE * edge),
  decisionDraw: DRAW,
});

function boxingTimeline(seed: string, fixture: SimFixture, windowMs: number): BoxingTimeline {
  const r = randomStream(seed, fixture.id, 'fight');
  const edge0 = ratingOf(seed, fixture.home, 'boxing') - ratingOf(seed, fixture.away, 'boxing');
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const events: SimEvent[] = [];
  const windows: Array<{ from: number; to: number }> = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let winner: BoxingTimeline['winner'] = null;
  let end: FightLength | null = null;
  let method: FightMethod | null = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const c = chances(edge0 + drift[drift.length - 1]!);
    let at = kickoff;
    for (let round = 1; round <= ROUNDS && winner === null; round++) {
      events.push({ at, kind: 'round' });
      windows.push({ from: at, to: at + 20_000 });
      const u = r();
      if (u < c.stopHome + c.stopAway) {
        winner = u < c.stopHome ? 'home' : 'away';
        const seconds = intBetween(r, STOPPAGE_SECONDS.from, STOPPAGE_SECONDS.to);
        at += seconds * 1000;
        end = { round, seconds };
        method = 'stoppage';
        events.push({ at, kind: 'stoppage', team: winner });
        break;
      }
      at += ROUND_MS + REST_MS;
    }
    if (winner === null) {
      const u = r();
      winner = u < c.decisionHome ? 'home' : u < c.decisionHome + c.decisionDraw ? 'draw' : 'away';
      end = { round: ROUNDS, seconds: ROUND_SECONDS };
      method = 'points';
      events.push({ at, kind: 'decision' });
    }
    events.push({ at, kind: 'full_time' });
    finalAt = at;
  }
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt: null,
    rescheduledAt,
    edge0,
    drift,
    winner,
    end,
    method,
    suspensions: mergedWindows(windows),
  };
}

function at(tl: BoxingTimeline, t: number) {
  const i = lastAtOrBefore(tl.events, t);
  let code: number = MatchTime.notStarted;
  let rounds = 0;
  let roundStart = 0;
  for (let k = 0; k <= i; k++) {
    const kind = tl.events[k]!.kind;
    if (kind === 'round') {
      rounds++;
      roundStart = tl.events[k]!.at;
      // Code 1 stands for "in play": the specification's match codes are football's.
      code = MatchTime.firstHalf;
    } else if (STATUS_CODES[kind] !== undefined) code = STATUS_CODES[kind]!;
  }
  // Seconds boxed of the round under way (all of it in the rest after it).
  const elapsed = rounds > 0 ? Math.min(ROUND_SECONDS, Math.max(0, (t - roundStart) / 1000)) : 0;
  return { code, rounds, elapsed, seq: i + 1 };
}

/**
 * The book reprices through a round as its time passes (a stoppage is less likely with less
 * left). A quote is as old as this at most, and cash-out values a leg from it: every 20 seconds
 * let a stoppage leg cash out above its fair value late in the last round (review of issue 16).
 */
const REPRICE_SECONDS = 5;

function pricingInput(tl: BoxingTimeline, t: number, margins: MarginPlan): BoxingPricingInput | null {
  const s = at(tl, t);
  const live = s.code === MatchTime.firstHalf;
  if (!live && s.code !== MatchTime.notStarted) return null;
  const listedFrom = tl.fixture.startsAt - LISTING_MS;
  const when = live ? tl.kickoff! : t;
  const step = Math.max(0, Math.min(tl.drift.length - 1, Math.floor((when - listedFrom) / HOUR_MS)));
  return {
    rounds: ROUNDS,
    roundsLeft: live ? ROUNDS - s.rounds + 1 : ROUNDS,
    // As the book reprices: at the start of the current REPRICE_SECONDS (the quote's key).
    elapsed: live ? REPRICE_SECONDS * Math.floor(s.elapsed / REPRICE_SECONDS) : 0,
    ...chances(tl.edge0 + tl.drift[step]!),
    margins: fixtureMargins(margins, tl, live),
  };
}

/** Boxing for the simulated feed. */
export const boxingSim: SportSim<BoxingTimeline> = {
  sport: 'boxing',
  prefix: 'bx',
  fates: ['postponed'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'bx', COMPETITIONS, REST_DAYS),
  timeline: boxingTimeline,
  state(tl, t): SimState {
    const s = at(tl, t);
    const { suspended, stopSeq } = stopsAt(tl.suspensions, t);
    const live = s.code === MatchTime.firstHalf;
    return {
      periodCode: s.code,
      clock: live ? `Round ${s.rounds}` : null,
      score: { home: 0, away: 0 },
      stats: { rounds: { home: s.rounds, away: s.rounds } },
      suspended: live && suspended,
      stateSeq: s.seq,
      stopSeq,
      phase: s.code === MatchTime.notStarted ? 'pre' : live ? 'live' : null,
    };
  },
  result(tl, t): FixtureResult {
    const s = at(tl, t);
    if (s.code !== MatchTime.finished) return { status: s.code, scores: {} };
    // The result as a score: 1-0 to the winner, 0-0 for a draw; how long it lasted and how it
    // ended (a stoppage in the last round and a decision both end in round 12).
    return {
      status: s.code,
      scores: {
        full: { home: tl.winner === 'home' ? 1 : 0, away: tl.winner === 'away' ? 1 : 0, complete: true },
      },
      ...(tl.end ? { rounds: tl.end } : {}),
      ...(tl.method ? { method: tl.method } : {}),
    };
  },
  quoteKey(tl, st, t) {
    if (st.phase === 'pre') return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
    const s = at(tl, t);
    return `r${s.rounds}|${Math.floor(s.elapsed / REPRICE_SECONDS)}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceBoxing(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    return input ? priceBoxingMarket(input, key) : null;
  },
};
