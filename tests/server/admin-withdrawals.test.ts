import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, fundedPlayer, type Player, operatorAuth } from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { sql } from 'kysely';
import { post } from '../../server/platform/money/ledger';
import { lockPlayer } from '../../server/platform/money/lock-order';
import { processPayouts } from '../../server/modules/wallet/payout.processor';

let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp(
    {},
    {
      TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0',
      TREVO_SANDBOX_PAYOUT_DELAY_MS: '0',
      TREVO_TURNOVER_MAIN: '0',
      // The risk signal "same PIX key in other accounts" needs keys that are not the player's own.
      TREVO_WITHDRAW_KEYS: 'any',
    },
  );
  opAuth = await operatorAuth(app);
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

let keyCounter = 0;

/** A withdrawal of `amount` BRL to `pixKey` (a CPF), above the approval threshold when large. */
async function withdraw(player: Player, amount: number, pixKey = player.cpf) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/order/withdraw',
    headers: { ...auth(player.token), 'idempotency-key': `aw-${Date.now()}-${keyCounter++}` },
    payload: { payCardBank: 'CPF', payCardNo: pixKey, name: 'Maria Silva', whatsapp: '11987654321', amount },
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data.id as string;
}

const queue = async () =>
  (await call(app, { method: 'GET', url: '/api/admin/withdrawals?status=waiting_approval', headers: opAuth }))
    .body.data.list as Array<{ id: string; risk: Record<string, unknown> | null }>;

type Listed = { id: string; payoutState: string; note: string; decidedBy: string | null; amount: number };
const search = async (query: string) => {
  const res = await call(app, { method: 'GET', url: `/api/admin/withdrawals?${query}`, headers: opAuth });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data as { list: Listed[]; total: number };
};
const ids = (page: { list: Listed[] }) => page.list.map((w) => w.id).sort();

