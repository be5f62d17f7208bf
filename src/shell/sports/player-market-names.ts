import type { MarketWords } from '../../../domain/sports/market-words';
import { marketGroup, marketName, outcomeWord } from '../../../domain/sports/market-labels';
import { parseMarketId, type MarketKey } from '../../../domain/sports/markets';
import { isSportKey, type SportKey } from '../../../domain/sports/sports';
import i18n from '../../lib/i18n';
import type { MarketNamer } from './market-names';

/**
 * Market, group and selection names built from a market's id (`type:period[:line]`) with the
 * player's words (the locale's `sports.markets`), by the functions that name them in pt-BR on the
 * server (domain/sports/market-labels.ts). Loaded only for a language other than pt-BR
 * (market-names.ts), so a Brazilian visitor's first page does not carry it. A name it cannot
 * build (an unknown id, or a market whose name depends on a sport it was not told) stays the
 * server's.
 */

/** Market types whose name depends on the sport. */
const BY_SPORT: readonly MarketKey['type'][] = [
  'match_winner',
  'moneyline',
  'asian_handicap',
  'totals',
  'odd_even',
  'home_totals',
  'away_totals',
];

const words = (): MarketWords => i18n.t('sports.markets', { returnObjects: true });

/** The key and sport of a market the page can name itself, or null to keep the server's name. */
function readable(id: string, sport: string | undefined): { key: MarketKey; sport: SportKey } | null {
  const key = parseMarketId(id);
  if (!key) return null;
  if (sport && isSportKey(sport)) return { key, sport };
  return BY_SPORT.includes(key.type) ? null : { key, sport: 'football' };
}

export const playerMarketNames: MarketNamer = {
  market(market, sport, teams) {
    const known = readable(market.id, sport);
    return known ? marketName(known.key, known.sport, teams, words()) : market.name;
  },
  group(market, sport) {
    const known = readable(market.id, sport);
    return known ? marketGroup(known.key, known.sport, words()) : market.group;
  },
  outcome(marketId, outcome) {
    const key = parseMarketId(marketId);
    return (key && outcomeWord(key, outcome.id, words())) ?? outcome.name;
  },
};
