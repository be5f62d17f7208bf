import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import { AppError, badRequest, notLoggedIn, stillRunning } from '../../infra/http/errors';
import { resolveSession, sessionRefusal, TOUCH_EVERY_MS, type SessionState } from '../../platform/sessions';
import { sha256Hex } from '../../infra/security/tokens';
import { insufficientFunds } from '../../platform/money/ledger';
import { applyVipUpgrades, vipDue } from '../../platform/money/vip';
import { lossLimitReached } from '../protection/protection.service';
import type { MoneyRequest } from '../../platform/idempotency';
import { translate } from '../../../domain/messages';
import { centsToBrl, parseAmount } from '../../../domain/money';
import { gameByKey, type GameKey } from '../../../domain/codes';
import {
  floats,
  diceRollFromFloat,
  limboResultFromFloat,
  rowDoubleTileFromFloat,
} from '../../../domain/fairness/instant';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  diceChance,
  diceMultiplier,
  diceWins,
  doubleColor,
  doubleMultiplier,
  payoutCents,
  type DiceDirection,
  type DoubleColor,
} from '../../../domain/games/rules';
import { checkStake, gameSettings, settingsFromRow, type GameSettings } from './settings';
import { seedsFor } from './seeds';
import { newBetId, type BetSnapshot } from '../../platform/money/bet-money';
import { playInstantBet, type InstantBetCall } from './games.repository';

/** The stake of a bet in centavos, or a clear 400. */
export function stakeCents(amount: unknown): number {
  if (amount === undefined || amount === null || amount === '') throw badRequest('betAmountRequired');
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw badRequest('amountInvalid');
  return parsed.cents;
}

export const gameCodeOf = (game: GameKey) => gameByKey(game)!.gameCode;

export type InstantInput =
  | { game: 'dice'; amount: unknown; target: number; direction: DiceDirection }
  | { game: 'limbo'; amount: unknown; target: number }
  | { game: 'rowdouble'; amount: unknown; color: DoubleColor };

/** Terms of the bet (multiplier if it wins) and the checks of its game. */
function terms(input: InstantInput, edge: number): { multiplier: number } {
  if (input.game === 'dice') {
    const target = Math.round(input.target * 100) / 100;
    if (target !== input.target) throw badRequest('diceTargetInvalid');
    const chance = diceChance(target, input.direction);
    if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw badRequest('diceTargetInvalid');
    return { multiplier: diceMultiplier(chance, edge) };
  }
  if (input.game === 'limbo') {
    const target = Math.round(input.target * 100) / 100;
    if (target !== input.target || target < LIMBO_MIN_TARGET || target > LIMBO_MAX_TARGET)
      throw badRequest('limboTargetInvalid');
    return { multiplier: target };
  }
  return { multiplier: doubleMultiplier(input.color) };
}

/** The seed pair an instant bet is computed from, as `player_seeds` holds it. */
interface SeedPair {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/**
 * What an instance remembers between a player's bets, per database: the seed pair and next nonce,
 * and each game's settings. Only a hint: `play_instant` checks both under the player's row lock and
 * answers `stale` with the current values when another instance, a rotation, a Mines game or an
 * operator moved them. `queues` runs one player's bets one after another in this instance, so its
 * own bets never make each other stale.
 */
interface InstantMemory {
  /** Player of each session token hash seen here (a token's player never changes). */
  players: Map<string, number>;
  seeds: Map<number, SeedPair>;
  settings: Map<GameKey, GameSettings>;
  queues: Map<number, Promise<void>>;
}
const memories = new WeakMap<Db, InstantMemory>();
/** Players whose seed pair an instance keeps; the oldest is forgotten first. */
const REMEMBERED_PLAYERS = 50_000;
/** `stale` answers in a row before giving up (each means another instance bet for the player). */
const MAX_ATTEMPTS = 8;

function memoryOf(db: Db): InstantMemory {
  let memory = memories.get(db);
  if (!memory)
    memories.set(
      db,
      (memory = { players: new Map(), seeds: new Map(), settings: new Map(), queues: new Map() }),
    );
  return memory;
}

/** Drops what an instance remembers of a game's settings (after an operator's change here). */
export function forgetGameSettings(db: Db, game: GameKey): void {
  memories.get(db)?.settings.delete(game);
}

/** Sets `key` as the newest entry of a map that keeps at most REMEMBERED_PLAYERS of them. */
function keep<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_PLAYERS) map.delete(map.keys().next().value!);
}

