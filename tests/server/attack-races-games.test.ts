import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, fundedPlayers, minesBoard, type Player, useAuditedPair } from './helpers';
import { roundTick } from '../../server/modules/games/rounds.service';

/**
 * Lock-order races of the casino games, in bursts (server-pg runs this file on PostgreSQL, where
 * they show; PGlite runs one statement at a time). A game that settles a bet writes its payout,
 * which moves the player's net-loss bucket of that hour (a trigger, migration 021), so settling
 * is a lock on that bucket as much as on the wallet: a settlement that took the bucket before the
 * player's row and a bet that held the player's row and wanted the bucket waited on each other,
 * and PostgreSQL aborted one of them (the player saw a 500).
 */

const { app, other } = useAuditedPair();

let counter = 0;
const key = () => `race-${Date.now()}-${counter++}`;
type P = Player & { userId: number };

const post = (p: P, url: string, payload: Record<string, unknown>) =>
  call(app(), { method: 'POST', url, headers: { ...auth(p.token), 'idempotency-key': key() }, payload });

const dice = (p: P) => post(p, '/api/app/game/dice/bet', { amount: 0.1, target: 50, direction: 'under' });

/** The mines of a started game, from its seeds (as a verifier would compute them). */
const board = (p: P, gameId: string) => minesBoard(app().ctx.db, p.userId, gameId);

/** A started Mines game of `p` with one gem revealed (so it can be cashed out), and its board. */
async function gameWithAGem(p: P) {
  const started = await post(p, '/api/app/game/mines/bet', { amount: 1, mines: 3 });
  expect(started.code, started.body.message).toBe(200);
  const gameId = started.body.data.gameId as string;
  const mines = await board(p, gameId);
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
  const gem = await post(p, '/api/app/game/mines/reveal', { gameId, tile: safe[0], step: 0 });
  expect(gem.code, gem.body.message).toBe(200);
  return { gameId, mines, safe };
}

describe('a Mines game settled while the same player bets elsewhere (PostgreSQL)', () => {
  it('a cash-out, a mine and stopGame during a burst of dice bets all answer', async () => {
    const p = await fundedPlayer(app(), 200);
    for (let round = 0; round < 6; round++) {
      const { gameId, mines } = await gameWithAGem(p);
      const end =
        round % 3 === 0
          ? post(p, '/api/app/game/mines/cashout', { gameId })
          : round % 3 === 1
            ? post(p, '/api/app/game/mines/reveal', { gameId, tile: mines[0], step: 1 })
            : call(app(), { method: 'GET', url: '/api/app/game/stopGame', headers: auth(p.token) });
      const results = await Promise.all([end, ...Array.from({ length: 12 }, () => dice(p))]);
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(results.map(() => 200));
    }
  });
});

describe('one idempotency key sent many times at once (PostgreSQL)', () => {
  /** Ten calls with one key, spread over the two instances; the answers and the bets they made. */
  async function burst(p: P, url: string, payload: Record<string, unknown>) {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? other() : app(), {
          method: 'POST',
          url,
          headers: { ...auth(p.token), 'idempotency-key': k },
          payload,
        }),
      ),
    );
    const bets = await app().ctx.db.selectFrom('bets').select('id').where('user_id', '=', p.userId).execute();
    return { results, bets };
  }

  it('a dice bet, a Mines bet and the promo gift each happen once, and every call answers the same', async () => {
    for (const [url, payload] of [
      ['/api/app/game/dice/bet', { amount: 1, target: 50, direction: 'under' }],
      ['/api/app/game/mines/bet', { amount: 1, mines: 3 }],
    ] as const) {
      const p = await fundedPlayer(app(), 10);
      const { results, bets } = await burst(p, url, payload);
      expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(bets).toHaveLength(1);
    }
    const p = await fundedPlayer(app(), 0);
    const { results } = await burst(p, '/api/app/main/userGift/receive', {});
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const credits = await app()
      .ctx.db.selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', 'like', `promo:${p.userId}:%`)
      .execute();
    expect(credits).toHaveLength(1);
  });
});

describe("a new player's first bets at once (PostgreSQL)", () => {
  it('a Mines game and dice bets started together create the seed pair once, and all answer', async () => {
    for (let round = 0; round < 8; round++) {
      // No seed pair yet: the first bets create it (seeds.ts), one under the player's row lock.
      const p = await fundedPlayer(app(), 50);
      const results = await Promise.all([
        post(p, '/api/app/game/mines/bet', { amount: 1, mines: 3 }),
        ...Array.from({ length: 6 }, () => dice(p)),
      ]);
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(results.map(() => 200));
    }
  });
});

describe('a shared round settled while its players bet elsewhere (PostgreSQL)', () => {
  it('DOUBLE pays eight players while each of them places dice bets on both instances', async () => {
    const players = await fundedPlayers(app(), 8, 50);
    for (let round = 0; round < 3; round++) {
      await roundTick(app().ctx, 'double');
      let open = await app()
        .ctx.db.selectFrom('rounds')
        .select(['id', 'status'])
        .where('game', '=', 'double')
        .orderBy('number', 'desc')
        .executeTakeFirstOrThrow();
      if (open.status !== 'betting') {
        await app()
          .ctx.db.updateTable('rounds')
          .set({ completes_at: new Date(0) })
          .where('id', '=', open.id)
          .execute();
        await roundTick(app().ctx, 'double');
        await roundTick(app().ctx, 'double');
        open = await app()
          .ctx.db.selectFrom('rounds')
          .select(['id', 'status'])
          .where('game', '=', 'double')
          .orderBy('number', 'desc')
          .executeTakeFirstOrThrow();
      }
      expect(open.status).toBe('betting');
      const placed = await Promise.all(
        players.map((p) =>
          post(p, '/api/app/game/double/bet', { roundId: open.id, color: 'red', amount: 1 }),
        ),
      );
      expect(placed.map((r) => r.code)).toEqual(players.map(() => 200));
      await app()
        .ctx.db.updateTable('rounds')
        .set({ closes_at: new Date(Date.now() - 100) })
        .where('id', '=', open.id)
        .execute();
      const [, ...results] = await Promise.all([
        roundTick(app().ctx, 'double'),
        ...players.flatMap((p) => [
          dice(p),
          dice(p),
          call(other(), {
            method: 'POST',
            url: '/api/app/game/dice/bet',
            headers: { ...auth(p.token), 'idempotency-key': key() },
            payload: { amount: 0.1, target: 50, direction: 'under' },
          }),
        ]),
      ]);
      expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
      const left = await app()
        .ctx.db.selectFrom('bets')
        .select('id')
        .where('round_id', '=', open.id)
        .where('status', '=', 'open')
        .execute();
      expect(left).toEqual([]);
    }
  });
});

describe('seeds rotated while the player bets (PostgreSQL)', () => {
  it('rotations during a burst of dice bets all answer', async () => {
    const p = await fundedPlayer(app(), 100);
    expect((await dice(p)).code).toBe(200);
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all([
        call(app(), {
          method: 'POST',
          url: '/api/app/game/fairness/rotate',
          headers: auth(p.token),
          payload: {},
        }),
        ...Array.from({ length: 6 }, () => dice(p)),
        call(other(), {
          method: 'POST',
          url: '/api/app/game/fairness/rotate',
          headers: auth(p.token),
          payload: {},
        }),
      ]);
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(results.map(() => 200));
    }
  });
});
