import { describe, expect, it } from 'vitest';
import { auth, call, fundCash, fundedPlayer, type Player } from '../helpers';
import { useSportsApp, operatorHeaders, type BetLeg } from './sports-helpers';
import { post as ledgerPost, playerBalances } from '../../../server/platform/money/ledger';
import { decideAndAnnounce } from '../../../server/modules/sports/jobs';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * Lock-order races of the sportsbook, in bursts (server-pg runs every file here on PostgreSQL,
 * where they show). The paths that pay a bet without the player's row — a live bet refused in its
 * delay, a partial cash-out — met the player's own bets, which take the player's row and then the
 * wallet, in the other order: on the net-loss bucket of the hour that a refusal's payout moves
 * (migration 021's trigger) and on the cash and bonus accounts, which a posting locks in id order
 * and a bet's wallet lock cash first. PostgreSQL then aborted one side with a deadlock.
 */

/** Friday 13 March 2026, 09:00 in São Paulo. */
const START = Date.UTC(2026, 2, 13, 12, 0);
const sportsbook = useSportsApp(START);
const app = () => sportsbook.app();
const feed = () => sportsbook.feed();
const clock = sportsbook.clock;

let counter = 0;
const key = () => `races-${Date.now()}-${counter++}`;
const bet = (p: Player, legs: BetLeg[], stake = 1) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { stake, legs, oddsChange: 'none' },
  });
const codes = (results: Array<{ code: number; body: { message: string } }>) => ({
  codes: results.map((r) => r.code),
  messages: results.filter((r) => r.code !== 200).map((r) => r.body.message),
});
const allOk = (n: number) => ({ codes: Array.from({ length: n }, () => 200), messages: [] });

function legOf(snap: FixtureSnapshot, marketId: string, outcomeId: string): BetLeg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

/** A football fixture the feed plays normally, starting after `after`. */
function upcoming(after: number, skip = 0): FixtureSnapshot {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.phase === 'pre' && f.startsAt > after)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal')[skip]!;
}

/**
 * A moment in play of a normal football fixture when its winner market is open, with the end of
 * the live delay in the same hour (the bets and their refusals share one net-loss bucket).
 */
function liveMoment(): { at: number; snap: FixtureSnapshot } {
  const delay = app().sports.liveDelayMs('football');
  for (let skip = 0; skip < 20; skip++) {
    const f = upcoming(clock.now(), skip);
    const kickoff = feed().clock.toReal(feed().timelineOf(f.id)!.kickoff!);
    for (let at = kickoff + 5 * 60_000; at < kickoff + 40 * 60_000; at += 10_000) {
      const snap = feed().snapshot(f.id, at)!;
      const open = snap.markets.find((m) => m.id === 'match_winner:full');
      if (snap.state.suspended || open?.status !== 1 || !open.outcomes.every((o) => o.active)) continue;
      if (Math.floor(at / 3_600_000) !== Math.floor((at + delay + 1) / 3_600_000)) continue;
      return { at, snap };
    }
  }
  throw new Error('no open live moment in the seeded world');
}

