import { sha256Hex } from '../../../../domain/fairness/hash';
import { MatchTime } from '../../../../domain/codes';
import {
  priceFootball,
  priceFootballMarket,
  type FootballMargins,
  type FootballPricingInput,
} from '../../../../domain/sports/football';
import { marketId, parseMarketId } from '../../../../domain/sports/markets';
import type { Quote } from '../../../../domain/sports/pricing';
import { SPORT_KEYS, type SportKey } from '../../../../domain/sports/sports';
import {
  MarketStatus,
  type FeedFixture,
  type FeedMarket,
  type FeedMessage,
  type FeedResult,
  type FixtureFilter,
  type FixtureSnapshot,
  type MatchState,
  type SportSummary,
  type SportsFeed,
} from '../feed';
import { dayOf, HOUR_MS, simClock, type SimClock } from './clock';
import {
  expectedGoalsAt,
  footballDay,
  footballTimeline,
  FOOTBALL_RHO,
  LISTING_MS,
  phaseOf,
  resultAt,
  stateAt,
  type SimFixture,
  type SimState,
  type Timeline,
} from './football.sim';

export interface SimulatedFeedOptions {
  /** Replays the same world (SPORTS_FEED_SEED). */
  seed: string;
  /** Simulated time runs this many times faster than the wall clock (SPORTS_FEED_SPEED). */
  speed: number;
  /** Hours a postponed or abandoned fixture may still be played, per sport (simulated time). */
  windowHours: (sport: SportKey) => number;
  margins: { preMatch: FootballMargins; live: FootballMargins };
}

/** A bounded map that forgets its oldest entries. */
class Bounded<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  remember(key: K, value: V): V {
    if (this.size >= this.limit) this.delete(this.keys().next().value as K);
    this.set(key, value);
    return value;
  }
}

const ID = /^fb-([0-9a-f]{6})-(-?\d{1,6})-(\d{1,2})-(\d{1,2})$/;

/** Live states (the ball in play or at half-time) and states still listed (design: live + upcoming). */
const LIVE_CODES: readonly number[] = [MatchTime.firstHalf, MatchTime.halfTime, MatchTime.secondHalf];
const LISTED_CODES: readonly number[] = [
  MatchTime.notStarted,
  ...LIVE_CODES,
  MatchTime.interrupted,
  MatchTime.postponed,
];

const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');

/**
 * The built-in simulated feed (design/sports.md "Feed adapter"): a deterministic function of the
 * seed and the simulated clock, so every instance computes the same fixtures, states and prices
 * and a seeded run can be replayed. `advance` turns the differences since its last call into the
 * adapter's messages.
 */
export class SimulatedFeed implements SportsFeed {
  readonly speed: number;
  readonly clock: SimClock;
  private readonly seedTag: string;
  private readonly days = new Bounded<number, SimFixture[]>(16);
  private readonly timelines = new Bounded<string, Timeline>(4000);
  private readonly quotes = new Bounded<string, Quote[]>(4000);
  private readonly listeners = new Set<(message: FeedMessage) => void>();
  private readonly sent = new Map<
    string,
    { start: number; period: number; state: string; odds: string; suspended: boolean; result: string }
  >();

  constructor(private readonly options: SimulatedFeedOptions) {
    this.speed = options.speed;
    this.clock = simClock(options.speed);
    this.seedTag = sha256Hex(options.seed).slice(0, 6);
  }

  private day(day: number): SimFixture[] {
    return this.days.get(day) ?? this.days.remember(day, footballDay(this.options.seed, this.seedTag, day));
  }

  private timeline(fixture: SimFixture): Timeline {
    const window = this.options.windowHours(fixture.sport) * HOUR_MS;
    return (
      this.timelines.get(fixture.id) ??
      this.timelines.remember(fixture.id, footballTimeline(this.options.seed, fixture, window))
    );
  }

  /** A fixture's whole timeline (tests and the realism report read it); undefined if unknown. */
  timelineOf(id: string): Timeline | undefined {
    const m = ID.exec(id);
    if (!m || m[1] !== this.seedTag) return undefined;
    const fixture = this.day(Number(m[2])).find((f) => f.id === id);
    return fixture && this.timeline(fixture);
  }

  /** Timelines of the days around t: yesterday's rescheduled matches to three days ahead. */
  private around(t: number): Timeline[] {
    const today = dayOf(t);
    const out: Timeline[] = [];
    for (let d = today - 3; d <= today + 3; d++) for (const f of this.day(d)) out.push(this.timeline(f));
    return out;
  }

