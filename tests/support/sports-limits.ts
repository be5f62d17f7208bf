import shipped from '../../config/default.json';
import type { SportsLimits } from '../../domain/sports/sports-answers.schema';

/** The betting limits the shipped configuration gives (config/default.json `sports`), as GET /sports/limits answers them. */
export const SHIPPED_LIMITS: SportsLimits = {
  minStake: shipped.sports.minStake,
  maxStake: shipped.sports.maxStake,
  maxLegs: shipped.sports.maxLegs,
  maxCombinedOdds: shipped.sports.maxCombinedOdds,
  maxPayoutPerBet: shipped.sports.maxPayoutPerBet,
  cashoutMinPartial: shipped.sports.cashoutMinPartial,
};
