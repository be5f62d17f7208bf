/**
 * The short forms bettors read on a button where a team's name does not fit: a result as 1, X
 * or 2, Dupla Chance as 1X, 12 or X2, Intervalo/Final as 1/X. The full name stays the
 * selection's (slip, receipts, the button's title).
 */
const RESULT: Record<string, string> = { home: '1', draw: 'X', away: '2' };

/** The short label of a selection, or undefined when its own name is short enough. */
export function shortLabel(marketType: string, outcomeId: string): string | undefined {
  if (marketType === 'double_chance')
    return outcomeId
      .split('_')
      .map((r) => RESULT[r])
      .join('');
  if (marketType === 'ht_ft')
    return outcomeId
      .split('-')
      .map((r) => RESULT[r])
      .join('/');
  return undefined;
}

/** The label of a selection of a fixture list's main market (three or fewer): 1, X, 2. */
export function listLabel(outcomeId: string, outcomes: number): string | undefined {
  return outcomes <= 3 ? RESULT[outcomeId] : undefined;
}
