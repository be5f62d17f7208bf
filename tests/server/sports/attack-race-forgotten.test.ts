import { describe, expect, it, vi } from 'vitest';
import { fundedPlayer } from '../helpers';
import { afterStartOf, placeSportsBet } from './sports-helpers';
import { legOf, useRaceApp } from './race-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { MatchTime } from '../../../domain/codes';

/**
 * A race the feed has forgotten (a real feed drops old fixtures; the simulated one never does, so
 * the test forgets it): an operator's classification is still checked against the race's field,
 * the one stored at its first bet. Before, a field no longer known was not checked, so a winner of
 * `d99` was taken and every bet on the race lost.
 */

const { app, feed, clock, raceOf, enter } = useRaceApp('attack-race-forgotten');

describe('a race the feed no longer knows', () => {
  it('takes a classification only of the drivers stored with it, and pays on it', async () => {
    const race = raceOf('Fórmula 1');
    const outcome = race.markets[0]!.outcomes[0]!;
    const leg = legOf(race, 'outright:full', outcome.id);
    const p = await fundedPlayer(app(), 100);
    await placeSportsBet(app(), p.token, [leg], 10);
    afterStartOf(clock, [race]);

    const snapshot = feed().snapshot.bind(feed());
    vi.spyOn(feed(), 'snapshot').mockImplementation((id, now) =>
      id === race.id ? undefined : snapshot(id, now),
    );
    const classify = (winners: string[]) =>
      enter(race.id, { status: MatchTime.finished, classification: { winners } });
    for (const stranger of ['d99', `d${race.field!.length + 1}`]) {
      const refused = await classify([stranger]);
      expect(refused.code, stranger).toBe(400);
    }
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(9_000);
    expect((await classify([outcome.id])).code).toBe(200);
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(
      9_000 + Math.floor(leg.odds * 1000),
    );
    vi.restoreAllMocks();
  });
});
