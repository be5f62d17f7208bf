/**
 * What the pages need to know about the slip without loading it: the key of a selection. The bet
 * slip's machine (and XState with it) loads with the first pick or the first sportsbook page, so
 * home's price buttons cost no more than their own code.
 */
export const selectionKey = (s: { fixtureId: string; marketId: string; outcomeId: string }) =>
  `${s.fixtureId}|${s.marketId}|${s.outcomeId}`;
