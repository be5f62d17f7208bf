import type { MarginPlan, ShapeMargins } from '../../domain/sports/book-margins';

/** A plan with the same margins everywhere: no group, tier or live points (models' and feeds' tests). */
export const flatPlan = (shapes: ShapeMargins): MarginPlan => ({
  preMatch: shapes,
  live: shapes,
  groups: { main: 0, secondary: 0, niche: 0 },
  tiers: { '1': 0, '2': 0, '3': 0 },
});
