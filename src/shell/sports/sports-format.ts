import { BetResult } from '../../../domain/codes';
import { matchTimeWord } from '../../../domain/sports/labels';
import { shownCombinedOdds } from '../../../domain/sports/settlement';
import { isSportKey } from '../../../domain/sports/sports';
import { formatDayMonth, formatTime } from '../../lib/format';
import i18n from '../../lib/i18n';

/** How prices, times and codes of the sportsbook read on the pages, in the player's language. */

const oddsFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Decimal odds as Brazilian players read them: "1,85". */
export function formatOdds(odds: number): string {
  return oddsFormat.format(odds);
}

/**
 * A múltipla's combined odds (thousandths on the wire) as every page shows them: cut to two
 * decimals by the server's rule, never rounded up, so the slip, its receipt and Minhas apostas
 * agree (issue 18: the slip read 12,64 where Minhas apostas read 12,63).
 */
export function formatCombinedOdds(odds: number): string {
  return formatOdds(shownCombinedOdds(Math.round(odds * 1000)));
}

/**
 * The period of a match time code in the sport's words ("1º Tempo", "Intervalo", "3º Quarto",
 * "2ª entrada"); empty where the sport's clock says it ("2º set").
 */
export function periodLabel(code: number, sport = 'football'): string {
  const word = matchTimeWord(code, isSportKey(sport) ? sport : 'football');
  return word ? i18n.t(`sports.matchTime.${word}`) : '';
}

/** A result's word (`sports.result.*`): the codes of section 3, a bet's states besides. */
export type ResultWord =
  | 'placed'
  | 'pending'
  | 'won'
  | 'halfWon'
  | 'deadHeat'
  | 'draw'
  | 'halfLost'
  | 'lost'
  | 'refund'
  | 'cancelled'
  | 'refused'
  | 'review'
  | 'cashedOut'
  | 'notDecided';

const RESULT_WORDS: Readonly<Record<number, ResultWord>> = {
  [BetResult.placed]: 'placed',
  [BetResult.won]: 'won',
  [BetResult.halfWon]: 'halfWon',
  [BetResult.deadHeat]: 'deadHeat',
  [BetResult.draw]: 'draw',
  [BetResult.halfLost]: 'halfLost',
  [BetResult.lost]: 'lost',
  [BetResult.lostAlias]: 'lost',
  [BetResult.refund]: 'refund',
  [BetResult.cancelled]: 'cancelled',
  [BetResult.refused]: 'refused',
  [BetResult.lotteryException]: 'review',
};

/** A result code's word; an unknown code is "under review". */
export const resultWord = (code: number): ResultWord => RESULT_WORDS[code] ?? 'review';

/** A bet result code in words ("Ganhou", "Meio ganho", "Recusada"). */
export function resultLabel(code: number): string {
  return i18n.t(`sports.result.${resultWord(code)}`);
}

/** The tone of a result code on the page. */
export function resultTone(code: number): 'green' | 'gold' | 'muted' | 'danger' {
  if (code === 10 || code === 21) return 'green';
  if (code === 20 || code === 4 || code === 11) return 'danger';
  if (code === 1000 || code === -1) return 'gold';
  return 'muted';
}

/**
 * A kick-off time in the player's time zone and language: "Hoje 14:30", "Amanhã 09:00" or
 * "23/11 20:45"; "Nov 23 8:45 PM" in English.
 */
export function formatKickoff(
  iso: string,
  now = new Date(),
  locale = 'pt-BR',
): { day: string; time: string } {
  const at = new Date(iso);
  const time = formatTime(at, locale);
  const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (dayKey(at) === dayKey(now)) return { day: 'today', time };
  if (dayKey(at) === dayKey(tomorrow)) return { day: 'tomorrow', time };
  return { day: formatDayMonth(at, locale), time };
}

/** Match time codes of a fixture that never got under way: not started, postponed, cancelled. */
const NOT_UNDER_WAY: readonly number[] = [0, -14, -10];

/** Whether a fixture has a score to show: in play, or played at least in part. */
export function hasStarted(fixture: { live: boolean; periodCode: number }): boolean {
  return fixture.live || !NOT_UNDER_WAY.includes(fixture.periodCode);
}