function remember(memory: InstantMemory, userId: number, seeds: SeedPair): void {
  keep(memory.seeds, userId, seeds);
}

/**
 * The player of a bet's session token: remembered, or resolved once (which refuses a dead session
 * with resolveSession's answers). `play_instant` checks the session again on every bet.
 */
export async function instantPlayer(ctx: AppContext, token: string | undefined): Promise<number> {
  if (!token) throw notLoggedIn('loginRequired');
  const memory = memoryOf(ctx.db);
  const known = memory.players.get(sha256Hex(token));
  if (known !== undefined) return known;
  const { subjectId } = await resolveSession(ctx, token, 'player');
  keep(memory.players, sha256Hex(token), subjectId);
  return subjectId;
}

/** A refused session: answered as it is, never stored under the request's idempotency key. */
export class SessionRefused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.key);
  }
}

/** Runs `work` after the player's earlier bets in this instance have finished. */
function oneAtATime<T>(memory: InstantMemory, userId: number, work: () => Promise<T>): Promise<T> {
  const before = memory.queues.get(userId) ?? Promise.resolve();
  const run = before.then(work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  memory.queues.set(userId, tail);
  void tail.then(() => {
    if (memory.queues.get(userId) === tail) memory.queues.delete(userId);
  });
  return run;
}

/** Thrown when a twin of the request (same key) finished first: the caller replays its answer. */
export class InstantTwin extends Error {}

/** The answer of a first (not replayed) instant bet: the body as stored, and what to announce. */
export interface PlayedInstant {
  body: string;
  amountCents: number;
  payoutCents: number;
  multiplier: number;
  snapshot: BetSnapshot | undefined;
}

type PlayResult =
  | {
      status: 'ok';
      body: string;
      cash: number;
      bonus: number;
      /**
       * Bonus the wager turned into cash (bonus_release, migration 044), 0 for none. The player
       * sees it with the bet's balances: the page reads the bonus from freeBalance − balance.
       */
      released: number;
      level: number;
      wagered_cents: number;
      turnover_required_cents: number;
      username: string;
    }
  | { status: 'stale'; seeds: SeedPair; settings: Parameters<typeof settingsFromRow>[1] }
  | { status: 'no_seeds' | 'insufficient' }
  | { status: 'session'; session: SessionState }
  | { status: 'loss_limit'; left: number };

/**
 * Places and settles an instant bet in one database call (`play_instant`, migration 019): the
 * outcome comes from the remembered seed pair and nonce, and the database checks the session, then
 * the pair, the game's settings, the player's loss limits and funds under the player's row lock
 * before it posts the stake and any payout, writes the bet and stores the answer under the
 * idempotency key.
 */
export async function playInstant(
  ctx: AppContext,
  money: MoneyRequest,
  token: string,
  input: InstantInput,
): Promise<PlayedInstant> {
  const userId = money.userId;
  const amount = stakeCents(input.amount);
  const memory = memoryOf(ctx.db);
  return oneAtATime(memory, userId, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const seeds = memory.seeds.get(userId) ?? (await seedsFor(ctx.db, userId));
      remember(memory, userId, seeds);
      const settings = await currentSettings(ctx.db, memory, input, amount);
      const { multiplier } = terms(input, settings.edge);

      const [f] = floats(seeds.server_seed, seeds.client_seed, seeds.nonce, 1) as [number];
      let outcome: { roll: number } | { result: number } | { tile: number };
      let win: boolean;
      if (input.game === 'dice') {
        const roll = diceRollFromFloat(f);
        outcome = { roll };
        win = diceWins(roll, input.target, input.direction);
      } else if (input.game === 'limbo') {
        const result = limboResultFromFloat(f, settings.edge);
        outcome = { result };
        win = result >= input.target;
      } else {
        const tile = rowDoubleTileFromFloat(f);
        outcome = { tile };
        win = doubleColor(tile) === input.color;
      }
      const payout = win ? payoutCents(amount, multiplier) : 0;
      const betId = newBetId();
      const answer = {
        betId,
        gameCode: gameCodeOf(input.game),
        amount: centsToBrl(amount),
        multiplier: win ? multiplier : 0,
        payout: centsToBrl(payout),
        win,
        balance: 0,
        outcome,
        fairness: {
          serverSeedHash: seeds.server_seed_hash,
          clientSeed: seeds.client_seed,
          nonce: seeds.nonce,
        },
      };
      // `play_instant` fills in the balance after the bet before it stores the answer.
      const body = { status: 200, message: translate('ok', money.lang), data: answer };
      const params = { ...input, amount: undefined };

      let result: PlayResult;
      try {
        const call: InstantBetCall = {
          user_id: userId,
          game: input.game,
          amount,
          server_seed_hash: seeds.server_seed_hash,
          client_seed: seeds.client_seed,
          nonce: seeds.nonce,
          stop: settings.stop,
          min_bet: settings.minBetCents,
          max_bet: settings.maxBetCents,
          max_payout: settings.maxPayoutCents,
          edge: settings.edge,
          bet_id: betId,
          payout,
          multiplier: win ? multiplier : 0,
          params: JSON.stringify(params),
          outcome: JSON.stringify(outcome),
          idempotency_key: money.key,
          request_hash: money.requestHash,
          body,
          now: new Date().toISOString(),
          token_hash: sha256Hex(token),
          idle_ms: ctx.config.sessionIdleMs,
          touch_ms: TOUCH_EVERY_MS,
        };
        const raw = (await playInstantBet(ctx.db, call)) as PlayResult | string;
        result = typeof raw === 'string' ? (JSON.parse(raw) as PlayResult) : raw;
      } catch (err) {
        memory.seeds.delete(userId);
        const code = (err as { code?: string }).code;
        if (code === 'TR409') throw new InstantTwin();
        if (code === 'TR402') throw insufficientFunds();
        throw err;
      }

      switch (result.status) {
        case 'ok':
          remember(memory, userId, { ...seeds, nonce: seeds.nonce + 1 });
          return {
            body: result.body,
            amountCents: amount,
            payoutCents: payout,
            multiplier: win ? multiplier : 0,
            snapshot: await afterWager(ctx, userId, result),
          };
        case 'stale':
          remember(memory, userId, { ...result.seeds, nonce: Number(result.seeds.nonce) });
          memory.settings.set(input.game, settingsFromRow(input.game, result.settings));
          continue;
        case 'no_seeds':
          memory.seeds.delete(userId);
          continue;
        case 'insufficient':
          throw insufficientFunds();
        case 'session':
          memory.players.delete(sha256Hex(token));
          throw new SessionRefused(
            result.session.status === 'ok'
              ? notLoggedIn('loginAgain')
              : sessionRefusal(result.session, 'player'),
          );
        case 'loss_limit':
          throw lossLimitReached(userId, Number(result.left));
      }
    }
    // Every attempt found the pair moved by a bet through another instance: rare enough to ask
    // the player to try again rather than wait here.
    throw stillRunning();
  });
}

