import type { MarginPlan } from '../../../../domain/sports/book-margins';
import { sha256Hex } from '../../../../domain/fairness/hash';
import { MatchTime } from '../../../../domain/codes';
import { marketId, parseMarketId, type LegSpec } from '../../../../domain/sports/markets';
import type { BuilderChance } from '../../../../domain/sports/builder';
import type { Quote } from '../../../../domain/sports/pricing';
import { SPORT_KEYS, type SportKey } from '../../../../domain/sports/sports';
import {
  MarketStatus,
  type FeedFixture,
  type FeedMarket,
  type FeedMessage,
  type CancelWindow,
  type FeedResult,
  type FixtureFilter,
  type FinishedFixture,
  type FixtureSnapshot,
  type SportSummary,
  type SportsFeed,
} from '../feed';
import { dayOf, HOUR_MS, simClock, type SimClock } from './clock';
import { americanFootballSim, basketballSim } from './scoring.sim';
import { footballSim } from './football.sim';
import { tennisSim } from './tennis.sim';
import { baseballSim } from './baseball.sim';
import { boxingSim } from './boxing.sim';
import { cricketSim } from './cricket.sim';
import { motorSim } from './motor.sim';
import { raceSims } from './race.sim';
import {
  assignFates,
  shareEventFates,
  LISTING_MS,
  type SimFixture,
  type SimState,
  type SimTimeline,
  type SportSim,
} from './sport-sim';

export interface SimulatedFeedOptions {
  /** Replays the same world (SPORTS_FEED_SEED). */
  seed: string;
  /** Simulated time runs this many times faster than the wall clock (SPORTS_FEED_SPEED). */
  speed: number;
  /** Hours a postponed or abandoned fixture may still be played, per sport (simulated time). */
  windowHours: (sport: SportKey) => number;
  /** The operator's margin plan (config `sports.margins`). */
  margins: MarginPlan;
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

/** A sport's simulation, seen through the common timeline: it only ever gets its own timelines back. */
const erased = <T extends SimTimeline>(sim: SportSim<T>) => sim as unknown as SportSim<SimTimeline>;

/** Every sport the simulation runs. */
const SIMS: ReadonlyArray<SportSim<SimTimeline>> = [
  erased(footballSim),
  erased(basketballSim),
  erased(tennisSim),
  erased(americanFootballSim),
  erased(baseballSim),
  erased(boxingSim),
  erased(cricketSim),
  erased(motorSim),
  ...raceSims.map(erased),
];
const BY_PREFIX = new Map(SIMS.map((s) => [s.prefix, s]));
const BY_SPORT = new Map(SIMS.map((s) => [s.sport, s]));

const ID = /^([a-z]{2})-([0-9a-f]{6})-(-?\d{1,6})-(\d{1,2})-(\d{1,2})$/;
/** A rare fate beyond the one forced per day, per fixture and per fate its sport has. */
const EXTRA_FATE_PROBABILITY = 0.003;

/** States still listed (design: live and upcoming, with stopped and postponed ones). */
const LISTED_CODES: readonly number[] = [MatchTime.interrupted, MatchTime.postponed];

/**
 * The built-in simulated feed (design/sports.md "Feed adapter"): a deterministic function of the
 * seed and the simulated clock, so every instance computes the same fixtures, states and prices
 * and a seeded run can be replayed. Each sport's simulation supplies its schedule, timelines and
 * model; `advance` turns the differences since its last call into the adapter's messages.
 */
export class SimulatedFeed implements SportsFeed {
  readonly speed: number;
  readonly clock: SimClock;
  private readonly seedTag: string;
  // A week of results and the week around now.
  private readonly days = new Bounded<number, SimFixture[]>(24);
  private readonly timelines = new Bounded<string, SimTimeline>(6000);
  private readonly quoteCache = new Bounded<string, Quote[]>(6000);
  /** The margins the cached quotes were priced with; new margins (an operator's change) empty the cache. */
  private pricedWith: MarginPlan | null = null;
  private readonly listeners = new Set<(message: FeedMessage) => void>();
  private readonly sent = new Map<
    string,
    {
      start: number;
      period: number;
      state: string;
      odds: string;
      suspended: boolean;
      result: string;
      /** Whether the result sent was final. */
      final: boolean;
      /** The end of the latest cancellation already sent. */
      cancelledUpTo: number;
    }
  >();

