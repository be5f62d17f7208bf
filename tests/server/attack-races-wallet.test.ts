import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer, type Player, useAuditedApp } from './helpers';
import { playerBalances } from '../../server/platform/money/ledger';

/**
 * Money leaving a player in bursts (server-pg runs this file on PostgreSQL): the daily number of
 * withdrawals, which transfers count against too, and transfers crossing between two players who
 * are betting at the same time. Each is judged under the sender's row (lock-order.ts).
 */

const app = useAuditedApp();

let counter = 0;
const key = () => `wallet-race-${Date.now()}-${counter++}`;
type P = Player & { userId: number };
const post = (p: P, url: string, payload: Record<string, unknown>) =>
  call(app(), { method: 'POST', url, headers: { ...auth(p.token), 'idempotency-key': key() }, payload });

/** A transfer confirmation code, as the e-mail to `p` carries it. */
async function transferCode(p: P): Promise<string> {
  const sent = await call(app(), {
    method: 'POST',
    url: '/api/app/wallet/transfer/sendCode',
    headers: auth(p.token),
  });
  expect(sent.code).toBe(200);
  const mails = (
    await app().inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(p.email)}` })
  ).json();
  return /\b(\d{6})\b/.exec(mails[0].text)![1]!;
}

const withdraw = (p: P, amount: number) =>
  post(p, '/api/app/order/withdraw', {
    payCardBank: 'CPF',
    payCardNo: p.cpf,
    name: 'Maria Silva',
    whatsapp: '11987654321',
    amount,
  });

describe('money leaving at once (PostgreSQL)', () => {
  it('a transfer and eleven withdrawals together: the three of the day pass, no more', async () => {
    const [p, friend] = await Promise.all([fundedPlayer(app(), 2_000), fundedPlayer(app(), 0)]);
    const code = await transferCode(p);
    const results = await Promise.all([
      post(p, '/api/app/wallet/transfer', { username: friend.email, amount: 50, code }),
      ...Array.from({ length: 11 }, () => withdraw(p, 50)),
    ]);
    expect(results.filter((r) => r.code >= 500)).toEqual([]);
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(200_000 - 3 * 5_000);
  });

  it('transfers crossing between two players while both bet: every call answers', async () => {
    const [a, b] = await Promise.all([fundedPlayer(app(), 500), fundedPlayer(app(), 500)]);
    for (let round = 0; round < 2; round++) {
      const [codeA, codeB] = await Promise.all([transferCode(a), transferCode(b)]);
      const dice = (p: P) =>
        post(p, '/api/app/game/dice/bet', { amount: 0.1, target: 50, direction: 'under' });
      const results = await Promise.all([
        post(a, '/api/app/wallet/transfer', { username: b.email, amount: 10, code: codeA }),
        post(b, '/api/app/wallet/transfer', { username: a.email, amount: 10, code: codeB }),
        ...Array.from({ length: 6 }, () => dice(a)),
        ...Array.from({ length: 6 }, () => dice(b)),
      ]);
      expect(
        results.map((r) => r.code),
        results.map((r) => r.body.message).join(' | '),
      ).toEqual(results.map(() => 200));
    }
  });

  it('one transfer sent ten times at once under one key: it is made once, and its code is not used up', async () => {
    const [p, friend] = await Promise.all([fundedPlayer(app(), 500), fundedPlayer(app(), 0)]);
    const code = await transferCode(p);
    const same = { ...auth(p.token), 'idempotency-key': key() };
    const send = () =>
      call(app(), {
        method: 'POST',
        url: '/api/app/wallet/transfer',
        headers: same,
        payload: { username: friend.email, amount: 10, code },
      });
    const results = await Promise.all(Array.from({ length: 10 }, send));
    // The first answers; a twin that came while it ran is told so (409), or replays its answer.
    const messages = results.map((r) => `${r.code} ${r.body.message}`).join(' | ');
    for (const r of results) expect([200, 409], messages).toContain(r.code);
    expect(results.filter((r) => r.code === 200).length, messages).toBeGreaterThan(0);
    expect((await playerBalances(app().ctx.db, friend.userId)).user_cash).toBe(1_000);
    // Asked again later, the key answers as the transfer did.
    const again = await send();
    expect(again.code).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
