import type { MarketKey } from './markets';
import {
  effectiveProbability,
  handicapKinds,
  mainLine,
  negate,
  quoteLine,
  quotePrices,
  type Distribution,
  type Quote,
  halfLineCandidates,
  handicapQuote,
  threeWayQuote,
  totalQuote,
} from './pricing';
import type { MarginFor } from './book-margins';
import { sumOfChances, type ScoringLaw } from './chances';
import type { ClosingPlay, Endings } from './closing-play';
import { playedDistributions } from './played-game';
import { firstHalfMarket, firstHalfQuotes, type FirstHalfNow } from './first-half';

/**
 * The normal approximation for basketball and American football (research/sports.md §3.2): the
 * final margin ~ N(μ, σ²) and the total ~ N(μ_T, σ_T²), read at integers with a continuity
 * correction; in play, Brownian motion over the time left (Stern 1994).
 */

/** Standard normal CDF Φ (Abramowitz–Stegun 7.1.26 on erf; error below 1.5e-7). */
export function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The integer distribution of N(mean, sd²): P(k) = Φ((k + ½ − mean)/sd) − Φ((k − ½ − mean)/sd), over
 * mean ± 7 sd (the tails beyond hold under 1e-11).
 */
export function discreteNormal(mean: number, sd: number): Distribution {
  const dist: Distribution = new Map();
  const lo = Math.floor(mean - 7 * sd);
  const hi = Math.ceil(mean + 7 * sd);
  let total = 0;
  for (let k = lo; k <= hi; k++) {
    const p = phi((k + 0.5 - mean) / sd) - phi((k - 0.5 - mean) / sd);
    dist.set(k, p);
    total += p;
  }
  for (const [k, p] of dist) dist.set(k, p / total);
  return dist;
}

/**
 * The moneyline of a sport that plays overtime until someone wins: a level score after
 * regulation is shared evenly, P(home) ≈ P(M ≥ ½) + ½·P(|M| < ½) (research §3.2).
 */
export function moneylineWithOvertime(margin: Distribution): number {
  let home = 0;
  for (const [k, p] of margin) {
    if (k > 0) home += p;
    else if (k === 0) home += p / 2;
  }
  return home;
}

/**
 * P(home wins) in play with a lead ℓ and a fraction τ of the game left: Φ((ℓ + μτ)/(σ√τ)), where μ
 * is the expected full-game margin and σ its standard deviation.
 */
export function inPlayWinProbability(lead: number, mean: number, sd: number, timeLeft: number): number {
  if (timeLeft <= 0) return lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
  return phi((lead + mean * timeLeft) / (sd * Math.sqrt(timeLeft)));
}

/**
 * A game priced by the normal model at one moment: the score so far, and for what is left the
 * expected margin and total with their standard deviations (already scaled to the time left).
 */
export interface NormalGameInput {
  score: { home: number; away: number };
  /** Expected margin (home − away) and total of the rest of the game, and their deviations. */
  marginLeft: number;
  marginSd: number;
  totalLeft: number;
  totalSd: number;
  /** Whether regulation is still being played (its three-way market is then open). */
  inRegulation: boolean;
  /**
   * A level score at the end: `overtime` plays on until someone wins (basketball: the tie mass is
   * shared), `void` refunds the moneyline (American football after overtime, research §1.8).
   */
  tie: 'overtime' | 'void';
  /**
   * Whether a live spread counts only the points after the bet (rules.ts FROM_PLACEMENT for the
   * sport's `asian_handicap`): it is then priced on the rest of the game alone.
   */
  spreadFromPlacement: boolean;
  /**
   * The chance that a side trailing by 1 to 3 points as regulation ends ties it at the buzzer
   * (basketball's last shot; 0 elsewhere): see withBuzzerTies.
   */
  buzzerTie: number;
  /**
   * One overtime period's law, where a level game plays on until someone wins (basketball): the
   * whole-game spreads and totals count its points, so a level regulation is not their end.
   * Null where regulation's margin is the settled one (or overtime is too rare to matter).
   */
  overtime: OvertimeLaw | null;
  /**
   * A sudden-death overtime after a level regulation (American football: the first score ends
   * it, and it may end level): what it adds to each side, with its chance. While it is being
   * played the game is level and this is the rest of it. Null where there is none, or where
   * `overtime` plays on until someone wins.
   */
  suddenDeath?: SuddenDeath | null;
  /**
   * American football's last drives, played for what the score needs at the end of regulation
   * (closing-play.ts): priced while regulation is still to be played, where the feed knows how
   * each side scores. Absent elsewhere.
   */
  closing?: ClosingPlay | null;
  /**
   * How each side scores, where the feed knows it: one side's points are lumpier than the
   * margin's or the total's (American football's 3s and 7s, a quarter's last minutes), and its
   * team totals are then priced from it exactly (teamPoints; American football's from the walk of
   * played-game.ts). Absent: from the normal laws.
   */
  scoring?: ScoringLaw;
  /** The first half while it can still be bet, where the feed knows how each side scores. */
  firstHalf?: FirstHalfNow | null;
  margins: MarginFor;
}

