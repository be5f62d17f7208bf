import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, giveBonus } from '../helpers';
import { placeSportsBet, useSportsApp, type BetLeg } from './sports-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { MatchTime } from '../../../domain/codes';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';

/**
 * Bonus becomes cash once it is wagered, on the sportsbook too (decision 92, migration 044): a
 * sports bet counts at settlement, and the settlement that meets the requirement releases the bonus.
 */
const START = Date.UTC(2026, 2, 11, 12, 0);
const { app, feed, clock } = useSportsApp(START);

async function releases(userId: number) {
  const rows = await app()
    .ctx.db.selectFrom('bonus_releases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('transaction_id')
    .execute();
  return rows.map((r) => ({
    amount: Number(r.amount_cents),
    wagered: Number(r.wagered_cents),
    required: Number(r.required_cents),
  }));
}

/** The next upcoming football fixture that plays out normally, and its three 1X2 legs. */
function nextFixture(): { f: FixtureSnapshot; legs: BetLeg[] } {
  const f = feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((x) => x.state.periodCode === MatchTime.notStarted && x.startsAt > clock.now() + 60_000)
    .find((x) => feed().timelineOf(x.id)!.fixture.fate === 'normal')!;
  const legs = ['home', 'draw', 'away'].map((o) => {
    const odds = f.markets
      .find((m) => m.id === 'match_winner:full')!
      .outcomes.find((x) => x.id === o)!.oddsMilli!;
    return { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: o, odds: odds / 1000 };
  });
  return { f, legs };
}

const settle = async (f: FixtureSnapshot) => {
  clock.set(feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000);
  await runSettlement(app().ctx, app().sports);
};

describe('bonus release on the sportsbook', () => {
  it('releases the bonus at the settlement that meets its wagering, not at the bet', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500, 2); // R$ 5 to wager R$ 10
    const { f, legs } = nextFixture();
    await placeSportsBet(app(), p.token, [legs[0]!], 10);
    expect(await releases(p.userId)).toEqual([]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(500);

    const before = await playerBalances(app().ctx.db, p.userId);
    await settle(f);
    const after = await playerBalances(app().ctx.db, p.userId);
    expect(after.user_bonus).toBe(0);
    const released = await releases(p.userId);
    expect(released).toHaveLength(1);
    expect(released[0]).toEqual({ amount: 500, wagered: 1_000, required: 1_000 });
    expect(after.user_cash - before.user_cash).toBeGreaterThanOrEqual(500);
  });

  it('releases the winnings a bonus stake brings back once the wagering is met', async () => {
    // Only bonus, staked whole on the three outcomes: the winner pays back to the bonus wallet,
    // and the fixture's settlement meets the requirement, in whichever order it takes the bets.
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 3_000, 1);
    const { f, legs } = nextFixture();
    for (const leg of legs) await placeSportsBet(app(), p.token, [leg], 10);
    expect(await playerBalances(app().ctx.db, p.userId)).toMatchObject({ user_cash: 0, user_bonus: 0 });
    await settle(f);
    const after = await playerBalances(app().ctx.db, p.userId);
    expect(after.user_bonus).toBe(0);
    expect(after.user_cash).toBeGreaterThan(0);
    const released = await releases(p.userId);
    expect(released.map((r) => r.amount).reduce((a, b) => a + b)).toBe(after.user_cash);
  });

  it('releases once when two settlement runs and dice bets of the player go at the same time', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500, 2);
    const { f, legs } = nextFixture();
    for (const leg of legs) await placeSportsBet(app(), p.token, [leg], 5);
    clock.set(feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000);
    const dice = (i: number) =>
      call(app(), {
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': `br-sports-${p.userId}-${i}` },
        payload: { amount: 1, target: 50, direction: 'under' },
      });
    const [first, second, ...bets] = await Promise.all([
      runSettlement(app().ctx, app().sports),
      runSettlement(app().ctx, app().sports),
      ...Array.from({ length: 6 }, (_, i) => dice(i)),
    ]);
    expect(first.length + second.length).toBeGreaterThanOrEqual(3);
    expect(bets.map((b) => b.code)).toEqual(bets.map(() => 200));
    expect((await releases(p.userId)).map((r) => r.amount)).toEqual([500]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
  });
});
