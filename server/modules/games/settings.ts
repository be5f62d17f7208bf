import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { AppError } from '../../infra/http/errors';
import { GAME_KEYS, type GameKey } from '../../../domain/codes';
import { centsToBrl, decimalText } from '../../../domain/money';
import type { AdminGameSettings } from '../../../domain/schemas/console-desk.schema';
import { gameSettingsRow, insertGameSettingsIfAbsent, updateGameSettingsRow } from './games.repository';

/**
 * The return a game pays by its rules: the instant games' edge is set by the operator; ROWDOUBLE
 * and DOUBLE pay 14× on 1 in 15 and 2× on 7 in 15, LUCKY COLOR's table returns 97 %.
 */
const RTP: Record<GameKey, (edge: number) => number> = {
  dice: (edge) => 1 - edge,
  limbo: (edge) => 1 - edge,
  mines: (edge) => 1 - edge,
  rowdouble: () => 14 / 15,
  double: () => 14 / 15,
  luckycolor: () => 0.97,
};

/** The configured RTP of a game as a fraction (unknown games: 1 − edge). */
export function configuredRtp(game: string, edge: number): number {
  return (RTP[game as GameKey] ?? ((e: number) => 1 - e))(edge);
}

/**
 * A game's settings as the server keeps and checks them: limits in integer centavos, edge as a
 * fraction. They leave in BRL (settingsInBrl).
 */
export interface GameSettings {
  game: GameKey;
  stop: boolean;
  minBetCents: number;
  maxBetCents: number;
  maxPayoutCents: number;
  edge: number;
}

/** The settings as the console reads them (`GET` and `PUT /api/admin/games`): limits in BRL. */
export function settingsInBrl(s: GameSettings): AdminGameSettings {
  return {
    game: s.game,
    stop: s.stop,
    minBet: centsToBrl(s.minBetCents),
    maxBet: centsToBrl(s.maxBetCents),
    maxPayout: centsToBrl(s.maxPayoutCents),
    edge: s.edge,
  };
}

/** Writes the configured settings of games that have none yet (operator changes are kept). */
export async function seedGameSettings(ctx: AppContext): Promise<void> {
  for (const game of GAME_KEYS) {
    const s = ctx.config.file.games.settings[game];
    if (!s) continue;
    await insertGameSettingsIfAbsent(ctx.db, game, {
      stop: s.stop,
      min_bet_cents: Math.round(s.minBet * 100),
      max_bet_cents: Math.round(s.maxBet * 100),
      max_payout_cents: Math.round(s.maxPayout * 100),
      edge: s.edge,
    });
  }
}

/** A `game_settings` row as settings. */
export function settingsFromRow(
  game: GameKey,
  row: {
    stop: boolean;
    min_bet_cents: unknown;
    max_bet_cents: unknown;
    max_payout_cents: unknown;
    edge: unknown;
  },
): GameSettings {
  return {
    game,
    stop: row.stop,
    minBetCents: Number(row.min_bet_cents),
    maxBetCents: Number(row.max_bet_cents),
    maxPayoutCents: Number(row.max_payout_cents),
    edge: Number(row.edge),
  };
}

export async function gameSettings(db: Db | Trx, game: GameKey): Promise<GameSettings> {
  const row = await gameSettingsRow(db, game);
  if (!row) throw new AppError(404, 'notFound');
  return settingsFromRow(game, row);
}

export async function allGameSettings(db: Db): Promise<GameSettings[]> {
  return Promise.all(GAME_KEYS.map((g) => gameSettings(db, g)));
}

/** Refuses a stake the game's settings do not allow, with clear messages. */
export function checkStake(settings: GameSettings, amountCents: number, potentialPayoutCents: number): void {
  if (settings.stop) throw new AppError(400, 'gameStopped');
  if (amountCents < settings.minBetCents)
    throw new AppError(400, 'betTooSmall', { amount: decimalText(centsToBrl(settings.minBetCents)) });
  if (amountCents > settings.maxBetCents)
    throw new AppError(400, 'betTooLarge', { amount: decimalText(centsToBrl(settings.maxBetCents)) });
  if (potentialPayoutCents > settings.maxPayoutCents) {
    throw new AppError(400, 'payoutTooLarge', { amount: decimalText(centsToBrl(settings.maxPayoutCents)) });
  }
}

/** Applies an operator's change to a game's settings. */
export async function updateGameSettings(
  db: Db | Trx,
  game: GameKey,
  patch: { stop?: boolean; minBet?: number; maxBet?: number; maxPayout?: number; edge?: number },
): Promise<void> {
  const values = {
    ...(patch.stop !== undefined ? { stop: patch.stop } : {}),
    ...(patch.minBet !== undefined ? { min_bet_cents: Math.round(patch.minBet * 100) } : {}),
    ...(patch.maxBet !== undefined ? { max_bet_cents: Math.round(patch.maxBet * 100) } : {}),
    ...(patch.maxPayout !== undefined ? { max_payout_cents: Math.round(patch.maxPayout * 100) } : {}),
    ...(patch.edge !== undefined ? { edge: patch.edge } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await updateGameSettingsRow(db, game, values);
}
