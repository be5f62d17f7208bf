/**
 * Pagamento Antecipado (issue 16, decision 86): in the competitions the operator chooses, a
 * football Resultado Final single is paid as won as soon as its team goes this many goals ahead,
 * whatever the final result.
 */
export const EARLY_PAYOUT_LEAD = 2;
export const EARLY_PAYOUT_MARKET = 'match_winner:full';

/** The side whose Resultado Final bets a score pays early, or null. */
export function earlyPayoutSide(score: { home: number; away: number }): 'home' | 'away' | null {
  const lead = score.home - score.away;
  if (lead >= EARLY_PAYOUT_LEAD) return 'home';
  if (-lead >= EARLY_PAYOUT_LEAD) return 'away';
  return null;
}
