import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  auth,
  buildTestApp,
  call,
  completeKyc,
  fundCash,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';

/**
 * AT-03 and AT-09 over every money endpoint of the wallet: idempotency semantics, and malformed
 * amounts or extra fields answered 400 with nothing changed.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_SANDBOX_WEBHOOK_DELAY_MS: '0', TREVO_TURNOVER_MAIN: '0' });
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

interface Endpoint {
  name: string;
  url: string;
  /** A valid body for this player; `amount` replaces the amount where the call has one. */
  body(player: Player, amount?: unknown): Promise<Record<string, unknown>>;
  hasAmount: boolean;
}

let counter = 0;
const key = () => `m-${Date.now()}-${counter++}`;

async function codeFor(player: Player) {
  await call(app, { method: 'POST', url: '/api/app/wallet/transfer/sendCode', headers: auth(player.token) });
  const mails = (
    await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(player.email)}` })
  ).json();
  return /\b(\d{6})\b/.exec(mails[0].text)![1]!;
}

const recipient = registerPlayerLater();
function registerPlayerLater() {
  let p: Promise<Player> | undefined;
  return () => (p ??= registerPlayer(app));
}

const endpoints: Endpoint[] = [
  {
    name: 'prePay',
    url: '/api/app/order/prePay/BRL3',
    hasAmount: false,
    body: async () => ({ gift: '0', pkgId: 'BRL3', isapp: '0' }),
  },
  {
    name: 'withdraw',
    url: '/api/app/order/withdraw',
    hasAmount: true,
    body: async (player, amount = 50) => ({
      payCardBank: 'CPF',
      payCardNo: player.cpf,
      name: 'Maria Silva',
      whatsapp: '11987654321',
      amount,
    }),
  },
  {
    name: 'transfer',
    url: '/api/app/wallet/transfer',
    hasAmount: true,
    body: async (player, amount = 10) => ({
      username: (await recipient()).email,
      amount,
      code: await codeFor(player),
    }),
  },
];

async function readyPlayer(): Promise<Player> {
  const player = await registerPlayer(app);
  await completeKyc(app, player);
  await fundCash(app, await userIdOf(app, player), 20_000);
  return player;
}

const send = (player: Player, url: string, payload: unknown, k?: string) =>
  call(app, {
    method: 'POST',
    url,
    headers: { ...auth(player.token), ...(k ? { 'idempotency-key': k } : {}) },
    payload: payload as Record<string, unknown>,
  });

async function checksum(): Promise<string> {
  const r = await sql<{ c: string }>`
    select (select count(*) from ledger_postings) || ':' || (select count(*) from deposit_orders) || ':' ||
           (select count(*) from withdrawals) || ':' || (select count(*) from transfers) || ':' ||
           (select coalesce(sum(balance), 0) from ledger_accounts where tracks_balance) as c`.execute(
    app.ctx.db,
  );
  return r.rows[0]!.c;
}

describe.each(endpoints)('AT-03 idempotency: $name', (endpoint) => {
  it('refuses a missing or malformed key with 400 and changes nothing', async () => {
    const player = await readyPlayer();
    const before = await checksum();
    const body = await endpoint.body(player);
    for (const k of [undefined, '', 'x'.repeat(65), 'tem espaço']) {
      const res = await send(player, endpoint.url, body, k);
      expect(res.code).toBe(400);
      expect(res.body.message).toBe('Cabeçalho Idempotency-Key obrigatório');
    }
    expect(await checksum()).toBe(before);
  });

  it('replays the first answer for the same key and refuses another body with 422', async () => {
    const player = await readyPlayer();
    const k = key();
    const body = await endpoint.body(player);
    const first = await send(player, endpoint.url, body, k);
    expect(first.code, first.body.message).toBe(200);
    const after = await checksum();
    for (let i = 0; i < 5; i++) {
      const again = await send(player, endpoint.url, body, k);
      expect(again.code).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    const other = await send(
      player,
      endpoint.url,
      { ...body, ...(endpoint.hasAmount ? { amount: 51 } : { gift: '1' }) },
      k,
    );
    expect(other.code).toBe(422);
    expect(other.body.message).toBe('Esta chave já foi usada com outra requisição');
    expect(await checksum()).toBe(after);
  });
});

describe.each(endpoints.filter((e) => e.hasAmount))('AT-09 money input fuzz: $name', (endpoint) => {
  it('answers 400 to every malformed amount and extra field, never 5xx, and changes nothing', async () => {
    const player = await readyPlayer();
    const before = await checksum();
    const bad: unknown[] = [
      -1,
      0,
      -0,
      '0.00',
      -0.01,
      0.001,
      '10.005',
      '1e2',
      1e300,
      '0x10',
      ' 1',
      '1 ',
      '١٠',
      [],
      {},
      true,
      2 ** 53 + 1,
      1e308,
      'NaN',
      'Infinity',
      '-Infinity',
      '+1',
      '1,50',
      'x'.repeat(60_000),
    ];
    for (const amount of bad) {
      const res = await send(player, endpoint.url, await endpoint.body(player, amount), key());
      expect(res.code, JSON.stringify(amount).slice(0, 30)).toBe(400);
    }
    for (const extra of [
      { userId: 1 },
      { balance: 1e6 },
      { status: '10' },
      JSON.parse('{"__proto__": {"x": 1}}'),
    ]) {
      const res = await send(player, endpoint.url, { ...(await endpoint.body(player)), ...extra }, key());
      expect(res.code).toBe(400);
    }
    expect(await checksum()).toBe(before);
  });

  it('accepts valid amounts with an exact centavo round trip', async () => {
    const player = await readyPlayer();
    const res = await send(player, endpoint.url, await endpoint.body(player, '50.01'), key());
    expect(res.code, res.body.message).toBe(200);
    expect(res.body.data.amount).toBe(50.01);
  });
});
