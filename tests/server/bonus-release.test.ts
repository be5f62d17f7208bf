import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, call, fundedPlayer, type Player, useAuditedApp, giveBonus } from './helpers';
import { playerBalances, post } from '../../server/platform/money/ledger';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { openMigratedPglite } from '../support/pglite-template';
import { insertBareUser } from '../support/bare-user';

/**
 * Bonus becomes cash once it is wagered (decision 92, migration 044): the wager that brings the
 * player's total to the bonus requirement moves the whole bonus wallet to cash, once.
 */
const app = useAuditedApp();

let counter = 0;
const key = () => `br-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const dice = (p: P, amount: number) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/game/dice/bet',
    headers: { ...auth(p.token), 'idempotency-key': key() },
    payload: { amount, target: 50, direction: 'under' },
  });

async function releases(userId: number) {
  return app()
    .ctx.db.selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.id', 'p.amount'])
    .where('t.kind', '=', 'bonus_release')
    .where('a.code', '=', `user_cash:${userId}`)
    .orderBy('t.id')
    .execute();
}

describe('bonus release', () => {
  it('turns the whole bonus into cash once the instant bets wager it, and not before', async () => {
    expect(app().ctx.config.file.turnover.bonus).toBe(2);
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 1_000); // R$ 10 to wager R$ 20
    for (let i = 0; i < 3; i++) expect((await dice(p, 5)).code).toBe(200);
    expect(await releases(p.userId)).toEqual([]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(1_000);

    const before = await playerBalances(app().ctx.db, p.userId);
    const last = await dice(p, 5);
    expect(last.code).toBe(200);
    const after = await playerBalances(app().ctx.db, p.userId);
    expect(after.user_bonus).toBe(0);
    const released = await releases(p.userId);
    expect(released.map((r) => Number(r.amount))).toEqual([1_000]);
    // The bet's answer carries the cash after the release.
    expect(after.user_cash).toBe(before.user_cash - 500 + Math.round(last.body.data.payout * 100) + 1_000);
    expect(last.body.data.balance).toBe(after.user_cash / 100);

    // Wagering on with no bonus releases nothing more.
    expect((await dice(p, 1)).code).toBe(200);
    expect(await releases(p.userId)).toHaveLength(1);

    // /registros lists it once, as the cash it brought, beside the gift it came from.
    const records = await call(app(), {
      method: 'GET',
      url: '/api/app/user/records?kind=wallet&page=1&size=20',
      headers: auth(p.token),
    });
    expect(records.code).toBe(200);
    const lines = (
      records.body.data.list as { type: number; amount: number; detail: string; note: string | null }[]
    ).filter((r) => r.type === 141);
    expect(lines.map((r) => [r.amount, r.detail, r.note])).toEqual([
      [10, 'Bônus liberado: virou dinheiro (apostas exigidas cumpridas)', 'bonusRelease'],
      [10, '', null],
    ]);
  });

  it('makes a second gift wait for its own wagering', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500); // wager R$ 10
    expect((await dice(p, 10)).code).toBe(200);
    expect(await releases(p.userId)).toHaveLength(1);

    await giveBonus(app().ctx.db, p.userId, 500); // from R$ 10 wagered, to R$ 20
    expect((await dice(p, 5)).code).toBe(200);
    expect(await releases(p.userId)).toHaveLength(1);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(500);
    expect((await dice(p, 5)).code).toBe(200);
    expect((await releases(p.userId)).map((r) => Number(r.amount))).toEqual([500, 500]);
    expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
  });

  it('keeps a release when a correction lowers the wagering afterwards', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 500); // wager R$ 10
    const played = await dice(p, 10);
    expect(await releases(p.userId)).toHaveLength(1);
    const before = await playerBalances(app().ctx.db, p.userId);
    // The bet counted as refunded after all (what a void does to a sports bet): the wagering goes
    // back under the requirement, and the cash the release paid stays cash.
    await sql`select * from wager_set(${p.userId}, 'casino', ${played.body.data.betId}, 0)`.execute(
      app().ctx.db,
    );
    expect(await playerBalances(app().ctx.db, p.userId)).toEqual(before);
    expect(await releases(p.userId)).toHaveLength(1);
    // A new gift counts from the requirement already met, not from the lowered wagering.
    await giveBonus(app().ctx.db, p.userId, 500);
    const user = await app()
      .ctx.db.selectFrom('users')
      .select(['wagered_cents', 'bonus_turnover_required_cents'])
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.wagered_cents)).toBe(0);
    expect(Number(user.bonus_turnover_required_cents)).toBe(1_000 + 1_000);
  });

  it('the audit names a release that moved part of the bonus, has no record, or was not due', async () => {
    const { db } = await openMigratedPglite();
    try {
      const userId = await insertBareUser(db, {
        username: 'bonus@audit.com',
        cpf: '52998224725',
        yqm: 'BONUS001',
      });
      const move = (key: string, bonus: number, cash: number, kind = 'bonus_release') =>
        db.transaction().execute((trx) =>
          post(trx, {
            key,
            kind,
            entries: [
              { account: { kind: 'promotions' }, amountCents: -(bonus + cash) },
              { account: { kind: 'user_bonus', userId }, amountCents: bonus },
              { account: { kind: 'user_cash', userId }, amountCents: cash },
            ],
          }),
        );
      const bonusProblems = async () => (await auditLedger(db)).filter((p) => p.startsWith('bonus release'));
      await move('gift', 1_000, 0, 'promotion');
      await sql`update users set bonus_turnover_required_cents = 2000 where id = ${userId}`.execute(db);
      // Released by the rule once the requirement is met: nothing to report.
      await sql`update users set wagered_cents = 2000 where id = ${userId}`.execute(db);
      await sql`select * from bonus_release(${userId})`.execute(db);
      expect(await bonusProblems()).toEqual([]);

      // Half the bonus moved by hand: not the whole balance, and no record.
      await move('gift-2', 1_000, 0, 'promotion');
      await sql`update users set bonus_turnover_required_cents = 4000 where id = ${userId}`.execute(db);
      await move('forged', -500, 500);
      const problems = await bonusProblems();
      expect(problems.some((p) => p.includes("does not move one player's whole bonus"))).toBe(true);
      expect(problems.some((p) => p.includes('has no record'))).toBe(true);

      // A release recorded on wagering short of its requirement.
      const before = (await bonusProblems()).length;
      await move('forged-2', -500, 500);
      await sql`insert into bonus_releases (transaction_id, user_id, amount_cents, wagered_cents, required_cents)
        select id, ${userId}, 500, 2000, 4000 from ledger_transactions where idempotency_key = 'forged-2'`.execute(
        db,
      );
      const after = await bonusProblems();
      expect(after.some((p) => p.includes('before the wagering met the requirement'))).toBe(true);
      expect(after.length).toBeGreaterThan(before);
    } finally {
      await db.destroy();
    }
  });
});
