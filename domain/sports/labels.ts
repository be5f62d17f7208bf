import { BetResult, MatchTime } from '../codes';
import type { SportKey } from './sports';

/**
 * pt-BR words of the sportsbook shared by the server's answers and the pages: lines, fixture
 * titles, results, match times and tennis points. Markets and selections are named in
 * market-labels.ts.
 */

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A line in Brazilian notation: "2,5", or signed for a handicap ("-0,25", "+1"). */
export function formatLine(line: number, signed = false): string {
  const text = number.format(Math.abs(line));
  if (!signed) return line < 0 ? `-${text}` : text;
  return line > 0 ? `+${text}` : line < 0 ? `-${text}` : '0';
}

/** A driver of a race's field: the selection's id and the driver's name. */
export interface FieldEntry {
  id: string;
  name: string;
}

/**
 * A fixture's title: "Flamengo x Palmeiras", or a race's own name ("GP de São Paulo"): a race's
 * fixture has a field of drivers instead of two sides, and no away side.
 */
export const fixtureTitle = (fixture: { home: string; away: string }, between = ' x '): string =>
  isRaceFixture(fixture) ? fixture.home : `${fixture.home}${between}${fixture.away}`;

/** Whether a fixture is a race's own (its outright), named by `home` alone. */
export const isRaceFixture = (fixture: { away: string }): boolean => fixture.away === '';

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
