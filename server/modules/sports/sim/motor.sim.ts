import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { MatchTime } from '../../../../domain/codes';
import type { FixtureResult, RaceClassification, RaceResult } from '../../../../domain/sports/markets';
import type { FieldEntry } from '../../../../domain/sports/labels';
import {
  priceHeadToHead,
  priceOutright,
  type HeadToHeadInput,
  type OutrightInput,
} from '../../../../domain/sports/ratings';
import { HOUR_MS, MINUTE_MS, timeOnDay, weekdayOf } from './clock';
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
 * rating plus the day's noise, and some retire on a random lap — and the book offers, before the
 * start, head-to-heads between pairs of drivers (research §1.9: the better classified wins; if
 * neither finishes, more laps; equal laps void; both must start), each a fixture of its two
 * drivers, and the race's winner (Vencedor da Corrida) on the race's own fixture, whose field is
 * every driver of the competition.
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

/** Each competition's races, one a week in turn: a race fixture's name. */
const ROUNDS: Record<string, readonly string[]> = {
  'Fórmula 1': [
    'GP do Bahrein',
    'GP da Arábia Saudita',
    'GP da Austrália',
    'GP do Japão',
    'GP da China',
    'GP de Miami',
    'GP da Emília-Romanha',
    'GP de Mônaco',
    'GP da Espanha',
    'GP do Canadá',
    'GP da Áustria',
    'GP da Inglaterra',
    'GP da Bélgica',
    'GP da Hungria',
    'GP da Holanda',
    'GP da Itália',
    'GP do Azerbaijão',
    'GP de Singapura',
    'GP dos Estados Unidos',
    'GP do México',
    'GP de São Paulo',
    'GP de Las Vegas',
    'GP do Catar',
    'GP de Abu Dhabi',
  ],
  'Stock Car Pro Series': [
    'Etapa de Interlagos',
    'Etapa de Goiânia',
    'Etapa do Velocitta',
    'Etapa de Cascavel',
    'Etapa de Curitiba',
    'Etapa de Tarumã',
    'Etapa de Santa Cruz do Sul',
    'Etapa de Chapecó',
    'Etapa de Brasília',
    'Etapa de Mogi Guaçu',
  ],
  IndyCar: [
    'GP de St. Petersburg',
    'GP de Long Beach',
    'GP do Alabama',
    'GP de Indianápolis',
    'GP de Detroit',
    'GP de Road America',
    'GP de Mid-Ohio',
    'GP de Toronto',
    'GP de Iowa',
    'GP de Portland',
    'GP de Milwaukee',
    'GP de Nashville',
  ],
};
/**
 * The last part of a race fixture's id (`mr-…-day-competition-99`), beyond any head-to-head's:
 * the pairings keep the ids they had before races had fixtures of their own.
 */
const RACE_INDEX = 99;
/** Minutes per lap, a driver's chance of not finishing, and pre-race drift of pace. */
const LAP_MINUTES = 1.6;
const DNF = 0.08;
const DRIFT_SD = 0.01;

export interface MotorTimeline extends SimTimeline {
  laps: number;
  edge0: number;
  drift: number[];
  race: { home: RaceResult; away: RaceResult } | null;
  /** A race's own fixture: each driver's pace, in the field's order. */
  paces: number[] | null;
  /** A race's own fixture once run: who won, who did not start (null otherwise). */
  classification: RaceClassification | null;
}

/** The race fixtures of a day: one per competition racing that day, with its whole field. */
function racesOn(seedTag: string, day: number): SimFixture[] {
  return COMPETITIONS.flatMap((comp, ci) => {
    if (!comp.weekdays.includes(weekdayOf(day))) return [];
    const rounds = ROUNDS[comp.name]!;
    const field: FieldEntry[] = comp.teams.map((name, k) => ({ id: `d${k + 1}`, name }));
    // The week's round (days before the epoch count backwards).
    const round = ((Math.floor(day / 7) % rounds.length) + rounds.length) % rounds.length;
    return [
      {
        id: `mr-${seedTag}-${day}-${ci}-${RACE_INDEX}`,
        sport: comp.sport,
        competition: comp.name,
        tier: comp.tier,
        home: rounds[round]!,
        away: '',
        day,
        startsAt: timeOnDay(day, comp.kickoffs[0]!),
        fate: 'normal' as const,
        field,
      },
    ];
  });
}

/** A race's classification as the simulation runs it: the fastest finisher wins; everyone starts. */
function classify(field: readonly FieldEntry[], results: Map<string, RaceResult>): RaceClassification {
  return {
    winners: field.filter((d) => results.get(d.name)?.position === 1).map((d) => d.id),
    notStarted: field.filter((d) => !results.get(d.name)?.started).map((d) => d.id),
  };
}

/** A random stream of a race (a competition's day), the same for all of its fixtures. */
function raceStream(seed: string, fixture: SimFixture, ...parts: string[]) {
  const comp = COMPETITIONS.find((c) => c.name === fixture.competition)!;
  return randomStream(seed, 'race', comp.key, fixture.day, ...parts);
}

