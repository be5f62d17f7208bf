import { useEffect, useRef, useState } from 'react';
import { emitSocket, isSocketLive, onSocketEvent, type ServerEvents } from '../../services/socket';
import {
  fetchFixture,
  fetchFixtures,
  fetchResults,
  fetchSports,
  type SportSummary,
  type SportsFixture,
  type SportsFixtureDetail,
  type SportsResult,
} from '../../services/sports-api';
import { listsReachableOnly } from '../../../domain/sports/market-types';
import { feedSlip } from './slip-picks';

/**
 * The live data of the sportsbook pages. Lists are re-read on a short period (a visitor has no
 * socket); a fixture's page also joins the fixture's socket room when there is a connection, so
 * prices and the score move as the feed reports them. Every price seen is passed to the bet slip.
 */

/** How often the lists are re-read. */
export const LIST_REFRESH_MS = 4_000;
/** How often an open fixture is re-read (the socket brings changes sooner when connected). */
export const FIXTURE_REFRESH_MS = 5_000;

/** Runs `load` now and every `periodMs` while mounted; the latest answer wins. */
function usePolled<T>(load: () => Promise<T>, periodMs: number, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setData(null);
    setFailed(false);
    const run = () => {
      load()
        .then((value) => {
          if (!alive) return;
          setData(value);
          setFailed(false);
        })
        .catch(() => {
          if (alive) setFailed(true);
        })
        .finally(() => {
          if (alive) timer = setTimeout(run, periodMs);
        });
    };
    run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // The caller lists what `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { data, failed };
}

/** The twelve sports with live and upcoming counts. */
export function useSports() {
  return usePolled<SportSummary[]>(fetchSports, LIST_REFRESH_MS * 5, []);
}

/** Applies an odds push to a listed fixture's main market. */
export function mergeListOdds(fixture: SportsFixture, push: OddsPush): SportsFixture {
  const suspended = push.suspended ?? fixture.suspended;
  const main = fixture.main;
  const pushed = main ? push.markets?.find((m) => m.id === main.id) : undefined;
  if (!main || !pushed) return { ...fixture, suspended };
  const outcomes = main.outcomes.map((o) => {
    const next = pushed.outcomes.find((x) => x.id === o.id);
    return next ? { ...o, odds: next.odds, active: next.active } : o;
  });
  return { ...fixture, suspended, main: { ...main, status: pushed.status, outcomes } };
}

/**
 * A sport's live and upcoming fixtures, re-read every LIST_REFRESH_MS; with a connection the shown
 * fixtures' rooms are joined too, so prices flash and scores move as the feed pushes them. Their
 * main prices reach the slip.
 */
export function useFixtureList(sport: string, narrowing: { q?: string; competition?: string } = {}) {
  const { q, competition } = narrowing;
  const polled = usePolled<SportsFixture[]>(
    async () => {
      // A search looks in every sport.
      const list = await fetchFixtures(q ? { q } : { sport, competition });
      for (const f of list) if (f.main) feedSlip({ type: 'feed.odds', fixtureId: f.id, markets: [f.main] });
      return list;
    },
    LIST_REFRESH_MS,
    [sport, q, competition],
  );
  const [pushed, setPushed] = useState<{ base: SportsFixture[] | null; list: SportsFixture[] | null }>({
    base: null,
    list: null,
  });
  // A fresh read replaces what the pushes changed since the last one.
  if (pushed.base !== polled.data) setPushed({ base: polled.data, list: polled.data });

  const watched = useRef(new Set<string>());
  useEffect(() => {
    if (!polled.data || !isSocketLive()) return;
    const shown = new Set(polled.data.map((f) => f.id));
    const rooms = watched.current;
    // Joining again is harmless and re-joins after a reconnection.
    for (const id of shown) {
      emitSocket('sports.watch', { fixtureId: id });
      rooms.add(id);
    }
    for (const id of rooms) {
      if (shown.has(id)) continue;
      emitSocket('sports.unwatch', { fixtureId: id });
      rooms.delete(id);
    }
  }, [polled.data]);

  useEffect(() => {
    const update = (id: string, change: (f: SportsFixture) => SportsFixture) =>
      setPushed((current) =>
        current.list?.some((f) => f.id === id)
          ? { ...current, list: current.list.map((f) => (f.id === id ? change(f) : f)) }
          : current,
      );
    const offOdds = onSocketEvent('sports.odds', (push) =>
      update(push.fixtureId, (f) => mergeListOdds(f, push)),
    );
    const offState = onSocketEvent('sports.state', (push) =>
      update(push.fixtureId, (f) => ({
        ...f,
        periodCode: push.periodCode,
        clock: push.clock === undefined ? f.clock : push.clock,
        score: push.score ?? f.score,
      })),
    );
    const rooms = watched.current;
    return () => {
      offOdds();
      offState();
      for (const id of rooms) emitSocket('sports.unwatch', { fixtureId: id });
      rooms.clear();
    };
  }, [sport]);

  return { data: pushed.base === polled.data ? pushed.list : polled.data, failed: polled.failed };
}

