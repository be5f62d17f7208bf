import { describe, expect, it } from 'vitest';
import {
  auth,
  call,
  CAPTCHA,
  captcha,
  fundCash,
  fundedPlayer,
  PASSWORD,
  type Player,
  operatorAuth,
  useAuditedApp,
} from './helpers';
import { sql } from 'kysely';
import { playerBalances } from '../../server/platform/money/ledger';
import { instantBetLiteral, type InstantBetCall } from '../../server/modules/games/games.repository';
import { floats, diceRollFromFloat, limboResultFromFloat } from '../../domain/fairness/instant';

const app = useAuditedApp();

let counter = 0;
const key = () => `g-${Date.now()}-${counter++}`;

const player = (reais = 100) => fundedPlayer(app(), reais);

const bet = (p: Player, game: string, body: Record<string, unknown>, k = key()) =>
  call(app(), {
    method: 'POST',
    url: `/api/app/game/${game}/bet`,
    headers: { ...auth(p.token), 'idempotency-key': k },
    payload: body,
  });

const operator = () => operatorAuth(app());

/** The player's active server seed, as only the server knows it. */
const serverSeedOf = async (p: Player & { userId: number }) =>
  (
    await app()
      .ctx.db.selectFrom('player_seeds')
      .select('server_seed')
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow()
  ).server_seed;

/**
 * Fixes the player's next `bets` dice rolls to losses of a bet under 0.01: sets a client seed under
 * which none of those nonces rolls 0.00.
 */
async function useLosingClientSeed(p: Player & { userId: number }, bets: number) {
  await call(app(), { method: 'GET', url: '/api/app/game/fairness', headers: auth(p.token) });
  const serverSeed = await serverSeedOf(p);
  const { nonce } = await app()
    .ctx.db.selectFrom('player_seeds')
    .select('nonce')
    .where('user_id', '=', p.userId)
    .executeTakeFirstOrThrow();
  for (let attempt = 0; ; attempt++) {
    const clientSeed = `perde-${attempt}`;
    let anyWin = false;
    for (let n = nonce; n < nonce + bets && !anyWin; n++)
      anyWin = diceRollFromFloat(floats(serverSeed, clientSeed, n, 1)[0]!) < 0.01;
    if (anyWin) continue;
    await app()
      .ctx.db.updateTable('player_seeds')
      .set({ client_seed: clientSeed })
      .where('user_id', '=', p.userId)
      .execute();
    return;
  }
}

describe('game list and fairness', () => {
  it('lists the six games with codes, SELF, stop and the RTP', async () => {
    const res = await call(app(), { method: 'GET', url: '/api/app/game/list' });
    expect(res.body.data.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      'SE0001',
      'SE0002',
      'SE0004',
      'SE0006',
      'SE0007',
      'SE0008',
    ]);
    // The spec's fields only: the server's own spelling of a game (its key) stays inside.
    expect(res.body.data.every((g: object) => !('key' in g))).toBe(true);
    expect(res.body.data.find((g: { gameType: string }) => g.gameType === 'dice')).toMatchObject({
      glId: 2,
      gameNameEn: 'DICE',
      productCode: 'SELF',
      stop: false,
      rtp: 99,
      minBet: 0.1,
      maxBet: 1000,
    });
    expect(res.body.data.find((g: { gameType: string }) => g.gameType === 'rowDouble').rtp).toBe(93.33);
  });

  it('commits to the server seed, and rotating reveals it so every past bet can be checked', async () => {
    const p = await player();
    const before = (
      await call(app(), { method: 'GET', url: '/api/app/game/fairness', headers: auth(p.token) })
    ).body.data;
    expect(before).toMatchObject({ nonce: 0 });
    expect(before.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const placed = (await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).body.data;
    expect(placed.fairness).toEqual({
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      nonce: 0,
    });
    const rotated = (
      await call(app(), {
        method: 'POST',
        url: '/api/app/game/fairness/rotate',
        headers: auth(p.token),
        payload: { clientSeed: 'minha-semente' },
      })
    ).body.data;
    expect(rotated).toMatchObject({
      previousServerSeedHash: before.serverSeedHash,
      previousNonce: 1,
      serverSeedHash: before.nextServerSeedHash,
      clientSeed: 'minha-semente',
      nonce: 0,
    });
    const { sha256Hex } = await import('../../domain/fairness/hash');
    expect(sha256Hex(rotated.previousServerSeed)).toBe(before.serverSeedHash);
    const verified = await call(app(), {
      method: 'GET',
      url: `/api/app/game/fairness/verify?game=dice&serverSeed=${rotated.previousServerSeed}&clientSeed=${before.clientSeed}&nonce=0`,
    });
    expect(verified.body.data).toEqual(placed.outcome);
  });

  it("verifies any seeds publicly, including another site's", async () => {
    const res = await call(app(), {
      method: 'GET',
      url: '/api/app/game/fairness/verify?game=limbo&serverSeed=18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159&clientSeed=bb62964774&nonce=1',
    });
    expect(res.body.data).toEqual({ result: 1.28 });
  });
});