describe('the withdrawals queue', () => {
  it('shows the risk signals: new account, deposit just before, bonus turnover left, same PIX key elsewhere', async () => {
    const a = await fundedPlayer(app, 6000);
    const b = await fundedPlayer(app, 6000);
    // a deposit paid ten minutes ago, and a bonus still to be wagered
    await app.ctx.db
      .insertInto('deposit_orders')
      .values({
        id: `risk-${a.userId}`,
        user_id: a.userId,
        pkg_id: '',
        curreny: 'BRL',
        amount_cents: 600_000,
        gift_cents: 0,
        txid: `risk${a.userId}`,
        pay_no: `risk${a.userId}`,
        expires_at: new Date(Date.now() + 3_600_000),
        paid_at: new Date(Date.now() - 600_000),
      })
      .execute();
    await app.ctx.db
      .updateTable('users')
      .set({ bonus_turnover_required_cents: 12_345 })
      .where('id', '=', a.userId)
      .execute();
    // b's bonus of R$ 7, with no wagering asked, turned into cash by the rule (decision 92).
    await app.ctx.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, b.userId);
      await post(trx, {
        key: `risk-gift-${b.userId}`,
        kind: 'promotion',
        entries: [
          { account: { kind: 'promotions' }, amountCents: -700 },
          { account: { kind: 'user_bonus', userId: b.userId }, amountCents: 700 },
        ],
      });
      await sql`select * from bonus_release(${b.userId})`.execute(trx);
    });
    const wb = await withdraw(b, 5500, a.cpf);
    const wa = await withdraw(a, 5500);
    const items = await queue();
    const ra = items.find((w) => w.id === wa)!.risk!;
    expect(ra).toMatchObject({
      accountAgeDays: 0,
      newAccount: true,
      bonusTurnoverLeft: 123.45,
      bonusReleased: 0,
      sameKeyUsers: [b.email],
      depositsPaid: 6000,
      depositsPaidCount: 1,
      withdrawalsPaidCount: 0,
    });
    expect(ra.depositMinutesBefore).toBeGreaterThanOrEqual(9);
    expect(ra.depositMinutesBefore).toBeLessThanOrEqual(11);
    const rb = items.find((w) => w.id === wb)!.risk!;
    expect(rb).toMatchObject({
      depositMinutesBefore: null,
      bonusTurnoverLeft: 0,
      bonusReleased: 7,
      sameKeyUsers: [a.email],
    });

    // Clean up through the real path: both rejected, holds returned.
    const bulk = await call(app, {
      method: 'POST',
      url: '/api/admin/withdrawals/bulk',
      headers: opAuth,
      payload: { action: 'reject', ids: [wa, wb], note: 'chave PIX compartilhada' },
    });
    expect(bulk.body.data).toEqual([
      { id: wa, ok: true, message: null, outcome: null },
      { id: wb, ok: true, message: null, outcome: null },
    ]);
  });

  it('a refusal needs its reason (issue 19): without one nothing is decided, in words', async () => {
    const player = await fundedPlayer(app, 6000);
    const id = await withdraw(player, 5500);
    for (const [url, payload] of [
      [`/api/admin/withdrawals/${id}/reject`, {}],
      [`/api/admin/withdrawals/${id}/reject`, { note: ' ok ' }],
      ['/api/admin/withdrawals/bulk', { action: 'reject', ids: [id] }],
    ] as const) {
      const res = await call(app, { method: 'POST', url, headers: opAuth, payload });
      expect(res.code, url).toBe(400);
      expect(res.body.message).toBe('Informe o motivo (ao menos 5 letras)');
    }
    const row = await app.ctx.db
      .selectFrom('withdrawals')
      .select('payout_state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.payout_state).toBe('waiting_approval');
    const decided = await call(app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: opAuth,
      payload: { note: 'Chave PIX de outro titular' },
    });
    expect(decided.code).toBe(200);
  });

  it('bulk approval decides each one once and reports the ones no longer pending', async () => {
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(app, 6000)));
    const ids = [];
    for (const p of players) ids.push(await withdraw(p, 5500));
    await call(app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${ids[2]}/reject`,
      headers: opAuth,
      payload: { note: 'Chave PIX de outro titular' },
    });
    const bulk = await call(app, {
      method: 'POST',
      url: '/api/admin/withdrawals/bulk',
      headers: opAuth,
      payload: { action: 'approve', ids },
    });
    expect(bulk.body.data.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false]);
    expect(bulk.body.data[2].message).toMatch(/\S/);
    const empty = await call(app, {
      method: 'POST',
      url: '/api/admin/withdrawals/bulk',
      headers: opAuth,
      payload: { action: 'approve', ids: [] },
    });
    expect(empty.code).toBe(400);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    const rows = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'object'])
      .where(
        'object',
        'in',
        ids.map((id) => `withdrawal:${id}`),
      )
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { action: 'withdrawal.reject', object: `withdrawal:${ids[2]}` },
      { action: 'withdrawal.approve', object: `withdrawal:${ids[0]}` },
      { action: 'withdrawal.approve', object: `withdrawal:${ids[1]}` },
    ]);
  });

  it('20 concurrent approvals pay once; approve after reject is refused', async () => {
    const p = await fundedPlayer(app, 6000);
    const id = await withdraw(p, 5500);
    const codes = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, { method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, headers: opAuth }).then(
          (r) => r.code,
        ),
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);
    const payouts = await app.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('reference', '=', id)
      .orderBy('id')
      .execute();
    expect(payouts.map((t) => t.kind)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    const w = await app.ctx.db
      .selectFrom('withdrawals')
      .select('payout_state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(w.payout_state).toBe('paid');

    const q = await fundedPlayer(app, 6000);
    const id2 = await withdraw(q, 5500);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/admin/withdrawals/${id2}/reject`,
          headers: opAuth,
          payload: { note: 'Chave PIX de outro titular' },
        })
      ).code,
    ).toBe(200);
    expect(
      (await call(app, { method: 'POST', url: `/api/admin/withdrawals/${id2}/approve`, headers: opAuth }))
        .code,
    ).toBe(409);
  });
});

