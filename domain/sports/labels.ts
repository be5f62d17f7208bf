import { BetResult, MatchTime } from '../codes';
import { lineOf, type MarketKey } from './markets';
import type { SportKey } from './sports';

/**
 * pt-BR names of markets, selections and results, shared by the server's answers and the pages
 * (the issue's groups: Resultado Final, Handicap Asiático, Handicap Europeu, Total de Gols
 * (Mais/Menos), Par/Ímpar, 1º Tempo, Escanteios; issue 16's Placar em Sets, Pontos por Equipe,
 * Método de Vitória and Vencedor da Corrida).
 */

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A line in Brazilian notation: "2,5", or signed for a handicap ("-0,25", "+1"). */
export function formatLine(line: number, signed = false): string {
  const text = number.format(Math.abs(line));
  if (!signed) return line < 0 ? `-${text}` : text;
  return line > 0 ? `+${text}` : line < 0 ? `-${text}` : '0';
}

/** The unit a sport's score counts, for market names. */
const UNITS: Record<SportKey, string> = {
  football: 'Gols',
  basketball: 'Pontos',
  tennis: 'Sets',
  boxing: 'Rounds',
  snooker: 'Frames',
  baseball: 'Corridas',
  volleyball: 'Sets',
  badminton: 'Games',
  american_football: 'Pontos',
  table_tennis: 'Games',
  cricket: 'Corridas',
  motor_racing: 'Voltas',
};

const PERIOD_PREFIX: Record<MarketKey['period'], string> = {
  full: '',
  first_half: '1º Tempo - ',
  regulation: 'Tempo Normal - ',
  fourth_quarter: '4º Quarto - ',
  first_set: '1º Set - ',
};

/** A period's prefix in a sport: cricket's first half is its first innings. */
const periodPrefix = (period: MarketKey['period'], sport: SportKey) =>
  sport === 'cricket' && period === 'first_half' ? '1ª Entrada - ' : PERIOD_PREFIX[period];

/** The page group a market belongs to. */
export function marketGroup(key: MarketKey, sport: SportKey = 'football'): string {
  if (key.type === 'corners_totals' || key.type === 'corners_handicap') return 'Escanteios';
  if (key.type === 'cards_totals') return 'Cartões';
  if (key.period !== 'full') return periodPrefix(key.period, sport).replace(' - ', '');
  switch (key.type) {
    case 'match_winner':
      return sport === 'football' ? 'Resultado Final' : 'Vencedor';
    case 'moneyline':
      return 'Vencedor';
    case 'asian_handicap':
      return sport === 'football' ? 'Handicap Asiático' : 'Handicap';
    case 'games_handicap':
      return 'Handicap';
    case 'european_handicap':
      return 'Handicap Europeu';
    case 'totals':
      return sport === 'football' ? 'Total de Gols (Mais/Menos)' : 'Totais';
    case 'games_totals':
      return 'Totais';
    case 'odd_even':
      return 'Par/Ímpar';
    case 'head_to_head':
      return 'Duelos';
    case 'rounds_totals':
      return 'Total de Rounds';
    case 'btts':
      return 'Ambas Marcam';
    case 'double_chance':
      return 'Dupla Chance';
    case 'draw_no_bet':
      return 'Empate Anula';
    case 'correct_score':
      return 'Placar Exato';
    case 'ht_ft':
      return 'Intervalo/Final';
    case 'home_totals':
    case 'away_totals':
      return sport === 'football' ? 'Gols por Equipe' : `${UNITS[sport]} por Equipe`;
    case 'set_score':
      return 'Placar em Sets';
    case 'method':
      return 'Método de Vitória';
    case 'outright':
      return 'Vencedor da Corrida';
  }
}

/** A driver of a race's field: the selection's id and the driver's name. */
export interface FieldEntry {
  id: string;
  name: string;
}

/** The two sides' names, and a race's field, where a market's name or a selection's needs them. */
type Teams = { home: string; away: string; field?: readonly FieldEntry[] };

/**
 * A fixture's title: "Flamengo x Palmeiras", or a race's own name ("GP de São Paulo"): a race's
 * fixture has a field of drivers instead of two sides, and no away side.
 */