describe('instant bets', () => {
  it('settles dice from the seeds: the outcome, win and payout agree with the public calculator', async () => {
    const p = await player();
    for (let i = 0; i < 10; i++) {
      const res = await bet(p, 'dice', { amount: 2, target: 50.5, direction: 'over' });
      expect(res.code).toBe(200);
      const d = res.body.data;
      expect(d.gameCode).toBe('SE0002');
      expect(d.win).toBe(d.outcome.roll > 50.5);
      expect(d.payout).toBe(d.win ? 4 : 0);
    }
    const balances = await playerBalances(app().ctx.db, p.userId);
    const bets = await app()
      .ctx.db.selectFrom('bets')
      .select(['payout_cents'])
      .where('user_id', '=', p.userId)
      .execute();
    expect(balances.user_cash).toBe(10_000 - 2_000 + bets.reduce((a, b) => a + Number(b.payout_cents), 0));
  });

  it('pays limbo at the target and rowdouble by colour', async () => {
    const p = await player();
    const l = (await bet(p, 'limbo', { amount: 1, target: 1.5 })).body.data;
    expect(l.win).toBe(l.outcome.result >= 1.5);
    expect(l.payout).toBe(l.win ? 1.5 : 0);
    const r = (await bet(p, 'rowdouble', { amount: 1, color: 'white' })).body.data;
    expect(r.win).toBe(r.outcome.tile === 0);
    expect(r.gameCode).toBe('SE0008');
  });

  it('refuses bad terms, amounts out of bounds, a stopped game and missing funds, changing nothing', async () => {
    const p = await player(5);
    expect((await bet(p, 'dice', { amount: 1, target: 1, direction: 'over' })).body.message).toBe(
      'Escolha um alvo com chance entre 0,01% e 98%',
    );
    expect((await bet(p, 'limbo', { amount: 1, target: 1.001 })).body.message).toBe(
      'Escolha um multiplicador entre 1,01× e 1.000.000×',
    );
    expect((await bet(p, 'dice', { amount: 0.05, target: 50, direction: 'over' })).body.message).toBe(
      'Aposta mínima: R$ 0,10',
    );
    expect((await bet(p, 'dice', { target: 50, direction: 'over' })).body.message).toBe(
      'Preencha o valor da aposta',
    );
    const broke = await bet(p, 'dice', { amount: 6, target: 50, direction: 'over' });
    expect(broke.code).toBe(402);
    expect(broke.body.status).toBe(9999);
    const op = await operator();
    expect(
      (
        await call(app(), {
          method: 'PUT',
          url: '/api/admin/games/dice',
          headers: op,
          payload: { stop: true },
        })
      ).code,
    ).toBe(200);
    expect((await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).body.message).toBe(
      'Jogo indisponível para apostas no momento',
    );
    await call(app(), { method: 'PUT', url: '/api/admin/games/dice', headers: op, payload: { stop: false } });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(500);
  });

  it('uses cash first, then bonus, and counts the stake as wagered', async () => {
    const p = await player(1);
    const { post } = await import('../../server/platform/money/ledger');
    await app()
      .ctx.db.transaction()
      .execute((trx) =>
        post(trx, {
          key: `bonus-${p.userId}`,
          kind: 'promotion',
          entries: [
            { account: { kind: 'promotions' }, amountCents: -500 },
            { account: { kind: 'user_bonus', userId: p.userId }, amountCents: 500 },
          ],
        }),
      );
    // As a promotion does (promo.service.ts): the bonus is to be wagered before it turns to cash.
    await app()
      .ctx.db.updateTable('users')
      .set({ bonus_turnover_required_cents: 1_000 })
      .where('id', '=', p.userId)
      .execute();
    const res = await bet(p, 'limbo', { amount: 3, target: 1000 });
    expect(res.code).toBe(200);
    const row = await app()
      .ctx.db.selectFrom('bets')
      .select(['bonus_cents', 'payout_cents'])
      .where('id', '=', res.body.data.betId)
      .executeTakeFirstOrThrow();
    expect(Number(row.bonus_cents)).toBe(200);
    const b = await playerBalances(app().ctx.db, p.userId);
    // R$1 of cash and R$2 of bonus were staked; any winnings went back in the same proportion,
    // the cash share rounded down (migration 025).
    const payout = Number(row.payout_cents);
    const cashShare = Math.floor((payout * 100) / 300);
    expect(b).toMatchObject({ user_cash: cashShare, user_bonus: 300 + payout - cashShare });
    const user = await app()
      .ctx.db.selectFrom('users')
      .select('wagered_cents')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.wagered_cents)).toBe(300);
  });

  it('AT-01 over HTTP: 1,000 concurrent R$1 dice bets on R$10 accept exactly 10', async () => {
    const p = await player(10);
    await useLosingClientSeed(p, 1100);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => bet(p, 'dice', { amount: 1, target: 0.01, direction: 'under' })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(10);
    expect(results.filter((r) => r.code === 402 && r.body.status === 9999)).toHaveLength(990);
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(0);
  }, 120_000); // 1,000 requests through the whole HTTP stack: allow for a busy machine.

  it('replays a bet for the same key instead of playing it twice', async () => {
    const p = await player(10);
    const k = key();
    const first = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' }, k);
    const again = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' }, k);
    expect(again.body).toEqual(first.body);
    expect(
      await app().ctx.db.selectFrom('bets').select('id').where('user_id', '=', p.userId).execute(),
    ).toHaveLength(1);
  });
});

