import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, registerPlayer, auth, call } from './helpers';
import { playerBalances, post, type AccountRef } from '../../server/platform/money/ledger';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { AppError } from '../../server/infra/http/errors';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

async function newUserId(): Promise<number> {
  const player = await registerPlayer(app);
  const info = await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(player.token) });
  return info.body.data.uId as number;
}

const cash = (userId: number): AccountRef => ({ kind: 'user_cash', userId });
const clearing: AccountRef = { kind: 'psp_clearing' };
const house: AccountRef = { kind: 'house_game' };

function fund(userId: number, cents: number, key = `fund:${userId}:${Math.random()}`) {
  return app.ctx.db.transaction().execute((trx) =>
    post(trx, {
      key,
      kind: 'test_deposit',
      entries: [
        { account: clearing, amountCents: -cents },
        { account: cash(userId), amountCents: cents },
      ],
    }),
  );
}

function debit(userId: number, cents: number, key: string) {
  return app.ctx.db.transaction().execute((trx) =>
    post(trx, {
      key,
      kind: 'test_bet',
      entries: [
        { account: cash(userId), amountCents: -cents },
        { account: house, amountCents: cents },
      ],
    }),
  );
}

describe('ledger', () => {
  it('posts balanced transactions and shows the balance in userInfo and getBalance', async () => {
    const player = await registerPlayer(app);
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(player.token),
    });
    await fund(info.body.data.uId, 12_345);
    const balance = await call(app, {
      method: 'GET',
      url: '/api/app/user/getBalance',
      headers: auth(player.token),
    });
    expect(balance.body.data).toEqual({ balance: 123.45, bonusBalance: 0, freeBalance: 123.45 });
  });

  it('refuses an unbalanced transaction', async () => {
    const userId = await newUserId();
    await expect(
      app.ctx.db.transaction().execute((trx) =>
        post(trx, {
          key: 'bad',
          kind: 'x',
          entries: [
            { account: cash(userId), amountCents: 5 },
            { account: house, amountCents: -4 },
          ],
        }),
      ),
    ).rejects.toThrow(/unbalanced/);
  });

  it('posts a key once: a replay changes nothing', async () => {
    const userId = await newUserId();
    const first = await fund(userId, 1000, `once:${userId}`);
    const again = await fund(userId, 1000, `once:${userId}`);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, balances: {} });
    expect((await playerBalances(app.ctx.db, userId)).user_cash).toBe(1000);
  });

  it('refuses to overdraw with 402 / 9999 and rolls back the whole database transaction', async () => {
    const userId = await newUserId();
    await fund(userId, 500);
    const attempt = app.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('notices').values({ text: 'business row in the same transaction' }).execute();
      return post(trx, {
        key: `over:${userId}`,
        kind: 'test_bet',
        entries: [
          { account: cash(userId), amountCents: -501 },
          { account: house, amountCents: 501 },
        ],
      });
    });
    await expect(attempt).rejects.toSatisfy(
      (e) => e instanceof AppError && e.httpStatus === 402 && e.bodyStatus === 9999,
    );
    expect(
      await app.ctx.db
        .selectFrom('notices')
        .selectAll()
        .where('text', '=', 'business row in the same transaction')
        .execute(),
    ).toEqual([]);
    expect(
      await app.ctx.db
        .selectFrom('ledger_transactions')
        .selectAll()
        .where('idempotency_key', '=', `over:${userId}`)
        .execute(),
    ).toEqual([]);
    expect((await playerBalances(app.ctx.db, userId)).user_cash).toBe(500);
  });

  it('AT-01: 1,000 concurrent R$1 debits on R$10 accept exactly 10 and leave 0', async () => {
    const userId = await newUserId();
    await fund(userId, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => debit(userId, 100, `at01:${userId}:${i}`)),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.httpStatus === 402,
    ).length;
    expect(accepted).toBe(10);
    expect(refused).toBe(990);
    expect((await playerBalances(app.ctx.db, userId)).user_cash).toBe(0);
  });

  it('keeps postings and transactions append-only', async () => {
    const userId = await newUserId();
    await fund(userId, 100);
    await expect(sql`update ledger_postings set amount = amount + 1`.execute(app.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transactions`.execute(app.ctx.db)).rejects.toThrow(/append-only/);
  });

  it('the audit finds a cached balance that disagrees with the postings', async () => {
    const userId = await newUserId();
    await fund(userId, 100);
    await sql`update ledger_accounts set balance = balance + 1 where user_id = ${userId}`.execute(app.ctx.db);
    const problems = await auditLedger(app.ctx.db);
    expect(problems.join('\n')).toMatch(new RegExp(`user_cash:${userId}: cached 101`));
    await sql`update ledger_accounts set balance = balance - 1 where user_id = ${userId}`.execute(app.ctx.db);
  });

  it('the database refuses a negative player balance even without the guarded update', async () => {
    const userId = await newUserId();
    await fund(userId, 100);
    await expect(
      sql`update ledger_accounts set balance = -1 where user_id = ${userId}`.execute(app.ctx.db),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
  });
});
