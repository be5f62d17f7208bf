/** The market types and periods Trevo offers; market ids are `type:period[:line]` (markets.ts). */

export const MARKET_TYPES = [
  'match_winner',
  'moneyline',
  'asian_handicap',
  'european_handicap',
  'totals',
  'odd_even',
  'corners_totals',
  'corners_handicap',
  'games_handicap',
  'games_totals',
  'head_to_head',
  'rounds_totals',
  // Football's goals markets Brazilian bettors use most (issue 16): Ambas Marcam, Dupla Chance,
  // Empate Anula, Placar Exato, Intervalo/Final and each team's goals.
  'btts',
  'double_chance',
  'draw_no_bet',
  'correct_score',
  'ht_ft',
  'home_totals',
  'away_totals',
  // Issue 16 beyond football: tennis's Placar em Sets and boxing's Método de Vitória (basketball
  // and American football offer `home_totals` and `away_totals` as each team's points).
  'set_score',
  'method',
  // Football's Total de Cartões: yellow and red cards of both sides, one each.
  'cards_totals',
  // Motor racing's Vencedor da Corrida: one selection per driver of a race's field, on the race's
  // own fixture (its head-to-heads are fixtures of two drivers).
  'outright',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/**
 * The football markets Criar Aposta takes (football-builder.ts, decision 87): those won or lost on
 * every result — their lines must be halves, which the builder checks on its grid. Intervalo/Final
 * is left out: it reads both halves, which the builder does not combine. Here, beside
 * the market types, so the fixture page can offer them without loading the pricing model.
 */
export const BUILDER_MARKET_TYPES: readonly MarketType[] = [
  'match_winner',
  'double_chance',
  'btts',
  'totals',
  'home_totals',
  'away_totals',
  'correct_score',
  'european_handicap',
  'odd_even',
  'corners_totals',
  'cards_totals',
];

/**
 * Markets whose quotes list only the selections that can still win (markets.ts outcomeIds has
 * them all): a score already passed leaves Placar Exato and Placar em Sets, a half-time result
 * that did not happen leaves Intervalo/Final, a stoppage after the last round's bell leaves Método
 * de Vitória. A price push without one of them means it is gone, not unchanged (the fixture page
 * drops it).
 */
const REACHABLE_ONLY: readonly string[] = ['correct_score', 'set_score', 'ht_ft', 'method'];
export const listsReachableOnly = (type: string): boolean => REACHABLE_ONLY.includes(type);

/**
 * Periods: the whole match (overtime and extra innings included where the sport counts them, never
 * in football), football's first half, basketball's regulation time and fourth quarter (no
 * overtime, research §1.6), tennis's first set.
 */
export const PERIODS = ['full', 'first_half', 'regulation', 'fourth_quarter', 'first_set'] as const;
export type Period = (typeof PERIODS)[number];
