import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult, RaceResult } from '../../../../domain/sports/markets';
import { priceHeadToHead, type HeadToHeadInput } from '../../../../domain/sports/ratings';
import { HOUR_MS, MINUTE_MS } from './clock';
import { intBetween, normal, randomStream } from './random';
import {
  LISTING_MS,
  lastAtOrBefore,
  postponement,
  ratingOf,
  scheduleDay,
  STATUS_CODES,
  type SimEvent,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
  fixtureMargins,
} from './sport-sim';
import type { Competition } from './world';

/**
 * Simulated motor racing: each race is run once from the seed — every driver's pace is a hidden
 * rating plus the day's noise, and some retire on a random lap — and the book offers
 * head-to-heads between pairs of drivers before the start (research §1.9: the better classified
 * wins; if neither finishes, more laps; equal laps void; both must start).
 */

const F1 = [
  'Max Verstappen',
  'Lando Norris',
  'Charles Leclerc',
  'Oscar Piastri',
  'Carlos Sainz',
  'Lewis Hamilton',
  'George Russell',
  'Fernando Alonso',
  'Gabriel Bortoleto',
  'Pierre Gasly',
  'Esteban Ocon',
  'Alexander Albon',
  'Yuki Tsunoda',
  'Nico Hülkenberg',
  'Lance Stroll',
  'Kimi Antonelli',
  'Oliver Bearman',
  'Liam Lawson',
  'Isack Hadjar',
  'Franco Colapinto',
];
const STOCK_CAR = [
  'Felipe Massa',
  'Rubens Barrichello',
  'Daniel Serra',
  'Thiago Camilo',
  'Gabriel Casagrande',
  'Ricardo Zonta',
  'Átila Abreu',
  'César Ramos',
  'Felipe Fraga',
  'Ricardo Maurício',
  'Nelson Piquet Jr.',
  'Cacá Bueno',
  'Lucas Foresti',
  'Bruno Baptista',
  'Rafael Suzuki',
  'Guilherme Salas',
];
const INDYCAR = [
  'Álex Palou',
  'Josef Newgarden',
  'Scott Dixon',
  "Pato O'Ward",
  'Colton Herta',
  'Will Power',
  'Scott McLaughlin',
  'Alexander Rossi',
  'Kyle Kirkwood',
  'Marcus Ericsson',
  'Felix Rosenqvist',
  'Christian Lundgaard',
  'Rinus VeeKay',
  'Santino Ferrucci',
  'Graham Rahal',
  'Marcus Armstrong',
];

/** One start time per race, so every head-to-head of a race starts with it. */
const COMPETITIONS: readonly Competition[] = [
  {
    key: 'f1',
    sport: 'motor_racing',
    name: 'Fórmula 1',
    tier: 1,
    teams: F1,
    weekdays: [0],
    kickoffs: ['10:00'],
    perDay: [4, 6],
    spread: 0,
  },
  {
    key: 'stockcar',
    sport: 'motor_racing',
    name: 'Stock Car Pro Series',
    tier: 2,
    teams: STOCK_CAR,
    weekdays: [0],
    kickoffs: ['13:00'],
    perDay: [3, 5],
    spread: 0,
  },
  {
    key: 'indycar',
    sport: 'motor_racing',
    name: 'IndyCar',
    tier: 2,
    teams: INDYCAR,
    weekdays: [6],
    kickoffs: ['15:30'],
    perDay: [3, 5],
    spread: 0,
  },
];
const LAPS: Record<string, number> = { 'Fórmula 1': 57, 'Stock Car Pro Series': 30, IndyCar: 85 };
/** Minutes per lap, a driver's chance of not finishing, and pre-race drift of pace. */
const LAP_MINUTES = 1.6;
const DNF = 0.08;
const DRIFT_SD = 0.01;

export interface MotorTimeline extends SimTimeline {
  laps: number;
  edge0: number;
  drift: number[];
  race: { home: RaceResult; away: RaceResult } | null;
}

/** The whole race of a competition on a day, the same for every head-to-head of it. */
function runRace(seed: string, fixture: SimFixture): Map<string, RaceResult> {
  const comp = COMPETITIONS.find((c) => c.name === fixture.competition)!;
  const laps = LAPS[fixture.competition]!;
  const r = randomStream(seed, 'race', comp.key, fixture.day);
  const runs = comp.teams.map((driver) => {
    const pace = ratingOf(seed, driver, 'motor') + normal(r);
    const out = r() < DNF ? intBetween(r, 1, laps - 1) : null;
    return { driver, pace, out };
  });
  const finishers = runs.filter((x) => x.out === null).sort((a, b) => b.pace - a.pace);
  const result = new Map<string, RaceResult>();
  finishers.forEach((x, k) => result.set(x.driver, { started: true, position: k + 1, laps }));
  for (const x of runs)
    if (x.out !== null) result.set(x.driver, { started: true, position: null, laps: x.out });
  return result;
}

