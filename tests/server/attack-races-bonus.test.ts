import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, call, fundedPlayer, minesBoard, type Player, useAuditedPair, giveBonus } from './helpers';
import { playerBalances } from '../../server/platform/money/ledger';

/**
 * The bonus release (decision 92, migration 044) under bursts: many settlements of one player at
 * once, through two instances, release the bonus exactly once, and the ledger adds up after
 * (server-pg runs this file on PostgreSQL, where the settlements really overlap).
 */

const { app, other } = useAuditedPair();

let counter = 0;
const key = () => `bonus-race-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const send = (instance: FastifyInstance, p: P, url: string, payload: Record<string, unknown>) =>
  call(instance, { method: 'POST', url, headers: { ...auth(p.token), 'idempotency-key': key() }, payload });

const DICE = { amount: 1, target: 50, direction: 'under' };

/**
 * A R$ 1 dice bet through one of the two instances. An instance whose every attempt found the
 * player's seed pair moved by the other answers 409 "try again" (instant.service.ts,
 * stillRunning); the player tries again, with a new key, until the bet is played.
 */
async function dice(p: P, i: number) {
  let res = await send(i % 2 ? other() : app(), p, '/api/app/game/dice/bet', DICE);
  for (let attempt = 0; res.code === 409 && attempt < 20; attempt++) {
    res = await send(i % 2 ? other() : app(), p, '/api/app/game/dice/bet', DICE);
  }
  return res;
}

/** A Mines game of `p` with a gem revealed, ready to be cashed out. */
async function gameWithAGem(p: P) {
  const started = await send(app(), p, '/api/app/game/mines/bet', { amount: 1, mines: 3 });
  expect(started.code, started.body.message).toBe(200);
  const gameId = started.body.data.gameId as string;
  const mines = await minesBoard(app().ctx.db, p.userId, gameId);
  const tile = Array.from({ length: 25 }, (_, i) => i).find((t) => !mines.includes(t));
  expect((await send(app(), p, '/api/app/game/mines/reveal', { gameId, tile, step: 0 })).code).toBe(200);
  return gameId;
}

const releasesOf = async (userId: number) =>
  (
    await app()
      .ctx.db.selectFrom('bonus_releases')
      .select('amount_cents')
      .where('user_id', '=', userId)
      .execute()
  ).map((r) => Number(r.amount_cents));

describe('bonus release in a burst of settlements (PostgreSQL)', () => {
  it('releases each player’s bonus once when dice bets on two instances and a Mines cash-out settle at once', async () => {
    // Cash enough for every stake, so the bonus is never staked and the release is the gift.
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(app(), 100)));
    for (const p of players) await giveBonus(app().ctx.db, p.userId, 1_000); // R$ 10 to wager R$ 20
    const games = await Promise.all(players.map((p) => gameWithAGem(p)));
    const results = await Promise.all(
      players.flatMap((p, n) => [
        send(n % 2 ? app() : other(), p, '/api/app/game/mines/cashout', { gameId: games[n] }),
        ...Array.from({ length: 30 }, (_, i) => dice(p, i)),
      ]),
    );
    expect(
      results.map((r) => r.code),
      results.map((r) => r.body.message).join(' | '),
    ).toEqual(results.map(() => 200));
    for (const p of players) {
      expect(await releasesOf(p.userId)).toEqual([1_000]);
      expect((await playerBalances(app().ctx.db, p.userId)).user_bonus).toBe(0);
    }
  });

  it('a gift landing during the burst is released at most with its own wagering', async () => {
    const p = await fundedPlayer(app(), 100);
    await giveBonus(app().ctx.db, p.userId, 1_000);
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => dice(p, i)),
      giveBonus(app().ctx.db, p.userId, 500).then(() => ({ code: 200, body: { message: 'gift' } })),
    ]);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const released = await releasesOf(p.userId);
    const { user_bonus: bonus } = await playerBalances(app().ctx.db, p.userId);
    // Every centavo of both gifts is either released or still bonus; the audit (afterEach) checks
    // each release met the requirement it was decided on.
    expect(released.reduce((a, b) => a + b, 0) + bonus).toBe(1_500);
    expect(released.length).toBeGreaterThanOrEqual(1);
    expect(released.length).toBeLessThanOrEqual(2);
    const user = await app()
      .ctx.db.selectFrom('users')
      .select(['wagered_cents', 'bonus_turnover_required_cents'])
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    const met = Number(user.wagered_cents) >= Number(user.bonus_turnover_required_cents);
    expect(bonus).toBe(met ? 0 : 500);
  });
});