  /** Kick-off as published at t: a rescheduled match shows its new start once announced. */
  private startOf(tl: Timeline, t: number): number {
    const rescheduled = tl.events.find((e) => e.kind === 'rescheduled');
    return rescheduled && t >= rescheduled.at && tl.kickoff !== null ? tl.kickoff : tl.fixture.startsAt;
  }

  private fixtureOf(tl: Timeline, t: number): FeedFixture {
    const f = tl.fixture;
    return {
      id: f.id,
      sport: f.sport,
      competition: f.competition,
      home: f.home,
      away: f.away,
      startsAt: this.clock.toReal(this.startOf(tl, t)),
    };
  }

  private matchState(state: SimState): MatchState {
    const running = state.periodCode === MatchTime.firstHalf || state.periodCode === MatchTime.secondHalf;
    const seconds = Math.floor(state.minute * 60);
    return {
      periodCode: state.periodCode,
      clock:
        running || state.periodCode === MatchTime.halfTime
          ? `${pad(seconds / 60)}:${pad(seconds % 60)}`
          : null,
      score: { ...state.score },
      stats: { corners: { ...state.corners }, yellowCards: { ...state.yellow }, redCards: { ...state.red } },
      suspended: state.suspended,
      stateSeq: state.stateSeq,
      stopSeq: state.stopSeq,
    };
  }

  /** What the football model needs at t (null when the fixture cannot be bet). */
  private pricingInput(tl: Timeline, state: SimState, t: number): FootballPricingInput | null {
    const phase = phaseOf(state);
    if (phase === null || tl.kickoff === null) return null;
    const pre = phase === 'pre';
    const goals = pre ? expectedGoalsAt(tl, t) : expectedGoalsAt(tl, tl.kickoff);
    return {
      // A red card cuts the side's scoring rate for the rest of the match (research §3.1).
      lambda: goals.lambda * 0.7 ** state.red.home,
      mu: goals.mu * 0.7 ** state.red.away,
      rho: FOOTBALL_RHO,
      cornersHome: tl.cornersHome,
      cornersAway: tl.cornersAway,
      phase,
      minute: state.minute,
      score: state.score,
      corners: state.corners,
      margins: pre ? this.options.margins.preMatch : this.options.margins.live,
    };
  }

  /** The priced markets at t, from a cache keyed by everything the prices depend on. */
  private quotesAt(tl: Timeline, state: SimState, t: number): { key: string; quotes: Quote[] } | null {
    const input = this.pricingInput(tl, state, t);
    if (!input) return null;
    const step = Math.floor((t - (tl.fixture.startsAt - LISTING_MS)) / HOUR_MS);
    const key =
      input.phase === 'pre'
        ? `${tl.fixture.id}|p${step}`
        : `${tl.fixture.id}|${input.phase}|${Math.floor(state.minute)}|${state.score.home}-${state.score.away}|` +
          `${state.corners.home}-${state.corners.away}|${state.red.home}-${state.red.away}`;
    const cached = this.quotes.get(key);
    if (cached) return { key, quotes: cached };
    return { key, quotes: this.quotes.remember(key, priceFootball(input)) };
  }

  /** A quote as the adapter's market, suspended with the fixture. */
  private feedMarket(q: Quote, suspended: boolean): FeedMarket {
    return {
      id: marketId(q.key),
      key: q.key,
      status: suspended ? MarketStatus.suspended : MarketStatus.active,
      outcomes: q.outcomes.map((o) => ({
        id: o.id,
        oddsMilli: o.oddsMilli,
        active: !suspended && o.oddsMilli !== null,
      })),
    };
  }

  private snapshotAt(tl: Timeline, t: number): FixtureSnapshot & { oddsKey: string } {
    const state = stateAt(tl, t);
    const priced = this.quotesAt(tl, state, t);
    const markets = (priced?.quotes ?? []).map((q) => this.feedMarket(q, state.suspended));
    return {
      ...this.fixtureOf(tl, t),
      state: this.matchState(state),
      markets,
      oddsKey: `${priced?.key ?? 'none'}|${state.suspended}`,
    };
  }

  private listed(tl: Timeline, t: number): boolean {
    if (t < tl.fixture.startsAt - LISTING_MS) return false;
    return LISTED_CODES.includes(stateAt(tl, t).periodCode);
  }