/**
 * The game's settings this instance remembers, checked against the stake. A refusal on remembered
 * settings is confirmed against the database first, so an operator's change on another instance
 * (a game restarted, a limit raised) never refuses a bet the game now allows.
 */
async function currentSettings(
  db: Db,
  memory: InstantMemory,
  input: InstantInput,
  amount: number,
): Promise<GameSettings> {
  const check = (settings: GameSettings) =>
    checkStake(settings, amount, payoutCents(amount, terms(input, settings.edge).multiplier));
  const remembered = memory.settings.get(input.game);
  if (remembered) {
    try {
      check(remembered);
      return remembered;
    } catch {
      // Read again below.
    }
  }
  const settings = await gameSettings(db, input.game);
  memory.settings.set(input.game, settings);
  check(settings);
  return settings;
}

/**
 * After the wager was counted: a VIP level reached by it is awarded in its own transaction (it
 * moves money; a crash before it is caught up by the next bet, which finds the threshold passed
 * again). Returns the announcement's snapshot, or nothing when the upgrade moved the balances.
 */
async function afterWager(
  ctx: AppContext,
  userId: number,
  result: Extract<PlayResult, { status: 'ok' }>,
): Promise<BetSnapshot | undefined> {
  if (vipDue(ctx.config.file.vip, Number(result.level), Number(result.wagered_cents))) {
    await ctx.db
      .transaction()
      .execute((trx) => applyVipUpgrades(trx, ctx.config.file.vip, userId, ctx.config.file.turnover.bonus));
    return undefined;
  }
  return {
    cashCents: Number(result.cash),
    bonusCents: Number(result.bonus),
    username: result.username,
    turnoverRequiredCents: Number(result.turnover_required_cents),
    wageredCents: Number(result.wagered_cents),
  };
}
