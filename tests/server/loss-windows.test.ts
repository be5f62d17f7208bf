import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, fundedPlayer } from './helpers';

/**
 * The net loss of a rolling window (player protection's loss limits) is kept in hourly buckets by
 * triggers on the bets (migration 019), so a check no longer sums every bet of an active player's
 * day. It must still be exact: the same figure as summing the bets themselves, for windows that
 * start on the hour or inside one, after settlements, cash-outs and corrections change payouts.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;

/** A seeded sequence, so a failure can be replayed. */
function seeded(seed: number) {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('net loss of a window', () => {
  it('equals the sum over the bets themselves, whatever the window start and later payouts', async () => {
    const p = await fundedPlayer(app, 0);
    const db = app.ctx.db;
    const random = seeded(20261126);
    const now = Date.now();
    for (let i = 0; i < 60; i++) {
      const at = new Date(now - Math.floor(random() * 50 * HOUR));
      const stake = 100 + Math.floor(random() * 900);
      await db
        .insertInto('bets')
        .values({
          id: `LW${i}`,
          user_id: p.userId,
          game: 'dice',
          amount_cents: stake,
          payout_cents: random() < 0.4 ? Math.floor(stake * 1.98) : 0,
          multiplier: 0,
          status: 'settled',
          params: '{}',
          created_at: at,
        })
        .execute();
      await db
        .insertInto('sports_bets')
        .values({
          id: `LS${i}`,
          user_id: p.userId,
          stake_cents: stake,
          kind: 'single',
          odds_change: 'none',
          state: 'open',
          combined_odds_milli: 2_000,
          potential_cents: stake * 2,
          placed_at: new Date(now - Math.floor(random() * 50 * HOUR)),
        })
        .execute();
    }
    // Settlements, a correction back to lost, a cash-out and a cancelled round bet change payouts.
    await db
      .updateTable('sports_bets')
      .set({ payout_cents: 1_500, state: 'settled' })
      .where('id', 'in', ['LS1', 'LS7', 'LS30'])
      .execute();
    await db.updateTable('sports_bets').set({ payout_cents: 0 }).where('id', '=', 'LS7').execute();
    await db
      .updateTable('bets')
      .set({ payout_cents: sql`amount_cents`, status: 'cancelled' })
      .where('id', '=', 'LW3')
      .execute();
    await db.deleteFrom('bets').where('id', '=', 'LW4').execute();

    const exact = async (since: Date) => {
      const casino = await db
        .selectFrom('bets')
        .select(sql<string>`coalesce(sum(amount_cents - payout_cents), 0)`.as('c'))
        .where('user_id', '=', p.userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      const sports = await db
        .selectFrom('sports_bets')
        .select(sql<string>`coalesce(sum(stake_cents - payout_cents), 0)`.as('c'))
        .where('user_id', '=', p.userId)
        .where('placed_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Math.max(0, Number(casino.c) + Number(sports.c));
    };
    const bucketed = async (since: Date) =>
      Number(
        (await sql<{ c: string }>`select player_lost_cents(${p.userId}, ${since}) as c`.execute(db)).rows[0]!
          .c,
      );
    const onTheHour = Math.floor(now / HOUR) * HOUR;
    const starts = [
      now - 24 * HOUR,
      now - 7 * 24 * HOUR,
      onTheHour - 10 * HOUR,
      onTheHour - 10 * HOUR + 1,
      now - 37 * HOUR - 123_457,
      now - 60_000,
    ];
    for (const start of starts) {
      expect(await bucketed(new Date(start)), new Date(start).toISOString()).toBe(
        await exact(new Date(start)),
      );
    }
    expect(await bucketed(new Date(now - 24 * HOUR))).toBeGreaterThan(0);
  });
});
