import { sql, type Kysely } from 'kysely';

/**
 * The game engine: per-player fairness seeds, per-game settings, bets, Mines games, and the hash
 * chains and rounds of DOUBLE and LUCKYCOLOR.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_seeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('next_server_seed', 'text', (c) => c.notNull())
    .addColumn('next_server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('revealed_seeds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('last_nonce', 'integer', (c) => c.notNull())
    .addColumn('revealed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('game_settings')
    .addColumn('game', 'text', (c) => c.primaryKey())
    .addColumn('stop', 'boolean', (c) => c.notNull())
    .addColumn('min_bet_cents', 'bigint', (c) => c.notNull())
    .addColumn('max_bet_cents', 'bigint', (c) => c.notNull())
    .addColumn('max_payout_cents', 'bigint', (c) => c.notNull())
    .addColumn('edge', 'numeric(6, 5)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('bonus_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payout_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('multiplier', 'numeric(14, 4)', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('server_seed_hash', 'text')
    .addColumn('client_seed', 'text')
    .addColumn('nonce', 'integer')
    .addColumn('round_id', 'text')
    .addColumn('fairness_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bets_user_idx').on('bets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('bets_round_idx').on('bets').column('round_id').execute();

  await db.schema
    .createTable('mines_games')
    .addColumn('bet_id', 'text', (c) => c.primaryKey().references('bets.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('mines', 'integer', (c) => c.notNull())
    .addColumn('mine_tiles', 'text', (c) => c.notNull())
    .addColumn('revealed', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('last_move_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One open Mines game per player.
  await sql`create unique index mines_one_open on mines_games (user_id) where status = 'open'`.execute(db);

  await db.schema
    .createTable('chains')
    .addColumn('game', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('terminating_hash', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chain_checkpoints')
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_checkpoints_pk', ['game', 'idx'])
    .execute();

  await db.schema
    .createTable('rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('hash', 'text')
    .addColumn('result', 'integer')
    .addUniqueConstraint('rounds_game_number', ['game', 'number'])
    .execute();
}
