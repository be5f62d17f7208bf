import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, minesBoard, type Player, useAuditedApp, giveBonus } from './helpers';
import { playerBalances, post } from '../../server/platform/money/ledger';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { requireWageringOfHeldBonus } from '../../server/infra/db/migrations/044-bonus-release';

/**
 * Red-team attacks on decision 92 (migration 044, bonus turned into cash once wagered). Each test
 * names the attack it tries. A test that passes is an attack that failed, kept as a regression
 * test; a test that fails is an attack that worked (see the comment above it).
 */
const app = useAuditedApp();

let counter = 0;
const key = () => `abr-${Date.now()}-${counter++}`;
type P = Player & { userId: number };
type Db = ReturnType<typeof app>['ctx']['db'];

const dice = (p: P, amount: number) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/game/dice/bet',
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { amount, target: 50, direction: 'under' },
  });

const mines = (p: P, path: string, body: Record<string, unknown>) =>
  call(app(), {
    method: 'POST',
    url: `/api/app/game/mines/${path}`,
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: body,
  });

async function releases(userId: number) {
  const rows = await app()
    .ctx.db.selectFrom('bonus_releases')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => Number(r.amount_cents));
}

async function wagered(userId: number) {
  const u = await app()
    .ctx.db.selectFrom('users')
    .select(['wagered_cents', 'bonus_turnover_required_cents'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { wagered: Number(u.wagered_cents), required: Number(u.bonus_turnover_required_cents) };
}

/**
 * A VIP upgrade award as it was credited before migration 044 (vip.ts before decision 92): the
 * bonus wallet grows, the bonus requirement does not. Migration 044 backfills nothing for it.
 */
async function legacyVipAward(db: Db, userId: number, cents: number) {
  await db.transaction().execute((trx) =>
    post(trx, {
      key: `vip-award:${userId}:1`,
      kind: 'vip_award',
      reference: 'VIP 1',
      entries: [
        { account: { kind: 'promotions' }, amountCents: -cents },
        { account: { kind: 'user_bonus', userId }, amountCents: cents },
      ],
    }),
  );
}

describe('attacks on the bonus release (decision 92)', () => {
  // ATTACK (migration of existing players) — WORKED, FIXED. A player who held a VIP upgrade award
  // paid before migration 044 had no bonus requirement for it (awards added none then), so the
  // first settled bet of the minimum size after the deploy moved the whole award to withdrawable
  // cash: R$ 50 of bonus for a R$ 0,10 dice bet. Migration 044 now treats bonus held behind a met
  // requirement as a gift received then (requireWageringOfHeldBonus), which this test runs as the
  // migration would have.
  it('a VIP award held from before migration 044 needs its wagering before it turns into cash', async () => {
    const p = await fundedPlayer(app(), 10);
    await legacyVipAward(app().ctx.db, p.userId, 5_000);
    expect(await wagered(p.userId)).toEqual({ wagered: 0, required: 0 });
    await requireWageringOfHeldBonus(
      app().ctx.db as unknown as Parameters<typeof requireWageringOfHeldBonus>[0],
    );
    expect(await wagered(p.userId)).toEqual({ wagered: 0, required: 10_000 });
    expect((await dice(p, 0.1)).code).toBe(200);
    // Expected by the rule (award × turnover.bonus still to wager): the bonus stays bonus.
    expect(await releases(p.userId)).toEqual([]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(5_000);
    expect(await auditLedger(app().ctx.db)).toEqual([]);
  });

  // The same step leaves alone bonus that already waits on its own wagering: a player part way
  // through a gift's requirement keeps it, and is not asked for more.
  it('bonus held behind a requirement not yet met keeps that requirement through the migration', async () => {
    const p = await fundedPlayer(app(), 10);
    await giveBonus(app().ctx.db, p.userId, 1_000);
    const before = await wagered(p.userId);
    expect(before.required).toBeGreaterThan(before.wagered);
    await requireWageringOfHeldBonus(
      app().ctx.db as unknown as Parameters<typeof requireWageringOfHeldBonus>[0],
    );
    expect(await wagered(p.userId)).toEqual(before);
  });

  // ATTACK (Mines cash-out at step 0 as risk-free wagering) — FAILS. A cash-out before any gem is
  // refused, and stopGame at step 0 refunds the stake counting no wager: a bonus is not released by
  // opening and closing boards.
  it('opening and stopping Mines boards at step 0 wagers nothing and releases nothing', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 1_000, 2); // R$ 10 to wager R$ 20
    for (let i = 0; i < 3; i++) {
      const start = await mines(p, 'bet', { amount: 10, mines: 3 });
      expect(start.code).toBe(200);
      const out = await mines(p, 'cashout', { gameId: start.body.data.gameId });
      expect(out.code).toBe(400);
      const stop = await call(app(), {
        method: 'GET',
        url: '/api/app/game/stopGame',
        headers: auth(p.token),
      });
      expect(stop.body.data).toEqual({ settled: true });
    }
    expect((await wagered(p.userId)).wagered).toBe(0);
    expect(await releases(p.userId)).toEqual([]);
    expect(await playerBalances(app().ctx.db, p.userId)).toMatchObject({
      user_cash: 10_000,
      user_bonus: 1_000,
    });
  });

  // ATTACK (idle Mines at step 0, settled by the idle loop) — FAILS: the same refund, no wager.
  it('a Mines board left idle at step 0 is refunded without counting a wager', async () => {
    const { settleIdleMines } = await import('../../server/modules/games/mines.service');
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500, 2);
    const start = await mines(p, 'bet', { amount: 10, mines: 3 });
    await app()
      .ctx.db.updateTable('mines_games')
      .set({ last_move_at: new Date(Date.now() - 31 * 60_000) })
      .where('bet_id', '=', start.body.data.gameId)
      .execute();
    expect(await settleIdleMines(app().ctx)).toBeGreaterThanOrEqual(1);
    expect((await wagered(p.userId)).wagered).toBe(0);
    expect(await releases(p.userId)).toEqual([]);
  });

  // ATTACK (bonus staked in an open Mines board while the wagering is met elsewhere, then cashed
  // out: released twice, or more than held?) — FAILS. The board's bonus share comes back to the
  // bonus wallet and is released once, as its own release of exactly that share.
  it('bonus staked in an open board is released once, when it comes back, for what came back', async () => {
    const p = await fundedPlayer(app(), 0);
    await giveBonus(app().ctx.db, p.userId, 1_000, 2);
    const start = await mines(p, 'bet', { amount: 10, mines: 1 }); // all of it bonus
    expect(start.code).toBe(200);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
    const board = await minesBoard(app().ctx.db, p.userId, start.body.data.gameId);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((t) => !board.includes(t))!;
    expect((await mines(p, 'reveal', { gameId: start.body.data.gameId, tile: safe, step: 0 })).code).toBe(
      200,
    );
    // The rest of the wagering with cash that arrives meanwhile: nothing to release yet.
    await app()
      .ctx.db.transaction()
      .execute((trx) =>
        post(trx, {
          key: `abr-cash:${key()}`,
          kind: 'test_deposit',
          entries: [
            { account: { kind: 'psp_clearing' }, amountCents: -2_000 },
            { account: { kind: 'user_cash', userId: p.userId }, amountCents: 2_000 },
          ],
        }),
      );
    expect((await dice(p, 10)).code).toBe(200);
    expect(await releases(p.userId)).toEqual([]);
    const out = await mines(p, 'cashout', { gameId: start.body.data.gameId });
    expect(out.code).toBe(200);
    const paid = Math.round(out.body.data.payout * 100);
    expect(await releases(p.userId)).toEqual([paid]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
    // Cashing out again (a replay) releases nothing more.
    expect((await mines(p, 'cashout', { gameId: start.body.data.gameId })).code).toBe(200);
    expect(await releases(p.userId)).toEqual([paid]);
    expect((await auditLedger(app().ctx.db)).filter((x) => x.startsWith('bonus release'))).toEqual([]);
  });

  // ATTACK (withdraw or transfer bonus before the release) — FAILS. What may leave is cash only:
  // the withdrawal limits' wdAmount (which also caps transfers, transfer.service.ts) leaves bonus out.
  it('bonus not yet released is neither withdrawable nor transferable', async () => {
    const p = await fundedPlayer(app(), 20);
    await giveBonus(app().ctx.db, p.userId, 5_000, 2);
    const limits = await call(app(), {
      method: 'GET',
      url: '/api/app/order/getWithdraw',
      headers: auth(p.token),
    });
    expect(limits.body.data.wdAmount).toBe(20);
  });

  // ATTACK (racing two bets that each meet the requirement, on one PGlite instance) — FAILS: the
  // player's row serialises them and the second finds the bonus wallet empty.
  it('two dice bets racing past the requirement release once', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500, 2); // wager R$ 10
    expect((await dice(p, 9)).code).toBe(200);
    const both = await Promise.all([dice(p, 1), dice(p, 1), dice(p, 1)]);
    expect(both.map((b) => b.code)).toEqual([200, 200, 200]);
    expect(await releases(p.userId)).toEqual([500]);
    expect((await auditLedger(app().ctx.db)).filter((x) => x.startsWith('bonus release'))).toEqual([]);
  });
});
