import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, type Player, giveBonus } from '../helpers';
import { afterStartOf, operatorHeaders, placeSportsBet, useSportsApp, type BetLeg } from './sports-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { decideAndAnnounce, runSettlement } from '../../../server/modules/sports/jobs';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { MatchTime } from '../../../domain/codes';

/**
 * Red-team attacks on decision 92 on the sportsbook (companion of tests/server/attack-bonus-
 * release.test.ts). A passing test is an attack that failed; a failing one, an attack that worked.
 */
const START = Date.UTC(2026, 2, 11, 12, 0);
const { app, feed, clock } = useSportsApp(START);

let counter = 0;
const key = () => `abrs-${Date.now()}-${counter++}`;

async function releases(userId: number) {
  const rows = await app()
    .ctx.db.selectFrom('bonus_releases')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => Number(r.amount_cents));
}

const wageredOf = async (userId: number) =>
  Number(
    (
      await app()
        .ctx.db.selectFrom('users')
        .select('wagered_cents')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).wagered_cents,
  );

function legOf(snap: FixtureSnapshot, outcomeId: string): BetLeg {
  const odds = snap.markets
    .find((m) => m.id === 'match_winner:full')!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId: 'match_winner:full', outcomeId, odds: odds / 1000 };
}

function upcoming(skip = 0): FixtureSnapshot {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((x) => x.state.periodCode === MatchTime.notStarted && x.startsAt > clock.now() + 60_000)
    .filter((x) => feed().timelineOf(x.id)!.fixture.fate === 'normal')[skip]!;
}

/** A moment in play of a normal fixture whose winner market is open. */
function liveMoment(): { at: number; snap: FixtureSnapshot } {
  for (let skip = 0; skip < 20; skip++) {
    const f = upcoming(skip);
    const kickoff = feed().clock.toReal(feed().timelineOf(f.id)!.kickoff!);
    for (let at = kickoff + 5 * 60_000; at < kickoff + 40 * 60_000; at += 10_000) {
      const snap = feed().snapshot(f.id, at)!;
      const open = snap.markets.find((m) => m.id === 'match_winner:full');
      if (snap.state.suspended || open?.status !== 1 || !open.outcomes.every((o) => o.active)) continue;
      return { at, snap };
    }
  }
  throw new Error('no open live moment in the seeded world');
}

const bet = (p: Player, legs: BetLeg[], stake: number) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { stake, legs, oddsChange: 'none' },
  });

