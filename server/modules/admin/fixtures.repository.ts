import type { Db } from '../../infra/db/connection';

/** Fixtures listed per call, latest start first. */
const FIXTURES_LISTED = 100;

/**
 * Fixtures for the trader's desk. With `q`, any fixture whose id is `q` or whose teams or
 * competition contain it (to correct a result the feed got wrong); without, those that need
 * attention: no final result two hours after the start (on the sportsbook's clock, `nowMs`), results an operator set, and fixtures whose
 * bets are stuck in an exception.
 */
export async function findFixturesForReview(db: Db, q: string | undefined, nowMs: number) {
  return db
    .selectFrom('sports_fixtures')
    .select([
      'id',
      'sport',
      'competition',
      'home',
      'away',
      'starts_at',
      'result',
      'result_final',
      'result_version',
      'result_source',
      'settled_version',
    ])
    .where((eb) => {
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return eb.or([
          eb('id', '=', q),
          eb('home', 'ilike', like),
          eb('away', 'ilike', like),
          eb('competition', 'ilike', like),
        ]);
      }
      return eb.or([
        eb.and([eb('starts_at', '<=', new Date(nowMs - 2 * 3_600_000)), eb('result_final', '=', false)]),
        eb('result_source', '!=', 'feed'),
        eb(
          'id',
          'in',
          eb
            .selectFrom('sports_bet_legs as l')
            .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
            .select('l.fixture_id')
            .where('b.state', '=', 'exception'),
        ),
      ]);
    })
    .orderBy('starts_at', 'desc')
    .limit(FIXTURES_LISTED)
    .execute();
}
