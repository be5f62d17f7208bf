import { assign, emit, fromCallback, fromPromise, not, setup, stateIn } from 'xstate';
import { doubleColor, doubleMultiplier, type DoubleColor } from '../../../domain/games/rules';
import { keyAfterFailure, type ActionKey } from '../../services/idempotency';
import {
  fetchRoundState,
  followRoundRoom,
  placeRoundBet,
  type RoundBet,
  type RoundSocketMessage,
  type RoundState,
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
 * One visit to the DOUBLE table (design/games.md): the machine follows the shared round from the
 * state answer on arrival and then the room's socket events (betting with its countdown → closed →
 * result rolled on the reel → complete, or cancelled and refunded). While betting is open the
 * player may place one or several bets (each its own call with a fresh Idempotency-Key); the
 * player's bets settle with the round's result, and the balance is the server's (pushed on the
 * socket, or asked for once the round ends).
 */

/** What the scene plays (double.scene.ts `DoubleCue`). */
export type DoubleMachineCue =
  | { type: 'cue.betting'; roundId: string; closesAt: string }
  | { type: 'cue.closed'; roundId: string }
  | { type: 'cue.cancelled'; roundId: string }
  | { type: 'cue.roll'; roundId: string; tile: number }
  | { type: 'cue.result'; roundId: string; tile: number; win: boolean | null }
  | { type: 'cue.history'; results: number[] };

/** A bet of the player in the current round, and how it ended. */
export interface DoublePlayerBet {
  betId: string;
  color: DoubleColor;
  amount: number;
  /** Null until the round's result; a cancelled round refunds it. */
  outcome: null | { win: boolean; payout: number } | 'refunded';
}

/** The round being followed. */
export interface DoubleRound {
  roundId: string;
  closesAt: string;
  /** BRL staked per colour by everyone. */
  totals: Record<string, number>;
  result: number | null;
}

export interface DoubleContext {
  amountText: string;
  color: DoubleColor;
  round: DoubleRound | null;
  /** The player's bets in `round`. */
  bets: DoublePlayerBet[];
  /** Last results, newest first. */
  recent: number[];
  problem: AmountProblem | null;
  failure: BetFailure | null;
  /** The bet on its way. */
  pending: { roundId: string; color: DoubleColor; amountCents: number } | null;
  key: ActionKey | null;
  /** Cash balance last pushed by the server. */
  balance: number | null;
}

export type DoubleEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setColor'; color: DoubleColor }
  | { type: 'player.bet' }
  | { type: 'scene.cueDone'; cue: string }
  | { type: 'server.opened'; roundId: string; closesAt: string; rollsAt: string }
  | { type: 'server.bets'; roundId: string; totals: Record<string, number> }
  | { type: 'server.closed'; roundId: string }
  | { type: 'server.result'; roundId: string; result: number }
  | { type: 'server.cancelled'; roundId: string }
  | { type: 'server.balance'; balance: number };

/** What the bet actor gets. */
export interface DoubleBetInput {
  roundId: string;
  color: DoubleColor;
  amountCents: number;
  idempotencyKey: string;
}

/** Results kept for the strip. */
const RECENT_LENGTH = 50;
/** A phase that hears nothing from the server for this long asks for the round's state again. */
export const ROUND_RESYNC_MS = 15_000;

const toServerEvent = (m: RoundSocketMessage): DoubleEvent => {
  const { type, ...rest } = m;
  return { type: `server.${type}`, ...rest } as DoubleEvent;
};

/** Settles the player's bets with the round's tile (the server pays the same; the balance is its). */
export function settleDoubleBets(bets: DoublePlayerBet[], tile: number): DoublePlayerBet[] {
  return bets.map((b) => {
    const win = doubleColor(tile) === b.color;
    const payout = win ? Math.round(b.amount * doubleMultiplier(b.color) * 100) / 100 : 0;
    return { ...b, outcome: { win, payout } };
  });
}

const sameRound = ({ context, event }: { context: DoubleContext; event: DoubleEvent }) =>
  'roundId' in event && context.round?.roundId === event.roundId;