type OddsPush = ServerEvents['sports.odds'];
type StatePush = ServerEvents['sports.state'];

/** Applies an odds push to a fixture's markets. */
export function mergeOdds(fixture: SportsFixtureDetail, push: OddsPush): SportsFixtureDetail {
  if (!push.markets) return { ...fixture, suspended: push.suspended ?? fixture.suspended };
  const byId = new Map(push.markets.map((m) => [m.id, m]));
  const markets = fixture.markets.map((m) => {
    const next = byId.get(m.id);
    if (!next) return m;
    // A market that lists only what can still win (Placar Exato, Placar em Sets): a selection the
    // push leaves out can no longer win, and is no longer shown.
    const reachable = listsReachableOnly(m.type);
    const outcomes = m.outcomes.flatMap((o) => {
      const pushed = next.outcomes.find((x) => x.id === o.id);
      if (!pushed) return reachable ? [] : [o];
      return [{ ...o, odds: pushed.odds, active: pushed.active }];
    });
    return { ...m, status: next.status, outcomes };
  });
  return { ...fixture, markets, suspended: push.suspended ?? fixture.suspended };
}

/** Applies a state push (score, clock, period, statistics) to a fixture. */
export function mergeState(fixture: SportsFixtureDetail, push: StatePush): SportsFixtureDetail {
  return {
    ...fixture,
    periodCode: push.periodCode,
    clock: push.clock === undefined ? fixture.clock : push.clock,
    score: push.score ?? fixture.score,
    stats: push.stats ?? fixture.stats,
    startsAt: push.startsAt ?? fixture.startsAt,
  };
}

/** One fixture with every market, kept current by the socket room and a periodic re-read. */
export function useFixture(id: string) {
  const [fixture, setFixture] = useState<SportsFixtureDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const watching = useRef(false);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setFixture(null);
    setMissing(false);
    const watch = () => {
      // Joining is idempotent on the server; repeating it re-joins after a reconnection.
      if (isSocketLive()) {
        emitSocket('sports.watch', { fixtureId: id });
        watching.current = true;
      }
    };
    const load = () => {
      fetchFixture(id)
        .then((next) => {
          if (!alive) return;
          setFixture(next);
          setMissing(false);
          feedSlip({ type: 'feed.odds', fixtureId: next.id, markets: next.markets });
        })
        .catch(() => {
          if (alive) setMissing(true);
        })
        .finally(() => {
          if (!alive) return;
          watch();
          timer = setTimeout(load, FIXTURE_REFRESH_MS);
        });
    };
    load();
    const offOdds = onSocketEvent('sports.odds', (push) => {
      if (push.fixtureId !== id) return;
      setFixture((current) => (current ? mergeOdds(current, push) : current));
      feedSlip({ type: 'feed.odds', ...push });
    });
    const offState = onSocketEvent('sports.state', (push) => {
      if (push.fixtureId !== id) return;
      setFixture((current) => (current ? mergeState(current, push) : current));
    });
    return () => {
      alive = false;
      clearTimeout(timer);
      offOdds();
      offState();
      if (watching.current) emitSocket('sports.unwatch', { fixtureId: id });
      watching.current = false;
    };
  }, [id]);

  return { fixture, missing };
}

/** How often the results are re-read (a match ends now and then). */
const RESULTS_REFRESH_MS = 60_000;

/** Results of the last seven days: a sport's, or every sport's that match a search. */
export function useResults(sport: string, q: string) {
  return usePolled<SportsResult[]>(() => fetchResults(q ? { q } : { sport }), RESULTS_REFRESH_MS, [sport, q]);
}
