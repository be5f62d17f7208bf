import { fromPromise } from 'xstate';
import { BodyStatus } from '../../../domain/codes';
import { parseAmount } from '../../../domain/money';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { ApiError } from '../../services/api-client';
import { placeInstantBet, type InstantBetTerms } from '../../services/games-api';
import { keyForAction, type ActionKey } from '../../services/idempotency';

/**
 * Pieces every game machine shares: the bet call as an actor, the amount check of the HUD, the
 * idempotency key of one bet, the classification of a failed bet, and the timeouts.
 */

/** A bet request gives up after this (the round then asks the server for the balance). */
export const BET_TIMEOUT_MS = 15_000;
/** A scene that does not finish a cue in this time is skipped: the outcome is already known. */
export const CUE_TIMEOUT_MS = 10_000;
/** Pause between auto bets so a player can follow them (turbo: a short beat). */
export const AUTO_BET_PAUSE_MS = 700;
export const AUTO_BET_TURBO_PAUSE_MS = 120;

/** What the instant-bet actor gets. */
export interface InstantBetInput {
  terms: InstantBetTerms;
  /** Stake in centavos. */
  amountCents: number;
  idempotencyKey: string;
}

/** The instant bet as an actor (`placeBet` in the machines); tests replace it with `.provide()`. */
export const instantBetActor = fromPromise<SettledBet, InstantBetInput>(({ input }) =>
  placeInstantBet(input.terms, input.amountCents / 100, input.idempotencyKey),
);

/** Why the amount field cannot be bet: the spec's 'fill in bet amount' and 'check the input'. */
export type AmountProblem = 'fillBetAmount' | 'checkInput';

/** The stake typed in the amount field (pt-BR "1,50" or "1.50"), or why it is not a stake. */
export function readAmount(
  text: string,
): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'fillBetAmount' };
  const parsed = parseAmount(trimmed.replace(',', '.'));
  return parsed.ok ? { ok: true, cents: parsed.cents } : { ok: false, problem: 'checkInput' };
}

/** An amount in centavos as the field shows it ("1,50"). */
export function amountText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** The key for one bet: the same terms retried after an unknown outcome keep their key. */
export function betKey(previous: ActionKey | null, body: object): ActionKey {
  return keyForAction(previous, JSON.stringify(body));
}

/** How a bet failed, for the HUD. */
export type BetFailure =
  | { kind: 'insufficientFunds' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'server'; message: string };

/**
 * Classifies a failed bet. The API client has already reacted (9999 on a bet opens the game
 * deposit dialog; other messages are alerted), so the HUD only needs to know the kind.
 */
export function betFailureOf(error: unknown): BetFailure {
  if (error instanceof ApiError) {
    if (error.status === BodyStatus.insufficientFunds) return { kind: 'insufficientFunds' };
    if (error.kind === 'timeout') return { kind: 'timeout' };
    if (error.kind === 'network') return { kind: 'network' };
    return { kind: 'server', message: error.message };
  }
  return { kind: 'server', message: error instanceof Error ? error.message : String(error) };
}

/** The active leaf of a snapshot's state value as a dotted path (`round.settled`). */
export function activeLeafPath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
    if (key === undefined) return '';
    const rest = activeLeafPath(child);
    return rest ? `${key}.${rest}` : key;
  }
  return '';
}
