import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, call, fundedPlayer as funded, operatorAuth, type Player, useAuditedApp } from './helpers';
import { playerBalances } from '../../server/platform/money/ledger';
import { instantBetLiteral, type InstantBetCall } from '../../server/modules/games/games.repository';
import {
  floats,
  diceRollFromFloat,
  limboResultFromFloat,
  rowDoubleTileFromFloat,
} from '../../domain/fairness/instant';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplier,
  diceWins,
  doubleColor,
  doubleMultiplier,
  payoutCents,
} from '../../domain/games/rules';
import { MAX_AMOUNT_CENTS } from '../../domain/money';
import { translate } from '../../domain/messages';
import { toLanguageKey } from '../../domain/languages';

/**
 * Attacks on the DICE/LIMBO/ROWDOUBLE call's one argument, the `instant_bet` record literal that
 * instantBetLiteral builds (games.repository.ts) and `play_instant` reads (migrations 021, 041).
 * The literal is a bound parameter (`$1::instant_bet`), so the question is only whether a field's
 * text can end its field early, shift the fields after it or change a number, and whether the
 * literal reads every value as JSON (`jsonb_populate_record`) would have.
 *
 * Every test asserts the safe behaviour: what a player sent is refused with a 4xx and nothing moves,
 * or it plays and is stored exactly as sent (the ledger audit runs after each test).
 */

const app = useAuditedApp();

let counter = 0;
const newKey = () => `lit-${Date.now()}-${counter++}`;

type Funded = Player & { userId: number };

/** A funded player whose seed pair exists already (it is made on first use). */
async function fundedPlayer(...args: Parameters<typeof funded>): Promise<Funded> {
  const p = await funded(...args);
  expect(
    (await call(app(), { method: 'GET', url: '/api/app/game/fairness', headers: auth(p.token) })).code,
  ).toBe(200);
  return p;
}

const bet = (
  p: Player,
  game: string,
  payload: unknown,
  key = newKey(),
  headers: Record<string, string> = {},
) =>
  call(app(), {
    method: 'POST',
    url: `/api/app/game/${game}/bet`,
    headers: { ...auth(p.token), 'idempotency-key': key, ...headers },
    payload: payload as Record<string, unknown>,
  });

/** A bet whose body is sent as the exact JSON text given (tokens JSON.stringify cannot write). */
const rawBet = (p: Player, game: string, text: string, key = newKey()) =>
  call(app(), {
    method: 'POST',
    url: `/api/app/game/${game}/bet`,
    headers: { ...auth(p.token), 'idempotency-key': key, 'content-type': 'application/json' },
    payload: text,
  });

const rotate = (p: Player, clientSeed: string) =>
  call(app(), {
    method: 'POST',
    url: '/api/app/game/fairness/rotate',
    headers: auth(p.token),
    payload: { clientSeed },
  });

const seedsOf = (p: Funded) =>
  app()
    .ctx.db.selectFrom('player_seeds')
    .select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .where('user_id', '=', p.userId)
    .executeTakeFirstOrThrow();

/** Everything of a player a call could move: balances, bets, seeds' nonce, stored keys. */
async function stateOf(p: Funded) {
  const db = app().ctx.db;
  const bets = await db.selectFrom('bets').select('id').where('user_id', '=', p.userId).execute();
  const keys = await db
    .selectFrom('idempotency_keys')
    .select(['key', 'response_code'])
    .where('user_id', '=', p.userId)
    .execute();
  const seeds = await db
    .selectFrom('player_seeds')
    .select(['client_seed', 'nonce'])
    .where('user_id', '=', p.userId)
    .executeTakeFirst();
  return {
    balances: await playerBalances(db, p.userId),
    bets: bets.length,
    // Refusals are stored under their key (a replay answers the same): only accepted bets count.
    played: keys.filter((k) => k.response_code === 200).length,
    seeds: seeds && { ...seeds, nonce: Number(seeds.nonce) },
  };
}