describe('the withdrawal history (issue 19: "cadê meu saque?")', () => {
  it('finds decided withdrawals by state, player, CPF, PIX key, number, amount and São Paulo day', async () => {
    const a = await fundedPlayer(app, 6000);
    const b = await fundedPlayer(app, 6000);
    const small = await withdraw(a, 120); // under the approval threshold: paid without a decision
    const approved = await withdraw(a, 5100);
    const rejected = await withdraw(b, 5200);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/admin/withdrawals/${approved}/approve`,
          headers: opAuth,
        })
      ).code,
    ).toBe(200);
    const refusal = await call(app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${rejected}/reject`,
      headers: opAuth,
      payload: { note: 'Chave PIX de outro titular' },
    });
    expect(refusal.code).toBe(200);
    await processPayouts(app.ctx);
    await processPayouts(app.ctx);

    const userA = await app.ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('cpf', '=', a.cpf)
      .executeTakeFirstOrThrow();
    // The player's every withdrawal, by username, by id and by CPF typed with its dots.
    const byName = await search(`q=${encodeURIComponent(userA.username)}`);
    expect(ids(byName)).toEqual([approved, small].sort());
    expect(ids(await search(`q=${userA.id}`))).toEqual(expect.arrayContaining([approved, small]));
    const dotted = a.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect(ids(await search(`q=${encodeURIComponent(dotted)}`))).toEqual([approved, small].sort());

    // Decided ones keep who decided and why, and where the money is.
    const rejectedRow = (await search(`q=${rejected}`)).list;
    expect(rejectedRow).toEqual([
      expect.objectContaining({
        id: rejected,
        payoutState: 'rejected',
        note: 'Chave PIX de outro titular',
        decidedBy: 'operador',
        amount: 5200,
      }),
    ]);
    expect((await search(`q=${approved}`)).list[0]).toMatchObject({
      payoutState: 'paid',
      decidedBy: 'operador',
    });
    expect((await search(`q=${small}`)).list[0]).toMatchObject({ payoutState: 'paid', decidedBy: null });

    // The state and the amount range narrow it down.
    expect(ids(await search(`status=rejected&q=${rejected}&min=5200&max=5200,00`))).toEqual([rejected]);
    expect((await search(`q=${rejected}&min=5200,01`)).total).toBe(0);

    // São Paulo days: today holds them, yesterday none.
    const day = (offset: number) =>
      new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await search(`q=${rejected}&from=${day(0)}&to=${day(0)}`)).total).toBe(1);
    expect((await search(`q=${rejected}&from=${day(-1)}&to=${day(-1)}`)).total).toBe(0);

    // Pages: one at a time, newest first, the total counting all.
    const first = await search(`q=${encodeURIComponent(userA.username)}&size=1&page=1`);
    const second = await search(`q=${encodeURIComponent(userA.username)}&size=1&page=2`);
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([first.list[0]!.id, second.list[0]!.id]).toEqual([approved, small]);

    // A LIKE pattern's own characters are letters here, not wildcards: as patterns, `jogador%exemplo`
    // and `jogador__` would match every test player's e-mail.
    expect((await search(`q=${encodeURIComponent('jogador%exemplo')}`)).total).toBe(0);
    expect((await search('q=jogador__')).total).toBe(0);
    expect((await search('q=jogador')).total).toBeGreaterThan(0);
  });

  it('refuses a reversed range or a malformed amount in words', async () => {
    for (const query of [
      'from=2026-11-02&to=2026-11-01',
      'from=2026-13-01',
      'to=2026-02-31',
      'min=abc',
      'max=1.234,56',
      'size=500',
      'status=pago',
    ]) {
      const res = await call(app, { method: 'GET', url: `/api/admin/withdrawals?${query}`, headers: opAuth });
      expect(res.code, query).toBe(400);
      expect(res.body.message, query).toMatch(/^[A-ZÀ-Ú]/);
    }
  });
});

