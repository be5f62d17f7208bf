import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';

/**
 * The games' other queries (issue 17: SQL in the repository, rules in the services): the
 * operator's settings of each game, the round games' hash chains, and the instant bet's one call
 * (`play_instant`). Rounds, MINES and the seeds have repositories of their own.
 */

/** A game's settings as the operator changes them, in `game_settings`' columns. */
export interface GameSettingsValues {
  stop?: boolean;
  min_bet_cents?: number;
  max_bet_cents?: number;
  max_payout_cents?: number;
  edge?: number;
}

/** Writes a game's configured settings unless it has some (an operator's change is kept). */
export async function insertGameSettingsIfAbsent(
  db: Db,
  game: string,
  values: Required<GameSettingsValues>,
): Promise<void> {
  await db
    .insertInto('game_settings')
    .values({
      game,
      stop: values.stop,
      min_bet_cents: values.min_bet_cents,
      max_bet_cents: values.max_bet_cents,
      max_payout_cents: values.max_payout_cents,
      edge: values.edge,
    })
    .onConflict((oc) => oc.column('game').doNothing())
    .execute();
}

/** A game's `game_settings` row, if it has one. */
export async function gameSettingsRow(db: Db | Trx, game: string) {
  return db.selectFrom('game_settings').selectAll().where('game', '=', game).executeTakeFirst();
}

/** Writes an operator's change to a game's settings (only the columns given). */
export async function updateGameSettingsRow(
  db: Db | Trx,
  game: string,
  values: GameSettingsValues,
): Promise<void> {
  await db.updateTable('game_settings').set(values).where('game', '=', game).execute();
}

/** A game's stored chain, if it has one. */
export async function findChain(db: Db, game: string) {
  return db.selectFrom('chains').selectAll().where('game', '=', game).executeTakeFirst();
}

/** A game's stored chain, read back after storing it (throws when there is none). */
export async function storedChain(db: Db, game: string) {
  return db.selectFrom('chains').selectAll().where('game', '=', game).executeTakeFirstOrThrow();
}

/**
 * Stores a new chain and its checkpoints (in batches of 500 rows per insert). Both inserts are
 * no-ops where another instance stored the game's chain first: its chain is the one kept.
 */
export async function insertChain(
  trx: Trx,
  chain: { game: string; salt: string; terminatingHash: string; length: number },
  checkpoints: Array<{ game: string; idx: number; hash: string }>,
): Promise<void> {
  await trx
    .insertInto('chains')
    .values({
      game: chain.game,
      salt: chain.salt,
      terminating_hash: chain.terminatingHash,
      length: chain.length,
    })
    .onConflict((oc) => oc.column('game').doNothing())
    .execute();
  for (let i = 0; i < checkpoints.length; i += 500) {
    await trx
      .insertInto('chain_checkpoints')
      .values(checkpoints.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['game', 'idx']).doNothing())
      .execute();
  }
}

/** The stored hash at checkpoint `idx` of a game's chain (throws when there is none). */
export async function checkpointHash(db: Db | Trx, game: string, idx: number): Promise<string> {
  const row = await db
    .selectFrom('chain_checkpoints')
    .select('hash')
    .where('game', '=', game)
    .where('idx', '=', idx)
    .executeTakeFirstOrThrow();
  return row.hash;
}

/** `play_instant`'s one argument (the `instant_bet` record of migration 021), field by field. */
export interface InstantBetCall {
  user_id: number;
  game: string;
  amount: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  stop: boolean;
  min_bet: number;
  max_bet: number;
  max_payout: number;
  edge: number;
  bet_id: string;
  payout: number;
  multiplier: number;
  params: string;
  outcome: string;
  idempotency_key: string;
  request_hash: string;
  body: object;
  now: string;
  token_hash: string;
  idle_ms: number;
  touch_ms: number;
}

/** `instant_bet`'s fields in the type's order (migration 021): a record literal is positional. */
const INSTANT_BET_FIELDS = [
  'user_id',
  'game',
  'amount',
  'server_seed_hash',
  'client_seed',
  'nonce',
  'stop',
  'min_bet',
  'max_bet',
  'max_payout',
  'edge',
  'bet_id',
  'payout',
  'multiplier',
  'params',
  'outcome',
  'idempotency_key',
  'request_hash',
  'body',
  'now',
  'token_hash',
  'idle_ms',
  'touch_ms',
] as const satisfies readonly (keyof InstantBetCall)[];
/** Fails to compile when a field of InstantBetCall is missing from the list above. */
const everyField: Record<Exclude<keyof InstantBetCall, (typeof INSTANT_BET_FIELDS)[number]>, never> = {};
void everyField;

/**
 * The call as an `instant_bet` record literal, `("1","dice",…)`: every field quoted, with `"` and
 * `\` escaped, so no value can end its field early. PostgreSQL reads a record literal with far
 * less work than `jsonb_populate_record` over the same values as JSON (about 40 µs a bet under
 * load, docs/performance.md, eleventh run); the statement stays one typed argument.
 */
export function instantBetLiteral(call: InstantBetCall): string {
  const field = (name: keyof InstantBetCall) => {
    const value: unknown = call[name];
    // String() would write NaN, Infinity, undefined and null as words that `numeric` and `text`
    // accept (JSON made them NULL): a call carrying one is a bug, refused before it is sent.
    if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)))
      throw new TypeError(`instant_bet.${name} is ${String(value)}`);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/["\\]/g, '\\$&')}"`;
  };
  return `(${INSTANT_BET_FIELDS.map(field).join(',')})`;
}

/**
 * Places and settles an instant bet in one database call (`play_instant`, migration 019). Returns
 * its answer as the driver hands it over (json, or its text on some drivers); the caller reads it.
 * The function's refusals arrive as errors with codes (TR409, TR402).
 */
export async function playInstantBet(db: Db, call: InstantBetCall): Promise<unknown> {
  const { rows } = await sql<{ result: unknown }>`
    select play_instant(${instantBetLiteral(call)}::instant_bet) as result`.execute(db);
  return rows[0]!.result;
}