function motorTimeline(seed: string, fixture: SimFixture, windowMs: number): MotorTimeline {
  const r = randomStream(seed, fixture.id, 'h2h');
  const laps = LAPS[fixture.competition]!;
  const edge0 = ratingOf(seed, fixture.home, 'motor') - ratingOf(seed, fixture.away, 'motor');
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const events: SimEvent[] = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let race: MotorTimeline['race'] = null;
  if (fixture.fate === 'postponed') {
    const p = postponement(r, fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const results = runRace(seed, fixture);
    race = { home: results.get(fixture.home)!, away: results.get(fixture.away)! };
    events.push({ at: kickoff, kind: 'start' });
    finalAt = kickoff + Math.round(laps * LAP_MINUTES * MINUTE_MS);
    events.push({ at: finalAt, kind: 'full_time' });
  }
  return { fixture, kickoff, events, finalAt, correctionAt: null, rescheduledAt, laps, edge0, drift, race };
}

function codeAt(tl: MotorTimeline, t: number): number {
  const i = lastAtOrBefore(tl.events, t);
  if (i < 0) return MatchTime.notStarted;
  const kind = tl.events[i]!.kind;
  // Code 1 stands for "in play": the specification's match codes are football's.
  return kind === 'start' ? MatchTime.firstHalf : (STATUS_CODES[kind] ?? MatchTime.notStarted);
}

function pricingInput(tl: MotorTimeline, t: number, margins: MarginPlan): HeadToHeadInput | null {
  // Head-to-heads are sold before the race only.
  if (codeAt(tl, t) !== MatchTime.notStarted) return null;
  const step = Math.max(
    0,
    Math.min(tl.drift.length - 1, Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)),
  );
  return {
    paceEdge: tl.edge0 + tl.drift[step]!,
    dnf: DNF,
    laps: tl.laps,
    margins: fixtureMargins(margins, tl, false),
  };
}

/** Laps a driver has completed at t. */
function lapsAt(tl: MotorTimeline, side: 'home' | 'away', t: number): number {
  if (!tl.race || tl.kickoff === null || t < tl.kickoff) return 0;
  const run = Math.floor((t - tl.kickoff) / (LAP_MINUTES * MINUTE_MS));
  return Math.min(run, tl.race[side].laps);
}

/** Motor racing for the simulated feed. */
export const motorSim: SportSim<MotorTimeline> = {
  sport: 'motor_racing',
  prefix: 'mr',
  fates: ['postponed'],
  day: (seed, seedTag, day) => scheduleDay(seed, seedTag, day, 'mr', COMPETITIONS),
  timeline: motorTimeline,
  state(tl, t): SimState {
    const code = codeAt(tl, t);
    const live = code === MatchTime.firstHalf;
    const lap = Math.min(tl.laps, Math.floor((t - (tl.kickoff ?? t)) / (LAP_MINUTES * MINUTE_MS)) + 1);
    return {
      periodCode: code,
      clock: live ? `Volta ${lap}/${tl.laps}` : null,
      score: { home: 0, away: 0 },
      stats: { laps: { home: lapsAt(tl, 'home', t), away: lapsAt(tl, 'away', t) } },
      suspended: false,
      stateSeq: tl.events.filter((e) => e.at <= t).length,
      stopSeq: 0,
      phase: code === MatchTime.notStarted ? 'pre' : live ? 'live' : null,
    };
  },
  result(tl, t): FixtureResult {
    const code = codeAt(tl, t);
    if (code !== MatchTime.finished || !tl.race) return { status: code, scores: {} };
    return { status: code, scores: {}, race: tl.race };
  },
  quoteKey(tl, _st, t) {
    return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
  },
  quotes(tl, _st, t, margins) {
    const input = pricingInput(tl, t, margins);
    return input ? priceHeadToHead(input) : [];
  },
  price(tl, _st, t, margins, key) {
    const input = pricingInput(tl, t, margins);
    if (!input || key.type !== 'head_to_head' || key.period !== 'full') return null;
    return priceHeadToHead(input)[0] ?? null;
  },
};