  constructor(private readonly options: SimulatedFeedOptions) {
    this.speed = options.speed;
    this.clock = simClock(options.speed);
    this.seedTag = sha256Hex(options.seed).slice(0, 6);
  }

  /** Every sport's fixtures of a São Paulo day, with the day's rare fates given out. */
  private day(day: number): SimFixture[] {
    const known = this.days.get(day);
    if (known) return known;
    const fixtures = SIMS.flatMap((sim) => sim.day(this.options.seed, this.seedTag, day)).sort(
      (x, y) => x.startsAt - y.startsAt || x.id.localeCompare(y.id),
    );
    // The rare fates are dealt among the fixtures other than races' own, as before races had one
    // (so that no other sport's fixture of a seeded world changed its fate); then a race's own
    // fixture and its head-to-heads take the fate any of them was dealt.
    assignFates(
      this.options.seed,
      day,
      fixtures.filter((f) => !f.field),
      (f) => BY_SPORT.get(f.sport)!.fates,
      EXTRA_FATE_PROBABILITY,
    );
    shareEventFates(fixtures, (f) => BY_SPORT.get(f.sport)!.eventOf?.(f));
    return this.days.remember(day, fixtures);
  }

  private simOf(tl: SimTimeline): SportSim<SimTimeline> {
    return BY_SPORT.get(tl.fixture.sport)!;
  }

  private timeline(fixture: SimFixture): SimTimeline {
    const known = this.timelines.get(fixture.id);
    if (known) return known;
    const window = this.options.windowHours(fixture.sport) * HOUR_MS;
    const sim = BY_SPORT.get(fixture.sport)!;
    return this.timelines.remember(fixture.id, sim.timeline(this.options.seed, fixture, window));
  }

  /** A fixture's whole timeline (tests and the realism report read it); undefined if unknown. */
  timelineOf(id: string): SimTimeline | undefined {
    const m = ID.exec(id);
    if (!m || m[2] !== this.seedTag || !BY_PREFIX.has(m[1]!)) return undefined;
    const fixture = this.day(Number(m[3])).find((f) => f.id === id);
    return fixture && this.timeline(fixture);
  }

  /** The state of a fixture at simulated time t (the realism report reads it). */
  stateAt(tl: SimTimeline, t: number): SimState {
    return this.simOf(tl).state(tl, t);
  }

  /** Timelines of the days around t: rescheduled matches of past days to three days ahead. */
  private around(t: number): SimTimeline[] {
    const today = dayOf(t);
    const out: SimTimeline[] = [];
    for (let d = today - 3; d <= today + 3; d++) for (const f of this.day(d)) out.push(this.timeline(f));
    return out;
  }

  /** Kick-off as published at t: a rescheduled fixture shows its new start once announced. */
  private startOf(tl: SimTimeline, t: number): number {
    return tl.rescheduledAt !== null && t >= tl.rescheduledAt && tl.kickoff !== null
      ? tl.kickoff
      : tl.fixture.startsAt;
  }

  private fixtureOf(tl: SimTimeline, t: number): FeedFixture {
    const f = tl.fixture;
    return {
      id: f.id,
      sport: f.sport,
      competition: f.competition,
      tier: f.tier,
      home: f.home,
      away: f.away,
      startsAt: this.clock.toReal(this.startOf(tl, t)),
      ...(f.field ? { field: f.field } : {}),
    };
  }