/**
 * Each way a sudden-death overtime can end: the points it adds to each side (at most one scores)
 * and its chance; `{ home: 0, away: 0 }` is nobody scoring.
 */
export type SuddenDeath = Endings;

/**
 * The whole game's margin and total when a level regulation goes to a sudden-death overtime: the
 * level mass moves by each ending's margin and points. Before this, American football priced a
 * level game as its end: late in a tied game, overs returned 1.3 to 2.3 at fair odds, and in
 * overtime an under that could not lose was sold at 1.81 (review of issue 16).
 */
function throughSuddenDeath(
  margin: Distribution,
  total: Distribution,
  endings: SuddenDeath,
): { margin: Distribution; total: Distribution } {
  const tie = margin.get(0) ?? 0;
  if (tie <= 0) return { margin, total };
  const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);
  const fullMargin: Distribution = new Map(margin);
  fullMargin.delete(0);
  for (const e of endings) add(fullMargin, e.home - e.away, tie * e.p);
  const fullTotal: Distribution = new Map();
  for (const [t, p] of total) {
    add(fullTotal, t, p * (1 - tie));
    for (const e of endings) add(fullTotal, t + e.home + e.away, p * tie * e.p);
  }
  return { margin: fullMargin, total: fullTotal };
}

/** One overtime period: its margin's deviation, and its points' mean and deviation. */
interface OvertimeLaw {
  marginSd: number;
  totalMean: number;
  totalSd: number;
}

/**
 * The whole game's margin and total from regulation's, when a level regulation goes to
 * overtime until someone wins: the level mass is spread over the overtime's (nonzero) margins, and
 * its total gains the overtime's points. Before this, a spread at ±0.5 was priced as if a level
 * game ended level: late in a tied game both sides of −0.5 sold above 3.00, a sure profit.
 */
function throughOvertime(
  margin: Distribution,
  total: Distribution,
  ot: OvertimeLaw,
): { margin: Distribution; total: Distribution } {
  const tie = margin.get(0) ?? 0;
  if (tie <= 0) return { margin, total };
  const decided = discreteNormal(0, ot.marginSd);
  const level = decided.get(0) ?? 0;
  decided.delete(0);
  const fullMargin: Distribution = new Map(margin);
  fullMargin.delete(0);
  for (const [k, p] of decided) fullMargin.set(k, (fullMargin.get(k) ?? 0) + (tie * p) / (1 - level));
  const extra = discreteNormal(ot.totalMean, ot.totalSd);
  const fullTotal: Distribution = new Map();
  for (const [t, p] of total) {
    fullTotal.set(t, (fullTotal.get(t) ?? 0) + p * (1 - tie));
    for (const [o, q] of extra) fullTotal.set(t + o, (fullTotal.get(t + o) ?? 0) + p * tie * q);
  }
  return { margin: fullMargin, total: fullTotal };
}

/** How far behind a last shot can tie a game. */
export const BUZZER_REACH = 3;

/**
 * The regulation margin once a side trailing by 1 to BUZZER_REACH points ties at the buzzer
 * with probability `chance`. The normal curve alone under-predicts regulation ties (about 3 %
 * against basketball's observed 5.5–6 %, research §3.2): the trailing side plays for the tie. The
 * simulation plays exactly this at the end of regulation, so price and play agree.
 */
export function withBuzzerTies(margin: Distribution, chance: number): Distribution {
  if (chance <= 0) return margin;
  const out: Distribution = new Map(margin);
  for (const [k, p] of margin) {
    if (k === 0 || Math.abs(k) > BUZZER_REACH) continue;
    out.set(k, p * (1 - chance));
    out.set(0, (out.get(0) ?? 0) + p * chance);
  }
  return out;
}

/**
 * One team's final points (Total de Pontos por equipe) from the same laws as the margin and the
 * total: the two sides score independently (as the simulation plays them), so with the margin
 * M ~ N(μ_M, σ_M²) and the total T ~ N(μ_T, σ_T²) independent, home's points still to come are
 * (T + M)/2 ~ N((μ_T + μ_M)/2, (σ_T² + σ_M²)/4) and away's (T − M)/2, each independent of the
 * other. Regulation's end is then played as normalDistributions plays it: a side one to
 * BUZZER_REACH points behind ties at the buzzer (its points grow by the gap), and where the whole
 * game counts overtime a level game adds one overtime's points to each side (the overtime's total
 * split evenly, its margin spread either way), as throughOvertime adds them to the total.
 */
