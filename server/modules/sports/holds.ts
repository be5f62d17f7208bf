import type { Db, Trx } from '../../infra/db/connection';
import { MarketStatus, type FixtureSnapshot } from './feed';
import { operatorResultFixtures } from './fixtures.repository';

/**
 * Fixtures an operator has entered a result for have their book closed at once (sportsbook issue,
 * fault 3): no bet is taken or accepted on them, their markets are shown suspended, and cash-out of
 * a bet still open on them waits for settlement. The feed keeps pricing such a match (it does not
 * know of the operator's result), so every reader of prices asks here first; the stored row
 * (`result_source = 'operator'`) is the one truth, shared by every instance.
 */

/** Of the given fixtures, those whose book an operator's result has closed. */
export async function heldByOperator(db: Db | Trx, fixtureIds: readonly string[]): Promise<Set<string>> {
  if (fixtureIds.length === 0) return new Set();
  return new Set(await operatorResultFixtures(db, [...new Set(fixtureIds)]));
}

/** A snapshot with every market suspended (what a held fixture shows). */
export function suspended(snap: FixtureSnapshot): FixtureSnapshot {
  return {
    ...snap,
    state: { ...snap.state, suspended: true },
    markets: snap.markets.map((m) => ({
      ...m,
      status: MarketStatus.suspended,
      outcomes: m.outcomes.map((o) => ({ ...o, active: false })),
    })),
  };
}

/** Snapshots with the held ones suspended. */
export async function withHolds(db: Db, snaps: FixtureSnapshot[]): Promise<FixtureSnapshot[]> {
  const held = await heldByOperator(
    db,
    snaps.map((s) => s.id),
  );
  return held.size === 0 ? snaps : snaps.map((s) => (held.has(s.id) ? suspended(s) : s));
}
