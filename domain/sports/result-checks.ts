import { MatchTime } from '../codes';
import type { FixtureResult, PeriodScore } from './markets';
import type { SportKey } from './sports';

/**
 * The sense checks of a result that an operator enters or corrects, in one place: the server
 * refuses what fails them (sportsbook issue, "Results respect the clock"), and the console's form
 * asks the same before sending (src/admin/admin-result-rules.ts). Each names what is wrong and on
 * whose side; the caller words it.
 */

export type Side = 'home' | 'away';

export type ResultInconsistency =
  /** A sport with no tie ended level with nobody advancing. */
  | { rule: 'level' }
  /** The final score is below regulation's (overtime only adds). */
  | { rule: 'belowRegulation'; side: Side }
  /** Regulation was decided, yet the final score differs: there was no overtime to play. */
  | { rule: 'noOvertime' }
  /** A part of the match (first half, fourth quarter) has more than the whole it is part of. */
  | { rule: 'partAboveWhole'; side: Side; part: 'first_half' | 'fourth_quarter' }
  /** Tennis: fewer games than the sets won need (six a set). */
  | { rule: 'setGames'; side: Side; min: number }
  /** Tennis: the first set's winner has no set. */
  | { rule: 'firstSetWinner'; side: Side }
  /** A finished tennis match ends with the winner on 2 or 3 sets and the loser on fewer. */
  | { rule: 'setCount' }
  /** How a fight was won (`method`) belongs to a fight with a winner. */
  | { rule: 'methodWithoutWinner' }
  /** A race's winner is also listed among the drivers who did not start. */
  | { rule: 'winnerNotStarted' };

/** Sports whose finished matches can end level (a void moneyline, a dead heat, a draw, a race). */
const CAN_TIE: ReadonlySet<SportKey> = new Set([
  'football',
  'american_football',
  'cricket',
  'boxing',
  'motor_racing',
]);
/** Sports that play overtime after a level regulation. */
const OVERTIME: ReadonlySet<SportKey> = new Set(['basketball', 'american_football']);
/** A set is won with at least six games (7-6 after a tie-break). */
const GAMES_PER_SET = 6;

const SIDES: readonly Side[] = ['home', 'away'];

function above(part: PeriodScore | undefined, whole: PeriodScore | undefined): Side | null {
  if (!part || !whole) return null;
  return SIDES.find((s) => part[s] > whole[s]) ?? null;
}

/** The first thing that does not add up in a result of `sport`, or null. */
export function resultInconsistency(sport: SportKey, result: FixtureResult): ResultInconsistency | null {
  const { scores } = result;
  const finished = result.status === MatchTime.finished;
  const full = scores.full;
  if (finished && full && full.home === full.away && !CAN_TIE.has(sport) && !result.advanced) {
    return { rule: 'level' };
  }
  if (OVERTIME.has(sport) && full && scores.regulation) {
    const regulation = scores.regulation;
    const below = SIDES.find((s) => full[s] < regulation[s]);
    if (below) return { rule: 'belowRegulation', side: below };
    if (
      finished &&
      regulation.home !== regulation.away &&
      (full.home !== regulation.home || full.away !== regulation.away)
    ) {
      return { rule: 'noOvertime' };
    }
  }
  if (result.method && (sport !== 'boxing' || !full || full.home === full.away)) {
    return { rule: 'methodWithoutWinner' };
  }
  const race = result.classification;
  if (race?.winners.some((id) => race.notStarted.includes(id))) return { rule: 'winnerNotStarted' };
  const half = above(scores.first_half, full);
  if (half) return { rule: 'partAboveWhole', side: half, part: 'first_half' };
  const fourth = above(scores.fourth_quarter, scores.regulation ?? full);
  if (fourth) return { rule: 'partAboveWhole', side: fourth, part: 'fourth_quarter' };
  if (sport === 'tennis' && full) {
    // Placar em Sets settles on it: 1-0 or 4-0 would lose every set bet. (3-1 is best of five's;
    // which format a match was is not part of its result.)
    const won = Math.max(full.home, full.away);
    if (
      finished &&
      full.complete !== false &&
      (won < 2 || won > 3 || Math.min(full.home, full.away) >= won)
    ) {
      return { rule: 'setCount' };
    }
    if (finished && scores.games) {
      const short = SIDES.find((s) => scores.games![s] < GAMES_PER_SET * full[s]);
      if (short) return { rule: 'setGames', side: short, min: GAMES_PER_SET * full[short] };
    }
    const first = scores.first_set;
    if (first && first.home !== first.away) {
      const winner: Side = first.home > first.away ? 'home' : 'away';
      if (full[winner] === 0) return { rule: 'firstSetWinner', side: winner };
    }
  }
  return null;
}

/**
 * Whether a result may be entered for a fixture that has not started: only a postponement (−14)
 * or a cancellation (−10). A final score before the start would settle bets on a match not
 * played while its book stays open (sportsbook issue, fault 3).
 */
export const allowedBeforeStart = (status: number): boolean =>
  status === MatchTime.postponed || status === MatchTime.cancelled;
