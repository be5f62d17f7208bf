import type { FieldEntry } from '../../../domain/sports/labels';
import { marketGroup, marketName, outcomeName } from '../../../domain/sports/market-labels';
import { lineOf, type FixtureResult } from '../../../domain/sports/markets';
import { SPORTS } from '../../../domain/sports/sports';
import { oddsFromMilli } from '../../../domain/sports/ladder';
import type { Db } from '../../infra/db/connection';
import type { FeedFixture, FeedMarket, FixtureFilter, FixtureSnapshot, SportsFeed } from './feed';
import { matchesSearch } from '../../../domain/sports/search';
import { findEnteredResults } from './results.repository';
import { withHolds } from './holds';

/**
 * What the sports reads answer (API.md "Sports"): sports with counts, fixtures with their state,
 * and a fixture's markets with pt-BR names. Everything comes from the feed adapter.
 */

/** A market on the wire: `{ id, type, period, line, status, name, group, outcomes[] }`. */
export function marketView(snap: Pick<FixtureSnapshot, 'home' | 'away' | 'sport' | 'field'>, m: FeedMarket) {
  return {
    id: m.id,
    type: m.key.type,
    period: m.key.period,
    line: m.key.lineQ === null ? null : lineOf(m.key.lineQ),
    status: m.status,
    name: marketName(m.key, snap.sport, snap),
    group: marketGroup(m.key, snap.sport),
    outcomes: m.outcomes.map((o) => ({
      id: o.id,
      name: outcomeName(m.key, o.id, snap),
      odds: o.oddsMilli === null ? null : oddsFromMilli(o.oddsMilli),
      active: o.active,
    })),
  };
}

/** A fixture in a list, with its main market (Resultado Final, or the sport's winner market) inline. */
export function fixtureView(snap: FixtureSnapshot) {
  // The winner market each sport shows first: 1X2, else the moneyline, the head-to-head or a race's
  // Vencedor da Corrida.
  const main = ['match_winner:full', 'moneyline:full', 'head_to_head:full', 'outright:full']
    .map((id) => snap.markets.find((m) => m.id === id))
    .find((m) => m !== undefined);
  return {
    id: snap.id,
    sport: snap.sport,
    competition: snap.competition,
    home: snap.home,
    away: snap.away,
    startsAt: new Date(snap.startsAt).toISOString(),
    live: snap.state.phase === 'live',
    periodCode: snap.state.periodCode,
    clock: snap.state.clock,
    score: snap.state.score,
    suspended: snap.state.suspended,
    main: main ? marketView(snap, main) : null,
  };
}

/**
 * One fixture with statistics and every open market, and whether its Resultado Final pays early
 * (`earlyPayout`: the competitions of the configuration's `sports.earlyPayout`).
 */
export function fixtureDetailView(snap: FixtureSnapshot, earlyPayout: readonly string[]) {
  return {
    ...fixtureView(snap),
    stats: snap.state.stats,
    markets: snap.markets.map((m) => marketView(snap, m)),
    earlyPayout: snap.sport === 'football' && earlyPayout.includes(snap.competition),
  };
}

/** `/sports/sports`: the twelve sports with pt-BR names, live / upcoming counts and competitions. */
export function sportsView(feed: SportsFeed, now: number) {
  const counts = new Map(feed.listSports(now).map((s) => [s.key, s]));
  return SPORTS.map((s) => ({
    key: s.key,
    name: s.name,
    live: counts.get(s.key)?.live ?? 0,
    upcoming: counts.get(s.key)?.upcoming ?? 0,
    competitions: feed.listCompetitions(s.key, now),
  }));
}

/** What a list is narrowed to besides the feed's own filter: a search, a competition. */
export interface Narrowing {
  q?: string;
  competition?: string;
}

// A race is found by its drivers too.
const narrowed = <F extends Pick<FeedFixture, 'home' | 'away' | 'competition' | 'field'>>(
  list: F[],
  n: Narrowing,
) =>
  list.filter(
    (f) =>
      (!n.competition || f.competition === n.competition) &&
      (!n.q || matchesSearch(n.q, [f.home, f.away, f.competition, ...(f.field ?? []).map((d) => d.name)])),
  );

/**
 * `/sports/fixtures`: live and upcoming fixtures, by start; those an operator holds, suspended.
 * A search (team or competition, any sport unless one is asked) narrows the list.
 */
export async function fixturesView(db: Db, feed: SportsFeed, filter: FixtureFilter & Narrowing, now: number) {
  const listed = narrowed(feed.listFixtures({ sport: filter.sport, live: filter.live }, now), filter);
  return (await withHolds(db, listed)).map(fixtureView);
}

/** Results are kept this long for players to look back on. */
const RESULTS_DAYS = 7;
/** At most this many results in one answer (the newest). */
const RESULTS_SHOWN = 200;

/** The period a result shows beside the final score: football's first half, tennis's first set. */
const FIRST_PERIOD = ['first_half', 'first_set'] as const;

/** A race's winner as the results show it: the driver classified first (drivers, in a dead heat). */
function winnerOf(result: FixtureResult, field: readonly FieldEntry[] | undefined): string | null {
  const winners = result.classification?.winners ?? [];
  if (!field || winners.length === 0) return null;
  return winners.map((id) => field.find((d) => d.id === id)?.name ?? id).join(', ');
}

/**
 * `/sports/results`: fixtures of the last seven days that are over, newest first, with how they
 * ended and the final score (an operator's result where one was entered, as settlement reads it),
 * or a race's winner.
 */
export async function resultsView(db: Db, feed: SportsFeed, filter: FixtureFilter & Narrowing, now: number) {
  const finished = narrowed(
    feed.listFinished({ sport: filter.sport }, RESULTS_DAYS * 86_400_000, now),
    filter,
  ).slice(0, RESULTS_SHOWN);
  const entered = await findEnteredResults(
    db,
    finished.map((f) => f.id),
  );
  return finished.map((f) => {
    const result = entered.get(f.id) ?? f.result;
    const full = result.scores.full;
    const first = FIRST_PERIOD.map((p) => result.scores[p]).find((s) => s !== undefined);
    return {
      id: f.id,
      sport: f.sport,
      competition: f.competition,
      home: f.home,
      away: f.away,
      startsAt: new Date(f.startsAt).toISOString(),
      status: result.status,
      score: full ? { home: full.home, away: full.away } : null,
      firstPeriod: first ? { home: first.home, away: first.away } : null,
      winner: winnerOf(result, f.field),
    };
  });
}