export const fixtureTitle = (fixture: { home: string; away: string }, between = ' x '): string =>
  isRaceFixture(fixture) ? fixture.home : `${fixture.home}${between}${fixture.away}`;

/** Whether a fixture is a race's own (its outright), named by `home` alone. */
export const isRaceFixture = (fixture: { away: string }): boolean => fixture.away === '';

function baseName(type: MarketKey['type'], sport: SportKey, teams?: Teams): string {
  const unit = UNITS[sport];
  switch (type) {
    case 'match_winner':
      return sport === 'football'
        ? 'Resultado Final'
        : sport === 'boxing'
          ? 'Resultado da Luta (3 vias)'
          : 'Resultado (3 vias)';
    case 'moneyline':
      return sport === 'boxing' ? 'Vencedor da Luta' : 'Vencedor da Partida';
    case 'asian_handicap':
      return sport === 'football' ? 'Handicap Asiático' : `Handicap de ${unit}`;
    case 'european_handicap':
      return 'Handicap Europeu';
    case 'totals':
      return `Total de ${unit}`;
    case 'odd_even':
      return `Total de ${unit} Par/Ímpar`;
    case 'corners_totals':
      return 'Total de Escanteios';
    case 'cards_totals':
      return 'Total de Cartões';
    case 'corners_handicap':
      return 'Handicap de Escanteios';
    case 'games_handicap':
      return 'Handicap de Games';
    case 'games_totals':
      return 'Total de Games';
    case 'head_to_head':
      return 'Duelo (Head-to-Head)';
    case 'rounds_totals':
      return 'Total de Rounds';
    case 'btts':
      return 'Ambas Marcam';
    case 'double_chance':
      return 'Dupla Chance';
    case 'draw_no_bet':
      return 'Empate Anula Aposta';
    case 'correct_score':
      return 'Placar Exato';
    case 'ht_ft':
      return 'Intervalo/Final';
    case 'home_totals':
      return `Total de ${unit} - ${teams?.home ?? 'Mandante'}`;
    case 'away_totals':
      return `Total de ${unit} - ${teams?.away ?? 'Visitante'}`;
    case 'set_score':
      return 'Placar em Sets';
    case 'method':
      return 'Método de Vitória';
    case 'outright':
      return 'Vencedor da Corrida';
  }
}

/** A market's name with its period and line: "1º Tempo - Total de Gols 1,5". */
export function marketName(key: MarketKey, sport: SportKey = 'football', teams?: Teams): string {
  const base = baseName(key.type, sport, teams);
  const handicap = key.type.endsWith('handicap');
  const withLine = key.lineQ === null ? base : `${base} ${formatLine(lineOf(key.lineQ), handicap)}`;
  return `${periodPrefix(key.period, sport)}${withLine}`;
}

/** A selection's name: the team (with its handicap), "Empate", "Mais de 2,5", "Par". */
export function outcomeName(key: MarketKey, outcome: string, teams: Teams): string {
  const line = key.lineQ === null ? 0 : lineOf(key.lineQ);
  const side = (result: string) => (result === 'draw' ? 'Empate' : teams[result as 'home' | 'away']);
  if (key.type === 'double_chance') return outcome.split('_').map(side).join(' ou ');
  if (key.type === 'ht_ft') return outcome.split('-').map(side).join(' / ');
  if (key.type === 'correct_score') return outcome === 'other' ? 'Outro placar' : outcome.replace('-', ' x ');
  if (key.type === 'set_score') return outcome.replace('-', ' x ');
  // A driver no longer in the field keeps the id a bet was placed on.
  if (key.type === 'outright') return teams.field?.find((d) => d.id === outcome)?.name ?? outcome;
  if (key.type === 'method' && outcome !== 'draw') {
    const [winner, how] = outcome.split('_') as ['home' | 'away', string];
    return `${teams[winner]} ${how === 'stoppage' ? 'por nocaute (KO/TKO)' : 'por pontos'}`;
  }
  switch (outcome) {
    case 'yes':
      return 'Sim';
    case 'no':
      return 'Não';
    case 'home':
    case 'away': {
      const team = teams[outcome];
      if (key.lineQ === null) return team;
      // A handicap market's line is the home side's; the away side carries its opposite.
      return `${team} ${formatLine(outcome === 'home' ? line : -line, true)}`;
    }
    case 'draw':
      return key.lineQ === null ? 'Empate' : `Empate (${formatLine(line, true)})`;
    case 'over':
      return `Mais de ${formatLine(line)}`;
    case 'under':
      return `Menos de ${formatLine(line)}`;
    case 'odd':
      return 'Ímpar';
    case 'even':
      return 'Par';
    default:
      return outcome;
  }
}

