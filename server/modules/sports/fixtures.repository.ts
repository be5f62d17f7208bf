import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { FieldEntry } from '../../../domain/sports/labels';

/**
 * The stored fixtures' queries (issue 17: SQL in the repository, rules in the services): a row is
 * kept for every fixture that has bets, with its result, the version settlement follows and the
 * bet cancellation windows; plus the feed's stored seed. Results are stored by settlement.service.ts,
 * bets upsert their fixtures (betting.service.ts), and holds.ts reads which books an operator closed.
 */

/** What a fixture row is created from: the feed's snapshot, or what is known of it already. */
export interface NewFixture {
  id: string;
  sport: string;
  competition: string;
  tier: number | null;
  home: string;
  away: string;
  startsAt: Date;
  /** A race's field (its own fixture's drivers); absent for a fixture of two sides. */
  field?: readonly FieldEntry[];
}

/**
 * The seed the simulated feed runs on, shared by every instance: `candidate` is stored when no
 * seed is yet, and the stored one is answered (the first instance to start wins).
 */
export async function storedFeedSeed(db: Db, candidate: string): Promise<string> {
  await db
    .insertInto('sports_feed_state')
    .values({ id: 1, seed: candidate })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await db.selectFrom('sports_feed_state').select('seed').executeTakeFirstOrThrow()).seed;
}

/**
 * Writes a fixture's result (`text`, JSON) and moves its version on, only when it differs from the
 * stored one, so settlement revisits its bets only after a real change. The feed writes only over
 * the feed's own results: an operator's stays. True when the row changed.
 */
export async function writeResult(
  db: Db | Trx,
  fixtureId: string,
  text: string,
  final: boolean,
  source: 'feed' | 'operator',
): Promise<boolean> {
  let query = db
    .updateTable('sports_fixtures')
    .set((eb) => ({
      result: text,
      result_final: final,
      result_source: source,
      result_version: eb('result_version', '+', 1),
      done: false,
      updated_at: new Date(),
    }))
    .where('id', '=', fixtureId)
    .where((eb) =>
      eb.or([eb('result', 'is', null), eb('result', '!=', text), eb('result_final', '!=', final)]),
    );
  if (source === 'feed') query = query.where('result_source', '=', 'feed');
  const changed = await query.returning('id').executeTakeFirst();
  return changed !== undefined;
}

/**
 * Removes the feed's result of a fixture and moves its version on (a rollback of its settlement);
 * an operator's result is left alone. True when there was a feed result to remove.
 */
