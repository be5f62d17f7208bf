import { outcomeIds, type MarketKey } from './markets';
import type { MarginSetting } from './pricing';

/**
 * How much margin each market carries (docs/decisions.md, decision 80). A real book does
 * not price every market alike: the main lines, where prices are compared and volume is largest,
 * carry the least; secondary markets (periods, alternative shapes, tennis games) more; niche
 * markets (corners, odd/even) the most, because they are harder to price and bet less. Lower
 * divisions carry more than the top leagues for the same reasons. The operator sets the base per
 * shape and phase and the points each group and tier adds; every pricer asks this one function.
 */

export const MARGIN_GROUPS = ['main', 'secondary', 'niche'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

/** A competition's tier: 1 the top leagues and tours, 2 the second level, 3 the lower divisions. */
export type CompetitionTier = 1 | 2 | 3;

/**
 * The group a market belongs to, from its type and period alone. Método de Vitória (five
 * selections from a ratings model, two of them long shots) is niche like Placar Exato, and so is a
 * race's Vencedor da Corrida (twenty drivers, most of them long shots: books keep 15–30 % on it); Placar em
 * Sets (the sets handicap and total sets read as one market) secondary.
 */
export function marginGroup(key: Pick<MarketKey, 'type' | 'period'>): MarginGroup {
  switch (key.type) {
    case 'corners_totals':
    case 'corners_handicap':
    case 'cards_totals':
    case 'odd_even':
    case 'correct_score':
    case 'ht_ft':
    case 'method':
    case 'outright':
      return 'niche';
    case 'btts':
    case 'double_chance':
    case 'draw_no_bet':
    case 'home_totals':
    case 'away_totals':
    case 'european_handicap':
    case 'games_handicap':
    case 'games_totals':
    case 'rounds_totals':
    case 'set_score':
      return 'secondary';
    default:
      // Winner, handicap and totals of the whole match are the main lines; a period's are not.
      return key.period === 'full' ? 'main' : 'secondary';
  }
}

/**
 * The base margin of each market shape: three-way (1X2, European handicap, and every market of more
 * selections: Placar Exato, a race's Vencedor da Corrida) and two-way.
 */
export interface ShapeMargins {
  threeWay: MarginSetting;
  twoWay: MarginSetting;
}

/** The operator's margin plan (config `sports.margins`). */
export interface MarginPlan {
  preMatch: ShapeMargins;
  live: ShapeMargins;
  /** Points (0.01 = 1 %) each market group adds to the base. */
  groups: Record<MarginGroup, number>;
  /** Points each competition tier adds to the base (keys "1", "2", "3"). */
  tiers: Record<`${CompetitionTier}`, number>;
}

/** What a pricer asks for each market it quotes. */
export type MarginFor = (key: MarketKey) => MarginSetting;

/** The base setting of a market's shape: three outcomes or more, or two. */
export const byShape =
  (shapes: ShapeMargins): MarginFor =>
  (key) => {
    // Dupla Chance's selections each stand against their complement, and its chances sum to 2:
    // only a proportional margin comes off such a book exactly (cash-out reads it so), whatever
    // method the operator gives two-way markets; power or Shin there let a cash-out straight
    // after placing pay up to 118 % of the stake (outside review).
    if (key.type === 'double_chance') return { margin: shapes.twoWay.margin, method: 'proportional' };
    // A race's field has no fixed ids, and is many: the many-way shape.
    return key.type === 'outright' || outcomeIds(key.type).length >= 3 ? shapes.threeWay : shapes.twoWay;
  };

/** The margin of a market of a competition of `tier`, in play or before it. */
export function marginFor(plan: MarginPlan, live: boolean, tier: CompetitionTier): MarginFor {
  const shape = byShape(live ? plan.live : plan.preMatch);
  const tierPoints = plan.tiers[`${tier}`];
  return (key) => {
    const base = shape(key);
    return { method: base.method, margin: base.margin + plan.groups[marginGroup(key)] + tierPoints };
  };
}

/**
 * A market's book margin (overround) from its quoted prices, in thousandths: Σ 1/odds over the
 * outcomes offered, over the number that win on any one result (2 for Dupla Chance), less 1;
 * null when an outcome has no price (its share of the book is unknown).
 */
export function overroundMilli(pricesMilli: ReadonlyArray<number | null>, winners = 1): number | null {
  if (pricesMilli.length < 2 || pricesMilli.some((p) => p === null || p <= 0)) return null;
  const book = pricesMilli.reduce<number>((sum, p) => sum + 1000 / p!, 0);
  return Math.round((book / winners - 1) * 1000);
}