/** Words for the specification's bet result codes (design/sports.md "Mapping"). */
export const RESULT_LABELS: Readonly<Record<number, string>> = {
  [BetResult.placed]: 'Em aberto',
  [BetResult.won]: 'Ganhou',
  [BetResult.halfWon]: 'Meio ganho',
  [BetResult.deadHeat]: 'Dead heat (ganho dividido)',
  [BetResult.draw]: 'Empate (aposta devolvida)',
  [BetResult.halfLost]: 'Meia perda',
  [BetResult.lost]: 'Aposta perdida',
  [BetResult.lostAlias]: 'Aposta perdida',
  [BetResult.refund]: 'Reembolsada',
  [BetResult.cancelled]: 'Cancelada',
  [BetResult.refused]: 'Recusada',
  [BetResult.lotteryException]: 'Em análise',
};

/** Words for the match time codes (section 3); quarters 1001–1004 are basketball's. */
export const MATCH_TIME_LABELS: Readonly<Record<number, string>> = {
  [MatchTime.notStarted]: 'Não iniciado',
  [MatchTime.firstHalf]: '1º Tempo',
  [MatchTime.halfTime]: 'Intervalo',
  [MatchTime.secondHalf]: '2º Tempo',
  [MatchTime.overtime]: 'Prorrogação',
  [MatchTime.penalties]: 'Pênaltis',
  [MatchTime.finished]: 'Encerrado',
  [MatchTime.cancelled]: 'Cancelado',
  [MatchTime.toBeDecided]: 'A definir',
  [MatchTime.cutInHalf]: 'Abandonado',
  [MatchTime.interrupted]: 'Interrompido',
  [MatchTime.postponed]: 'Adiado',
  1001: '1º Quarto',
  1002: '2º Quarto',
  1003: '3º Quarto',
  1004: '4º Quarto',
};

/**
 * The period of a match time code in a sport's own words. The specification's codes are
 * football's: American football reads its halves the same way, basketball has its quarters
 * (1001–1004), cricket its two innings (1 and 3); the other sports use 1 for "in play", which their
 * clock already says (`2º set`, `Round 7`), so it has no word of its own.
 */
export function periodName(code: number, sport: SportKey = 'football'): string {
  if (code <= MatchTime.notStarted || code === MatchTime.halfTime) return MATCH_TIME_LABELS[code] ?? '';
  switch (sport) {
    case 'football':
    case 'american_football':
    case 'basketball':
      return MATCH_TIME_LABELS[code] ?? '';
    case 'cricket':
      return code === MatchTime.firstHalf ? '1ª entrada' : code === MatchTime.secondHalf ? '2ª entrada' : '';
    default:
      return code === MatchTime.overtime ? MATCH_TIME_LABELS[code]! : '';
  }
}

/** Tennis points of a game: 0, 15, 30, 40 and advantage (a tie-break counts 1, 2, 3…). */
export function tennisPoints(mine: number, theirs: number, tiebreak = false): string {
  if (tiebreak) return String(mine);
  if (mine >= 3 && theirs >= 3) return mine > theirs ? 'AD' : '40';
  return ['0', '15', '30', '40'][Math.min(mine, 3)]!;
}

/** Ticket (order) status of the specification: 0 pending, 9999 drawn, 8888 not drawn. */
export const OrderStatus = { pending: 0, drawn: 9999, notDrawn: 8888 } as const;