export async function clearFeedResult(db: Db, fixtureId: string): Promise<boolean> {
  const changed = await db
    .updateTable('sports_fixtures')
    .set((eb) => ({
      result: null,
      result_final: false,
      result_version: eb('result_version', '+', 1),
      done: false,
      updated_at: new Date(),
    }))
    .where('id', '=', fixtureId)
    .where('result_source', '=', 'feed')
    .where('result', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** Locks a fixture's row for the rest of the transaction; false when no bet ever stored it. */
export async function lockFixture(trx: Trx, fixtureId: string): Promise<boolean> {
  const fixture = await trx
    .selectFrom('sports_fixtures')
    .select('id')
    .where('id', '=', fixtureId)
    .forUpdate()
    .executeTakeFirst();
  return fixture !== undefined;
}

/** Records a bet cancellation window of a fixture; false when it was recorded already. */
export async function insertCancelWindow(
  trx: Trx,
  fixtureId: string,
  window: { from: Date; to: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('sports_fixture_cancels')
    .values({ fixture_id: fixtureId, from_at: window.from, to_at: window.to })
    .onConflict((oc) => oc.columns(['fixture_id', 'from_at', 'to_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Moves a fixture's result version on, so settlement revisits its bets. */
export async function bumpResultVersion(trx: Trx, fixtureId: string): Promise<void> {
  await trx
    .updateTable('sports_fixtures')
    .set((eb) => ({ result_version: eb('result_version', '+', 1), done: false, updated_at: new Date() }))
    .where('id', '=', fixtureId)
    .execute();
}

/** The stored results (JSON) and versions of the given fixtures, that legs are settled at. */
export async function resultsOf(db: Db | Trx, fixtureIds: string[]) {
  return db
    .selectFrom('sports_fixtures')
    .select(['id', 'sport', 'result', 'result_final', 'result_version'])
    .where('id', 'in', fixtureIds)
    .execute();
}

/** The bet cancellation windows of the given fixtures. */
export async function cancelWindowsOf(db: Db | Trx, fixtureIds: string[]) {
  return db
    .selectFrom('sports_fixture_cancels')
    .select(['fixture_id', 'from_at', 'to_at'])
    .where('fixture_id', 'in', fixtureIds)
    .execute();
}

/** A fixture's stored result, its version and whether it is final, if the fixture is stored. */
export async function resultVersionOf(db: Db, fixtureId: string) {
  return db
    .selectFrom('sports_fixtures')
    .select(['result', 'result_version', 'result_final'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
}

/**
 * Records that every bet on a fixture is settled at `version` (and whether the fixture is done),
 * unless a newer result arrived meanwhile: then the next pass settles that one.
 */
export async function markFixtureSettled(
  db: Db,
  fixtureId: string,
  version: number,
  done: boolean,
): Promise<void> {
  await db
    .updateTable('sports_fixtures')
    .set({ settled_version: version, done })
    .where('id', '=', fixtureId)
    .where('result_version', '=', version)
    .execute();
}

/** Fixtures not done whose start has come by `now`: the settlement loop's work. */
export async function startedUndoneFixtures(db: Db, now: Date) {
  return db
    .selectFrom('sports_fixtures')
    .select(['id', 'sport', 'starts_at', 'result', 'result_source'])
    .where('done', '=', false)
    .where('starts_at', '<=', now)
    .execute();
}

/** What is stored of a fixture (for one the feed no longer knows). */
export async function storedFixture(db: Db, fixtureId: string) {
  const row = await db
    .selectFrom('sports_fixtures')
    .select(['sport', 'home', 'away', 'starts_at', 'field'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
  return row && { ...row, field: row.field === null ? undefined : (JSON.parse(row.field) as FieldEntry[]) };
}

/** A fixture's row as first stored. */
const fixtureRow = (fixture: NewFixture) => ({
  id: fixture.id,
  sport: fixture.sport,
  competition: fixture.competition,
  tier: fixture.tier,
  home: fixture.home,
  away: fixture.away,
  starts_at: fixture.startsAt,
  field: fixture.field ? JSON.stringify(fixture.field) : null,
});

/** Stores a fixture an operator enters a result for, or reopens the stored one for settlement. */
export async function upsertFixtureForResult(trx: Trx, fixture: NewFixture): Promise<void> {
  await trx
    .insertInto('sports_fixtures')
    .values(fixtureRow(fixture))
    .onConflict((oc) => oc.column('id').doUpdateSet({ done: false }))
    .execute();
}

/**
 * Stores a fixture a bet is placed on, or brings the stored one's start and tier up to the feed's,
 * and locks its row: an operator's result (which updates it) and the bet are thereby ordered.
 * Answers where its result came from.
 */
export async function upsertFixtureForBet(trx: Trx, fixture: NewFixture): Promise<string> {
  const row = await trx
    .insertInto('sports_fixtures')
    .values(fixtureRow(fixture))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        starts_at: fixture.startsAt,
        tier: fixture.tier,
        done: false,
        // A row an operator's postponement stored before any bet may lack the field.
        field: sql<string | null>`coalesce(sports_fixtures.field, excluded.field)`,
      }),
    )
    .returning('result_source')
    .executeTakeFirstOrThrow();
  return row.result_source;
}

/** Of the given fixtures (distinct, at least one), those whose result an operator entered. */
export async function operatorResultFixtures(db: Db | Trx, fixtureIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('sports_fixtures')
    .select('id')
    .where('id', 'in', fixtureIds)
    .where('result_source', '=', 'operator')
    .execute();
  return rows.map((r) => r.id);
}