function teamPoints(input: NormalGameInput, side: 'home' | 'away'): Distribution {
  const other = side === 'home' ? 'away' : 'home';
  const sd = Math.hypot(input.totalSd, input.marginSd) / 2;
  const { scoring } = input;
  const rest = (s: 'home' | 'away') =>
    scoring
      ? sumOfChances(scoring.chancesLeft, scoring.values, scoring[s])
      : sd > 0
        ? discreteNormal((input.totalLeft + (s === 'home' ? 1 : -1) * input.marginLeft) / 2, sd)
        : new Map([[0, 1]]);
  const shifted = (dist: Distribution, by: number) => new Map([...dist].map(([k, p]) => [k + by, p]));
  const mine = shifted(rest(side), input.score[side]);
  const theirs = shifted(rest(other), input.score[other]);
  const chance = input.inRegulation ? input.buzzerTie : 0;
  const decided: Distribution = new Map();
  const level: Distribution = new Map();
  const add = (dist: Distribution, k: number, p: number) => dist.set(k, (dist.get(k) ?? 0) + p);
  for (const [k, p] of mine) {
    let tied = theirs.get(k) ?? 0;
    let behindTied = 0;
    for (let gap = 1; gap <= BUZZER_REACH; gap++) {
      // They trail by `gap` and tie it at the buzzer: level at k.
      tied += chance * (theirs.get(k - gap) ?? 0);
      // This side trails by `gap` and ties it: level at k + gap.
      behindTied += chance * (theirs.get(k + gap) ?? 0);
      add(level, k + gap, p * chance * (theirs.get(k + gap) ?? 0));
    }
    add(level, k, p * tied);
    add(decided, k, p * (1 - tied - behindTied));
  }
  const ot = input.overtime;
  const sudden = input.suddenDeath;
  if (!ot && !sudden) {
    for (const [k, p] of level) add(decided, k, p);
    return decided;
  }
  // A sudden death adds this side's points only when it scores first.
  const extra: Distribution = new Map();
  if (sudden) for (const e of sudden) add(extra, e[side], e.p);
  else if (scoring)
    for (const [k, p] of sumOfChances(scoring.overtimeChances, scoring.values, scoring[side]))
      add(extra, k, p);
  else
    for (const [k, p] of discreteNormal(ot!.totalMean / 2, Math.hypot(ot!.totalSd, ot!.marginSd) / 2))
      add(extra, k, p);
  for (const [k, p] of level) for (const [o, q] of extra) add(decided, k + o, p * q);
  return decided;
}

function normalDistributions(input: NormalGameInput) {
  if (input.scoring && input.suddenDeath) {
    const closing = input.inRegulation ? (input.closing ?? null) : null;
    return playedDistributions(
      input.score,
      input.scoring,
      input.suddenDeath,
      closing,
      input.spreadFromPlacement,
    );
  }
  const lead = input.score.home - input.score.away;
  const points = input.score.home + input.score.away;
  const marginFrom = (start: number) =>
    input.marginSd > 0 ? discreteNormal(start + input.marginLeft, input.marginSd) : new Map([[start, 1]]);
  // While regulation is still to be played, its end may bring a buzzer tie.
  const margin = input.inRegulation ? withBuzzerTies(marginFrom(lead), input.buzzerTie) : marginFrom(lead);
  const regulationTotal =
    input.totalSd > 0 ? discreteNormal(points + input.totalLeft, input.totalSd) : new Map([[points, 1]]);
  // Spreads and totals of the whole game count overtime's points.
  const full = input.overtime
    ? throughOvertime(margin, regulationTotal, input.overtime)
    : input.suddenDeath
      ? throughSuddenDeath(margin, regulationTotal, input.suddenDeath)
      : { margin, total: regulationTotal };
  // The margin a spread settles on: the final one, or what is still to come (FROM_PLACEMENT).
  const spread = input.spreadFromPlacement ? marginFrom(0) : full.margin;
  // The winner of a game that goes to a sudden death is who scores first in it, not a coin.
  const winner = input.suddenDeath ? full.margin : margin;
  // Each team's points come from their own laws (teamPoints).
  return { margin, winner, spread, total: full.total, points, teams: null };
}

function moneylineQuote(margin: Distribution, input: NormalGameInput): Quote | null {
  const key: MarketKey = { type: 'moneyline', period: 'full', lineQ: null };
  if (input.tie === 'void') {
    // A tie refunds: the two sides are the handicap 0 line.
    return quoteLine(key, ['home', 'away'], margin, 0, negate(margin), 0, input.margins(key));
  }
  const home = moneylineWithOvertime(margin);
  const prices = quotePrices([home, 1 - home], input.margins(key));
  if (prices.some((p) => p === null)) return null;
  return { key, outcomes: ['home', 'away'].map((id, i) => ({ id, oddsMilli: prices[i]! })) };
}