describe('bets paid without the player placing them, while the player bets (PostgreSQL)', () => {
  it('live bets refused in their delay are refunded while the same player places more bets', async () => {
    const p = await fundedPlayer(app(), 500);
    const { at, snap } = liveMoment();
    clock.set(at);
    const live = legOf(snap, 'match_winner:full', 'draw');
    const pending: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await bet(p, [live]);
      expect(res.code, res.body.message).toBe(200);
      expect(res.body.data.state).toBe('pending');
      pending.push(res.body.data.betId);
    }
    // An operator interrupts the match during the delay: every waiting bet is refused at its decision.
    const operator = await operatorHeaders(app());
    const interrupted = await call(app(), {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${snap.id}/result`,
      headers: operator,
      payload: { status: MatchTime.interrupted, full: { ...snap.state.score, complete: false } },
    });
    expect(interrupted.code, interrupted.body.message).toBe(200);
    clock.set(at + app().sports.liveDelayMs('football') + 1);
    const later = upcoming(clock.now() + 3_600_000);
    const prematch = legOf(later, 'match_winner:full', 'home');

    const [decided, placed] = await Promise.all([
      Promise.allSettled(pending.map((id) => decideAndAnnounce(app().ctx, app().sports, id))),
      Promise.all(Array.from({ length: 12 }, () => bet(p, [prematch]))),
    ]);
    expect(decided.flatMap((d) => (d.status === 'rejected' ? [String(d.reason)] : []))).toEqual([]);
    expect(codes(placed)).toEqual(allOk(placed.length));
    const refused = await app()
      .ctx.db.selectFrom('sports_bets')
      .select(['state', 'result_code'])
      .where('id', 'in', pending)
      .execute();
    expect(refused).toEqual(pending.map(() => ({ state: 'refused', result_code: BetResult.refused })));
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(50_000 - 12 * 100);
  });

  it('partial cash-outs of a bet staked partly with bonus, while the player places more bets', async () => {
    // The bonus account opened before the cash account (a gift before the first deposit), so a
    // posting to both locks bonus first, and a bet's wallet lock cash first.
    const p = await fundedPlayer(app(), 0);
    await app()
      .ctx.db.transaction()
      .execute((trx) =>
        ledgerPost(trx, {
          key: `race-gift:${p.userId}`,
          kind: 'promotion',
          entries: [
            { account: { kind: 'promotions' }, amountCents: -20_000 },
            { account: { kind: 'user_bonus', userId: p.userId }, amountCents: 20_000 },
          ],
        }),
      );
    const f = upcoming(clock.now() + 3_600_000);
    const leg = legOf(f, 'match_winner:full', 'home');
    for (let round = 0; round < 3; round++) {
      // Each bet R$ 10: R$ 5 of cash (all there is), the rest bonus; a cash-out pays both back.
      const bets: string[] = [];
      for (let i = 0; i < 8; i++) {
        await fundCash(app(), p.userId, 500);
        const staked = await bet(p, [leg], 10);
        expect(staked.code, staked.body.message).toBe(200);
        bets.push(staked.body.data.betId);
      }
      const results = await Promise.all([
        ...bets.map((betId) =>
          call(app(), {
            method: 'POST',
            url: '/api/app/sports/cashout',
            headers: { ...auth(p.token), 'idempotency-key': key() },
            payload: { betId, amount: 1 },
          }),
        ),
        ...Array.from({ length: 16 }, () => bet(p, [leg])),
      ]);
      expect(codes(results)).toEqual(allOk(results.length));
    }
  });
});

describe('one bet, or one key, many times at once (PostgreSQL)', () => {
  it('a bet and a cash-out each happen once, and every call answers the first', async () => {
    const p = await fundedPlayer(app(), 100);
    const leg = legOf(upcoming(clock.now() + 3_600_000), 'match_winner:full', 'home');
    const same = async (url: string, payload: Record<string, unknown>) => {
      const headers = { ...auth(p.token), 'idempotency-key': key() };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => call(app(), { method: 'POST', url, headers, payload })),
      );
      expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      return results[0]!.body.data;
    };
    const placed = await same('/api/app/sports/bet', { stake: 10, legs: [leg], oddsChange: 'none' });
    const bets = () =>
      app()
        .ctx.db.selectFrom('sports_bets')
        .select(['id', 'state'])
        .where('user_id', '=', p.userId)
        .execute();
    expect(await bets()).toEqual([{ id: placed.betId, state: 'open' }]);
    const cashed = await same('/api/app/sports/cashout', { betId: placed.betId, amount: 1 });
    expect(cashed.state).toBe('open');
    const payouts = await app()
      .ctx.db.selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', placed.betId)
      .where('kind', '=', 'sports_cashout')
      .execute();
    expect(payouts).toHaveLength(1);
  });

  it('one bet cashed out in full by six calls with their own keys: one is paid, the others refused', async () => {
    const p = await fundedPlayer(app(), 100);
    const leg = legOf(upcoming(clock.now() + 3_600_000), 'match_winner:full', 'away');
    const placed = await bet(p, [leg], 10);
    expect(placed.code, placed.body.message).toBe(200);
    const betId = placed.body.data.betId as string;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(app(), {
          method: 'POST',
          url: '/api/app/sports/cashout',
          headers: { ...auth(p.token), 'idempotency-key': key() },
          payload: { betId },
        }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const paid = await app()
      .ctx.db.selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', betId)
      .where('kind', '=', 'sports_cashout')
      .execute();
    expect(paid).toHaveLength(1);
  });
});