/** The whole race of a competition on a day, the same for every head-to-head of it. */
function runRace(seed: string, fixture: SimFixture): Map<string, RaceResult> {
  const comp = COMPETITIONS.find((c) => c.name === fixture.competition)!;
  const laps = LAPS[fixture.competition]!;
  const r = raceStream(seed, fixture);
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
  const field = fixture.field ?? null;
  const edge0 = field ? 0 : ratingOf(seed, fixture.home, 'motor') - ratingOf(seed, fixture.away, 'motor');
  const drift = [0];
  for (let k = 1; k <= LISTING_MS / HOUR_MS; k++) drift.push(drift[k - 1]! + DRIFT_SD * normal(r));
  const events: SimEvent[] = [];
  let kickoff: number | null = fixture.startsAt;
  let finalAt: number | null = null;
  let rescheduledAt: number | null = null;
  let race: MotorTimeline['race'] = null;
  let classification: RaceClassification | null = null;
  if (fixture.fate === 'postponed') {
    // The race is put off (shareEventFates): its fixtures draw the same new start from its stream.
    const p = postponement(raceStream(seed, fixture, 'postponed'), fixture, windowMs);
    events.push(...p.events);
    ({ kickoff, finalAt, rescheduledAt } = p);
  }
  if (kickoff !== null) {
    const results = runRace(seed, fixture);
    if (field) classification = classify(field, results);
    else race = { home: results.get(fixture.home)!, away: results.get(fixture.away)! };
    events.push({ at: kickoff, kind: 'start' });
    finalAt = kickoff + Math.round(laps * LAP_MINUTES * MINUTE_MS);
    events.push({ at: finalAt, kind: 'full_time' });
  }
  // The same ratings the race is run from (runRace), as the head-to-heads' edge is.
  const paces = field && field.map((d) => ratingOf(seed, d.name, 'motor'));
  return {
    fixture,
    kickoff,
    events,
    finalAt,
    correctionAt: null,
    rescheduledAt,
    laps,
    edge0,
    drift,
    race,
    paces,
    classification,
  };
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
  if (tl.paces || codeAt(tl, t) !== MatchTime.notStarted) return null;
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

/**
 * A race's Vencedor da Corrida, before the start only, like its head-to-heads: the running order
 * is not part of the simulated race's state (only laps are), so nothing in play could move the
 * prices, and the pre-race ones would be sold to bettors who can see a retirement.
 */
function outrightInput(tl: MotorTimeline, t: number, margins: MarginPlan): OutrightInput | null {
  if (!tl.paces || codeAt(tl, t) !== MatchTime.notStarted) return null;
  const paces = tl.paces;
  return {
    field: tl.fixture.field!.map((d, i) => ({ id: d.id, pace: paces[i]! })),
    dnf: DNF,
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
  day: (seed, seedTag, day) => [
    ...scheduleDay(seed, seedTag, day, 'mr', COMPETITIONS),
    ...racesOn(seedTag, day),
  ],
  eventOf: (fixture) => `${fixture.competition}|${fixture.day}`,
  timeline: motorTimeline,
  state(tl, t): SimState {
    const code = codeAt(tl, t);
    const live = code === MatchTime.firstHalf;
    const lap = Math.min(tl.laps, Math.floor((t - (tl.kickoff ?? t)) / (LAP_MINUTES * MINUTE_MS)) + 1);
    return {
      periodCode: code,
      clock: live ? `Volta ${lap}/${tl.laps}` : null,
      score: { home: 0, away: 0 },
      // A race's own fixture has no two drivers to compare.
      stats: tl.paces ? {} : { laps: { home: lapsAt(tl, 'home', t), away: lapsAt(tl, 'away', t) } },
      suspended: false,
      stateSeq: tl.events.filter((e) => e.at <= t).length,
      stopSeq: 0,
      phase: code === MatchTime.notStarted ? 'pre' : live ? 'live' : null,
    };
  },
  result(tl, t): FixtureResult {
    const code = codeAt(tl, t);
    if (code !== MatchTime.finished) return { status: code, scores: {} };
    if (tl.classification) return { status: code, scores: {}, classification: tl.classification };
    if (!tl.race) return { status: code, scores: {} };
    return { status: code, scores: {}, race: tl.race };
  },
  quoteKey(tl, _st, t) {
    return `p${Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS)}`;
  },
  quotes(tl, _st, t, margins) {
    const outright = outrightInput(tl, t, margins);
    if (outright) {
      const quote = priceOutright(outright);
      return quote ? [quote] : [];
    }
    const input = pricingInput(tl, t, margins);
    return input ? priceHeadToHead(input) : [];
  },
  price(tl, _st, t, margins, key) {
    if (key.period !== 'full') return null;
    if (key.type === 'outright') {
      const outright = outrightInput(tl, t, margins);
      return outright && priceOutright(outright);
    }
    const input = pricingInput(tl, t, margins);
    if (!input || key.type !== 'head_to_head') return null;
    return priceHeadToHead(input)[0] ?? null;
  },
};