function regulationQuote(margin: Distribution, input: NormalGameInput): Quote | null {
  const key: MarketKey = { type: 'match_winner', period: 'regulation', lineQ: null };
  return threeWayQuote(key, margin, input.margins(key));
}

/**
 * Every market of a game priced by the normal model: the moneyline, the spread and the total
 * around their main lines (whole and half points), while regulation runs its three-way result,
 * and each team's total points around its main line (half points).
 */
export function priceNormalGame(input: NormalGameInput): Quote[] {
  const dists = normalDistributions(input);
  const { margin, spread, total, points } = dists;
  const quotes: Quote[] = [];
  const ml = moneylineQuote(dists.winner, input);
  if (ml) quotes.push(ml);
  const spreadCentre =
    (input.spreadFromPlacement ? 0 : input.score.home - input.score.away) + input.marginLeft;
  const spreadMain = mainLine(halfLineCandidates(-spreadCentre), (lineQ) =>
    effectiveProbability(handicapKinds(spread, lineQ)),
  );
  for (const d of [-4, -2, 0, 2, 4]) {
    if (spreadMain === null) break;
    const q = marketFrom(input, dists, { type: 'asian_handicap', period: 'full', lineQ: spreadMain + d });
    if (q) quotes.push(q);
  }
  const totalMain = mainLine(
    halfLineCandidates(points + input.totalLeft).filter((l) => l > 4 * points),
    (lineQ) => effectiveProbability(handicapKinds(total, -lineQ)),
  );
  for (const d of [-4, -2, 0, 2, 4]) {
    if (totalMain === null) break;
    const q = marketFrom(input, dists, { type: 'totals', period: 'full', lineQ: totalMain + d });
    if (q) quotes.push(q);
  }
  if (input.inRegulation) {
    const q = regulationQuote(margin, input);
    if (q) quotes.push(q);
  }
  for (const side of ['home', 'away'] as const)
    quotes.push(...teamTotalQuotes(input, side, dists.teams?.[side] ?? teamPoints(input, side)));
  if (input.firstHalf) quotes.push(...firstHalfQuotes(input.firstHalf, input.margins));
  return quotes;
}

/** Each team's total at x.5 lines: its main line (the over nearest even) and one point either side. */
function teamTotalQuotes(input: NormalGameInput, side: 'home' | 'away', points: Distribution): Quote[] {
  const scored = input.score[side];
  const centre = scored + (input.totalLeft + (side === 'home' ? 1 : -1) * input.marginLeft) / 2;
  const candidates = Array.from({ length: 25 }, (_, k) => 4 * (Math.floor(centre) + k - 12) + 2).filter(
    (l) => l > 4 * scored,
  );
  const main = mainLine(candidates, (lineQ) => effectiveProbability(handicapKinds(points, -lineQ)));
  if (main === null) return [];
  const quotes: Quote[] = [];
  for (const d of [-4, 0, 4]) {
    const key: MarketKey = { type: `${side}_totals`, period: 'full', lineQ: main + d };
    const q = teamTotalQuote(input, key, points);
    if (q) quotes.push(q);
  }
  return quotes;
}

/** Over and under on one team's points at the key's line, never at or below what it has. */
function teamTotalQuote(input: NormalGameInput, key: MarketKey, points?: Distribution): Quote | null {
  const side = key.type === 'home_totals' ? 'home' : 'away';
  if (key.lineQ! <= 4 * input.score[side]) return null;
  return totalQuote(key, points ?? teamPoints(input, side), input.margins(key));
}

/** One market of a normal-model game at any line; null when it cannot be priced now. */
export function priceNormalMarket(input: NormalGameInput, key: MarketKey): Quote | null {
  return marketFrom(input, normalDistributions(input), key);
}

function marketFrom(
  input: NormalGameInput,
  { margin, winner, spread, total, points, teams }: ReturnType<typeof normalDistributions>,
  key: MarketKey,
): Quote | null {
  const setting = input.margins(key);
  if (key.period === 'regulation') {
    return key.type === 'match_winner' && input.inRegulation ? regulationQuote(margin, input) : null;
  }
  if (key.period === 'first_half')
    return input.firstHalf ? firstHalfMarket(input.firstHalf, key, input.margins) : null;
  if (key.period !== 'full') return null;
  switch (key.type) {
    case 'moneyline':
      return moneylineQuote(winner, input);
    case 'asian_handicap':
      return handicapQuote(key, spread, setting);
    case 'totals':
      if (key.lineQ! <= 4 * points) return null;
      return totalQuote(key, total, setting);
    case 'home_totals':
    case 'away_totals':
      return teamTotalQuote(input, key, teams?.[key.type === 'home_totals' ? 'home' : 'away']);
    default:
      return null;
  }
}
