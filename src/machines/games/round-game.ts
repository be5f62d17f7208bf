import { assign, emit, fromCallback, fromPromise, not, setup, stateIn } from 'xstate';
import { keyAfterFailure, type ActionKey } from '../../services/idempotency';
import {
  fetchRoundState,
  followRoundRoom,
  placeRoundBet,
  type RoundBet,
  type RoundGame,
  type RoundSocketMessage,
  type RoundState,
  type RoundStateBet,
} from '../../services/rounds-api';
import {
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  betFailureOf,
  betKey,
  readAmount,
  type AmountProblem,
  type BetFailure,
} from './bet-actors';

/**
 * The machine of a shared-round table (DOUBLE, LUCKYCOLOR; design/games.md), built once per game
 * by `createRoundGameMachine`. It follows the round from the state answer on arrival and then the
 * room's socket events (betting with its countdown → closed → result rolled → complete, or
 * cancelled and refunded). While betting is open the player may place one or several bets, each
 * its own call with a fresh Idempotency-Key; the player's bets settle with the round's result, and
 * the balance is the server's (pushed on the socket, or asked for once the round ends). The games
 * differ only in their picks, how a pick pays and the cues their scenes take.
 */

/** A bet of the player in the current round, and how it ended. */
export interface RoundPlayerBet {
  betId: string;
  pick: string;
  amount: number;
  /** Null until the round's result; a cancelled round refunds it. */
  outcome: null | { win: boolean; payout: number } | 'refunded';
}

/** The round being followed. */
export interface RoundInPlay {
  roundId: string;
  /** When betting closes, as the server wrote it. */
  closesAt: string;
  /** BRL staked per pick by everyone. */
  totals: Record<string, number>;
  result: number | null;
}

/** A finished round of the history, newest first. */
export interface RoundResult {
  roundId: string;
  result: number;
}

export interface RoundGameContext {
  amountText: string;
  pick: string;
  round: RoundInPlay | null;
  /** The player's bets in `round`. */
  bets: RoundPlayerBet[];
  /** Last results, newest first. */
  recent: RoundResult[];
  problem: AmountProblem | null;
  failure: BetFailure | null;
  /** The bet on its way. */
  pending: { roundId: string; pick: string; amountCents: number } | null;
  key: ActionKey | null;
  /** Cash balance last pushed by the server. */
  balance: number | null;
  /** The server's clock minus this device's (from the state answer), so countdowns match it. */
  skewMs: number;
  /** A round that opened while the last one was still being shown; betting on it starts right after. */
  queued: { roundId: string; closesAt: string } | null;
}

export type RoundGameEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setPick'; pick: string }
  | { type: 'player.bet' }
  | { type: 'scene.cueDone'; cue: string }
  | { type: 'server.opened'; roundId: string; closesAt: string; rollsAt: string }
  | { type: 'server.bets'; roundId: string; totals: Record<string, number> }
  | { type: 'server.closed'; roundId: string }
  | { type: 'server.result'; roundId: string; result: number }
  | { type: 'server.cancelled'; roundId: string }
  | { type: 'server.balance'; balance: number }
  | { type: 'server.joined' };

/** What the bet actor gets. */
export interface RoundBetInput {
  roundId: string;
  pick: string;
  amountCents: number;
  idempotencyKey: string;
}

/** What a game's cue builders get: the round's id and times already on this device's clock. */
export interface RoundCueBuilders<C extends { type: string }> {
  /** Betting is open until `closesAt` (epoch ms, this device's clock). */
  betting(roundId: string, closesAt: number): C;
  closed(roundId: string): C;
  cancelled(roundId: string): C;
  /** The draw of `result`: the reel rolls, the balls spin. */
  roll(roundId: string, result: number): C;
  /** The result with the player's outcome (null: no bet in the round). */
  result(roundId: string, result: number, win: boolean | null): C;
  history(recent: RoundResult[]): C;
}

/** How one round game differs from the other. */
export interface RoundGameSpec<C extends { type: string }> {
  /** The machine's id (the state ids `#<id>.round.betting`). */
  id: string;
  game: RoundGame;
  /** The pick selected on arrival. */
  defaultPick: string;
  /** What `pick` pays for `result` (0 when it loses), the server's table. */
  multiplier(pick: string, result: number): number;
  cues: RoundCueBuilders<C>;
  /** The type of the cue `roll` builds (the scene answers `scene.cueDone` with it). */
  rollCueType: string;
}

/** Results kept for the strip and the trend. */
const RECENT_LENGTH = 50;
/** A phase that hears nothing from the server for this long asks for the round's state again. */
export const ROUND_RESYNC_MS = 15_000;