describe("a player's history from the profile (issue 19, item 3)", () => {
  const history = async (userId: number, query: string) => {
    const res = await call(app, {
      method: 'GET',
      url: `/api/admin/players/${userId}/history?${query}`,
      headers: opAuth,
    });
    expect(res.code, res.body.message).toBe(200);
    return res.body.data as { list: Array<Record<string, unknown>>; total: number };
  };

  it('lists casino bets, sports bets, deposits and withdrawals, each newest first, in pages', async () => {
    const p = await fundedPlayer(app, 300);
    for (let i = 0; i < 3; i++) {
      const bet = await call(app, {
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': `hist-${Date.now()}-${keyCounter++}` },
        payload: { amount: 2, target: 50, direction: 'over' },
      });
      expect(bet.code, bet.body.message).toBe(200);
    }
    const wid = await withdraw(p, 120);
    await app.ctx.db
      .insertInto('deposit_orders')
      .values({
        id: `D-hist-${p.userId}`,
        user_id: p.userId,
        pkg_id: 'custom',
        curreny: 'BRL',
        amount_cents: 7550,
        gift_cents: 0,
        txid: `histtxid${p.userId}`.padEnd(26, '0'),
        pay_no: `histtxid${p.userId}`,
        status: '01',
        note: 'pagador diferente do titular: devolvido',
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();

    const casino = await history(p.userId, 'kind=casino&size=2');
    expect(casino.total).toBe(3);
    expect(casino.list).toHaveLength(2);
    expect(casino.list[0]).toMatchObject({ game: 'dice', amount: 2 });
    expect((await history(p.userId, 'kind=casino&size=2&page=2')).list).toHaveLength(1);

    expect(await history(p.userId, 'kind=sports')).toMatchObject({ list: [], total: 0 });

    const withdrawals = await history(p.userId, 'kind=withdrawals');
    expect(withdrawals.total).toBe(1);
    expect(withdrawals.list[0]).toMatchObject({ id: wid, amount: 120 });

    const deposits = await history(p.userId, 'kind=deposits');
    expect(deposits.list).toEqual([
      expect.objectContaining({
        id: `D-hist-${p.userId}`,
        pkgId: 'custom',
        amount: 75.5,
        status: '01',
        note: 'pagador diferente do titular: devolvido',
        paidAt: null,
      }),
    ]);
  });

  it('answers 404 for an unknown player and 400 for an unknown kind', async () => {
    const p = await fundedPlayer(app, 0);
    expect(
      (
        await call(app, {
          method: 'GET',
          url: '/api/admin/players/999999/history?kind=casino',
          headers: opAuth,
        })
      ).code,
    ).toBe(404);
    const bad = await call(app, {
      method: 'GET',
      url: `/api/admin/players/${p.userId}/history?kind=ledger`,
      headers: opAuth,
    });
    expect(bad.code).toBe(400);
  });
});

describe('four eyes above the second threshold (issue 19)', () => {
  async function secondOperator(): Promise<Record<string, string>> {
    const username = `caixa2_${Date.now()}_${keyCounter++}`;
    const created = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers: opAuth,
      payload: { username, pwd: 'Operador#Seguro2026', role: 'finance' },
    });
    expect(created.code, created.body.message).toBe(200);
    const login = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username, pwd: 'Operador#Seguro2026' },
    });
    return auth(login.body.data.access_token as string);
  }
  const approve = (id: string, headers: Record<string, string>) =>
    call(app, { method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, headers });
  const stateOf = async (id: string) =>
    app.ctx.db
      .selectFrom('withdrawals')
      .select(['payout_state', 'first_approved_by', 'decided_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const withSecondThreshold = async (brl: number, run: () => Promise<void>) => {
    const config = app.ctx.config.file.withdraw as { secondApprovalThreshold: number };
    const before = config.secondApprovalThreshold;
    config.secondApprovalThreshold = brl;
    try {
      await run();
    } finally {
      config.secondApprovalThreshold = before;
    }
  };

  it('needs two different operators: the first approval waits, the same operator again is refused', async () => {
    const other = await secondOperator();
    await withSecondThreshold(5_400, async () => {
      const big = await withdraw(await fundedPlayer(app, 6000), 5500);
      const first = await approve(big, opAuth);
      expect(first.body.data).toEqual({ outcome: 'firstApproval' });
      expect((await stateOf(big)).payout_state).toBe('waiting_approval');
      expect((await queue()).find((w) => w.id === big)).toMatchObject({ firstApprovedBy: 'operador' });
      const again = await approve(big, opAuth);
      expect(again.code).toBe(409);
      expect(again.body.message).toBe(
        'Você já aprovou este saque: a segunda aprovação precisa ser de outro operador',
      );
      expect((await approve(big, other)).body.data).toEqual({ outcome: 'queued' });
      expect((await stateOf(big)).payout_state).toBe('queued');

      // What a withdrawal needs is fixed when it is requested: raising the threshold afterwards
      // does not let one operator approve a large one alone.
      const fixed = await withdraw(await fundedPlayer(app, 6000), 5500);
      const config = app.ctx.config.file.withdraw as { secondApprovalThreshold: number };
      config.secondApprovalThreshold = 1_000_000;
      expect((await approve(fixed, opAuth)).body.data).toEqual({ outcome: 'firstApproval' });
      config.secondApprovalThreshold = 5_400;

      // A first approval by an operator who is then disabled no longer counts.
      const otherId = (await call(app, { method: 'GET', url: '/api/admin/auth/me', headers: other })).body
        .data.id as number;
      const dropped = await withdraw(await fundedPlayer(app, 6000), 5500);
      expect((await approve(dropped, other)).body.data).toEqual({ outcome: 'firstApproval' });
      const disabled = await call(app, {
        method: 'POST',
        url: `/api/admin/operators/${otherId}/disable`,
        headers: opAuth,
        payload: { reason: 'Teste de quatro olhos' },
      });
      expect(disabled.code, disabled.body.message).toBe(200);
      expect((await stateOf(dropped)).first_approved_by).toBeNull();
      expect((await approve(dropped, opAuth)).body.data).toEqual({ outcome: 'firstApproval' });

      // Below the second threshold one approval still queues it.
      const small = await withdraw(await fundedPlayer(app, 6000), 5300);
      expect((await approve(small, opAuth)).body.data).toEqual({ outcome: 'queued' });
    });
  });

  it('a burst of approvals from two operators queues once, with one first approval and one second', async () => {
    const other = await secondOperator();
    await withSecondThreshold(5_400, async () => {
      const big = await withdraw(await fundedPlayer(app, 6000), 5500);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => approve(big, i % 2 === 0 ? opAuth : other)),
      );
      const outcomes = answers.filter((a) => a.code === 200).map((a) => a.body.data.outcome as string);
      expect(outcomes.sort()).toEqual(['firstApproval', 'queued']);
      expect(answers.every((a) => a.code === 200 || a.code === 409)).toBe(true);
      const state = await stateOf(big);
      expect(state.payout_state).toBe('queued');
      expect(state.first_approved_by).not.toBe(state.decided_by);
      const audits = await app.ctx.db
        .selectFrom('operator_audit')
        .select('action')
        .where('object', '=', `withdrawal:${big}`)
        .execute();
      expect(audits).toHaveLength(2);
    });
  });
});