  listSports(now: number): SportSummary[] {
    const t = this.clock.toSim(now);
    const listed = this.around(t).filter((tl) => this.listed(tl, t));
    return SPORT_KEYS.map((key) => {
      const mine = listed.filter((tl) => tl.fixture.sport === key);
      const live = mine.filter((tl) => LIVE_CODES.includes(stateAt(tl, t).periodCode)).length;
      return { key, live, upcoming: mine.length - live };
    });
  }

  listCompetitions(sport: SportKey, now: number): string[] {
    const t = this.clock.toSim(now);
    const names = this.around(t)
      .filter((tl) => tl.fixture.sport === sport && this.listed(tl, t))
      .map((tl) => tl.fixture.competition);
    return [...new Set(names)].sort();
  }

  listFixtures(filter: FixtureFilter, now: number): FixtureSnapshot[] {
    const t = this.clock.toSim(now);
    return this.around(t)
      .filter((tl) => (!filter.sport || tl.fixture.sport === filter.sport) && this.listed(tl, t))
      .filter((tl) => {
        if (filter.live === undefined) return true;
        return LIVE_CODES.includes(stateAt(tl, t).periodCode) === filter.live;
      })
      .map((tl) => this.snapshotAt(tl, t))
      .sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
  }

  snapshot(fixtureId: string, now: number): FixtureSnapshot | undefined {
    const tl = this.timelineOf(fixtureId);
    const t = this.clock.toSim(now);
    if (!tl || t < tl.fixture.startsAt - LISTING_MS) return undefined;
    return this.snapshotAt(tl, t);
  }

  price(fixtureId: string, id: string, now: number): FeedMarket | undefined {
    const tl = this.timelineOf(fixtureId);
    const key = parseMarketId(id);
    if (!tl || !key) return undefined;
    const t = this.clock.toSim(now);
    const state = stateAt(tl, t);
    const input = this.pricingInput(tl, state, t);
    const quote = input && priceFootballMarket(input, key);
    return quote ? this.feedMarket(quote, state.suspended) : undefined;
  }

  result(fixtureId: string, now: number): FeedResult | undefined {
    const tl = this.timelineOf(fixtureId);
    if (!tl) return undefined;
    const t = this.clock.toSim(now);
    return { result: resultAt(tl, t), final: tl.finalAt !== null && t >= tl.finalAt };
  }

  subscribe(listener: (message: FeedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(message: FeedMessage) {
    for (const listener of this.listeners) listener(message);
  }

  advance(now: number): void {
    const t = this.clock.toSim(now);
    const seen = new Set<string>();
    for (const tl of this.around(t)) {
      if (t < tl.fixture.startsAt - LISTING_MS) continue;
      const id = tl.fixture.id;
      seen.add(id);
      const snap = this.snapshotAt(tl, t);
      const result = this.result(id, now)!;
      const state = snap.state;
      const stateSig = JSON.stringify([state.periodCode, state.clock?.slice(0, 2), state.score, state.stats]);
      const resultSig = JSON.stringify(result);
      const before = this.sent.get(id);
      if (!before || before.start !== snap.startsAt || before.period !== state.periodCode) {
        const { markets: _markets, state: _state, oddsKey: _oddsKey, ...fixture } = snap;
        this.emit({ type: 'fixture_change', fixture, periodCode: state.periodCode });
      }
      if (!before || before.state !== stateSig) this.emit({ type: 'match_state', fixtureId: id, state });
      if (state.suspended && !before?.suspended) this.emit({ type: 'bet_stop', fixtureId: id });
      if (!before || before.odds !== snap.oddsKey)
        this.emit({ type: 'odds_change', fixtureId: id, markets: snap.markets });
      if (
        before ? before.result !== resultSig : Object.keys(result.result.scores).length > 0 || result.final
      ) {
        this.emit({ type: 'bet_settlement', fixtureId: id, result });
      }
      this.sent.set(id, {
        start: snap.startsAt,
        period: state.periodCode,
        state: stateSig,
        odds: snap.oddsKey,
        suspended: state.suspended,
        result: resultSig,
      });
    }
    for (const id of this.sent.keys()) if (!seen.has(id)) this.sent.delete(id);
  }

  /** Every fixture of a simulated day with its timeline (the realism report reads these). */
  dayTimelines(day: number): Timeline[] {
    return this.day(day).map((f) => this.timeline(f));
  }
}