  /** The priced markets at t, cached by everything the prices depend on. */
  private quotesAt(tl: SimTimeline, state: SimState, t: number): { key: string; quotes: Quote[] } | null {
    // A fixture to be postponed is priced like any other until it is (nothing tells the future).
    if (state.phase === null) return null;
    const sim = this.simOf(tl);
    const key = `${tl.fixture.id}|${sim.quoteKey(tl, state, t)}`;
    if (this.pricedWith !== this.options.margins) {
      this.quoteCache.clear();
      this.pricedWith = this.options.margins;
    }
    const cached = this.quoteCache.get(key);
    if (cached) return { key, quotes: cached };
    return { key, quotes: this.quoteCache.remember(key, sim.quotes(tl, state, t, this.options.margins)) };
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
      ...(q.refundShare !== undefined ? { refundShare: q.refundShare } : {}),
    };
  }

  /** What a snapshot and a match_state message show of a state. */
  private stateView(state: SimState): FixtureSnapshot['state'] {
    return {
      periodCode: state.periodCode,
      clock: state.clock,
      score: state.score,
      stats: state.stats,
      suspended: state.suspended,
      phase: state.phase,
      stateSeq: state.stateSeq,
      stopSeq: state.stopSeq,
    };
  }

  /** What the markets shown depend on: the prices' cache key and whether they are suspended. */
  private oddsKeyOf(priced: { key: string } | null, state: SimState): string {
    return `${priced?.key ?? 'none'}|${state.suspended}`;
  }

  private marketsOf(priced: { quotes: Quote[] } | null, state: SimState): FeedMarket[] {
    return (priced?.quotes ?? []).map((q) => this.feedMarket(q, state.suspended));
  }

  private snapshotAt(tl: SimTimeline, t: number): FixtureSnapshot & { oddsKey: string } {
    const state = this.stateAt(tl, t);
    const priced = this.quotesAt(tl, state, t);
    return {
      ...this.fixtureOf(tl, t),
      state: this.stateView(state),
      markets: this.marketsOf(priced, state),
      oddsKey: this.oddsKeyOf(priced, state),
    };
  }

  private isLive(tl: SimTimeline, t: number): boolean {
    return this.stateAt(tl, t).phase === 'live';
  }

  private listed(tl: SimTimeline, t: number): boolean {
    if (t < tl.fixture.startsAt - LISTING_MS) return false;
    const state = this.stateAt(tl, t);
    return state.phase !== null || LISTED_CODES.includes(state.periodCode);
  }

