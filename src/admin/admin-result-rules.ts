import { MatchTime } from '../../domain/codes';
import type { FightMethod, FixtureResult } from '../../domain/sports/markets';
import type { SportKey } from '../../domain/sports/sports';
import { resultInconsistency, type ResultInconsistency } from '../../domain/sports/result-checks';
import type { FixtureResultInput } from './admin-api';

/**
 * What the result form asks of each sport other than football, checked as the server and the
 * settlement will read it (domain/sports/markets.ts `settleLeg`, the simulated feed's results):
 * which facts a sport's markets settle on, which of them a finished (−1) result cannot do without
 * (else its bets are held for review), and the sport's own sense checks. Football keeps its own
 * form (admin-result-form.tsx). Pure: the form translates the error keys and labels.
 */

export type Side = 'home' | 'away';
/** Sports with this form (football has its own). */
export type FormSport = Exclude<SportKey, 'football'>;

/** Scores typed as two numbers, one per side, under their API names. */
export type PairFact = 'full' | 'firstHalf' | 'regulation' | 'fourthQuarter' | 'games';

/** The label of a score row (admin.results.facts.*). */
export type FactLabel =
  | 'pointsFinal'
  | 'pointsRegulation'
  | 'pointsFourth'
  | 'pointsFirstHalf'
  | 'runsFirstInnings'
  | 'setsWon'
  | 'gamesTotal'
  | 'gamesWon'
  | 'framesWon'
  | 'runsBaseball'
  | 'runsCricket';

/** A driver of a motor-racing head-to-head: classified, did not finish, or did not start. */
export type DriverState = '' | 'classified' | 'dnf' | 'dns';

interface PairRow {
  fact: PairFact;
  label: FactLabel;
  /** A finished (−1) result needs it: a market of the sport settles on it. */
  required: boolean;
}

interface SportRules {
  pairs: PairRow[];
  /** A finished match cannot end level (no two-way tie in its rules). */
  noTie: boolean;
  /** Regulation and overtime (basketball, American football): overtime only after a level regulation. */
  overtime: boolean;
  /** Tennis: who won the first set (its own winner market). */
  firstSet: boolean;
  /** Who retired, read when the match stopped early (−12): tennis and snooker advance the other. */
  retired: boolean;
  /** Baseball: the innings a called game (−12) completed; the winner stands after 5 (4½). */
  innings: boolean;
  /** Cricket: who won the super over of a tie (a tie without one is a dead heat). */
  superOver: boolean;
  /** Boxing: the winner (or a draw) and how long the fight lasted (total rounds). */
  fight: boolean;
  /** Motor racing: each driver's race (head-to-head), instead of a score. */
  race: boolean;
}

const NONE = {
  pairs: [],
  noTie: true,
  overtime: false,
  firstSet: false,
  retired: false,
  innings: false,
  superOver: false,
  fight: false,
  race: false,
} satisfies SportRules;

const points = (tie: boolean): SportRules => ({
  ...NONE,
  pairs: [
    { fact: 'full', label: 'pointsFinal', required: true },
    // The three-way result of regulation time is priced before and during the game.
    { fact: 'regulation', label: 'pointsRegulation', required: true },
    // The first half's result, spread and total (1º Tempo) settle on it.
    { fact: 'firstHalf', label: 'pointsFirstHalf', required: true },
    // Stored by the feed; no market is priced on it today, so it never holds a bet.
    { fact: 'fourthQuarter', label: 'pointsFourth', required: false },
  ],
  noTie: !tie,
  overtime: true,
});

const race = (label: FactLabel, retired = false): SportRules => ({
  ...NONE,
  pairs: [{ fact: 'full', label, required: true }],
  retired,
});

