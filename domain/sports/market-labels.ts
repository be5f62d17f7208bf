import type { FieldEntry } from './labels';
import { formatLine } from './labels';
import { fill, PT_MARKET_WORDS, type MarketWords } from './market-words';
import { lineOf, type MarketKey } from './markets';
import type { SportKey } from './sports';

/**
 * Names of markets, groups and selections, from a market's key. The server names them in pt-BR
 * (market-words.ts) and stores the names with each bet; the pages name the same markets with the
 * words of the player's language through these same functions (src/shell/sports), so a new market
 * type is named in one place (the issue's groups: Resultado Final, Handicap Asiático, Handicap
 * Europeu, Total de Gols (Mais/Menos), Par/Ímpar, 1º Tempo, Escanteios; issue 16's Placar em Sets,
 * Pontos por Equipe, Método de Vitória and Vencedor da Corrida).
 */

/** The two sides' names, and a race's field, where a market's name or a selection's needs them. */
type Teams = { home: string; away: string; field?: readonly FieldEntry[] };

/** A sport's unit ("Gols") and a period's name ("1º Tempo", cricket's first half its first innings). */
const unitOf = (sport: SportKey, words: MarketWords) => words.units[sport];
function periodOf(period: Exclude<MarketKey['period'], 'full'>, sport: SportKey, words: MarketWords): string {
  return words.periods[sport === 'cricket' && period === 'first_half' ? 'first_half_cricket' : period];
}

/** The page group a market belongs to, in `words` (pt-BR unless told). */
export function marketGroup(
  key: MarketKey,
  sport: SportKey = 'football',
  words: MarketWords = PT_MARKET_WORDS,
): string {
  const { groups, types } = words;
  if (key.type === 'corners_totals' || key.type === 'corners_handicap') return groups.corners;
  if (key.type === 'cards_totals') return groups.cards;
  if (key.period !== 'full') return periodOf(key.period, sport, words);
  const football = sport === 'football';
  switch (key.type) {
    case 'match_winner':
      return football ? types.match_winner_football : groups.winner;
    case 'moneyline':
      return groups.winner;
    case 'asian_handicap':
      return football ? types.asian_handicap_football : groups.handicap;
    case 'games_handicap':
      return groups.handicap;
    case 'totals':
      return football ? groups.totalGoals : groups.totals;
    case 'games_totals':
      return groups.totals;
    case 'odd_even':
      return groups.oddEven;
    case 'head_to_head':
      return groups.duels;
    case 'draw_no_bet':
      return groups.drawNoBet;
    case 'home_totals':
    case 'away_totals':
      return fill(groups.perTeam, { unit: unitOf(sport, words) });
    default:
      return types[key.type];
  }
}

function baseName(type: MarketKey['type'], sport: SportKey, words: MarketWords, teams?: Teams): string {
  const { types } = words;
  const unit = unitOf(sport, words);
  switch (type) {
    case 'match_winner':
      return sport === 'football'
        ? types.match_winner_football
        : sport === 'boxing'
          ? types.match_winner_boxing
          : types.match_winner;
    case 'moneyline':
      return sport === 'boxing' ? types.moneyline_boxing : types.moneyline;
    case 'asian_handicap':
      return sport === 'football' ? types.asian_handicap_football : fill(types.asian_handicap, { unit });
    case 'totals':
    case 'odd_even':
      return fill(types[type], { unit });
    case 'home_totals':
    case 'away_totals': {
      const side = type === 'home_totals' ? 'home' : 'away';
      return fill(types.team_totals, { unit, team: teams?.[side] ?? words.sides[side] });
    }
    default:
      return types[type];
  }
}

/** A market's name with its period and line: "1º Tempo - Total de Gols 1,5", in `words`. */
export function marketName(
  key: MarketKey,
  sport: SportKey = 'football',
  teams?: Teams,
  words: MarketWords = PT_MARKET_WORDS,
): string {
  const base = baseName(key.type, sport, words, teams);
  const handicap = key.type.endsWith('handicap');
  const withLine = key.lineQ === null ? base : `${base} ${formatLine(lineOf(key.lineQ), handicap)}`;
  return key.period === 'full' ? withLine : `${periodOf(key.period, sport, words)} - ${withLine}`;
}

/**
 * A selection named by words alone ("Empate", "Mais de 2,5", "Sim", "Outro placar"), in `words`;
 * null for one named by its team, driver or score.
 */
export function outcomeWord(
  key: MarketKey,
  outcome: string,
  words: MarketWords = PT_MARKET_WORDS,
): string | null {
  const { outcomes } = words;
  const line = key.lineQ === null ? null : lineOf(key.lineQ);
  switch (outcome) {
    case 'draw':
      return line === null ? outcomes.draw : fill(outcomes.drawLine, { line: formatLine(line, true) });
    case 'over':
    case 'under':
      return line === null ? null : fill(outcomes[outcome], { line: formatLine(line) });
    case 'yes':
    case 'no':
    case 'odd':
    case 'even':
      return outcomes[outcome];
    case 'other':
      return key.type === 'correct_score' ? outcomes.otherScore : null;
    default:
      return null;
  }
}

/** A selection's name: the team (with its handicap), "Empate", "Mais de 2,5", "Par". */
export function outcomeName(key: MarketKey, outcome: string, teams: Teams): string {
  const { outcomes } = PT_MARKET_WORDS;
  const side = (result: string) => (result === 'draw' ? outcomes.draw : teams[result as 'home' | 'away']);
  if (key.type === 'double_chance') return outcome.split('_').map(side).join(' ou ');
  if (key.type === 'ht_ft') return outcome.split('-').map(side).join(' / ');
  const word = outcomeWord(key, outcome);
  if (word !== null) return word;
  if (key.type === 'correct_score' || key.type === 'set_score') return outcome.replace('-', ' x ');
  // A driver no longer in the field keeps the id a bet was placed on.
  if (key.type === 'outright') return teams.field?.find((d) => d.id === outcome)?.name ?? outcome;
  if (key.type === 'method') {
    const [winner, how] = outcome.split('_') as ['home' | 'away', string];
    return `${teams[winner]} ${how === 'stoppage' ? 'por nocaute (KO/TKO)' : 'por pontos'}`;
  }
  if ((outcome === 'home' || outcome === 'away') && key.lineQ !== null) {
    // A handicap market's line is the home side's; the away side carries its opposite.
    const line = lineOf(key.lineQ);
    return `${teams[outcome]} ${formatLine(outcome === 'home' ? line : -line, true)}`;
  }
  return outcome === 'home' || outcome === 'away' ? teams[outcome] : outcome;
}
