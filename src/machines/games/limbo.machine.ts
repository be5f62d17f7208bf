import { and, assign, emit, not, setup, stateIn } from 'xstate';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '../../../domain/games/rules';
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
 * One LIMBO table (design/games.md): the player sets an amount and a target multiplier, bets, and
 * the machine places the bet with a fresh Idempotency-Key, plays the server's result back through
 * the scene (`cue.roll` then `cue.settle`, queued by the scene; the round waits for the settle's
 * `scene.cueDone`), then takes the balance the server answered. Auto-bet runs in the same machine.
 */

/** The climb to the server's result against the bet's target. */
export type LimboRollCue = { type: 'cue.roll'; result: number; target: number; win: boolean };
/** The result's verdict (banner, sound, history). */
export type LimboSettleCue = { type: 'cue.settle'; result: number; win: boolean };
/** A new target on the table (not awaited). */
export type LimboTargetCue = { type: 'cue.target'; target: number };

export type LimboCue = LimboRollCue | LimboSettleCue | LimboTargetCue;

/** A bet being placed. */
export interface LimboPendingBet {
  amountCents: number;
  target: number;
}

export interface LimboContext {
  /** The amount field as typed (pt-BR decimal comma). */
  amountText: string;
  /** Target multiplier (×), two decimals. */
  target: number;
  turbo: boolean;
  /** Why the last bet attempt was refused before calling the server. */
  problem: AmountProblem | null;
  /** Why the last bet failed. */
  failure: BetFailure | null;
  pending: LimboPendingBet | null;
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

export type LimboEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setTarget'; target: number }
  | { type: 'player.setTurbo'; turbo: boolean }
  | { type: 'player.setAutoConfig'; config: AutoBetConfig }
  | { type: 'player.bet' }
  | { type: 'player.autoStart' }
  | { type: 'player.autoStop' }
  | { type: 'scene.cueDone'; cue: string };

export interface LimboInput {
  amountText?: string;
  target?: number;
  turbo?: boolean;
}

/** The target a new table starts with: 2,00× (a 49.5% chance at a 1% edge). */
export const LIMBO_DEFAULT_TARGET = 2;

/** True when the target is one the server accepts (1,01×–1.000.000×, two decimals). */
export function isValidLimboTarget(target: number): boolean {
  return (
    Number.isFinite(target) &&
    Math.round(target * 100) / 100 === target &&
    target >= LIMBO_MIN_TARGET &&
    target <= LIMBO_MAX_TARGET
  );
}

const keyBody = (p: LimboPendingBet) => ({ amount: p.amountCents, target: p.target });

/** The stop reason after a failure: 'error' when an auto-bet run was going on. */
const stopOnError = ({ context }: { context: LimboContext }) =>
  context.auto ? ('error' as AutoBetStop) : context.autoStop;

export const limboMachine = setup({
  types: {
    context: {} as LimboContext,
    events: {} as LimboEvent,
    input: {} as LimboInput,
    emitted: {} as LimboCue,
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
    hasTargetProblem: ({ context }) => !isValidLimboTarget(context.target),
    isManual: ({ context }) => context.auto === null,
    isAutoRunning: ({ context }) => context.auto !== null && !context.turbo,
    isAutoTurboRunning: ({ context }) => context.auto !== null && context.turbo,
    /** Bets and edits are taken between rounds, and never while auto-bet drives the table. */
    canEdit: and(['isManual', not(stateIn('#limbo.round.placing')), not(stateIn('#limbo.round.playing'))]),
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
    flagTargetProblem: assign({ problem: 'checkInput' as AmountProblem }),
    prepareBet: assign(({ context }) => {
      const read = readAmount(context.amountText);
      const pending = { amountCents: read.ok ? read.cents : 0, target: context.target };
      return { pending, key: betKey(context.key, keyBody(pending)), problem: null, failure: null };
    }),
    startAuto: assign(({ context }) => {
      const read = readAmount(context.amountText);
      return { auto: startAutoBet(context.autoConfig, read.ok ? read.cents : 0), autoStop: null };
    }),
    prepareAutoBet: assign(({ context }) => {
      const cents = context.auto?.nextCents ?? 0;
      const pending = { amountCents: cents, target: context.target };
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
    emitTarget: emit(({ context }): LimboTargetCue => ({ type: 'cue.target', target: context.target })),
    emitRoll: emit(({ context }): LimboRollCue => {
      const bet = context.bet!;
      return {
        type: 'cue.roll',
        result: (bet.outcome as { result: number }).result,
        target: context.pending!.target,
        win: bet.win,
      };
    }),
    emitSettle: emit(({ context }): LimboSettleCue => {
      const bet = context.bet!;
      return { type: 'cue.settle', result: (bet.outcome as { result: number }).result, win: bet.win };
    }),
  },
}).createMachine({
  id: 'limbo',
  context: ({ input }) => ({
    amountText: input.amountText ?? '1,00',
    target: input.target ?? LIMBO_DEFAULT_TARGET,
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
    'player.setTarget': {
      guard: 'canEdit',
      actions: [assign({ target: ({ event }) => event.target, problem: null }), 'emitTarget'],
    },
    'player.setAutoConfig': {
      guard: 'canEdit',
      actions: assign({ autoConfig: ({ event }) => event.config }),
    },
    'player.bet': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { guard: 'hasTargetProblem', actions: 'flagTargetProblem' },
      { target: '#limbo.round.placing', actions: 'prepareBet' },
    ],
    'player.autoStart': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { guard: 'hasTargetProblem', actions: 'flagTargetProblem' },
      { target: '#limbo.round.placing', actions: ['startAuto', 'prepareBet'] },
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
          invoke: {
            src: 'placeBet',
            input: ({ context }) => ({
              terms: { game: 'limbo' as const, target: context.pending!.target },
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
              target: '#limbo.failed',
              description: 'Refused or lost; the API client has already told the player why.',
              actions: [
                assign({
                  failure: ({ event }) => betFailureOf(event.error),
                  key: ({ context, event }) => keyAfterFailure(context.key, event.error),
                  auto: null,
                  autoStop: stopOnError,
                }),
                'refreshBalance',
              ],
            },
          },
          after: {
            betTimeout: {
              target: '#limbo.failed',
              description: 'No answer in time: the key is kept so a retry cannot bet twice.',
              actions: [
                assign({ failure: { kind: 'timeout' } as BetFailure, auto: null, autoStop: stopOnError }),
                'refreshBalance',
              ],
            },
          },
        },
        playing: {
          description: 'The scene climbs to the server’s result and shows the verdict.',
          entry: ['emitRoll', 'emitSettle'],
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