const RULES: Record<FormSport, SportRules> = {
  basketball: points(false),
  // A ten-minute overtime may end level: the moneyline is then void.
  american_football: points(true),
  tennis: {
    ...NONE,
    pairs: [
      { fact: 'full', label: 'setsWon', required: true },
      { fact: 'games', label: 'gamesTotal', required: true },
    ],
    firstSet: true,
    retired: true,
  },
  // Snooker's player progressing wins the match bet at once after a retirement.
  snooker: race('framesWon', true),
  baseball: { ...race('runsBaseball'), innings: true },
  // A retirement voids their winner markets (rules.ts): nothing to say who retired.
  volleyball: race('setsWon'),
  badminton: race('gamesWon'),
  table_tennis: race('gamesWon'),
  cricket: {
    ...race('runsCricket'),
    // The first innings' total runs settle on it (both sides' columns: the side that batted).
    pairs: [
      { fact: 'full', label: 'runsCricket', required: true },
      { fact: 'firstHalf', label: 'runsFirstInnings', required: true },
    ],
    noTie: false,
    superOver: true,
  },
  boxing: { ...NONE, noTie: false, fight: true },
  motor_racing: { ...NONE, noTie: false, race: true },
};

/** The form's rules of a sport. */
export const rulesFor = (sport: FormSport): Readonly<SportRules> => RULES[sport];

/** The longest round and the most rounds the server accepts (`rounds` of operatorResultSchema). */
const ROUND_SECONDS = 180;
const MAX_ROUNDS = 15;
/** Scores, positions and laps as the server bounds them. */
const MAX_SCORE = 999;
const MAX_POSITION = 99;
const MAX_INNINGS = 30;

/** What the trader typed, as strings (an empty one is not sent). */
export interface ResultValues {
  status: number;
  pairs: Record<PairFact, Record<Side, string>>;
  firstSet: '' | Side;
  retired: '' | Side;
  advanced: '' | Side;
  innings: string;
  winner: '' | Side | 'draw';
  /** How a fight with a winner ended (Método de Vitória). */
  method: '' | FightMethod;
  round: string;
  /** Time into the last round, m:ss. */
  time: string;
  drivers: Record<Side, { state: DriverState; position: string; laps: string }>;
}

const typed = (score: { home: number; away: number } | undefined, side: Side) =>
  score ? String(score[side]) : '';

const pairOf = (score: { home: number; away: number } | undefined) => ({
  home: typed(score, 'home'),
  away: typed(score, 'away'),
});

/** Seconds as the form shows them: 151 → "2:31". */
export const clockText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** 4.5 → "4,5": the trader's notation. */
const decimalText = (n: number) => String(n).replace('.', ',');

/** The form's starting values: a finished result, with whatever the stored result already says. */
export function initialValues(result: FixtureResult | null): ResultValues {
  const scores = result?.scores ?? {};
  const full = scores.full;
  const firstSet = scores.first_set;
  const driver = (side: Side) => {
    const d = result?.race?.[side];
    const state: DriverState = !d ? '' : !d.started ? 'dns' : d.position === null ? 'dnf' : 'classified';
    return { state, position: d?.position ? String(d.position) : '', laps: d ? String(d.laps) : '' };
  };
  return {
    status: MatchTime.finished,
    pairs: {
      full: pairOf(full),
      firstHalf: pairOf(scores.first_half),
      regulation: pairOf(scores.regulation),
      fourthQuarter: pairOf(scores.fourth_quarter),
      games: pairOf(scores.games),
    },
    firstSet:
      firstSet && firstSet.home !== firstSet.away ? (firstSet.home > firstSet.away ? 'home' : 'away') : '',
    retired: result?.retired ?? '',
    advanced: result?.advanced ?? '',
    innings: result?.innings === undefined ? '' : decimalText(result.innings),
    winner: !full ? '' : full.home > full.away ? 'home' : full.away > full.home ? 'away' : 'draw',
    method: result?.method ?? '',
    round: result?.rounds ? String(result.rounds.round) : '',
    time: result?.rounds ? clockText(result.rounds.seconds) : '',
    drivers: { home: driver('home'), away: driver('away') },
  };
}

