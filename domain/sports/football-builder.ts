import { MatchTime } from '../codes';
import { CONTRADICTORY_CHANCE, type BuilderChance } from './builder';
import { dixonColesGrid, type ScoreGrid } from './dixon-coles';
import { poissonGrid, remainingPlayShare, remainingGoalShares, type FootballPricingInput } from './football';
import { halvesOf } from './football-goals';
import {
  correctScoreOf,
  marketId,
  settleLeg,
  type FixtureResult,
  type LegSpec,
  type MarketType,
  type PeriodScore,
} from './markets';
import { BUILDER_MARKET_TYPES } from './market-types';

/**
 * Criar Aposta in football (builder.ts): the joint chance of selections of one match from the
 * model that prices its markets one by one (football.ts). Every way the goals still to come can
 * fall — each half's Dixon–Coles grid before the interval, the rest of the match after it — is a
 * final result, and each selection is judged on it by the real settlement (markets.ts settleLeg),
 * so the builder cannot read a market differently from how it is settled. Corners and cards are
 * their own Poisson counts in the model, independent of the goals and of each other, so their
 * selections' joint chances multiply the goals'.
 */

/** Whether a football market may be a builder's selection (its lines are checked on the grid). */
export const footballBuilderTakes = (type: MarketType): boolean => BUILDER_MARKET_TYPES.includes(type);

/** Cells under this chance are left out: their total is far below what a price can show. */
const NEGLIGIBLE = 1e-12;

type Score = { home: number; away: number };
const period = (s: Score): PeriodScore => ({ home: s.home, away: s.away, complete: true });

/** What one walk over a count's results found: the legs' joint chance and each leg's own. */
interface Walk {
  joint: number;
  alone: number[];
  /** The Placar Exato selections of the results where every leg wins. */
  finals: Set<string>;
}

/**
 * The chance that every leg wins on results drawn from `cells`, each leg's own chance, and the
 * final scores the legs leave; null when a leg would push or refund on one of them (not a
 * builder selection).
 */
function walk(cells: Iterable<{ p: number; result: FixtureResult }>, legs: readonly LegSpec[]): Walk | null {
  const found: Walk = { joint: 0, alone: legs.map(() => 0), finals: new Set() };
  for (const { p, result } of cells) {
    let all = true;
    for (const [i, leg] of legs.entries()) {
      const s = settleLeg(leg, result, 'football');
      if (s === null || (s.kind !== 'won' && s.kind !== 'lost')) return null;
      if (s.kind === 'won') found.alone[i]! += p;
      else all = false;
    }
    if (all) {
      found.joint += p;
      const full = result.scores.full;
      if (full) found.finals.add(correctScoreOf(full.home, full.away));
    }
  }
  return found;
}

/** A selection of the first half. */
const readsFirstHalf = (leg: LegSpec) => leg.period === 'first_half';

/**
 * Each final score the goals can reach from now, with the first half's score it passes through
 * when a selection reads it (each half's grid); otherwise from the grid of the rest of the match,
 * the one the full-time markets are priced from, so a builder agrees with them exactly.
 */
function* goalResults(
  input: FootballPricingInput,
  halves: boolean,
): Generator<{ p: number; result: FixtureResult }> {
  const { lambda, mu, rho, score } = input;
  const shares = remainingGoalShares(input.phase, input.minute);
  const final = (ht: Score | null, ft: Score): FixtureResult => ({
    status: MatchTime.finished,
    scores: ht ? { full: period(ft), first_half: period(ht) } : { full: period(ft) },
  });
  if (halves && (input.phase === 'pre' || input.phase === 'first_half')) {
    const { first, second } = halvesOf(lambda, mu, rho, shares);
    for (let i = 0; i < first.size; i++) {
      for (let j = 0; j < first.size; j++) {
        const pHalf = first.p[i]![j]!;
        if (pHalf < NEGLIGIBLE) continue;
        const ht = { home: score.home + i, away: score.away + j };
        for (let k = 0; k < second.size; k++) {
          for (let l = 0; l < second.size; l++) {
            const p = pHalf * second.p[k]![l]!;
            if (p >= NEGLIGIBLE) yield { p, result: final(ht, { home: ht.home + k, away: ht.away + l }) };
          }
        }
      }
    }
    return;
  }
  const ht = halves ? (input.halfTime ?? score) : null;
  yield* cellsOf(dixonColesGrid(lambda * shares.full, mu * shares.full, rho), (i, j) =>
    final(ht, { home: score.home + i, away: score.away + j }),
  );
}