  listSports(now: number): SportSummary[] {
    const t = this.clock.toSim(now);
    const listed = this.around(t).filter((tl) => this.listed(tl, t));
    return SPORT_KEYS.map((key) => {
      const mine = listed.filter((tl) => tl.fixture.sport === key);
      const live = mine.filter((tl) => this.isLive(tl, t)).length;
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
      .filter((tl) => filter.live === undefined || this.isLive(tl, t) === filter.live)
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
    const state = this.stateAt(tl, t);
    if (state.phase === null) return undefined;
    const quote = this.simOf(tl).price(tl, state, t, this.options.margins, key);
    return quote ? this.feedMarket(quote, state.suspended) : undefined;
  }

  builderChance(fixtureId: string, legs: readonly LegSpec[], now: number): BuilderChance | undefined {
    const tl = this.timelineOf(fixtureId);
    if (!tl) return undefined;
    const t = this.clock.toSim(now);
    const state = this.stateAt(tl, t);
    if (state.phase === null) return undefined;
    const sim = this.simOf(tl);
    return sim.builderChance
      ? sim.builderChance(tl, state, t, this.options.margins, legs)
      : { ok: false, reason: 'market' };
  }

  cancels(fixtureId: string, now: number): CancelWindow[] {
    const tl = this.timelineOf(fixtureId);
    const t = this.clock.toSim(now);
    return (tl?.cancels ?? [])
      .filter((c) => c.at <= t)
      .map((c) => ({ from: this.clock.toReal(c.from), to: this.clock.toReal(c.to) }));
  }

  result(fixtureId: string, now: number): FeedResult | undefined {
    const tl = this.timelineOf(fixtureId);
    if (!tl) return undefined;
    return this.resultAt(tl, this.clock.toSim(now));
  }

  /** The official result at simulated time t, and whether it is final. */
  private resultAt(tl: SimTimeline, t: number): FeedResult {
    return { result: this.simOf(tl).result(tl, t), final: tl.finalAt !== null && t >= tl.finalAt };
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
      // Twice a second over a week of fixtures, most of them unchanged: the fixture and its markets
      // are built only for the messages that carry them.
      const state = this.stateAt(tl, t);
      const priced = this.quotesAt(tl, state, t);
      const oddsKey = this.oddsKeyOf(priced, state);
      const startsAt = this.clock.toReal(this.startOf(tl, t));
      const result = this.resultAt(tl, t);
      const stateSig = JSON.stringify([state.periodCode, state.clock?.slice(0, 2), state.score, state.stats]);
      const resultSig = JSON.stringify(result);
      const before = this.sent.get(id);
      if (!before || before.start !== startsAt || before.period !== state.periodCode) {
        this.emit({ type: 'fixture_change', fixture: this.fixtureOf(tl, t), periodCode: state.periodCode });
      }
      if (!before || before.state !== stateSig)
        this.emit({ type: 'match_state', fixtureId: id, state: this.stateView(state) });
      if (state.suspended && !before?.suspended) this.emit({ type: 'bet_stop', fixtureId: id });
      if (!before || before.odds !== oddsKey)
        this.emit({ type: 'odds_change', fixtureId: id, markets: this.marketsOf(priced, state) });
      const cancels = this.cancels(id, now);
      for (const window of cancels) {
        if (!before || window.to > before.cancelledUpTo)
          this.emit({ type: 'bet_cancel', fixtureId: id, window });
      }
      if (
        before ? before.result !== resultSig : Object.keys(result.result.scores).length > 0 || result.final
      ) {
        // A final result replaced by another (a correction): the first settlement is rolled back.
        if (before?.final && result.final) this.emit({ type: 'rollback_settlement', fixtureId: id });
        this.emit({ type: 'bet_settlement', fixtureId: id, result });
      }
      this.sent.set(id, {
        start: startsAt,
        period: state.periodCode,
        state: stateSig,
        odds: oddsKey,
        suspended: state.suspended,
        result: resultSig,
        final: result.final,
        cancelledUpTo: Math.max(0, ...cancels.map((w) => w.to)),
      });
    }
    for (const id of this.sent.keys()) if (!seen.has(id)) this.sent.delete(id);
  }

  listFinished(filter: Pick<FixtureFilter, 'sport'>, withinMs: number, now: number): FinishedFixture[] {
    const t = this.clock.toSim(now);
    const from = t - withinMs;
    const out: FinishedFixture[] = [];
    // A fixture is final at most a postponement window after its day: a few days back suffice.
    for (let d = dayOf(from) - 3; d <= dayOf(t); d++) {
      for (const tl of this.dayTimelines(d)) {
        if (filter.sport && tl.fixture.sport !== filter.sport) continue;
        if (tl.finalAt === null || tl.finalAt > t || tl.finalAt < from) continue;
        // A correction comes after the first final result: the result shown is the one of now.
        out.push({
          ...this.fixtureOf(tl, t),
          result: this.simOf(tl).result(tl, t),
          finishedAt: this.clock.toReal(tl.finalAt),
        });
      }
    }
    return out.sort((a, b) => b.finishedAt - a.finishedAt || a.id.localeCompare(b.id));
  }

  /**
   * Every fixture of a simulated day with its timeline (the realism report reads these), or those
   * of some sports only: a timeline is drawn whole, and a weekly sport's checks play years of days.
   */
  dayTimelines(day: number, sports?: readonly SportKey[]): SimTimeline[] {
    return this.day(day)
      .filter((f) => !sports || sports.includes(f.sport))
      .map((f) => this.timeline(f));
  }
}
