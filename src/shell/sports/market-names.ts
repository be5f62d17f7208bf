import { fixtureTitle, formatLine } from '../../../domain/sports/labels';
import { lineOf, parseMarketId, type MarketKey } from '../../../domain/sports/markets';
import { isSportKey, type SportKey } from '../../../domain/sports/sports';
import type ptBR from '../../../assets/locales/pt_BR.json';
import i18n from '../../lib/i18n';

/**
 * Market, group and selection names in the player's language. The server names markets in pt-BR
 * (domain/sports/labels.ts, also stored with each bet) and sends each market's id
 * (`type:period[:line]`) beside the name; in pt-BR the page shows the server's name as it is, in
 * the other languages it builds the name from the id with the locale's words (sports.markets.*),
 * as labels.ts does in Portuguese. A name it cannot build (an unknown id, or a market whose name
 * depends on a sport it was not told) stays the server's.
 */

type Teams = { home: string; away: string };

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

type Words = (typeof ptBR)['sports']['markets'];
/** A text of sports.markets: `types.btts`, `units.football`, `outcomes.over`… */
type WordKey = { [G in keyof Words]: `${G}.${keyof Words[G] & string}` }[keyof Words];

const inPortuguese = () => i18n.language === 'pt_BR';
const word = (key: WordKey, options?: Record<string, string>) => i18n.t(`sports.markets.${key}`, options);
const unitOf = (sport: SportKey) => word(`units.${sport}`);

function typeName(key: MarketKey, sport: SportKey, teams?: Teams): string {
  switch (key.type) {
    case 'match_winner':
      return word(
        sport === 'football'
          ? 'types.match_winner_football'
          : sport === 'boxing'
            ? 'types.match_winner_boxing'
            : 'types.match_winner',
      );
    case 'moneyline':
      return word(sport === 'boxing' ? 'types.moneyline_boxing' : 'types.moneyline');
    case 'asian_handicap':
      return sport === 'football'
        ? word('types.asian_handicap_football')
        : word('types.asian_handicap', { unit: unitOf(sport) });
    case 'totals':
    case 'odd_even':
      return word(`types.${key.type}`, { unit: unitOf(sport) });
    case 'home_totals':
    case 'away_totals':
      return word('types.team_totals', {
        unit: unitOf(sport),
        team: teams ? teams[key.type === 'home_totals' ? 'home' : 'away'] : '',
      });
    default:
      return word(`types.${key.type}`);
  }
}

/** A period's name ("1st half"); cricket's first half is its first innings. */
function periodName(key: MarketKey, sport: SportKey): string {
  if (key.period === 'full') return '';
  return word(
    sport === 'cricket' && key.period === 'first_half'
      ? 'periods.first_half_cricket'
      : `periods.${key.period}`,
  );
}

/** The key and sport of a market the page can name itself, or null to keep the server's name. */
function readable(id: string, sport: string | undefined): { key: MarketKey; sport: SportKey } | null {
  if (inPortuguese()) return null;
  const key = parseMarketId(id);
  if (!key) return null;
  if (sport && isSportKey(sport)) return { key, sport };
  return BY_SPORT.includes(key.type) ? null : { key, sport: 'football' };
}

/** A market's name ("1st half - Total goals 1,5"); `name` is the server's, kept in pt-BR. */
export function marketLabel(market: { id: string; name: string }, sport?: string, teams?: Teams): string {
  const known = readable(market.id, sport);
  if (!known) return market.name;
  const { key } = known;
  const base = typeName(key, known.sport, teams);
  const handicap = key.type.endsWith('handicap');
  const withLine = key.lineQ === null ? base : `${base} ${formatLine(lineOf(key.lineQ), handicap)}`;
  return key.period === 'full' ? withLine : `${periodName(key, known.sport)} - ${withLine}`;
}

/** The heading a market is listed under on the fixture page (labels.ts `marketGroup`). */
export function groupLabel(market: { id: string; group: string }, sport?: string): string {
  const known = readable(market.id, sport);
  if (!known) return market.group;
  const { key } = known;
  const football = known.sport === 'football';
  if (key.type === 'corners_totals' || key.type === 'corners_handicap') return word('groups.corners');
  if (key.type === 'cards_totals') return word('groups.cards');
  if (key.period !== 'full') return periodName(key, known.sport);
  switch (key.type) {
    case 'match_winner':
      return football ? word('types.match_winner_football') : word('groups.winner');
    case 'moneyline':
      return word('groups.winner');
    case 'asian_handicap':
      return football ? word('types.asian_handicap_football') : word('groups.handicap');
    case 'games_handicap':
      return word('groups.handicap');
    case 'totals':
      return football ? word('groups.totalGoals') : word('groups.totals');
    case 'games_totals':
      return word('groups.totals');
    case 'odd_even':
      return word('groups.oddEven');
    case 'head_to_head':
      return word('groups.duels');
    case 'home_totals':
    case 'away_totals':
      return word('groups.perTeam', { unit: unitOf(known.sport) });
    default:
      return word(`types.${key.type}`);
  }
}

/**
 * A selection's name: the words of labels.ts `outcomeName` ("Empate", "Mais de 2,5", "Sim") in the
 * player's language; a team's or a driver's name, a score, stays as the server wrote it.
 */
export function outcomeLabel(marketId: string, outcome: { id: string; name: string }): string {
  if (inPortuguese()) return outcome.name;
  const key = parseMarketId(marketId);
  if (!key) return outcome.name;
  const line = key.lineQ === null ? null : lineOf(key.lineQ);
  switch (outcome.id) {
    case 'draw':
      return line === null
        ? word('outcomes.draw')
        : word('outcomes.drawLine', { line: formatLine(line, true) });
    case 'over':
    case 'under':
      return line === null
        ? outcome.name
        : word(outcome.id === 'over' ? 'outcomes.over' : 'outcomes.under', { line: formatLine(line) });
    case 'yes':
    case 'no':
    case 'odd':
    case 'even':
      return word(`outcomes.${outcome.id as 'yes' | 'no' | 'odd' | 'even'}`);
    case 'other':
      return key.type === 'correct_score' ? word('outcomes.otherScore') : outcome.name;
    default:
      return outcome.name;
  }
}

/** A fixture's two sides from its title ("Flamengo x Palmeiras"), for a team's own market. */
export function teamsOfTitle(title: string): Teams | undefined {
  const [home, away, ...rest] = title.split(' x ');
  return home && away && rest.length === 0 && fixtureTitle({ home, away }) === title
    ? { home, away }
    : undefined;
}
