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

/** The match time codes' words (section 3), by their keys in the locale files' `sports.matchTime`. */
export type MatchTimeWord =
  | keyof typeof MatchTime
  | 'quarter1'
  | 'quarter2'
  | 'quarter3'
  | 'quarter4'
  | 'firstInnings'
  | 'secondInnings';

const CODE_WORDS = new Map<number, MatchTimeWord>(
  Object.entries(MatchTime).map(([word, code]) => [code, word as keyof typeof MatchTime]),
);
/** Basketball's quarters, 1001–1004. */
const QUARTERS: Readonly<Record<number, MatchTimeWord>> = {
  1001: 'quarter1',
  1002: 'quarter2',
  1003: 'quarter3',
  1004: 'quarter4',
};

/**
 * The word for a match time code in a sport, or null where it has none. The specification's codes
 * are football's: American football reads its halves the same way, basketball has its quarters
 * (1001–1004), cricket its two innings (1 and 3); the other sports use 1 for "in play", which their
 * clock already says (`2º set`, `Round 7`), so it has no word of its own.
 */
export function matchTimeWord(code: number, sport: SportKey = 'football'): MatchTimeWord | null {
  const word = QUARTERS[code] ?? CODE_WORDS.get(code) ?? null;
  if (code <= MatchTime.notStarted || code === MatchTime.halfTime) return word;
  switch (sport) {
    case 'football':
    case 'american_football':
    case 'basketball':
      return word;
    case 'cricket':
      return code === MatchTime.firstHalf
        ? 'firstInnings'
        : code === MatchTime.secondHalf
          ? 'secondInnings'
          : null;
    default:
      return code === MatchTime.overtime ? word : null;
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