describe('one database call per instant bet (what an instance remembers is checked)', () => {
  // Another instance, a rotation or a Mines game moves the seed pair and an operator on another
  // instance changes settings without this instance knowing: the bet must follow the database.
  it('a bet after the pair moved elsewhere is computed from the current seeds and nonce', async () => {
    const p = await player(10);
    expect(
      (await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).body.data.fairness.nonce,
    ).toBe(0);
    await app()
      .ctx.db.updateTable('player_seeds')
      .set((eb) => ({ nonce: eb('nonce', '+', 5), client_seed: 'de-outra-instancia' }))
      .where('user_id', '=', p.userId)
      .execute();
    const d = (await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).body.data;
    expect(d.fairness).toMatchObject({ clientSeed: 'de-outra-instancia', nonce: 6 });
    expect(d.outcome.roll).toBe(
      diceRollFromFloat(floats(await serverSeedOf(p), 'de-outra-instancia', 6, 1)[0]!),
    );
    const stored = await app()
      .ctx.db.selectFrom('bets')
      .select(['client_seed', 'nonce'])
      .where('id', '=', d.betId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ client_seed: 'de-outra-instancia', nonce: 6 });
    expect(
      (await call(app(), { method: 'GET', url: '/api/app/game/fairness', headers: auth(p.token) })).body.data
        .nonce,
    ).toBe(7);
  });

  it("follows an operator's change made through another instance: stop, restart, edge", async () => {
    const p = await player(10);
    const setLimbo = (values: { stop?: boolean; edge?: number }) =>
      app().ctx.db.updateTable('game_settings').set(values).where('game', '=', 'limbo').execute();
    try {
      expect((await bet(p, 'limbo', { amount: 1, target: 2 })).code).toBe(200);
      await setLimbo({ stop: true });
      const stopped = await bet(p, 'limbo', { amount: 1, target: 2 });
      expect(stopped.body.message).toBe('Jogo indisponível para apostas no momento');
      await setLimbo({ stop: false, edge: 0.05 });
      const played = (await bet(p, 'limbo', { amount: 1, target: 2 })).body.data;
      const f = floats(await serverSeedOf(p), played.fairness.clientSeed, played.fairness.nonce, 1)[0]!;
      expect(played.outcome.result).toBe(limboResultFromFloat(f, 0.05));
    } finally {
      await setLimbo({ stop: false, edge: 0.01 });
    }
    expect(
      await app().ctx.db.selectFrom('bets').select('id').where('user_id', '=', p.userId).execute(),
    ).toHaveLength(2);
  });

  it("concurrent bets cannot pass the player's loss limit together", async () => {
    const p = await player(20);
    await call(app(), {
      method: 'POST',
      url: '/api/app/user/protection/limit',
      headers: auth(p.token),
      payload: { kind: 'loss', period: 'day', amount: 5 },
    });
    await useLosingClientSeed(p, 20);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => bet(p, 'dice', { amount: 1, target: 0.01, direction: 'under' })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(5);
    expect(
      results.filter((r) => r.body.message?.startsWith('Esta aposta passa do seu limite de perdas')),
    ).toHaveLength(15);
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(1500);
  });

  it('the stored answer is the answer sent, byte for byte, whatever the balance looks like', async () => {
    const p = await player(0);
    await fundCash(app(), p.userId, 1230);
    await useLosingClientSeed(p, 2);
    const send = (amount: number, k: string) =>
      app().inject({
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': k },
        payload: { amount, target: 0.01, direction: 'under' },
      });
    for (const [amount, balance] of [
      [0.3, 12],
      [0.7, 11.3],
    ] as const) {
      const k = key();
      const first = await send(amount, k);
      expect(first.json().data.balance).toBe(balance);
      const again = await send(amount, k);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
  });

  it("reads its one argument back field by field, whatever a field's text holds", async () => {
    // The argument is a record literal (instantBetLiteral): a quote, a backslash, a comma or a
    // parenthesis in any text must stay inside its field, never end it or start the next.
    const awkward = `a"b\\c,d(e)f'g\n h""\\"`;
    const argument: InstantBetCall = {
      user_id: 7,
      game: awkward,
      amount: 1234567890123,
      server_seed_hash: `${awkward}1`,
      client_seed: `${awkward}2`,
      nonce: 42,
      stop: false,
      min_bet: 10,
      max_bet: 500000,
      max_payout: 90000000,
      edge: 0.01,
      bet_id: `${awkward}3`,
      payout: 0,
      multiplier: 1.0102,
      params: JSON.stringify({ note: awkward }),
      outcome: JSON.stringify({ roll: 12.34 }),
      idempotency_key: `${awkward}4`,
      request_hash: `${awkward}5`,
      body: { data: { text: awkward, list: [1, '2', null] } },
      now: '2026-12-06T20:00:00.123Z',
      token_hash: `${awkward}6`,
      idle_ms: 1_800_000,
      touch_ms: 60_000,
    };
    const { rows } = await sql<{ read: Record<string, unknown> }>`
      select to_jsonb(${instantBetLiteral(argument)}::instant_bet) as read`.execute(app().ctx.db);
    const read = rows[0]!.read;
    expect(Object.keys(read).sort()).toEqual(Object.keys(argument).sort());
    for (const [name, value] of Object.entries(argument)) {
      if (name === 'now') expect(Date.parse(read.now as string)).toBe(Date.parse(value as string));
      else expect([name, read[name]]).toEqual([name, value]);
    }
  });

  it("plays with a player's client seed full of a record literal's delimiters", async () => {
    // The client seed is the one text a player writes into the call (up to 64 characters).
    const p = await player(10);
    const clientSeed = `"),("1",\\"x\\\\) ; '--(`;
    const rotated = await call(app(), {
      method: 'POST',
      url: '/api/app/game/fairness/rotate',
      headers: auth(p.token),
      payload: { clientSeed },
    });
    expect(rotated.code).toBe(200);
    const played = (await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).body;
    expect(played.status).toBe(200);
    expect(played.data.fairness.clientSeed).toBe(clientSeed);
    const row = await app()
      .ctx.db.selectFrom('bets')
      .select(['client_seed', 'amount_cents'])
      .where('id', '=', played.data.betId)
      .executeTakeFirstOrThrow();
    // bigint columns arrive as text on PostgreSQL's driver and as numbers on PGlite.
    expect({ ...row, amount_cents: Number(row.amount_cents) }).toEqual({
      client_seed: clientSeed,
      amount_cents: 100,
    });
  });

  it('checks the session in the same call: one ended elsewhere refuses the bet and stores nothing', async () => {
    const p = await player(10);
    expect((await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' })).code).toBe(200);
    // Logged out through another instance: this one still remembers the token's player.
    await app()
      .ctx.db.updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('subject_id', '=', p.userId)
      .execute();
    const k = key();
    const refused = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' }, k);
    expect(refused.code).toBe(401);
    expect(refused.body.status).toBe(40101);
    const login = await call(app(), {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: p.email, pwd: PASSWORD, codeId: await captcha(app()), captCode: CAPTCHA },
    });
    const again = await bet(
      { ...p, token: login.body.data.access_token },
      'dice',
      { amount: 1, target: 50, direction: 'over' },
      k,
    );
    expect(again.code).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();

    // Idle past the limit: timed out, as every other call says it.
    await app()
      .ctx.db.updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where('subject_id', '=', p.userId)
      .execute();
    const idle = await bet({ ...p, token: login.body.data.access_token }, 'dice', {
      amount: 1,
      target: 50,
      direction: 'over',
    });
    expect(idle.code).toBe(401);
    expect(idle.body.message).toBe('O login expirou, entre novamente');
    expect(
      await app().ctx.db.selectFrom('bets').select('id').where('user_id', '=', p.userId).execute(),
    ).toHaveLength(2);
  });
});