describe('attacks on the bonus release on the sportsbook (decision 92)', () => {
  // ATTACK (wagering done before the bonus counts for it) — WORKED, FIXED (low: the stake was still at risk,
  // but before the bonus existed). Deposits and gifts raise the requirement "from what the player
  // has wagered now (wagers made before the deposit do not count)" (deposits.repository.ts), yet a
  // sports stake counts only at its settlement: a player places bets, claims a gift while they are
  // open (or decided but not yet settled), and their settlement meets the gift's requirement with
  // no bet made after the gift. The same holds for an open Mines board cashed out after the gift.
  // Closed: a gift's requirement counts from the stakes still open too (bonusRequirementPlus).
  it('a sports bet placed before a gift does not count toward that gift', async () => {
    const p = await fundedPlayer(app(), 100);
    const f = upcoming();
    await placeSportsBet(app(), p.token, [legOf(f, 'home')], 20);
    await giveBonus(app().ctx.db, p.userId, 500, 2); // R$ 5 to wager R$ 10, from now
    clock.set(feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000);
    await runSettlement(app().ctx, app().sports);
    expect(await releases(p.userId)).toEqual([]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(500);
  });

  // ATTACK (a live bet refused in its delay counts as wagering) — FAILS. The stake comes back (its
  // bonus share to the bonus wallet), nothing counts, nothing is released.
  it('live bets refused in their delay count nothing and release nothing', async () => {
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 2_000, 1); // R$ 20 to wager R$ 20
    const { at, snap } = liveMoment();
    clock.set(at);
    const pending: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await bet(p, [legOf(snap, 'draw')], 10);
      expect(res.code, res.body.message).toBe(200);
      expect(res.body.data.state).toBe('pending');
      pending.push(res.body.data.betId);
    }
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
    const interrupted = await call(app(), {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${snap.id}/result`,
      headers: await operatorHeaders(app()),
      payload: { status: MatchTime.interrupted, full: { ...snap.state.score, complete: false } },
    });
    expect(interrupted.code, interrupted.body.message).toBe(200);
    clock.set(at + app().sports.liveDelayMs('football') + 1);
    for (const id of pending) await decideAndAnnounce(app().ctx, app().sports, id);
    expect(await wageredOf(p.userId)).toBe(0);
    expect(await releases(p.userId)).toEqual([]);
    expect(await playerBalances(app().ctx.db, p.userId)).toMatchObject({ user_cash: 0, user_bonus: 2_000 });
  });

  // ATTACK (cash-out at once as cheap wagering, with the bonus itself as the stake) — FAILS as a
  // free conversion: the full stake counts (decision 92 / sportsWagerCents), but the cash-out value
  // is below the stake, so the conversion costs the cash-out margin, like any other wagering.
  it('a bonus stake cashed out at once costs the cash-out margin', async () => {
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 1_000, 1); // R$ 10 to wager R$ 10
    const f = upcoming();
    const betId = await placeSportsBet(app(), p.token, [legOf(f, 'home')], 10);
    const out = await call(app(), {
      method: 'POST',
      url: '/api/app/sports/cashout',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { betId },
    });
    expect(out.code, out.body.message).toBe(200);
    const after = await playerBalances(app().ctx.db, p.userId);
    expect(await releases(p.userId)).toEqual([after.user_cash]);
    expect(after.user_bonus).toBe(0);
    expect(after.user_cash).toBeLessThan(1_000);
  });

  // ATTACK (a correction after a release takes back newer, unwagered bonus instead of the released
  // cash) — WORKS, given a correction. A winning stake paid with bonus pays its winnings to the
  // bonus wallet, and the requirement being met, they are released to cash. A later gift lands as
  // bonus. The result is then corrected to a loss: reverseSports takes the payout's bonus share
  // "from bonus first" — the new gift, which had nothing to do with that bet — and only the rest from
  // cash. The player keeps withdrawable cash that should have gone back and loses bonus that could
  // not be withdrawn: the new gift has in effect turned into cash with none of its wagering.
  it('a corrected result takes released winnings back from cash, not from a newer gift', async () => {
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 1_000, 1); // R$ 10 to wager R$ 10
    const f = upcoming();
    const home = legOf(f, 'home');
    await placeSportsBet(app(), p.token, [home], 10); // all of it bonus
    const op = await operatorHeaders(app());
    const url = `/api/admin/sports/fixtures/${f.id}/result`;
    afterStartOf(clock, [f]);
    const won = await call(app(), {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 2, away: 1 }, firstHalf: { home: 1, away: 0 } },
    });
    expect(won.code, won.body.message).toBe(200);
    const paid = await playerBalances(app().ctx.db, p.userId);
    expect(paid.user_bonus).toBe(0);
    expect(paid.user_cash).toBeGreaterThan(1_000); // the winnings, released
    expect(await releases(p.userId)).toEqual([paid.user_cash]);

    await giveBonus(app().ctx.db, p.userId, 500, 2); // a new gift: R$ 5 to wager R$ 10 more
    const draw = await call(app(), {
      method: 'POST',
      url,
      headers: op,
      payload: { status: -1, full: { home: 1, away: 1 }, firstHalf: { home: 0, away: 0 } },
    });
    expect(draw.code, draw.body.message).toBe(200);
    // The payout was released cash: it comes back from cash, and the new gift stays bonus.
    expect(await playerBalances(app().ctx.db, p.userId)).toMatchObject({ user_cash: 0, user_bonus: 500 });
  });
});
