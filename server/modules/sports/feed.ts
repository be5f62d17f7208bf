import type { FixtureResult, LegSpec, MarketKey } from '../../../domain/sports/markets';
import type { BuilderChance } from '../../../domain/sports/builder';
import type { CompetitionTier } from '../../../domain/sports/book-margins';
import type { SportKey } from '../../../domain/sports/sports';
import type { FieldEntry } from '../../../domain/sports/labels';

/**
 * The sports feed adapter (design/sports.md "Feed adapter"): what Trevo needs from any odds feed —
 * the simulated one built in, or a real one (Sportradar UOF-style messages, The Odds API, Betfair)
 * behind the same shape. Times are wall-clock milliseconds; prices are ladder odds in thousandths.
 */

/** Market status as in UOF (research §4.1): 1 active, 0 inactive, −1 suspended, −3 settled, −4 cancelled. */
export const MarketStatus = { active: 1, inactive: 0, suspended: -1, settled: -3, cancelled: -4 } as const;

export interface FeedOutcome {
  id: string;
  /** Ladder price in thousandths, or null when the outcome is not offered. */
  oddsMilli: number | null;
  active: boolean;
}

export interface FeedMarket {
  id: string;
  key: MarketKey;
  status: number;
  outcomes: FeedOutcome[];
  /**
   * The pricing model's expected share of a stake refunded (pricing.ts Quote); absent: the market
   * cannot refund. Cash-out reads it, so an adapter must send it wherever a push is possible.
   */
  refundShare?: number;
}

export interface FeedFixture {
  id: string;
  sport: SportKey;
  competition: string;
  /** The competition's tier (1 top, 3 lower divisions): it sets the margins and groups the report. */
  tier: CompetitionTier;
  home: string;
  away: string;
  /** Kick-off (a rescheduled fixture reports its new start). */
  startsAt: number;
  /**
   * A race's own fixture (motor racing's Vencedor da Corrida): its drivers, each the id of a
   * selection; `home` is then the race's name and `away` is empty (labels.ts isRaceFixture).
   */
  field?: readonly FieldEntry[];
}

/** `MatchState { periodCode, clock, score, stats }` of the design. */
export interface MatchState {
  /** The specification's match time code (0 not started, 1 first half, …, −1 finished, −14 postponed). */
  periodCode: number;
  /** Match clock "mm:ss", or null when no clock runs. */
  clock: string | null;
  score: { home: number; away: number };
  stats: Record<string, { home: number; away: number }>;
  /** Bets are stopped (a dangerous moment, a goal, the kick-off). */
  suspended: boolean;
  /** What can be bet now: the pre-match book before the start, the live book in play, or nothing. */
  phase: 'pre' | 'live' | null;
  /** Counts of material changes (goals, red cards, periods) and of bet stops so far; a live bet
   *  held through its delay is refused when either moved (research §3.6 item 4). */
  stateSeq: number;
  stopSeq: number;
}

export interface FixtureSnapshot extends FeedFixture {
  state: MatchState;
  /** Markets open or suspended now; empty when the fixture cannot be bet. */
  markets: FeedMarket[];
}

/** A result and a version that grows whenever the feed changes it (a correction, a later period). */
export interface FeedResult {
  result: FixtureResult;
  /** True once nothing more will be played (full time, cancelled, cut in half). */
  final: boolean;
}

export type FeedMessage =
  | { type: 'fixture_change'; fixture: FeedFixture; periodCode: number }
  | { type: 'match_state'; fixtureId: string; state: MatchState }
  | { type: 'odds_change'; fixtureId: string; markets: FeedMarket[] }
  | { type: 'bet_stop'; fixtureId: string }
  | { type: 'bet_settlement'; fixtureId: string; result: FeedResult }
  /** The fixture's settlement is withdrawn (UOF rollback_bet_settlement): its bets are open again. */
  | { type: 'rollback_settlement'; fixtureId: string }
  | { type: 'bet_cancel'; fixtureId: string; window: CancelWindow };

/** `BetCancel { from, to }`: bets on the fixture placed inside the window are void (wall-clock ms). */
export interface CancelWindow {
  from: number;
  to: number;
}

export interface SportSummary {
  key: SportKey;
  live: number;
  upcoming: number;
}

export interface FixtureFilter {
  sport?: SportKey;
  live?: boolean;
}

/** A fixture that is over, with its final result. */
export interface FinishedFixture extends FeedFixture {
  result: FixtureResult;
  /** When the result became final. */
  finishedAt: number;
}

export interface SportsFeed {
  /** Every sport with its live and upcoming fixture counts. */
  listSports(now: number): SportSummary[];
  /** Competition names of a sport that have listed fixtures. */
  listCompetitions(sport: SportKey, now: number): string[];
  /** Live and upcoming fixtures, sorted by start. */
  listFixtures(filter: FixtureFilter, now: number): FixtureSnapshot[];
  /** One fixture with its state and markets, or undefined when the feed does not know it. */
  snapshot(fixtureId: string, now: number): FixtureSnapshot | undefined;
  /**
   * One market's price now, listed or not (a handicap line a cash-out needs); undefined when the
   * fixture cannot be bet or the feed cannot price that market. A feed that only relays listed
   * prices answers for listed markets alone.
   */
  price(fixtureId: string, marketId: string, now: number): FeedMarket | undefined;
  /**
   * The fair joint chance that all of a bet builder's selections (one fixture, pre-match in form)
   * win, from where the fixture stands now; undefined when it cannot be bet. A real feed answers
   * this from its custom-bet service (Sportradar's Custom Bet API); a feed without one refuses
   * every builder (`{ ok: false, reason: 'market' }`).
   */
  builderChance(fixtureId: string, legs: readonly LegSpec[], now: number): BuilderChance | undefined;
  /** Bet cancellations announced by now. */
  cancels(fixtureId: string, now: number): CancelWindow[];
  /** The result as known now (partial while play goes on). */
  result(fixtureId: string, now: number): FeedResult | undefined;
  /**
   * Fixtures whose result became final in the last `withinMs` of the feed's own time (a
   * simulated week at any speed), newest first.
   */
  listFinished(filter: Pick<FixtureFilter, 'sport'>, withinMs: number, now: number): FinishedFixture[];
  /** Messages as they happen; returns the unsubscribe function. */
  subscribe(listener: (message: FeedMessage) => void): () => void;
  /**
   * Brings the feed to `now` and delivers what changed since the last call. A pull feed (the
   * simulation, a polled REST API) does its work here; a push feed may deliver at any time.
   */
  advance(now: number): void;
  /** Simulated durations scale by this (1 for a real feed): live delays and windows divide by it. */
  readonly speed: number;
}