/** Which parts of the form a sport shows for the values typed so far. */
export type ShownFacts = Pick<
  SportRules,
  'firstSet' | 'retired' | 'innings' | 'superOver' | 'fight' | 'race'
> & {
  /** Score rows, each with whether it must be filled before sending. */
  pairs: Array<PairRow & { needed: boolean }>;
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);

/**
 * The facts the sport's settlement reads under the chosen status. A postponed match (−14) settles
 * on nothing. What ended a match early (a retirement, a called game's innings) is read only with
 * −12. A fight's winner and length and a race's classification settle only a finished event (sent
 * with another code they would settle it as if it had ended). The super over is asked when the
 * runs are level.
 */
export function shownFacts(sport: FormSport, values: ResultValues): ShownFacts {
  const rules = RULES[sport];
  const { status } = values;
  const played = status !== MatchTime.postponed;
  const full = values.pairs.full;
  const level = whole(full.home) !== null && whole(full.home) === whole(full.away);
  const retired = rules.retired && status === MatchTime.cutInHalf;
  const innings = rules.innings && status === MatchTime.cutInHalf;
  // The score is what a retirement or a called game is judged on: without it all is void.
  const earlyEnd = (retired && values.retired !== '') || innings;
  const finished = status === MatchTime.finished;
  return {
    pairs: played
      ? rules.pairs.map((row) => ({
          ...row,
          needed: (finished && row.required) || (earlyEnd && row.fact === 'full'),
        }))
      : [],
    firstSet: played && rules.firstSet,
    retired,
    innings,
    superOver: rules.superOver && status === MatchTime.finished && level,
    fight: rules.fight && status === MatchTime.finished,
    race: rules.race && status === MatchTime.finished,
  };
}

/** A problem with what was typed: the control to fix, the error key and its values. */
export interface ResultProblem {
  /** The control's name in the form (`full.home`, `round`, `race.away.position`, …). */
  field: string;
  error:
    | 'required'
    | 'choose'
    | 'chooseSide'
    | 'number'
    | 'bothSides'
    | 'level'
    | 'belowRegulation'
    | 'noOvertime'
    | 'fourthAboveRegulation'
    | 'setGames'
    | 'firstSetWinner'
    | 'setCount'
    | 'innings'
    | 'round'
    | 'time'
    | 'position'
    | 'samePosition';
  params: Record<string, string | number>;
}

/** The words a problem is told with, in the trader's language. */
export interface ResultNames {
  home: string;
  away: string;
  sport: string;
  fact: (label: FactLabel) => string;
  /** The label of a control that is not a score row (`innings`, `round`, `time`, `position`, `laps`, …). */
  control: (
    name:
      'firstSet' | 'innings' | 'round' | 'time' | 'winner' | 'method' | 'driverState' | 'position' | 'laps',
  ) => string;
}

/** A rule the result breaks (result-checks.ts), as the form's control and error. */
function wordedInconsistency(
  wrong: ResultInconsistency,
  at: { names: ResultNames; fullLabel: string; halfLabel: string; full: Record<Side, number> },
): ResultProblem {
  const { names, fullLabel } = at;
  const regulation = names.fact('pointsRegulation');
  switch (wrong.rule) {
    case 'level':
      return { field: 'full.home', error: 'level', params: { sport: names.sport, row: fullLabel } };
    case 'belowRegulation':
      return {
        field: `full.${wrong.side}`,
        error: 'belowRegulation',
        params: { full: fullLabel, regulation, team: names[wrong.side] },
      };
    case 'noOvertime':
      return { field: 'full.home', error: 'noOvertime', params: { full: fullLabel, regulation } };
    case 'partAboveWhole':
      // A first half (a first innings) above the whole match, worded like a quarter above regulation.
      if (wrong.part === 'first_half') {
        return {
          field: `firstHalf.${wrong.side}`,
          error: 'fourthAboveRegulation',
          params: { fourth: at.halfLabel, regulation: fullLabel, team: names[wrong.side] },
        };
      }
      return {
        field: `fourthQuarter.${wrong.side}`,
        error: 'fourthAboveRegulation',
        params: { fourth: names.fact('pointsFourth'), regulation, team: names[wrong.side] },
      };
    case 'setGames':
      return {
        field: `games.${wrong.side}`,
        error: 'setGames',
        params: { team: names[wrong.side], sets: at.full[wrong.side], min: wrong.min },
      };
    case 'firstSetWinner':
      return {
        field: 'firstSet',
        error: 'firstSetWinner',
        params: { team: names[wrong.side], row: fullLabel },
      };
    case 'setCount':
      return { field: 'full.home', error: 'setCount', params: { row: fullLabel } };
    case 'methodWithoutWinner':
      // The form asks how a fight ended only for a winner and sends it only then.
      return { field: 'method', error: 'choose', params: { row: names.control('method') } };
    case 'winnerNotStarted':
      // Only a race's own form sends a classification (raceProblem checks it).
      return { field: 'winner', error: 'choose', params: { row: names.control('winner') } };
  }
}

