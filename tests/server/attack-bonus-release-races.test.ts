import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer, minesBoard, type Player, useAuditedPair, giveBonus } from './helpers';
import { playerBalances, post } from '../../server/platform/money/ledger';

/**
 * Red-team races on decision 92 across two instances (server-pg runs this file on PostgreSQL). Each
 * test is an attack that failed, kept as a regression test: the comment says what it tries.
 */
const { app, other } = useAuditedPair();

let counter = 0;
const key = () => `abr-race-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const send = (instance: FastifyInstance, p: P, url: string, payload?: Record<string, unknown>) =>
  call(instance, { method: 'POST', url, headers: { ...auth(p.token), 'idempotency-key': key() }, payload });

/** A dice bet through one of the instances, tried again on its "try again" 409. */
async function dice(p: P, i: number, amount = 1) {
  const payload = { amount, target: 50, direction: 'under' };
  let res = await send(i % 2 ? other() : app(), p, '/api/app/game/dice/bet', payload);
  for (let attempt = 0; res.code === 409 && attempt < 20; attempt++) {
    res = await send(i % 2 ? other() : app(), p, '/api/app/game/dice/bet', payload);
  }
  return res;
}

const releasesOf = async (userId: number) =>
  (
    await app()
      .ctx.db.selectFrom('bonus_releases')
      .select(['amount_cents', 'wagered_cents', 'required_cents'])
      .where('user_id', '=', userId)
      .orderBy('transaction_id')
      .execute()
  ).map((r) => ({
    amount: Number(r.amount_cents),
    wagered: Number(r.wagered_cents),
    required: Number(r.required_cents),
  }));

describe('races on the bonus release (two instances)', () => {
  // ATTACK: claim the welcome gift (the real route) on one instance at the moment dice bets on the
  // other meet an earlier gift's requirement, hoping the release reads the old requirement and takes
  // the new gift with it. FAILS: the claim holds the player's row while it credits and raises the
  // requirement, so a release either precedes it or sees the new requirement.
  it('the welcome gift claimed while bets meet the old requirement waits for its own wagering', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 1_000); // R$ 10 to wager R$ 20
    const results = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => dice(p, i)),
      send(other(), p, '/api/app/main/userGift/receive'),
    ]);
    expect(
      results.map((r) => r.code),
      results.map((r) => r.body.message).join(' | '),
    ).toEqual(results.map(() => 200));
    const gift = Math.round(app().ctx.config.file.promotions.gift.amount * 100);
    const released = await releasesOf(p.userId);
    const { user_bonus: bonus } = await playerBalances(app().ctx.db, p.userId);
    expect(released.reduce((a, r) => a + r.amount, 0) + bonus).toBe(1_000 + gift);
    const user = await app()
      .ctx.db.selectFrom('users')
      .select(['wagered_cents', 'bonus_turnover_required_cents'])
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    // The welcome gift is cash only if the wagering reached the requirement that includes it.
    if (bonus === 0)
      expect(Number(user.wagered_cents)).toBeGreaterThanOrEqual(Number(user.bonus_turnover_required_cents));
    for (const r of released) expect(r.wagered).toBeGreaterThanOrEqual(r.required);
  });

  // ATTACK: a Mines board staked with bonus is cashed out on one instance while dice bets on the
  // other meet the requirement: release the bonus share twice (once by bet_pay, once by wager_move),
  // or deadlock the two settlements. FAILS: every call answers, the share is released once.
  it('a bonus-staked Mines cash-out racing the bets that meet the requirement releases it once', async () => {
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 1_000, 2);
    const started = await send(app(), p, '/api/app/game/mines/bet', { amount: 10, mines: 1 });
    expect(started.code, started.body.message).toBe(200);
    const gameId = started.body.data.gameId as string;
    const board = await minesBoard(app().ctx.db, p.userId, gameId);
    const tile = Array.from({ length: 25 }, (_, i) => i).find((t) => !board.includes(t));
    expect((await send(app(), p, '/api/app/game/mines/reveal', { gameId, tile, step: 0 })).code).toBe(200);
    await app()
      .ctx.db.transaction()
      .execute((trx) =>
        post(trx, {
          key: `abr-race-cash:${key()}`,
          kind: 'test_deposit',
          entries: [
            { account: { kind: 'psp_clearing' }, amountCents: -5_000 },
            { account: { kind: 'user_cash', userId: p.userId }, amountCents: 5_000 },
          ],
        }),
      );
    const results = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => dice(p, i)),
      send(other(), p, '/api/app/game/mines/cashout', { gameId }),
    ]);
    expect(
      results.map((r) => r.code),
      results.map((r) => r.body.message).join(' | '),
    ).toEqual(results.map(() => 200));
    const released = await releasesOf(p.userId);
    const { user_bonus: bonus } = await playerBalances(app().ctx.db, p.userId);
    const cashout = results.at(-1)!.body.data;
    // Everything the bonus wallet received (the board's bonus share of its payout) is released at
    // most once: released + left = that share.
    expect(released.reduce((a, r) => a + r.amount, 0) + bonus).toBe(Math.round(cashout.payout * 100));
    expect(released.length).toBeLessThanOrEqual(1);
  });
});