export const doubleMachine = setup({
  types: {
    context: {} as DoubleContext,
    events: {} as DoubleEvent,
    input: {} as { amountText?: string },
    emitted: {} as DoubleMachineCue,
  },
  actors: {
    loadState: fromPromise<RoundState>(() => fetchRoundState('double')),
    roomEvents: fromCallback<DoubleEvent>(({ sendBack }) =>
      followRoundRoom('double', (m) => sendBack(toServerEvent(m))),
    ),
    placeBet: fromPromise<RoundBet, DoubleBetInput>(({ input }) =>
      placeRoundBet('double', input.roundId, input.color, input.amountCents / 100, input.idempotencyKey),
    ),
  },
  delays: { betTimeout: BET_TIMEOUT_MS, cueTimeout: CUE_TIMEOUT_MS, resync: ROUND_RESYNC_MS },
  guards: {
    isSameRound: sameRound,
    hasAmountProblem: ({ context }) => !readAmount(context.amountText).ok,
    canBet: ({ context }) => context.round !== null,
    isRollDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.roll',
    isResultDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.result',
  },
  actions: {
    /** The shell shows the server's balance; provided by the host. */
    publishBalance: (_, _params: { balance: number }) => undefined,
    /** Asks the server for the balance (after a result, a refund or a failed bet); provided by the host. */
    refreshBalance: () => undefined,
    openRound: assign(({ event }) => {
      const e = event as Extract<DoubleEvent, { type: 'server.opened' }>;
      return {
        round: { roundId: e.roundId, closesAt: e.closesAt, totals: {}, result: null },
        bets: [],
        failure: null,
      };
    }),
    emitBetting: emit(({ context }) => ({
      type: 'cue.betting' as const,
      roundId: context.round!.roundId,
      closesAt: context.round!.closesAt,
    })),
    emitClosed: emit(({ context }) => ({
      type: 'cue.closed' as const,
      roundId: context.round?.roundId ?? '',
    })),
    takeResult: assign(({ context, event }) => {
      const e = event as Extract<DoubleEvent, { type: 'server.result' }>;
      return {
        round: context.round ? { ...context.round, result: e.result } : null,
        bets: settleDoubleBets(context.bets, e.result),
        recent: [e.result, ...context.recent].slice(0, RECENT_LENGTH),
      };
    }),
    emitRoll: emit(({ context }) => ({
      type: 'cue.roll' as const,
      roundId: context.round!.roundId,
      tile: context.round!.result!,
    })),
    emitResult: emit(({ context }) => {
      const outcomes = context.bets.map((b) => b.outcome).filter((o) => o !== null && o !== 'refunded');
      return {
        type: 'cue.result' as const,
        roundId: context.round!.roundId,
        tile: context.round!.result!,
        win: outcomes.length === 0 ? null : outcomes.some((o) => o.win),
      };
    }),
    emitHistory: emit(({ context }) => ({ type: 'cue.history' as const, results: context.recent })),
    refund: assign({
      bets: ({ context }) => context.bets.map((b) => ({ ...b, outcome: 'refunded' as const })),
    }),
    emitCancelled: emit(({ context }) => ({
      type: 'cue.cancelled' as const,
      roundId: context.round?.roundId ?? '',
    })),
  },
}).createMachine({
  id: 'double',
  context: ({ input }) => ({
    amountText: input.amountText ?? '1,00',
    color: 'red',
    round: null,
    bets: [],
    recent: [],
    problem: null,
    failure: null,
    pending: null,
    key: null,
    balance: null,
  }),
  type: 'parallel',
  on: {
    'player.setAmount': { actions: assign({ amountText: ({ event }) => event.text, problem: null }) },
    'player.setColor': { actions: assign({ color: ({ event }) => event.color, problem: null }) },
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
            onError: { target: 'lost', description: 'The state is asked for again; the table keeps going.' },
          },
        },
        lost: { description: 'No socket stream; the round phases resync from the state call.' },
      },
    },
    round: {
      initial: 'loading',
      states: {
        loading: {
          description: 'Asks the server for the round in play (arrival, or a resync).',
          invoke: {
            src: 'loadState',
            onDone: [
              {
                guard: ({ event }) => event.output.round?.phase === 'betting',
                target: 'betting',
                actions: assign(({ context, event }) => {
                  const r = event.output.round!;
                  const same = context.round?.roundId === r.roundId;
                  return {
                    round: { roundId: r.roundId, closesAt: r.closesAt, totals: r.totals, result: null },
                    bets: same ? context.bets : [],
                    recent: event.output.recent.map((x) => x.result),
                  };
                }),
              },
              {
                target: 'waiting',
                actions: [
                  assign(({ event }) => ({ recent: event.output.recent.map((x) => x.result) })),
                  'emitHistory',
                ],
              },
            ],
            onError: { target: 'waiting', description: 'The next round.opened or resync tries again.' },
          },
          after: { resync: { target: 'waiting' } },
        },
        waiting: {
          description: 'Between rounds (or joined mid-roll): waits for the next round to open.',
          on: { 'server.opened': { target: 'betting', actions: 'openRound' } },
          after: { resync: { target: 'loading' } },
        },
        betting: {
          description: 'Bets are open until closesAt; the scene counts down.',
          entry: 'emitBetting',
          on: {
            'server.closed': { guard: 'isSameRound', target: 'closed' },
            'server.result': { guard: 'isSameRound', target: 'rolling', actions: 'takeResult' },
            'server.cancelled': { guard: 'isSameRound', target: 'cancelled' },
            'server.opened': { target: 'betting', reenter: true, actions: 'openRound' },
          },
          after: { resync: { target: 'loading' } },
        },
        closed: {
          description: 'Betting closed; the result comes with the roll.',
          entry: 'emitClosed',
          on: {
            'server.result': { guard: 'isSameRound', target: 'rolling', actions: 'takeResult' },
            'server.cancelled': { guard: 'isSameRound', target: 'cancelled' },
            'server.opened': { target: 'betting', actions: 'openRound' },
          },
          after: { resync: { target: 'loading' } },
        },
        rolling: {
          description: 'The reel rolls to the round’s tile.',
          entry: 'emitRoll',
          on: { 'scene.cueDone': { guard: 'isRollDone', target: 'showing' } },
          after: { cueTimeout: { target: 'showing' } },
        },
        showing: {
          description: 'The winner tile and the player’s outcome; then the server’s balance.',
          entry: 'emitResult',
          on: { 'scene.cueDone': { guard: 'isResultDone', target: 'complete' } },
          after: { cueTimeout: { target: 'complete' } },
        },
        complete: {
          description: 'The round is settled; the balance is asked of the server when the player had bets.',
          entry: ['emitHistory', 'refreshBalance'],
          on: { 'server.opened': { target: 'betting', actions: 'openRound' } },
          after: { resync: { target: 'loading' } },
        },
        cancelled: {
          description: 'The round was cancelled: every stake is refunded by the server.',
          entry: ['refund', 'emitCancelled', 'refreshBalance'],
          on: { 'server.opened': { target: 'betting', actions: 'openRound' } },
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
              { guard: not(stateIn('#double.round.betting')) },
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
                    color: context.color,
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
                bets:
                  context.round?.roundId === event.output.roundId
                    ? [
                        ...context.bets,
                        {
                          betId: event.output.betId,
                          color: event.output.pick as DoubleColor,
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