function* cellsOf(
  grid: ScoreGrid,
  result: (i: number, j: number) => FixtureResult,
): Generator<{ p: number; result: FixtureResult }> {
  for (let i = 0; i < grid.size; i++) {
    for (let j = 0; j < grid.size; j++) {
      const p = grid.p[i]![j]!;
      if (p >= NEGLIGIBLE) yield { p, result: result(i, j) };
    }
  }
}

/** Each final count of corners (or cards) from now: Poisson counts at an even rate, as priced. */
function countResults(
  input: FootballPricingInput,
  what: 'corners' | 'cards',
): Iterable<{ p: number; result: FixtureResult }> {
  const share = remainingPlayShare(input.phase, input.minute);
  const [home, away] =
    what === 'corners' ? [input.cornersHome, input.cornersAway] : [input.cardsHome, input.cardsAway];
  const grid = poissonGrid(home * share, away * share, what === 'corners' ? 30 : 20);
  const now = input[what];
  return cellsOf(grid, (i, j) => ({
    status: MatchTime.finished,
    scores: { [what]: period({ home: now.home + i, away: now.away + j }) },
  }));
}

/** What a selection counts: goals, or corners or cards, each independent of the others in the model. */
const countOf = (leg: LegSpec) =>
  leg.type === 'corners_totals' ? 'corners' : leg.type === 'cards_totals' ? 'cards' : 'goals';

/**
 * The fair chance that every leg wins, from where the match stands (before kick-off or in play),
 * or why the builder cannot offer them together. Legs are full-time or first-half markets of
 * BUILDER_TYPES, pre-match in form (no score at placement).
 */
export function footballBuilderChance(input: FootballPricingInput, legs: readonly LegSpec[]): BuilderChance {
  if (legs.some((l) => !footballBuilderTakes(l.type) || l.scoreAtPlacement !== null)) {
    return { ok: false, reason: 'market' };
  }
  const goalLegs = legs.filter((l) => countOf(l) === 'goals');
  // The simulation, like real play, makes a side behind at the interval score faster: the halves
  // are not independent, as the grids of each half assume. First-half goals with the whole
  // match's goals (Intervalo/Final's own ground) are refused rather than sold below fair: an
  // attack measured 1.14 returned per unit on "home at the interval, draw at the end".
  const firstHalf = goalLegs.filter(readsFirstHalf);
  if (firstHalf.length > 0 && firstHalf.length < goalLegs.length) return { ok: false, reason: 'periods' };
  const counts = [
    { legs: goalLegs, cells: () => goalResults(input, firstHalf.length > 0) },
    ...(['corners', 'cards'] as const).map((what) => ({
      legs: legs.filter((l) => countOf(l) === what),
      cells: () => countResults(input, what),
    })),
  ];
  // Goals, corners and cards are independent counts in the model: their joint chances multiply.
  let chance = 1;
  const alone = new Map<LegSpec, number>();
  let finals: Set<string> | null = null;
  for (const count of counts.filter((c) => c.legs.length > 0)) {
    const found = walk(count.cells(), count.legs);
    if (found === null) return { ok: false, reason: 'market' };
    chance *= found.joint;
    count.legs.forEach((leg, i) => alone.set(leg, found.alone[i]!));
    if (count.legs === goalLegs) finals = found.finals;
  }
  chance = Math.min(1, chance);
  if (chance < CONTRADICTORY_CHANCE) return { ok: false, reason: 'contradictory' };
  // The same results as one listed selection: a leg that implies all the others, or (goals of the
  // whole match alone) the one Placar Exato score the legs leave.
  const sameAs = legs
    .filter((leg) => alone.get(leg)! <= chance * (1 + 1e-9))
    .map((leg) => ({ marketId: marketId(leg), outcomeId: leg.outcome }));
  const [only] = finals ?? [];
  const score = { marketId: 'correct_score:full', outcomeId: only! };
  const known = sameAs.some((s) => s.marketId === score.marketId && s.outcomeId === score.outcomeId);
  if (
    legs.length === goalLegs.length &&
    firstHalf.length === 0 &&
    finals?.size === 1 &&
    only !== 'other' &&
    !known
  ) {
    sameAs.push(score);
  }
  return { ok: true, chance, sameAs };
}
