import { and, assign, emit, not, setup, stateIn } from 'xstate';
import { doubleMultiplier, type DoubleColor } from '../../../domain/games/rules';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { keyAfterFailure, type ActionKey } from '../../services/idempotency';
import {
  afterAutoBetRound,
  DEFAULT_AUTO_BET,
  startAutoBet,
  type AutoBetConfig,
  type AutoBetRun,
  type AutoBetStop,
} from './auto-bet';
import {
  AUTO_BET_PAUSE_MS,
  AUTO_BET_TURBO_PAUSE_MS,
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  amountText,
  betFailureOf,
  betKey,
  instantBetActor,
  readAmount,
  type AmountProblem,
  type BetFailure,
} from './bet-actors';

/**
 * One ROWDOUBLE table (design/games.md): the player picks red, black or white and bets; the machine
 * places the instant bet with a fresh Idempotency-Key, clears the last result (`cue.reset`), rolls
 * the server's tile (`cue.roll`) and shows the result (`cue.settle`), each awaited as
 * `scene.cueDone`, then takes the balance the server answered. Auto-bet works as in DICE.
 */

/** The row stops with the server's tile under the marker. */
export type RowDoubleRollCue = { type: 'cue.roll'; tile: number; win: boolean; betId?: string };

/** The result with its multiplier; the tile joins the results strip. */
export type RowDoubleSettleCue = { type: 'cue.settle'; tile: number; win: boolean; multiplier: number };

export type RowDoubleMachineCue =
  { type: 'cue.reset' } | RowDoubleRollCue | RowDoubleSettleCue | { type: 'cue.history'; results: number[] };

/** A bet being placed. */
export interface RowDoublePendingBet {
  amountCents: number;
  color: DoubleColor;
}

export interface RowDoubleContext {
  /** The amount field as typed (pt-BR decimal comma). */
  amountText: string;
  color: DoubleColor;
  turbo: boolean;
  /** Why the last bet attempt was refused before calling the server. */
  problem: AmountProblem | null;
  /** Why the last bet failed. */
  failure: BetFailure | null;
  pending: RowDoublePendingBet | null;
  /** The last settled bet, as the server answered it. */
  bet: SettledBet | null;
  /** Cash balance from the server's last answer. */
  balance: number | null;
  key: ActionKey | null;
  autoConfig: AutoBetConfig;
  auto: AutoBetRun | null;
  /** Why the last auto-bet run ended. */
  autoStop: AutoBetStop | null;
}

export type RowDoubleEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setColor'; color: DoubleColor }
  | { type: 'player.setTurbo'; turbo: boolean }
  | { type: 'player.setAutoConfig'; config: AutoBetConfig }
  | { type: 'player.bet' }
  | { type: 'player.autoStart' }
  | { type: 'player.autoStop' }
  | { type: 'scene.cueDone'; cue: string };

export interface RowDoubleInput {
  amountText?: string;
  color?: DoubleColor;
  turbo?: boolean;
}

/** The payout multiplier shown on each colour button (the server pays the same). */
export const rowDoublePayout = (color: DoubleColor): number => doubleMultiplier(color);

const pendingFromContext = (context: RowDoubleContext, amountCents: number): RowDoublePendingBet => ({
  amountCents,
  color: context.color,
});

const keyBody = (p: RowDoublePendingBet) => ({ game: 'rowdouble', amount: p.amountCents, color: p.color });

