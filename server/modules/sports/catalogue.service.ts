import { marketGroup, marketName, outcomeName } from '../../../domain/sports/labels';
import { lineOf } from '../../../domain/sports/markets';
import type { SportKey } from '../../../domain/sports/sports';
import { SPORTS } from '../../../domain/sports/sports';
import { oddsFromMilli } from '../../../domain/sports/ladder';
import type { Db } from '../../infra/db/connection';
import type { FeedMarket, FixtureSnapshot, SportsFeed } from './feed';
import { withHolds } from './holds';

/**
 * What the sports reads answer (API.md "Sports"): sports with counts, fixtures with their state,
 * and a fixture's markets with pt-BR names. Everything comes from the feed adapter.
 */

/** A market on the wire: `{ id, type, period, line, status, name, group, outcomes[] }`. */
export function marketView(snap: Pick<FixtureSnapshot, 'home' | 'away' | 'sport'>, m: FeedMarket) {
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
  // The winner market each sport shows first: 1X2, else the moneyline or the head-to-head.
  const main = ['match_winner:full', 'moneyline:full', 'head_to_head:full']
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

/** One fixture with statistics and every open market. */
export function fixtureDetailView(snap: FixtureSnapshot) {
  return {
    ...fixtureView(snap),
    stats: snap.state.stats,
    markets: snap.markets.map((m) => marketView(snap, m)),
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

/** `/sports/fixtures`: live and upcoming fixtures, by start; those an operator holds, suspended. */
export async function fixturesView(
  db: Db,
  feed: SportsFeed,
  filter: { sport?: SportKey; live?: boolean },
  now: number,
) {
  return (await withHolds(db, feed.listFixtures(filter, now))).map(fixtureView);
}
