import { outcomeIds, type MarketKey } from './markets';
import { discreteNormal, moneylineWithOvertime, phi } from './normal';
import { mainLine, quotePrices, reachableQuote, type MarginSetting, type Quote } from './pricing';
import type { MarginFor } from './book-margins';
import { priceFirstInnings, priceFirstInningsMarket, type FirstInningsNow } from './cricket';

/**
 * The sports priced "from ratings" (research §3.4): boxing from per-round stoppage chances and a
 * decision (its winner and its total rounds), cricket from the normal law of an innings' runs,
 * and motor racing (its head-to-heads and a race's winner) from the drivers' pace and their
 * chances of not finishing.
 */

/** A two-way market from P(home), P(away) and what is left refunded (a tie, a void). */
function twoWayQuote(key: MarketKey, home: number, away: number, setting: MarginSetting): Quote | null {
  // With a refund the fair odds are 1/(P ÷ (1 − P_refund)): the sides' shares of the rest.
  const prices = quotePrices([home / (home + away), away / (home + away)], setting);
  if (prices.some((p) => p === null)) return null;
  return { key, outcomes: ['home', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

export interface BoxingPricingInput {
  /** Rounds scheduled, and rounds still to box (the one under way included). */
  rounds: number;
  roundsLeft: number;
  /**
   * Seconds boxed of the round under way (ROUND_SECONDS in the rest after it), without a
   * stoppage; 0 before the fight and when absent.
   */
  elapsed?: number;
  /** Per round: P(home stops away), P(away stops home). */
  stopHome: number;
  stopAway: number;
  /** If it goes the distance: P(home wins the decision), P(draw). */
  decisionHome: number;
  decisionDraw: number;
  margins: MarginFor;
}

/** When in a round a stoppage comes: evenly between these seconds (the simulation draws them so). */
export const STOPPAGE_SECONDS = { from: 10, to: 170 } as const;

/** Share of a round's stoppages that come by `seconds` into it. */
const stoppedBy = (seconds: number) =>
  Math.min(1, Math.max(0, (seconds - STOPPAGE_SECONDS.from) / (STOPPAGE_SECONDS.to - STOPPAGE_SECONDS.from)));

/**
 * P(no stoppage in the rest of the round under way), and each side's chance of one, given none so
 * far: in play the round is partly boxed (all of it in the rest after it), and counting its whole
 * stoppage chance had live stoppages returning 0.75 at fair odds.
 */
function restOfRound(input: BoxingPricingInput): { home: number; away: number; none: number } {
  const done = stoppedBy(input.elapsed ?? 0);
  const survived = 1 - (input.stopHome + input.stopAway) * done;
  const home = (input.stopHome * (1 - done)) / survived;
  const away = (input.stopAway * (1 - done)) / survived;
  return { home, away, none: 1 - home - away };
}

/**
 * Método de Vitória's chances from now, by markets.ts's ids: each side's stoppages over the rest
 * of the round under way and the rounds after it, and a fight that goes the distance split by the
 * decision's chances.
 */
export function methodOutcomes(input: BoxingPricingInput): Map<string, number> {
  const none = 1 - input.stopHome - input.stopAway;
  const now = restOfRound(input);
  let homeStop = 0;
  let awayStop = 0;
  let going = 1;
  for (let k = 0; k < input.roundsLeft; k++) {
    homeStop += going * (k === 0 ? now.home : input.stopHome);
    awayStop += going * (k === 0 ? now.away : input.stopAway);
    going *= k === 0 ? now.none : none;
  }
  return new Map([
    ['home_stoppage', homeStop],
    ['home_points', going * input.decisionHome],
    ['draw', going * input.decisionDraw],
    ['away_stoppage', awayStop],
    ['away_points', going * (1 - input.decisionHome - input.decisionDraw)],
  ]);
}

/**
 * P(home wins), P(draw), P(away wins) of a fight from now: the method of victory's chances
 * summed, so the two markets cannot disagree.
 */
export function boxingOutcomes(input: BoxingPricingInput): [number, number, number] {
  const m = methodOutcomes(input);
  const home = m.get('home_stoppage')! + m.get('home_points')!;
  const draw = m.get('draw')!;
  // The away side wins whatever is neither a home win nor a draw.
  return [home, draw, 1 - home - draw];
}

/** The half-way mark of a round (the total rounds' x.5 lines). */
const HALF_ROUND_SECONDS = 90;

/**
 * P(the fight lasts past 1:30 of round `round`), from now: the rest of the round under way, every
 * round after it up to that one boxed without a stoppage, then its first half. Null for a mark
 * already passed.
 */
export function lastsPast(input: BoxingPricingInput, round: number): number | null {
  const current = input.rounds - input.roundsLeft + 1;
  if (round < current || round > input.rounds) return null;
  const elapsed = input.elapsed ?? 0;
  const c = input.stopHome + input.stopAway;
  const survived = 1 - c * stoppedBy(elapsed);
  if (round === current) {
    if (elapsed >= HALF_ROUND_SECONDS) return null;
    return (1 - c * stoppedBy(HALF_ROUND_SECONDS)) / survived;
  }
  const restOfCurrent = (1 - c) / survived;
  return restOfCurrent * (1 - c) ** (round - current - 1) * (1 - c * stoppedBy(HALF_ROUND_SECONDS));
}

/**
 * A fight's markets: the two-way moneyline (a draw is void), the three-way result, the method of
 * victory, and the total rounds around the even line (two rounds below it, one above).
 */
export function priceBoxing(input: BoxingPricingInput): Quote[] {
  const keys: MarketKey[] = [
    { type: 'moneyline', period: 'full', lineQ: null },
    { type: 'match_winner', period: 'full', lineQ: null },
    { type: 'method', period: 'full', lineQ: null },
  ];
  // Over x.5 rounds: past 1:30 of round x + 1.
  const lines = Array.from({ length: input.rounds }, (_, x) => 4 * x + 2);
  const main = mainLine(lines, (lineQ) => lastsPast(input, (lineQ + 2) / 4) ?? 1);
  for (const d of [-8, -4, 0, 4]) {
    if (main !== null) keys.push({ type: 'rounds_totals', period: 'full', lineQ: main + d });
  }
  return keys.map((key) => priceBoxingMarket(input, key)).filter((q): q is Quote => q !== null);
}

/** One boxing market, or null. */
export function priceBoxingMarket(input: BoxingPricingInput, key: MarketKey): Quote | null {
  if (key.period !== 'full') return null;
  if (key.type === 'rounds_totals') {
    const over = lastsPast(input, (key.lineQ! + 2) / 4);
    if (over === null) return null;
    const prices = quotePrices([over, 1 - over], input.margins(key));
    if (prices.some((p) => p === null)) return null;
    return { key, outcomes: ['over', 'under'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
  }
  if (key.type === 'method')
    return reachableQuote(key, outcomeIds(key.type), methodOutcomes(input), input.margins(key));
  const [home, draw, away] = boxingOutcomes(input);
  if (key.type === 'moneyline') return twoWayQuote(key, home, away, input.margins(key));
  if (key.type !== 'match_winner') return null;
  const prices = quotePrices([home, draw, away], input.margins(key));
  return { key, outcomes: ['home', 'draw', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

export interface CricketPricingInput {
  /** Each side's final runs: mean and deviation (a side not yet batting has its whole innings). */
  homeMean: number;
  homeSd: number;
  awayMean: number;
  awaySd: number;
  /** In the chase: the chasing side stops once past the target, so only reaching it matters. */
  chase: { side: 'home' | 'away'; target: number } | null;
  /** The first innings while it can be bet (its total runs market, cricket.ts). */
  firstInnings?: FirstInningsNow | null;
  margins: MarginFor;
}

/**
 * P(home wins) with a tie shared: a tie with no super over is a dead heat (half the odds), and a
 * super over is even, so both price a tie as half a win (research §1.9).
 */
export function cricketHomeShare(input: CricketPricingInput): number {
  if (input.chase) {
    const chaser =
      input.chase.side === 'home' ? [input.homeMean, input.homeSd] : [input.awayMean, input.awaySd];
    const runs = discreteNormal(chaser[0]!, Math.max(chaser[1]!, 1e-6));
    let reach = 0;
    let tie = 0;
    for (const [k, p] of runs) {
      if (k >= input.chase.target) reach += p;
      else if (k === input.chase.target - 1) tie += p;
    }
    const chaserShare = reach + tie / 2;
    return input.chase.side === 'home' ? chaserShare : 1 - chaserShare;
  }
  const margin = discreteNormal(input.homeMean - input.awayMean, Math.hypot(input.homeSd, input.awaySd));
  return moneylineWithOvertime(margin);
}

/** The cricket moneyline. */
export function priceCricket(input: CricketPricingInput): Quote[] {
  const q = priceCricketMarket(input, { type: 'moneyline', period: 'full', lineQ: null });
  const innings = input.firstInnings ? priceFirstInnings(input.firstInnings, input.margins) : [];
  return q ? [q, ...innings] : innings;
}

/** One cricket market, or null. */
export function priceCricketMarket(input: CricketPricingInput, key: MarketKey): Quote | null {
  if (key.period === 'first_half') {
    return input.firstInnings ? priceFirstInningsMarket(input.firstInnings, key, input.margins) : null;
  }
  if (key.type !== 'moneyline' || key.period !== 'full') return null;
  const home = cricketHomeShare(input);
  return twoWayQuote(key, home, 1 - home, input.margins(key));
}

export interface HeadToHeadInput {
  /** Pace of the first driver over the second, in standard deviations of a race's noise. */
  paceEdge: number;
  /** Each driver's chance of not finishing, and the race's laps. */
  dnf: number;
  laps: number;
  margins: MarginFor;
}

/**
 * P(first ahead), P(second ahead), P(void): both finish → the faster; one finishes → that one;
 * neither → more laps, void when equal (retirement laps uniform over the race).
 */
export function headToHeadOutcomes(input: HeadToHeadInput): [number, number, number] {
  const { dnf: d, laps } = input;
  const faster = phi(input.paceEdge / Math.SQRT2);
  const both = (1 - d) * (1 - d);
  const equalLaps = (d * d) / (laps - 1);
  const first = both * faster + (1 - d) * d + (d * d - equalLaps) / 2;
  const second = both * (1 - faster) + d * (1 - d) + (d * d - equalLaps) / 2;
  return [first, second, equalLaps];
}

/** A head-to-head of two drivers (pre-race only). */
export function priceHeadToHead(input: HeadToHeadInput): Quote[] {
  const [a, b] = headToHeadOutcomes(input);
  const key: MarketKey = { type: 'head_to_head', period: 'full', lineQ: null };
  const q = twoWayQuote(key, a, b, input.margins(key));
  return q ? [q] : [];
}

/** Standard normal density. */
const density = (z: number) => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);

/** Step of the integration over the winner's race pace, in standard deviations (Simpson's rule). */
const PACE_STEP = 0.02;
/** How far beyond the field's slowest and fastest paces the integration reaches. */
const PACE_REACH = 9;

/**
 * Each driver's chance of winning a race, in the order of `paces`, as the simulation runs one
 * (motor.sim.ts): a driver's race pace is their pace plus a standard normal draw, each driver
 * fails to finish with chance `dnf` whatever their pace, and the fastest finisher wins. Driver i
 * wins with (1 − dnf) ∫ φ(x − pace_i) ∏_{j≠i} (dnf + (1 − dnf) Φ(x − pace_j)) dx: i finishes at
 * race pace x and every other driver is slower or out. The chances are given that somebody
 * finishes (a race with nobody classified is void), so they sum to 1.
 */
export function raceWinChances(paces: readonly number[], dnf: number): number[] {
  const n = paces.length;
  const lo = Math.min(...paces) - PACE_REACH;
  const hi = Math.max(...paces) + PACE_REACH;
  const steps = 2 * Math.ceil((hi - lo) / (2 * PACE_STEP));
  const h = (hi - lo) / steps;
  const wins = new Array<number>(n).fill(0);
  const behind = new Array<number>(n);
  const before = new Array<number>(n + 1);
  for (let k = 0; k <= steps; k++) {
    const x = lo + k * h;
    const weight = ((k === 0 || k === steps ? 1 : k % 2 === 1 ? 4 : 2) * h) / 3;
    for (let j = 0; j < n; j++) behind[j] = dnf + (1 - dnf) * phi(x - paces[j]!);
    // The others' product for each driver from running products, not by division: with no
    // retirements a driver far behind has a factor of 0.
    before[0] = 1;
    for (let j = 0; j < n; j++) before[j + 1] = before[j]! * behind[j]!;
    let after = 1;
    for (let i = n - 1; i >= 0; i--) {
      wins[i]! += weight * density(x - paces[i]!) * before[i]! * after;
      after *= behind[i]!;
    }
  }
  // The common factor 1 − dnf and the void share dnf^n leave with the normalisation.
  const total = wins.reduce((a, b) => a + b, 0);
  return wins.map((w) => w / total);
}

export interface OutrightInput {
  /** The race's field: each driver's selection id and pace (in standard deviations of a race's noise). */
  field: ReadonlyArray<{ id: string; pace: number }>;
  /** Each driver's chance of not finishing. */
  dnf: number;
  margins: MarginFor;
}

/**
 * Vencedor da Corrida: one selection per driver, favourites first as a book lists a field, from
 * each one's chance of winning (raceWinChances) with the many-way margin (book-margins.ts byShape).
 */
export function priceOutright(input: OutrightInput): Quote | null {
  const key: MarketKey = { type: 'outright', period: 'full', lineQ: null };
  const chances = raceWinChances(
    input.field.map((d) => d.pace),
    input.dnf,
  );
  const order = input.field
    .map((d, i) => ({ id: d.id, chance: chances[i]! }))
    .sort((a, b) => b.chance - a.chance);
  return reachableQuote(
    key,
    order.map((d) => d.id),
    new Map(order.map((d) => [d.id, d.chance])),
    input.margins(key),
  );
}