export const rowDoubleMachine = setup({
  types: {
    context: {} as RowDoubleContext,
    events: {} as RowDoubleEvent,
    input: {} as RowDoubleInput,
    emitted: {} as RowDoubleMachineCue,
  },
  actors: {
    placeBet: instantBetActor,
  },
  delays: {
    betTimeout: BET_TIMEOUT_MS,
    cueTimeout: CUE_TIMEOUT_MS,
    autoPause: AUTO_BET_PAUSE_MS,
    autoTurboPause: AUTO_BET_TURBO_PAUSE_MS,
  },
  guards: {
    hasAmountProblem: ({ context }) => !readAmount(context.amountText).ok,
    isManual: ({ context }) => context.auto === null,
    isAutoRunning: ({ context }) => context.auto !== null && !context.turbo,
    isAutoTurboRunning: ({ context }) => context.auto !== null && context.turbo,
    /** Bets and edits are taken between rounds, and never while auto-bet drives the table. */
    canEdit: and([
      'isManual',
      not(stateIn('#rowDouble.round.placing')),
      not(stateIn('#rowDouble.round.playing')),
      not(stateIn('#rowDouble.round.showing')),
    ]),
    isRollDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.roll',
    isSettleDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.settle',
  },
  actions: {
    /** The shell shows the server's balance (header and HUD); provided by the host. */
    publishBalance: (_, _params: { balance: number }) => undefined,
    /** Asks the server for the balance after a bet whose outcome is unknown; provided by the host. */
    refreshBalance: () => undefined,
    flagAmountProblem: assign({
      problem: ({ context }) => {
        const read = readAmount(context.amountText);
        return read.ok ? 'checkInput' : read.problem;
      },
    }),
    prepareBet: assign(({ context }) => {
      const read = readAmount(context.amountText);
      const pending = pendingFromContext(context, read.ok ? read.cents : 0);
      return { pending, key: betKey(context.key, keyBody(pending)), problem: null, failure: null };
    }),
    startAuto: assign(({ context }) => {
      const read = readAmount(context.amountText);
      const cents = read.ok ? read.cents : 0;
      return { auto: startAutoBet(context.autoConfig, cents), autoStop: null };
    }),
    prepareAutoBet: assign(({ context }) => {
      const cents = context.auto?.nextCents ?? 0;
      const pending = pendingFromContext(context, cents);
      return {
        amountText: amountText(cents),
        pending,
        key: betKey(null, keyBody(pending)),
        problem: null,
        failure: null,
      };
    }),
    countAutoRound: assign(({ context }) => {
      if (!context.auto || !context.bet) return {};
      const { run, stop } = afterAutoBetRound(context.auto, {
        stakeCents: Math.round(context.bet.amount * 100),
        payoutCents: Math.round(context.bet.payout * 100),
        win: context.bet.win,
      });
      return stop ? { auto: null, autoStop: stop, amountText: amountText(run.baseCents) } : { auto: run };
    }),
    stopAuto: assign({ auto: null, autoStop: 'player' as AutoBetStop }),
    emitReset: emit({ type: 'cue.reset' as const }),
    emitRoll: emit(({ context }): RowDoubleRollCue => {
      const bet = context.bet!;
      return {
        type: 'cue.roll',
        tile: (bet.outcome as { tile: number }).tile,
        win: bet.win,
        betId: bet.betId,
      };
    }),
    emitSettle: emit(({ context }): RowDoubleSettleCue => {
      const bet = context.bet!;
      return {
        type: 'cue.settle',
        tile: (bet.outcome as { tile: number }).tile,
        win: bet.win,
        multiplier: bet.multiplier,
      };
    }),
  },
}).createMachine({
  id: 'rowDouble',
  context: ({ input }) => ({
    amountText: input.amountText ?? '1,00',
    color: input.color ?? 'red',
    turbo: input.turbo ?? false,
    problem: null,
    failure: null,
    pending: null,
    bet: null,
    balance: null,
    key: null,
    autoConfig: DEFAULT_AUTO_BET,
    auto: null,
    autoStop: null,
  }),
  initial: 'ready',
  on: {
    'player.setTurbo': { actions: assign({ turbo: ({ event }) => event.turbo }) },
    'player.autoStop': {
      actions: 'stopAuto',
      description: 'Ends the run; a bet already placed still plays out and settles.',
    },
    'player.setAmount': {
      guard: 'canEdit',
      actions: assign({ amountText: ({ event }) => event.text, problem: null }),
    },
    'player.setColor': {
      guard: 'canEdit',
      actions: assign({ color: ({ event }) => event.color, problem: null }),
    },
    'player.setAutoConfig': {
      guard: 'canEdit',
      actions: assign({ autoConfig: ({ event }) => event.config }),
    },
    'player.bet': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { target: '#rowDouble.round.placing', actions: 'prepareBet' },
    ],
    'player.autoStart': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { target: '#rowDouble.round.placing', actions: ['startAuto', 'prepareBet'] },
    ],
  },
  states: {
    ready: {
      description: 'Nothing played yet at this table; the player edits the bet and bets.',
    },
    round: {
      initial: 'placing',
      states: {
        placing: {
          description: 'The bet call is on its way with this bet’s Idempotency-Key.',
          entry: 'emitReset',
          invoke: {
            src: 'placeBet',
            input: ({ context }) => ({
              terms: { game: 'rowdouble' as const, color: context.pending!.color },
              amountCents: context.pending!.amountCents,
              idempotencyKey: context.key!.key,
            }),
            onDone: {
              target: 'playing',
              actions: assign({
                bet: ({ event }) => event.output,
                balance: ({ event }) => event.output.balance,
                key: null,
              }),
            },
            onError: {
              target: '#rowDouble.failed',
              description: 'Refused or lost; the API client has already told the player why.',
              actions: [
                assign({
                  failure: ({ event }) => betFailureOf(event.error),
                  key: ({ context, event }) => keyAfterFailure(context.key, event.error),
                  auto: null,
                  autoStop: ({ context }) => (context.auto ? ('error' as AutoBetStop) : context.autoStop),
                }),
                'refreshBalance',
              ],
            },
          },
          after: {
            betTimeout: {
              target: '#rowDouble.failed',
              description: 'No answer in time: the key is kept so a retry cannot bet twice.',
              actions: [
                assign({
                  failure: { kind: 'timeout' } as BetFailure,
                  auto: null,
                  autoStop: ({ context }) => (context.auto ? ('error' as AutoBetStop) : context.autoStop),
                }),
                'refreshBalance',
              ],
            },
          },
        },
        playing: {
          description: 'The row rolls to the server’s tile.',
          entry: 'emitRoll',
          on: { 'scene.cueDone': { guard: 'isRollDone', target: 'showing' } },
          after: { cueTimeout: { target: 'showing', description: 'A stuck scene never holds the round.' } },
        },
        showing: {
          description: 'The result is shown (chip, sound, results strip) before the balance moves.',
          entry: 'emitSettle',
          on: { 'scene.cueDone': { guard: 'isSettleDone', target: 'settled' } },
          after: { cueTimeout: { target: 'settled', description: 'A stuck scene never holds the round.' } },
        },
        settled: {
          description: 'The round is over and the balance is the server’s; auto-bet goes on from here.',
          entry: [
            { type: 'publishBalance', params: ({ context }) => ({ balance: context.balance! }) },
            'countAutoRound',
          ],
          after: {
            autoPause: { guard: 'isAutoRunning', target: 'placing', actions: 'prepareAutoBet' },
            autoTurboPause: { guard: 'isAutoTurboRunning', target: 'placing', actions: 'prepareAutoBet' },
          },
        },
      },
    },
    failed: {
      description: 'The last bet failed; the player may bet again.',
    },
  },
});