const toServerEvent = (m: RoundSocketMessage): RoundGameEvent => {
  const { type, ...rest } = m;
  return { type: `server.${type}`, ...rest } as RoundGameEvent;
};

/** Settles the player's bets with the round's result (the server pays the same; the balance is its). */
export function settleRoundBets(
  bets: RoundPlayerBet[],
  result: number,
  multiplier: (pick: string, result: number) => number,
): RoundPlayerBet[] {
  return bets.map((b) => {
    if (b.outcome !== null) return b;
    const m = multiplier(b.pick, result);
    return { ...b, outcome: { win: m > 0, payout: Math.round(b.amount * m * 100) / 100 } };
  });
}

/** The player's bets of `roundId` from the state answer, with the outcome the server recorded. */
export function betsFromState(bets: RoundStateBet[], roundId: string): RoundPlayerBet[] {
  return bets
    .filter((b) => b.roundId === roundId)
    .map((b) => ({
      betId: b.betId,
      pick: b.pick,
      amount: b.amount,
      outcome:
        b.status === 'open'
          ? null
          : b.status === 'cancelled'
            ? ('refunded' as const)
            : { win: (b.payout ?? 0) > 0, payout: b.payout ?? 0 },
    }));
}

/** Whether the player won anything in the round (null without a settled bet). */
function playerWon(bets: RoundPlayerBet[]): boolean | null {
  const settled = bets.flatMap((b) => (b.outcome === null || b.outcome === 'refunded' ? [] : [b.outcome]));
  return settled.length === 0 ? null : settled.some((o) => o.win);
}

