import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, operatorAuth, PASSWORD, type Player, useAuditedApp } from './helpers';
import { sql } from 'kysely';

/**
 * Player protection in bursts (server-pg runs this file on PostgreSQL). A limit that goes down
 * applies at once and one that goes up waits 24 h, whatever order the requests arrive in: run one
 * after another, any order of them leaves the lowest amount asked for in force. A self-exclusion or
 * an operator's lock is in force from the moment it is recorded: no stake is taken after it.
 */

const app = useAuditedApp();

const setLimit = (token: string, amount: number) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/user/protection/limit',
    headers: auth(token),
    payload: { kind: 'loss', period: 'day', amount },
  });

describe('limits set at once (PostgreSQL)', () => {
  it('twelve loss limits asked for together: every request answers, and the lowest is in force', async () => {
    for (const existing of [null, 5_000]) {
      const p = await fundedPlayer(app(), 0);
      if (existing !== null) expect((await setLimit(p.token, existing)).code).toBe(200);
      const amounts = [700, 300, 1_100, 100, 900, 500, 1_200, 200, 800, 400, 1_000, 600];
      const results = await Promise.all(amounts.map((amount) => setLimit(p.token, amount)));
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(amounts.map(() => 200));
      const view = await call(app(), {
        method: 'GET',
        url: '/api/app/user/protection',
        headers: auth(p.token),
      });
      expect(view.body.data.limits).toHaveLength(1);
      expect(view.body.data.limits[0].amount).toBe(100);
    }
  });
});

let keys = 0;
/** A dice bet and a Mines game of `p`, each a stake if taken. */
const stakes = (p: Player) => [
  ...Array.from({ length: 12 }, () =>
    call(app(), {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { ...auth(p.token), 'idempotency-key': `exclusion-${Date.now()}-${keys++}` },
      payload: { amount: 0.1, target: 50, direction: 'under' },
    }),
  ),
  call(app(), {
    method: 'POST',
    url: '/api/app/game/mines/bet',
    headers: { ...auth(p.token), 'idempotency-key': `exclusion-${Date.now()}-${keys++}` },
    payload: { amount: 0.1, mines: 3 },
  }),
];

/** Stakes of the player's bets whose transaction began after `since` (the database's clock). */
async function stakesAfter(userId: number, since: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ledger_transactions t join bets b on b.id = t.reference
     where t.kind = 'bet_stake' and b.user_id = ${userId} and t.created_at > ${since}`.execute(app().ctx.db);
  return Number(rows[0]!.n);
}

describe('bets racing a self-exclusion or a lock (PostgreSQL)', () => {
  it('no stake is taken after a cool-off is recorded, however many bets are on their way', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await fundedPlayer(app(), 100);
      const cooloff = call(app(), {
        method: 'POST',
        url: '/api/app/user/protection/exclusion',
        headers: auth(p.token),
        payload: { kind: 'cooloff', hours: 24, pwd: PASSWORD },
      });
      const [done, ...bets] = await Promise.all([cooloff, ...stakes(p)]);
      expect(done.code, done.body.message).toBe(200);
      expect(bets.filter((b) => b.code >= 500)).toEqual([]);
      const exclusion = await app()
        .ctx.db.selectFrom('player_exclusions')
        .select('starts_at')
        .where('user_id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(await stakesAfter(p.userId, exclusion.starts_at)).toBe(0);
    }
  });

  it("no stake is taken after an operator's lock is recorded", async () => {
    const operator = await operatorAuth(app());
    for (let round = 0; round < 4; round++) {
      const p = await fundedPlayer(app(), 100);
      const lock = call(app(), {
        method: 'POST',
        url: `/api/admin/players/${p.userId}/lock`,
        headers: operator,
        payload: { reason: 'Análise de fraude' },
      });
      const [done, ...bets] = await Promise.all([lock, ...stakes(p)]);
      expect(done.code, done.body.message).toBe(200);
      expect(bets.filter((b) => b.code >= 500)).toEqual([]);
      const user = await app()
        .ctx.db.selectFrom('users')
        .select('locked_at')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(await stakesAfter(p.userId, user.locked_at!)).toBe(0);
    }
  });
});