/** The stored row of a bet, numbers as numbers (PostgreSQL's driver hands bigint as text). */
async function betRow(id: string) {
  const row = await app()
    .ctx.db.selectFrom('bets')
    .select([
      'id',
      'user_id',
      'game',
      'amount_cents',
      'payout_cents',
      'multiplier',
      'status',
      'params',
      'outcome',
      'server_seed_hash',
      'client_seed',
      'nonce',
      'wager_cents',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    amount_cents: Number(row.amount_cents),
    payout_cents: Number(row.payout_cents),
    multiplier: Number(row.multiplier),
    nonce: Number(row.nonce),
    wager_cents: Number(row.wager_cents),
  };
}

/**
 * Plays one dice bet and checks, independently of the server, that what was stored is exactly what
 * the rules give for the seeds the player had: stake, payout, multiplier, nonce, client seed, user,
 * params and outcome, the answer stored under the key, and the balance moved by exactly that.
 */
async function playAndVerifyDice(
  p: Funded,
  body: { amount: number | string; target: number; direction: 'over' | 'under' },
  stakeCents: number,
  key = newKey(),
) {
  const before = await stateOf(p);
  const seeds = await seedsOf(p);
  const res = await bet(p, 'dice', body, key);
  expect([res.code, res.body.message]).toEqual([200, 'sucesso']);
  const roll = diceRollFromFloat(floats(seeds.server_seed, seeds.client_seed, Number(seeds.nonce), 1)[0]!);
  const chance = body.direction === 'over' ? Math.round((100 - body.target) * 100) / 100 : body.target;
  const multiplier = diceMultiplier(chance, 0.01);
  const win = diceWins(roll, body.target, body.direction);
  const payout = win ? payoutCents(stakeCents, multiplier) : 0;
  expect(await betRow(res.body.data.betId)).toEqual({
    id: res.body.data.betId,
    user_id: p.userId,
    game: 'dice',
    amount_cents: stakeCents,
    payout_cents: payout,
    multiplier: win ? multiplier : 0,
    status: 'settled',
    params: JSON.stringify({ target: body.target, direction: body.direction, game: 'dice' }),
    outcome: JSON.stringify({ roll }),
    server_seed_hash: seeds.server_seed_hash,
    client_seed: seeds.client_seed,
    nonce: Number(seeds.nonce),
    wager_cents: stakeCents,
  });
  expect(res.body.data.fairness).toEqual({
    serverSeedHash: seeds.server_seed_hash,
    clientSeed: seeds.client_seed,
    nonce: Number(seeds.nonce),
  });
  const after = await stateOf(p);
  expect(after.balances.user_cash).toBe(before.balances.user_cash - stakeCents + payout);
  expect(after.bets).toBe(before.bets + 1);
  expect(after.seeds!.nonce).toBe(Number(seeds.nonce) + 1);
  const stored = await app()
    .ctx.db.selectFrom('idempotency_keys')
    .select(['key', 'response_code', 'response_body'])
    .where('user_id', '=', p.userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  expect(stored.response_code).toBe(200);
  expect(JSON.parse(stored.response_body)).toEqual(res.body);
  return res;
}

/** Text a record literal treats specially, or a parser might: each one must stay in its field. */
const NASTY: string[] = [
  '"',
  '\\',
  '\\"',
  '"\\',
  '""',
  '\\\\',
  'x\\',
  '"'.repeat(64),
  '\\'.repeat(64),
  '\\"'.repeat(32),
  '"),("1","dice","999999999',
  '",1,"',
  ')',
  '(',
  '()',
  ',',
  ',,,,',
  "'; drop table bets; --",
  "'), (1, 'x",
  '$1',
  '%s %d %%',
  'NULL',
  'null',
  '\\N',
  'undefined',
  ' leading and trailing ',
  '\t\ttabs\t',
  'line\nbreak\r\nand\rreturn',
  '\u0001\u0002\u001f\u007f',
  '\u2028\u2029',
  '\u202eevil\u202c',
  'zero\u200bwidth',
  '\ufeffbom',
  'ação 日本語 😀 👨‍👩‍👧 é',
  'a\ufeffb',
  'x\ufeff',
  '{"a":1}',
  '[1,2]',
  '{"amount":1e21}',
  '1e21',
  'NaN',
  'Infinity',
  '-0',
  'true',
  '\\u0000',
  '\\x00',
  "E'\\047'",
  '$$ $tag$',
];

const BASE: InstantBetCall = {
  user_id: 7,
  game: 'dice',
  amount: 100,
  server_seed_hash: 'h',
  client_seed: 'c',
  nonce: 1,
  stop: false,
  min_bet: 10,
  max_bet: 100_000,
  max_payout: 10_000_000,
  edge: 0.01,
  bet_id: 'b',
  payout: 0,
  multiplier: 2,
  params: '{}',
  outcome: '{}',
  idempotency_key: 'k',
  request_hash: 'r',
  body: { a: 1 },
  now: '2026-01-01T00:00:00.000Z',
  token_hash: 't',
  idle_ms: 1_800_000,
  touch_ms: 60_000,
};

const TEXT_FIELDS = [
  'game',
  'server_seed_hash',
  'client_seed',
  'bet_id',
  'params',
  'outcome',
  'idempotency_key',
  'request_hash',
  'token_hash',
] as const;

/**
 * The record as PostgreSQL reads it: text fields as they are, the numbers as their text (no JSON
 * number conversion in between), the boolean, the jsonb as its value, the timestamp as epoch ms.
 */
async function readBack(argument: unknown): Promise<Record<string, unknown>> {
  const literal = instantBetLiteral(argument as InstantBetCall);
  const { rows } = await sql<Record<string, unknown>>`
    select (x).user_id::text as user_id, '>' || (x).game as game, (x).amount::text as amount,
           '>' || (x).server_seed_hash as server_seed_hash, '>' || (x).client_seed as client_seed, (x).nonce::text as nonce, (x).stop,
           (x).min_bet::text as min_bet, (x).max_bet::text as max_bet,
           (x).max_payout::text as max_payout, (x).edge::text as edge, '>' || (x).bet_id as bet_id,
           (x).payout::text as payout, (x).multiplier::text as multiplier, '>' || (x).params as params, '>' || (x).outcome as outcome,
           '>' || (x).idempotency_key as idempotency_key, '>' || (x).request_hash as request_hash, (x).body::text as body,
           (extract(epoch from (x).now) * 1000)::bigint::text as now, '>' || (x).token_hash as token_hash,
           (x).idle_ms::text as idle_ms, (x).touch_ms::text as touch_ms,
           num_nulls(variadic array[(x).user_id::text, (x).game, (x).amount::text,
             (x).server_seed_hash, (x).client_seed, (x).nonce::text, (x).stop::text,
             (x).min_bet::text, (x).max_bet::text, (x).max_payout::text, (x).edge::text, (x).bet_id,
             (x).payout::text, (x).multiplier::text, (x).params, (x).outcome, (x).idempotency_key,
             (x).request_hash, (x).body::text, (x).now::text, (x).token_hash, (x).idle_ms::text,
             (x).touch_ms::text]) as nulls
      from (select ${literal}::instant_bet as x) s`.execute(app().ctx.db);
  const row = rows[0]!;
  // Each text is read behind a '>' (PGlite's reader drops a byte order mark that starts a value).
  for (const name of TEXT_FIELDS)
    if (typeof row[name] === 'string') row[name] = (row[name] as string).slice(1);
  return { ...row, body: JSON.parse(row.body as string) as unknown };
}

/** What readBack gives for a call read exactly as written. */
function expected(c: InstantBetCall) {
  return {
    user_id: String(c.user_id),
    game: c.game,
    amount: String(c.amount),
    server_seed_hash: c.server_seed_hash,
    client_seed: c.client_seed,
    nonce: String(c.nonce),
    stop: c.stop,
    min_bet: String(c.min_bet),
    max_bet: String(c.max_bet),
    max_payout: String(c.max_payout),
    edge: String(c.edge),
    bet_id: c.bet_id,
    payout: String(c.payout),
    multiplier: String(c.multiplier),
    params: c.params,
    outcome: c.outcome,
    idempotency_key: c.idempotency_key,
    request_hash: c.request_hash,
    body: c.body,
    now: String(Date.parse(c.now)),
    token_hash: c.token_hash,
    idle_ms: String(c.idle_ms),
    touch_ms: String(c.touch_ms),
    nulls: 0,
  };
}

/** Reads a value back, or the database's refusal (its SQLSTATE). */
async function readOrRefusal(argument: unknown): Promise<Record<string, unknown> | { refused: string }> {
  try {
    return await readBack(argument);
  } catch (err) {
    return { refused: String((err as { code?: string }).code) };
  }
}

describe('the record literal itself, read back by the database', () => {
  it('keeps every awkward text in its own field, in every text field at once (no shift)', async () => {
    for (const text of NASTY) {
      // A different text per field: a field that ended early would move its neighbour's text.
      const c: InstantBetCall = {
        ...BASE,
        game: `${text}|game`,
        server_seed_hash: `${text}|hash`,
        client_seed: `${text}|seed`,
        bet_id: `${text}|bet`,
        params: JSON.stringify({ target: 50, note: text }),
        outcome: JSON.stringify({ roll: 1, note: text }),
        idempotency_key: `${text}|key`,
        request_hash: `${text}|req`,
        body: { status: 200, message: text, data: { fairness: { clientSeed: text }, list: [text, 1, null] } },
        token_hash: `${text}|tok`,
      };
      expect([text, await readBack(c)]).toEqual([text, expected(c)]);
      // The awkward text alone in each field (at a field's start and end too).
      const alone: InstantBetCall = {
        ...BASE,
        game: text,
        server_seed_hash: text,
        client_seed: text,
        bet_id: text,
        params: text,
        outcome: text,
        idempotency_key: text,
        request_hash: text,
        token_hash: text,
      };
      expect([text, await readBack(alone)]).toEqual([text, expected(alone)]);
    }
  });

  it('reads an empty text as an empty text, never as NULL', async () => {
    const c: InstantBetCall = {
      ...BASE,
      game: '',
      server_seed_hash: '',
      client_seed: '',
      bet_id: '',
      params: '',
      outcome: '',
      idempotency_key: '',
      request_hash: '',
      token_hash: '',
    };
    expect(await readBack(c)).toEqual(expected(c));
  });

  it('keeps a very long text of quotes and backslashes whole (200,000 characters)', async () => {
    const long = '\\"),('.repeat(40_000);
    const c: InstantBetCall = { ...BASE, client_seed: long, body: { s: long } };
    const read = await readBack(c);
    expect((read.client_seed as string).length).toBe(long.length);
    expect(read).toEqual(expected(c));
  });

  it('refuses a NUL in a text or in the body (no truncation at the NUL)', async () => {
    // The HTTP layer refuses a NUL before any handler (platform/text-guard.ts); the literal does not
    // hide one either: the database refuses the whole call, nothing is read short.
    expect(await readOrRefusal({ ...BASE, client_seed: 'a\u0000b' })).toEqual({ refused: '22021' });
    expect(await readOrRefusal({ ...BASE, body: { a: 'x\u0000y' } })).toEqual({ refused: '22P05' });
  });

  it('reads every number the call can carry exactly, never in exponent form', async () => {
    const cases: Array<Partial<InstantBetCall>> = [
      { amount: 1, payout: 0, nonce: 0, user_id: 1 },
      {
        amount: MAX_AMOUNT_CENTS,
        payout: MAX_AMOUNT_CENTS * 1_000_000,
        nonce: 2 ** 31 - 1,
        user_id: 2 ** 31 - 1,
      },
      { amount: Number.MAX_SAFE_INTEGER, payout: Number.MAX_SAFE_INTEGER },
      // The operator's settings at their schema's limits (game.schema.ts gameSettingsPatchSchema).
      { min_bet: 1, max_bet: 100_000_000, max_payout: 10_000_000_000, edge: 0 },
      { edge: 0.15 },
      { edge: 1e-7 },
      { edge: 5e-324 },
      { edge: 0.12345678901234568 },
      { multiplier: 1.01 },
      { multiplier: 1_000_000 },
      { multiplier: 9899.9999 },
      { multiplier: 999999.99 },
      // -0 prints as 0, as JSON would write it.
      { payout: -0, multiplier: -0 },
    ];
    for (const change of cases) {
      const c = { ...BASE, ...change };
      const read = await readBack(c);
      for (const name of [
        'amount',
        'payout',
        'nonce',
        'user_id',
        'min_bet',
        'max_bet',
        'max_payout',
      ] as const)
        expect([name, read[name]]).toEqual([name, BigInt(c[name]).toString()]);
      // (`+ 0`: -0 is written as 0, as JSON writes it.)
      for (const name of ['edge', 'multiplier'] as const)
        expect([name, Number(read[name])]).toEqual([name, c[name] + 0]);
    }
  });

  it('every DICE multiplier and payout prints as a plain decimal at every edge an operator may set', () => {
    // A number prints in exponent form from 1e21 and below 1e-6: no multiplier or payout gets there.
    const plain = /^-?\d+(\.\d+)?$/;
    for (const edge of [0, 0.01, 0.05, 0.15]) {
      for (let c = DICE_MIN_CHANCE * 100; c <= DICE_MAX_CHANCE * 100; c++) {
        const m = diceMultiplier(c / 100, edge);
        expect(String(m)).toMatch(plain);
        expect(Number.isFinite(m)).toBe(true);
        const top = payoutCents(100_000_000, m);
        expect(Number.isSafeInteger(top)).toBe(true);
        expect(String(top)).toMatch(plain);
      }
    }
    for (const m of [1.01, 2, 14, 999999.99, 1_000_000]) {
      expect(String(m)).toMatch(plain);
      expect(String(payoutCents(100_000_000, m))).toMatch(plain);
    }
  });

  it('a value no caller passes is refused by the typed fields rather than misread', async () => {
    // Integer, bigint, boolean and timestamp fields refuse exponents, fractions, NaN, Infinity and
    // the words String() gives undefined and null: a wrong number errors, it never becomes another.
    for (const bad of [1e21, 1.5]) {
      for (const name of [
        'user_id',
        'amount',
        'nonce',
        'payout',
        'min_bet',
        'max_bet',
        'max_payout',
        'idle_ms',
      ] as const)
        expect([name, bad, await readOrRefusal({ ...BASE, [name]: bad })]).toEqual([
          name,
          bad,
          { refused: '22P02' },
        ]);
      expect(await readOrRefusal({ ...BASE, stop: bad })).toHaveProperty('refused');
    }
    expect(await readOrRefusal({ ...BASE, now: 'not a time' })).toHaveProperty('refused');
  });

  it('refuses, before sending, a value String() would write as a word (NaN, Infinity, undefined, null)', async () => {
    // JSON made these NULL; as words `numeric` and `text` would accept them. No call carries one
    // (every number of the call is finite, every field set), so one is a bug, never a bet.
    for (const bad of [NaN, Infinity, -Infinity, undefined, null])
      for (const name of Object.keys(BASE) as (keyof InstantBetCall)[])
        expect(() => instantBetLiteral({ ...BASE, [name]: bad } as InstantBetCall)).toThrow(
          `instant_bet.${name} is ${String(bad)}`,
        );
    // boolin reads more than true/false: any text that is not one of its words is refused.
    expect((await readBack({ ...BASE, stop: 'yes' })).stop).toBe(true);
  });
});

describe("a player's client seed (POST /api/app/game/fairness/rotate) in the call", () => {
  it('plays under every awkward seed and stores exactly that seed, stake, payout and nonce', async () => {
    const p = await fundedPlayer(app(), 200);
    const victim = await fundedPlayer(app(), 50);
    const victimBefore = await stateOf(victim);
    for (const raw of NASTY) {
      // The seed as the rotation keeps it: trimmed, at most 64 characters.
      const clientSeed = raw.slice(0, 64).trim();
      const rotated = await rotate(p, raw.slice(0, 64));
      if (clientSeed === '') {
        expect(rotated.code).toBe(400);
        continue;
      }
      expect([raw, rotated.code]).toEqual([raw, 200]);
      expect((await seedsOf(p)).client_seed).toBe(clientSeed);
      expect(rotated.body.data.clientSeed).toBe(clientSeed);
      const played = await playAndVerifyDice(p, { amount: 1, target: 50, direction: 'over' }, 100);
      expect(played.body.data.fairness.clientSeed).toBe(clientSeed);
      expect(played.body.data.fairness.nonce).toBe(0);
    }
    expect(await stateOf(victim)).toEqual(victimBefore);
  });

  it('plays a seed of 64 characters that is all escapes, twice in a row (nonce 0 then 1)', async () => {
    const p = await fundedPlayer(app(), 10);
    for (const seed of [
      '\\'.repeat(64),
      '"'.repeat(64),
      '\\"'.repeat(32),
      '",'.repeat(32),
      ')('.repeat(32),
    ]) {
      expect((await rotate(p, seed)).code).toBe(200);
      const first = await playAndVerifyDice(p, { amount: 0.1, target: 50, direction: 'under' }, 10);
      const second = await playAndVerifyDice(p, { amount: 0.1, target: 50, direction: 'under' }, 10);
      expect([first.body.data.fairness.nonce, second.body.data.fairness.nonce]).toEqual([0, 1]);
      expect(second.body.data.fairness.clientSeed).toBe(seed);
    }
  });

  it("a seed held with a leading byte order mark (not a rotation's: it trims one) plays with it exactly", async () => {
    // PGlite's reader drops a U+FEFF that starts a text value (a read of the seed gives it without),
    // so the first attempt is answered `stale` with the stored seed as JSON, and the second plays.
    const p = await fundedPlayer(app(), 10);
    const seed = '\ufeffbom"\\';
    await app()
      .ctx.db.updateTable('player_seeds')
      .set({ client_seed: seed })
      .where('user_id', '=', p.userId)
      .execute();
    const res = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' });
    expect(res.code).toBe(200);
    expect(res.body.data.fairness.clientSeed).toBe(seed);
    const { server_seed } = await seedsOf(p);
    expect(res.body.data.outcome.roll).toBe(diceRollFromFloat(floats(server_seed, seed, 0, 1)[0]!));
    const { rows } = await sql<{ same: boolean }>`
      select client_seed = ${seed} as same from bets where id = ${res.body.data.betId}`.execute(app().ctx.db);
    expect(rows[0]!.same).toBe(true);
  });

  it('refuses a seed with a NUL or a lone surrogate (400) and changes nothing', async () => {
    const p = await fundedPlayer(app(), 10);
    await playAndVerifyDice(p, { amount: 1, target: 50, direction: 'over' }, 100);
    const before = await stateOf(p);
    for (const clientSeed of ['a\u0000b', '\u0000', 'a\ud800b', '\udc00', 'x\ud83d', '😀\ud800']) {
      const res = await rotate(p, clientSeed);
      expect([JSON.stringify(clientSeed), res.code]).toEqual([JSON.stringify(clientSeed), 400]);
    }
    expect(await stateOf(p)).toEqual(before);
    // The next bet plays on the unchanged pair.
    await playAndVerifyDice(p, { amount: 1, target: 50, direction: 'over' }, 100);
  });

  it('refuses a seed over 64 characters (after trimming) and an empty one', async () => {
    const p = await fundedPlayer(app(), 10);
    const before = await stateOf(p);
    for (const clientSeed of ['"'.repeat(65), '\\'.repeat(65), 'a'.repeat(10_000), '', '   ', '\t\n']) {
      expect((await rotate(p, clientSeed)).code).toBe(400);
    }
    expect(await stateOf(p)).toEqual(before);
  });
});

describe('the idempotency key in the call', () => {
  it('stores and replays every awkward printable key exactly, one bet each', async () => {
    const p = await fundedPlayer(app(), 50);
    const keys = [
      '"',
      '\\',
      '\\"',
      '"\\',
      '"),("1","dice"',
      '"'.repeat(64),
      '\\'.repeat(64),
      '\\"'.repeat(32),
      "';drop-table-bets;--",
      '%s%d%%',
      '$1$$',
      'NULL',
      '\\N',
      '(,)',
      `lit-${'~'.repeat(60)}`,
      '!#$&*+-./:;<=>?@[]^_`{|}~',
    ];
    for (const key of keys) {
      const first = await playAndVerifyDice(p, { amount: 0.1, target: 50, direction: 'over' }, 10, key);
      const before = await stateOf(p);
      const replay = await bet(p, 'dice', { amount: 0.1, target: 50, direction: 'over' }, key);
      expect([key, replay.code, replay.headers['idempotent-replayed']]).toEqual([key, 200, 'true']);
      expect(replay.body).toEqual(first.body);
      expect(await stateOf(p)).toEqual(before);
      // The same key with another body is 422, not a new bet.
      const other = await bet(p, 'dice', { amount: 0.2, target: 50, direction: 'over' }, key);
      expect([key, other.code]).toEqual([key, 422]);
      expect(await stateOf(p)).toEqual(before);
    }
    const stored = await app()
      .ctx.db.selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', p.userId)
      .execute();
    expect(stored.map((r) => r.key).sort()).toEqual([...keys].sort());
  });

  it('refuses a key that is not 1-64 printable ASCII characters, before anything moves', async () => {
    const p = await fundedPlayer(app(), 10);
    const before = await stateOf(p);
    for (const key of ['"'.repeat(65), 'a b', '\t', 'tab\tkey', 'é', 'ação', '']) {
      const res = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over' }, key);
      expect([key, res.code]).toEqual([key, 400]);
    }
    const missing = await call(app(), {
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: auth(p.token),
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    expect(missing.code).toBe(400);
    expect(await stateOf(p)).toEqual(before);
  });
});

describe("the bet body's fields in the call", () => {
  it('refuses every amount that is not plain centavos (400) and moves nothing', async () => {
    const p = await fundedPlayer(app(), 10_000);
    const before = await stateOf(p);
    const amounts: unknown[] = [
      1e21,
      -1e21,
      1e-7,
      -0,
      0,
      -1,
      0.001,
      0.30000000000000004,
      1.005,
      Number('12345678901234567890'),
      1_000_000_000.01,
      '1e2',
      '1e21',
      '1,00',
      ' 1',
      '1 ',
      '(1)',
      '1"',
      '"1"',
      '\\1',
      '1),(2',
      '01',
      '+1',
      '-1',
      '0x10',
      'NaN',
      'Infinity',
      '999999999999.99',
      '1.001',
      '١',
      {},
      { cents: 100 },
      [],
      [1],
      true,
      false,
      null,
      '',
    ];
    for (const amount of amounts) {
      const res = await bet(p, 'dice', { amount, target: 50, direction: 'over' });
      expect([JSON.stringify(amount), res.code]).toEqual([JSON.stringify(amount), 400]);
    }
    expect(await stateOf(p)).toEqual(before);
  });

  it('refuses JSON numbers that parse to ±Infinity or NaN-like tokens, in amount and target', async () => {
    const p = await fundedPlayer(app(), 100);
    const before = await stateOf(p);
    for (const text of [
      '{"amount":1e400,"target":50,"direction":"over"}',
      '{"amount":-1e400,"target":50,"direction":"over"}',
      '{"amount":1,"target":1e400,"direction":"over"}',
      '{"amount":1,"target":-1e400,"direction":"under"}',
      '{"amount":1,"target":1e-400,"direction":"under"}',
      '{"amount":NaN,"target":50,"direction":"over"}',
      '{"amount":Infinity,"target":50,"direction":"over"}',
      '{"amount":1,"target":NaN,"direction":"over"}',
      '{"amount":undefined,"target":50,"direction":"over"}',
      '{"amount":1,"target":50,"direction":"over"',
    ]) {
      const res = await rawBet(p, 'dice', text);
      expect([text, res.code]).toEqual([text, 400]);
    }
    for (const text of ['{"amount":1,"target":1e400}', '{"amount":1e400,"target":2}']) {
      const res = await rawBet(p, 'limbo', text);
      expect([text, res.code]).toEqual([text, 400]);
    }
    const after = await stateOf(p);
    expect([after.balances, after.bets, after.seeds]).toEqual([before.balances, before.bets, before.seeds]);
  });

  it('plays an amount sent as text or a number as the same centavos', async () => {
    const p = await fundedPlayer(app(), 100);
    await playAndVerifyDice(p, { amount: '1.5', target: 50, direction: 'over' }, 150);
    await playAndVerifyDice(p, { amount: 1.5, target: 50, direction: 'over' }, 150);
    await playAndVerifyDice(p, { amount: '0.10', target: 50, direction: 'over' }, 10);
    await playAndVerifyDice(p, { amount: 12.34, target: 50, direction: 'over' }, 1234);
  });

  it('refuses dice and limbo targets that are not finite two-decimal numbers in range', async () => {
    const p = await fundedPlayer(app(), 100);
    const before = await stateOf(p);
    const dice: unknown[] = [
      1e21,
      -1e21,
      -0,
      0,
      5e-324,
      50.001,
      100,
      1e308,
      '50',
      '50.00',
      null,
      {},
      [50],
      true,
    ];
    for (const target of dice)
      for (const direction of ['over', 'under'])
        expect([target, direction, (await bet(p, 'dice', { amount: 1, target, direction })).code]).toEqual([
          target,
          direction,
          400,
        ]);
    for (const direction of ['OVER', 'over ', '"over"', 'over","x', '', null, 1])
      expect((await bet(p, 'dice', { amount: 1, target: 50, direction })).code).toBe(400);
    const limbo: unknown[] = [1e21, 1_000_000.01, 1e7, 1, 1.001, -0, 0, -2, '2', null, {}, [2], 5e-324];
    for (const target of limbo)
      expect([target, (await bet(p, 'limbo', { amount: 1, target })).code]).toEqual([target, 400]);
    for (const color of ['RED', 'red ', 'green', '"red"', 'red","x', '', null, 0, ['red']])
      expect((await bet(p, 'rowdouble', { amount: 1, color })).code).toBe(400);
    const after = await stateOf(p);
    expect([after.balances, after.bets, after.seeds]).toEqual([before.balances, before.bets, before.seeds]);
  });

  it('plays LIMBO at its extreme targets with the multiplier and params stored exactly', async () => {
    const p = await fundedPlayer(app(), 100);
    for (const target of [1.01, 999_999.99, 1_000_000, 123_456.78]) {
      const seeds = await seedsOf(p);
      const res = await bet(p, 'limbo', { amount: 0.1, target });
      expect([target, res.code]).toEqual([target, 200]);
      const f = floats(seeds.server_seed, seeds.client_seed, Number(seeds.nonce), 1)[0]!;
      const result = limboResultFromFloat(f, 0.01);
      const win = result >= target;
      expect(await betRow(res.body.data.betId)).toMatchObject({
        user_id: p.userId,
        game: 'limbo',
        amount_cents: 10,
        payout_cents: win ? payoutCents(10, target) : 0,
        multiplier: win ? target : 0,
        params: JSON.stringify({ target, game: 'limbo' }),
        outcome: JSON.stringify({ result }),
        client_seed: seeds.client_seed,
        nonce: Number(seeds.nonce),
      });
    }
  });

  it('plays ROWDOUBLE with the colour and multiplier stored exactly', async () => {
    const p = await fundedPlayer(app(), 100);
    for (const color of ['red', 'black', 'white'] as const) {
      const seeds = await seedsOf(p);
      const res = await bet(p, 'rowdouble', { amount: 0.1, color });
      expect(res.code).toBe(200);
      const tile = rowDoubleTileFromFloat(
        floats(seeds.server_seed, seeds.client_seed, Number(seeds.nonce), 1)[0]!,
      );
      const win = doubleColor(tile) === color;
      expect(await betRow(res.body.data.betId)).toMatchObject({
        game: 'rowdouble',
        amount_cents: 10,
        payout_cents: win ? payoutCents(10, doubleMultiplier(color)) : 0,
        multiplier: win ? doubleMultiplier(color) : 0,
        params: JSON.stringify({ color, game: 'rowdouble' }),
        outcome: JSON.stringify({ tile }),
      });
    }
  });

  it("refuses extra fields that name the call's fields, and prototype keys (400, nothing moves)", async () => {
    const p = await fundedPlayer(app(), 100);
    const before = await stateOf(p);
    const extras: Array<Record<string, unknown>> = [
      { user_id: 1 },
      { userId: 1 },
      { nonce: 0 },
      { payout: 1e9 },
      { multiplier: 1000 },
      { edge: 0 },
      { game: 'limbo' },
      { client_seed: 'x' },
      { clientSeed: 'x' },
      { bet_id: 'B1' },
      { amount_cents: 1 },
      { stop: false },
      { max_payout: 1e12 },
      { params: '{}' },
      { body: {} },
      { '"),("': 1 },
    ];
    for (const extra of extras) {
      const res = await bet(p, 'dice', { amount: 1, target: 50, direction: 'over', ...extra });
      expect([Object.keys(extra)[0], res.code]).toEqual([Object.keys(extra)[0], 400]);
    }
    for (const text of [
      '{"amount":1,"target":50,"direction":"over","__proto__":{"user_id":1}}',
      '{"amount":1,"target":50,"direction":"over","constructor":{"prototype":{"nonce":0}}}',
    ]) {
      const res = await rawBet(p, 'dice', text);
      expect([text, res.code]).toEqual([text, 400]);
    }
    const after = await stateOf(p);
    expect([after.balances, after.bets, after.seeds]).toEqual([before.balances, before.bets, before.seeds]);
  });

  it('a repeated key counts once, as parsed: the stake played is the one stored and hashed', async () => {
    const p = await fundedPlayer(app(), 100);
    const before = await stateOf(p);
    const res = await rawBet(p, 'dice', '{"amount":1,"target":50,"direction":"over","amount":"2.5"}');
    expect(res.code).toBe(200);
    const row = await betRow(res.body.data.betId);
    expect([row.amount_cents, res.body.data.amount]).toEqual([250, 2.5]);
    expect((await stateOf(p)).balances.user_cash).toBe(before.balances.user_cash - 250 + row.payout_cents);
  });

  it('a body that is not JSON never reaches the call (nothing moves)', async () => {
    const p = await fundedPlayer(app(), 100);
    const before = await stateOf(p);
    for (const [type, payload] of [
      ['text/plain', '{"amount":1,"target":50,"direction":"over"}'],
      ['application/x-www-form-urlencoded', 'amount=1&target=50&direction=over'],
      [
        'application/json',
        `{"amount":1,"target":50,"direction":"over","x":"${'"),('.repeat(1)}${'a'.repeat(2_000_000)}"}`,
      ],
    ] as const) {
      const res = await call(app(), {
        method: 'POST',
        url: '/api/app/game/dice/bet',
        headers: { ...auth(p.token), 'idempotency-key': newKey(), 'content-type': type },
        payload,
      });
      expect([type, res.code >= 400 && res.code < 500]).toEqual([type, true]);
    }
    const after = await stateOf(p);
    expect([after.balances, after.bets, after.seeds]).toEqual([before.balances, before.bets, before.seeds]);
  });

  it('the lang header only picks a known language of the stored answer', async () => {
    const p = await fundedPlayer(app(), 10);
    for (const lang of ['"),("', '\\', 'pt"}', 'x'.repeat(4000), 'en']) {
      const res = await bet(p, 'dice', { amount: 0.1, target: 50, direction: 'over' }, newKey(), { lang });
      expect(res.code).toBe(200);
      expect(res.body.message).toBe(translate('ok', toLanguageKey(lang)));
      const row = await betRow(res.body.data.betId);
      expect([row.user_id, row.amount_cents]).toEqual([p.userId, 10]);
    }
  });
});

describe("an operator's settings in the call (numbers printed by String)", () => {
  it('plays under an edge that prints in exponent form (1e-7) or at full double precision', async () => {
    const p = await fundedPlayer(app(), 10);
    const op = await operatorAuth(app());
    const setDice = (edge: number) =>
      call(app(), { method: 'PUT', url: '/api/admin/games/dice', headers: op, payload: { edge } });
    try {
      for (const edge of [1e-7, 0.07000000000000001, 0.12345678901234568, 0, 0.15, 0.01234]) {
        expect([edge, (await setDice(edge)).code]).toEqual([edge, 200]);
        // game_settings.edge is numeric(6, 5): the operator's value is kept to five decimals
        // (1e-7 becomes 0), and the call carries the stored value back as String() prints it.
        const stored = await app()
          .ctx.db.selectFrom('game_settings')
          .select('edge')
          .where('game', '=', 'dice')
          .executeTakeFirstOrThrow();
        const seeds = await seedsOf(p);
        // Stale answers would repeat forever if the printed edge never equalled the stored one:
        // 503 after eight attempts. It plays at once, with the multiplier of that edge.
        const res = await bet(p, 'dice', { amount: 0.1, target: 50, direction: 'over' });
        expect([edge, res.code]).toEqual([edge, 200]);
        const roll = diceRollFromFloat(
          floats(seeds.server_seed, seeds.client_seed, Number(seeds.nonce), 1)[0]!,
        );
        const m = diceMultiplier(50, Number(stored.edge));
        expect(res.body.data.multiplier).toBe(roll > 50 ? m : 0);
        expect((await betRow(res.body.data.betId)).nonce).toBe(Number(seeds.nonce));
      }
    } finally {
      expect((await setDice(0.01)).code).toBe(200);
    }
  });
});