/** Parses "m:ss" into seconds, or null. */
export function parseClock(text: string): number | null {
  const m = /^(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Parses innings typed as "5", "4,5" or "4.5", or null. */
export function parseInnings(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,2}(\.5|\.0)?$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_INNINGS ? n : null;
}

/**
 * The first problem in what was typed, in the order the form shows it; null when it can be sent.
 * It checks what the server would refuse (bounds, a finished result without its score) and what it
 * would accept but settle wrongly or not at all (a bet held for review for want of a fact the
 * trader left out, a tie where the sport has none, overtime after a decided regulation).
 */
export function resultProblem(
  sport: FormSport,
  values: ResultValues,
  names: ResultNames,
): ResultProblem | null {
  const rules = RULES[sport];
  const shown = shownFacts(sport, values);
  const finished = values.status === MatchTime.finished;
  const team = (side: Side) => names[side];
  const scores: Partial<Record<PairFact, Record<Side, number>>> = {};

  for (const row of shown.pairs) {
    const typedPair = values.pairs[row.fact];
    const label = names.fact(row.label);
    const empty = typedPair.home.trim() === '' && typedPair.away.trim() === '';
    const { needed } = row;
    if (empty && !needed) continue;
    for (const side of ['home', 'away'] as const) {
      const text = typedPair[side].trim();
      const field = `${row.fact}.${side}`;
      if (text === '') {
        return needed
          ? { field, error: 'required', params: { row: label, team: team(side) } }
          : { field, error: 'bothSides', params: { row: label } };
      }
      const n = whole(text);
      if (n === null || n > MAX_SCORE) {
        return { field, error: 'number', params: { row: label, team: team(side), max: MAX_SCORE } };
      }
    }
    scores[row.fact] = { home: whole(typedPair.home)!, away: whole(typedPair.away)! };
  }

  const full = scores.full;
  const fullLabel = rules.pairs[0] ? names.fact(rules.pairs[0].label) : '';
  // What does not add up is the server's rule (domain/sports/result-checks.ts), worded here.
  const typedResult: FixtureResult = {
    status: values.status,
    scores: {
      ...(full ? { full: { ...full, complete: finished } } : {}),
      ...(scores.firstHalf ? { first_half: { ...scores.firstHalf, complete: true } } : {}),
      ...(scores.regulation ? { regulation: { ...scores.regulation, complete: true } } : {}),
      ...(scores.fourthQuarter ? { fourth_quarter: { ...scores.fourthQuarter, complete: true } } : {}),
      ...(scores.games ? { games: { ...scores.games, complete: finished } } : {}),
      ...(shown.firstSet && values.firstSet !== ''
        ? {
            first_set: {
              home: values.firstSet === 'home' ? 1 : 0,
              away: values.firstSet === 'away' ? 1 : 0,
              complete: true,
            },
          }
        : {}),
    },
    ...(values.advanced !== '' ? { advanced: values.advanced } : {}),
  };
  const wrong = resultInconsistency(sport, typedResult);
  const half = rules.pairs.find((row) => row.fact === 'firstHalf');
  const halfLabel = half ? names.fact(half.label) : '';
  if (wrong) {
    return wordedInconsistency(wrong, { names, fullLabel, halfLabel, full: full ?? { home: 0, away: 0 } });
  }

  if (shown.firstSet && finished && values.firstSet === '') {
    return { field: 'firstSet', error: 'choose', params: { row: names.control('firstSet') } };
  }
  if (shown.innings && parseInnings(values.innings) === null) {
    return {
      field: 'innings',
      error: 'innings',
      params: { row: names.control('innings'), max: MAX_INNINGS },
    };
  }

  if (shown.fight) {
    if (values.winner === '')
      return { field: 'winner', error: 'choose', params: { row: names.control('winner') } };
    // A winner's bets on the method of victory need to know how the fight was won.
    if (values.winner !== 'draw' && values.method === '')
      return { field: 'method', error: 'choose', params: { row: names.control('method') } };
    const round = whole(values.round);
    if (round === null || round < 1 || round > MAX_ROUNDS) {
      return { field: 'round', error: 'round', params: { row: names.control('round'), max: MAX_ROUNDS } };
    }
    const seconds = parseClock(values.time);
    if (seconds === null || seconds > ROUND_SECONDS) {
      return { field: 'time', error: 'time', params: { row: names.control('time') } };
    }
  }

  if (shown.race) {
    for (const side of ['home', 'away'] as const) {
      const d = values.drivers[side];
      if (d.state === '') {
        return {
          field: `race.${side}.state`,
          error: 'chooseSide',
          params: { row: names.control('driverState'), team: team(side) },
        };
      }
      if (d.state === 'classified') {
        const position = whole(d.position);
        if (position === null || position < 1 || position > MAX_POSITION) {
          return {
            field: `race.${side}.position`,
            error: 'position',
            params: { row: names.control('position'), team: team(side), max: MAX_POSITION },
          };
        }
      }
      if (d.state !== 'dns') {
        const laps = whole(d.laps);
        if (laps === null || laps > MAX_SCORE) {
          return {
            field: `race.${side}.laps`,
            error: d.laps.trim() === '' ? 'required' : 'number',
            params: { row: names.control('laps'), team: team(side), max: MAX_SCORE },
          };
        }
      }
    }
    const { home, away } = values.drivers;
    if (
      home.state === 'classified' &&
      away.state === 'classified' &&
      whole(home.position) === whole(away.position)
    ) {
      return { field: 'race.away.position', error: 'samePosition', params: {} };
    }
  }
  return null;
}

/**
 * The call's body for values that passed `resultProblem`: only the facts shown and typed. The
 * match and tennis's games are complete only when it finished; a period typed (regulation, the
 * fourth quarter, the first set) was played to its end.
 */
export function resultPayload(sport: FormSport, values: ResultValues): FixtureResultInput {
  const shown = shownFacts(sport, values);
  const finished = values.status === MatchTime.finished;
  const body: FixtureResultInput = { status: values.status };
  for (const row of shown.pairs) {
    const home = whole(values.pairs[row.fact].home);
    const away = whole(values.pairs[row.fact].away);
    if (home === null || away === null) continue;
    const complete = row.fact === 'full' || row.fact === 'games' ? finished : true;
    body[row.fact] = { home, away, complete };
  }
  if (shown.firstSet && values.firstSet !== '') {
    body.firstSet = {
      home: values.firstSet === 'home' ? 1 : 0,
      away: values.firstSet === 'away' ? 1 : 0,
      complete: true,
    };
  }
  if (shown.retired && values.retired !== '') body.retired = values.retired;
  if (shown.innings) body.innings = parseInnings(values.innings)!;
  if (shown.superOver && values.advanced !== '') body.advanced = values.advanced;
  if (shown.fight) {
    // The fight as a score: 1-0 to the winner, 0-0 for a draw (as the feed gives it).
    body.full = {
      home: values.winner === 'home' ? 1 : 0,
      away: values.winner === 'away' ? 1 : 0,
      complete: true,
    };
    body.rounds = { round: whole(values.round)!, seconds: parseClock(values.time)! };
    if (values.winner !== 'draw' && values.method !== '') body.method = values.method;
  }
  if (shown.race) {
    const driver = (side: Side) => {
      const d = values.drivers[side];
      return {
        started: d.state !== 'dns',
        position: d.state === 'classified' ? whole(d.position)! : null,
        laps: d.state === 'dns' ? 0 : whole(d.laps)!,
      };
    };
    body.race = { home: driver('home'), away: driver('away') };
  }
  return body;
}

/**
 * What a trader enters for a race's own fixture (its Vencedor da Corrida, settled by markets.ts
 * `settleOutright`): how it ended and, when it finished, the driver classified first — a
 * disqualified one is not classified, so it is whoever the official classification puts first —
 * with one sharing first place in a dead heat, and the drivers who did not start (their bets are
 * void). Drivers are their selection ids.
 */
export interface RaceValues {
  status: number;
  winner: string;
  /** A second driver classified first (a dead heat), or ''. */
  deadHeat: string;
  notStarted: string[];
}

/** The race form's starting values: finished, with what the stored result already says. */
export function initialRaceValues(result: FixtureResult | null): RaceValues {
  const race = result?.classification;
  return {
    status: MatchTime.finished,
    winner: race?.winners[0] ?? '',
    deadHeat: race?.winners[1] ?? '',
    notStarted: race?.notStarted ?? [],
  };
}

/** A problem with a race's entry, as resultProblem's (its fields: `winner`, `deadHeat`, `notStarted`). */
export interface RaceProblem {
  field: 'winner' | 'deadHeat' | 'notStarted';
  error: 'choose' | 'sameDriver' | 'winnerNotStarted';
  params: Record<string, string | number>;
}

/**
 * Whether a race that ended so is settled on its classification: a finished race, and one stopped
 * for good (−12), which stands on the classification declared when it stopped (markets.ts
 * settleOutright; without one its bets are void).
 */
export const raceTakesClassification = (status: number) =>
  status === MatchTime.finished || status === MatchTime.cutInHalf;

/**
 * The first problem of a race's entry, or null: a finished race names its winner (a race stopped
 * for good may name none: its bets are then void), a dead heat a second driver, and a winner did
 * start (result-checks.ts, as the server reads it).
 */
export function raceProblem(
  values: RaceValues,
  names: { winner: string; driver: (id: string) => string },
): RaceProblem | null {
  if (!raceTakesClassification(values.status)) return null;
  if (values.winner === '' && (values.status === MatchTime.finished || values.deadHeat !== '')) {
    return { field: 'winner', error: 'choose', params: { row: names.winner } };
  }
  if (values.winner === '') return null;
  if (values.deadHeat === values.winner) {
    return { field: 'deadHeat', error: 'sameDriver', params: { driver: names.driver(values.winner) } };
  }
  const typed: FixtureResult = {
    status: values.status,
    scores: {},
    classification: raceClassification(values),
  };
  if (resultInconsistency('motor_racing', typed)?.rule === 'winnerNotStarted') {
    const winner = [values.winner, values.deadHeat].find((id) => values.notStarted.includes(id))!;
    return { field: 'notStarted', error: 'winnerNotStarted', params: { driver: names.driver(winner) } };
  }
  return null;
}

const raceClassification = (values: RaceValues) => ({
  winners: [values.winner, values.deadHeat].filter((id) => id !== ''),
  notStarted: values.notStarted,
});

/**
 * The call's body for a race's entry that passed raceProblem: its classification when it finished,
 * or stopped for good with a winner declared.
 */
export function racePayload(values: RaceValues): FixtureResultInput {
  return raceTakesClassification(values.status) && values.winner !== ''
    ? { status: values.status, classification: raceClassification(values) }
    : { status: values.status };
}