/** Builds a round game's machine: the same round, bet and room regions for every round game. */
export function createRoundGameMachine<C extends { type: string }>(spec: RoundGameSpec<C>) {
  const { cues } = spec;
  const localTime = (context: RoundGameContext, iso: string) => Date.parse(iso) - context.skewMs;
  const sameRound = ({ context, event }: { context: RoundGameContext; event: RoundGameEvent }) =>
    'roundId' in event && context.round?.roundId === event.roundId;

  return setup({
    types: {
      context: {} as RoundGameContext,
      events: {} as RoundGameEvent,
      input: {} as { amountText?: string; pick?: string },
      emitted: {} as C,
    },
    actors: {
      loadState: fromPromise<RoundState>(() => fetchRoundState(spec.game)),
      roomEvents: fromCallback<RoundGameEvent>(({ sendBack }) =>
        followRoundRoom(spec.game, (m) => sendBack(toServerEvent(m))),
      ),
      placeBet: fromPromise<RoundBet, RoundBetInput>(({ input }) =>
        placeRoundBet(spec.game, input.roundId, input.pick, input.amountCents / 100, input.idempotencyKey),
      ),
    },
    delays: { betTimeout: BET_TIMEOUT_MS, cueTimeout: CUE_TIMEOUT_MS, resync: ROUND_RESYNC_MS },
    guards: {
      isSameRound: sameRound,
      hasAmountProblem: ({ context }) => !readAmount(context.amountText).ok,
      canBet: ({ context }) => context.round !== null,
      isRollDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === spec.rollCueType,
      isResultDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.result',
      hasQueuedRound: ({ context }) => context.queued !== null,
      hasBets: ({ context }) => context.bets.length > 0,
      isStateBetting: ({ event }) =>
        (event as unknown as { output: RoundState }).output.round?.phase === 'betting',
      isStateSettled: ({ event }) => {
        const r = (event as unknown as { output: RoundState }).output.round;
        return r !== null && (r.phase === 'rolling' || r.phase === 'complete') && r.result !== null;
      },
    },
    actions: {
      /** The shell shows the server's balance; provided by the host. */
      publishBalance: (_, _params: { balance: number }) => undefined,
      /** Asks the server for the balance (after a result, a refund or a failed bet); provided by the host. */
      refreshBalance: () => undefined,
      openRound: assign(({ event }) => {
        const e = event as Extract<RoundGameEvent, { type: 'server.opened' }>;
        return {
          round: { roundId: e.roundId, closesAt: e.closesAt, totals: {}, result: null },
          bets: [],
          failure: null,
          queued: null,
        };
      }),
      queueRound: assign({
        queued: ({ event }) => {
          const e = event as Extract<RoundGameEvent, { type: 'server.opened' }>;
          return { roundId: e.roundId, closesAt: e.closesAt };
        },
      }),
      openQueued: assign(({ context }) => ({
        round: { ...context.queued!, totals: {}, result: null },
        bets: [],
        failure: null,
        queued: null,
      })),
      /** Takes the state answer: the round, its totals, the history and the player's own bets. */
      takeState: assign(({ context, event }) => {
        const s = (event as unknown as { output: RoundState }).output;
        const r = s.round!;
        return {
          round: { roundId: r.roundId, closesAt: r.closesAt, totals: r.totals, result: r.result },
          bets: betsFromState(s.myBets, r.roundId),
          recent: s.recent.map((x) => ({ roundId: x.roundId, result: x.result })),
          skewMs: Date.parse(s.serverTime) - Date.now() || context.skewMs,
        };
      }),
      takeHistory: assign(({ context, event }) => {
        const s = (event as unknown as { output: RoundState }).output;
        return {
          recent: s.recent.map((x) => ({ roundId: x.roundId, result: x.result })),
          skewMs: Date.parse(s.serverTime) - Date.now() || context.skewMs,
        };
      }),
      emitBetting: emit(({ context }) =>
        cues.betting(context.round!.roundId, localTime(context, context.round!.closesAt)),
      ),
      emitClosed: emit(({ context }) => cues.closed(context.round?.roundId ?? '')),
      takeResult: assign(({ context, event }) => {
        const e = event as Extract<RoundGameEvent, { type: 'server.result' }>;
        return {
          round: context.round ? { ...context.round, result: e.result } : null,
          bets: settleRoundBets(context.bets, e.result, spec.multiplier),
          recent: [{ roundId: e.roundId, result: e.result }, ...context.recent].slice(0, RECENT_LENGTH),
        };
      }),
      emitRoll: emit(({ context }) => cues.roll(context.round!.roundId, context.round!.result!)),
      emitResult: emit(({ context }) =>
        cues.result(context.round!.roundId, context.round!.result!, playerWon(context.bets)),
      ),
      emitHistory: emit(({ context }) => cues.history(context.recent)),
      refund: assign({
        bets: ({ context }) => context.bets.map((b) => ({ ...b, outcome: 'refunded' as const })),
      }),
      emitCancelled: emit(({ context }) => cues.cancelled(context.round?.roundId ?? '')),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({
      amountText: input.amountText ?? '1,00',
      pick: input.pick ?? spec.defaultPick,
      round: null,
      bets: [],
      recent: [],
      problem: null,
      failure: null,
      pending: null,
      key: null,
      balance: null,
      skewMs: 0,
      queued: null,
    }),
    type: 'parallel',
    on: {
      'player.setAmount': { actions: assign({ amountText: ({ event }) => event.text, problem: null }) },
      'player.setPick': { actions: assign({ pick: ({ event }) => event.pick, problem: null }) },
    },
    states: {
      room: {
        initial: 'listening',
        states: {
          listening: {
            tags: ['subscription'],
            description: 'The room’s events for the whole visit (the socket reconnects by itself).',
            on: {
              'server.balance': {
                actions: [
                  assign({ balance: ({ event }) => event.balance }),
                  { type: 'publishBalance', params: ({ event }) => ({ balance: event.balance }) },
                ],
              },
              'server.bets': {
                guard: 'isSameRound',
                actions: assign({
                  round: ({ context, event }) =>
                    context.round ? { ...context.round, totals: event.totals } : null,
                }),
              },
            },
            invoke: {
              src: 'roomEvents',
              onError: {
                target: 'lost',
                description: 'The state is asked for again; the table keeps going.',
              },
            },
          },
          lost: { description: 'No socket stream; the round phases resync from the state call.' },
        },
      },
      round: {
        initial: 'loading',
        states: {
          loading: {
            description: 'Asks the server for the round in play (arrival, a reconnect, or a resync).',
            invoke: {
              src: 'loadState',
              onDone: [
                { guard: 'isStateBetting', target: 'betting', actions: ['takeState', 'emitHistory'] },
                {
                  guard: 'isStateSettled',
                  target: 'waiting',
                  description: 'Joined after the result (a reload): the player’s bets show settled.',
                  actions: ['takeState', 'emitHistory'],
                },
                { target: 'waiting', actions: ['takeHistory', 'emitHistory'] },
              ],
              onError: { target: 'waiting', description: 'The next round.opened or resync tries again.' },
            },
            after: { resync: { target: 'waiting' } },
          },
          waiting: {
            description: 'Between rounds (or joined mid-roll): waits for the next round to open.',
            on: {
              'server.opened': { target: 'betting', actions: 'openRound' },
              'server.joined': { target: 'loading' },
            },
            after: { resync: { target: 'loading' } },
          },
          betting: {
            description: 'Bets are open until closesAt; the scene counts down.',
            entry: 'emitBetting',
            on: {
              'server.closed': { guard: 'isSameRound', target: 'closed' },
              'server.result': { guard: 'isSameRound', target: 'rolling', actions: 'takeResult' },
              'server.cancelled': { guard: 'isSameRound', target: 'cancelling' },
              'server.opened': { target: 'betting', reenter: true, actions: 'openRound' },
              'server.joined': { target: 'loading' },
            },
            after: { resync: { target: 'loading' } },
          },
          closed: {
            description: 'Betting closed; the result comes with the roll.',
            entry: 'emitClosed',
            on: {
              'server.result': { guard: 'isSameRound', target: 'rolling', actions: 'takeResult' },
              'server.cancelled': { guard: 'isSameRound', target: 'cancelling' },
              'server.opened': { target: 'betting', actions: 'openRound' },
              'server.joined': { target: 'loading' },
            },
            after: { resync: { target: 'loading' } },
          },
          rolling: {
            description: 'The draw plays to the round’s result.',
            entry: 'emitRoll',
            on: {
              'scene.cueDone': { guard: 'isRollDone', target: 'showing' },
              'server.opened': { actions: 'queueRound' },
            },
            after: { cueTimeout: { target: 'showing' } },
          },
          showing: {
            description: 'The result and the player’s outcome; then the server’s balance.',
            entry: 'emitResult',
            on: {
              'scene.cueDone': { guard: 'isResultDone', target: 'settling' },
              'server.opened': { actions: 'queueRound' },
            },
            after: { cueTimeout: { target: 'settling' } },
          },
          settling: {
            description: 'The balance is asked of the server only when the player had bets in the round.',
            always: [
              { guard: 'hasBets', target: 'complete', actions: 'refreshBalance' },
              { target: 'complete' },
            ],
          },
          complete: {
            description: 'The round is settled.',
            entry: 'emitHistory',
            always: {
              guard: 'hasQueuedRound',
              target: 'betting',
              actions: 'openQueued',
              description: 'The next round opened while this one was still on screen.',
            },
            on: {
              'server.opened': { target: 'betting', actions: 'openRound' },
              'server.joined': { target: 'loading' },
            },
            after: { resync: { target: 'loading' } },
          },
          cancelling: {
            description: 'The refunds reach the balance only of a player who had bets in the round.',
            always: [
              { guard: 'hasBets', target: 'cancelled', actions: 'refreshBalance' },
              { target: 'cancelled' },
            ],
          },
          cancelled: {
            description: 'The round was cancelled: every stake is refunded by the server.',
            entry: ['refund', 'emitCancelled'],
            on: {
              'server.opened': { target: 'betting', actions: 'openRound' },
              'server.joined': { target: 'loading' },
            },
            after: { resync: { target: 'loading' } },
          },
        },
      },
      bet: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'player.bet': [
                {
                  guard: not(stateIn(`#${spec.id}.round.betting`)),
                  description: 'Outside betting the bet button does nothing.',
                },
                {
                  guard: 'hasAmountProblem',
                  actions: assign({
                    problem: ({ context }) => {
                      const read = readAmount(context.amountText);
                      return read.ok ? 'checkInput' : read.problem;
                    },
                  }),
                },
                {
                  guard: 'canBet',
                  target: 'placing',
                  actions: assign(({ context }) => {
                    const read = readAmount(context.amountText);
                    const pending = {
                      roundId: context.round!.roundId,
                      pick: context.pick,
                      amountCents: read.ok ? read.cents : 0,
                    };
                    return { pending, key: betKey(context.key, pending), problem: null, failure: null };
                  }),
                },
              ],
            },
          },
          placing: {
            description: 'The bet is on its way; a bet reaching the server after the close is refused.',
            invoke: {
              src: 'placeBet',
              input: ({ context }) => ({ ...context.pending!, idempotencyKey: context.key!.key }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  key: null,
                  pending: null,
                  // A state answer may have brought this bet already.
                  bets:
                    context.round?.roundId === event.output.roundId &&
                    !context.bets.some((b) => b.betId === event.output.betId)
                      ? [
                          ...context.bets,
                          {
                            betId: event.output.betId,
                            pick: event.output.pick,
                            amount: event.output.amount,
                            outcome: null,
                          },
                        ]
                      : context.bets,
                })),
              },
              onError: {
                target: 'idle',
                description: 'Refused (closed, funds, limits) or lost; the server’s pt-BR message is shown.',
                actions: [
                  assign({
                    failure: ({ event }) => betFailureOf(event.error),
                    key: ({ context, event }) => keyAfterFailure(context.key, event.error),
                    pending: null,
                  }),
                  'refreshBalance',
                ],
              },
            },
            after: {
              betTimeout: {
                target: 'idle',
                actions: [
                  assign({ failure: { kind: 'timeout' } as BetFailure, pending: null }),
                  'refreshBalance',
                ],
              },
            },
          },
        },
      },
    },
  });
}
