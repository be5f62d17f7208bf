import { and, assign, emit, not, setup, stateIn } from 'xstate';
import { diceChance, type DiceDirection } from '../../../domain/games/rules';
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
 * One DICE table (design/games.md): the player sets an amount, a target and over/under, bets, and
 * the machine places the bet with a fresh Idempotency-Key, plays the server's roll back through
 * the scene (`cue.roll`, awaited as `scene.cueDone`), then takes the balance the server answered.
 * Auto-bet runs inside the same machine so its stop rules are tested with the round they follow.
 */

/** The roll the scene animates; the outcome is the server's. */
export type DiceRollCue = {
  type: 'cue.roll';
  roll: number;
  target: number;
  direction: DiceDirection;
  win: boolean;
  multiplier: number;
  payout: number;
};

/** The win and lose zones for new terms (not awaited). */
export type DiceTermsCue = {
  type: 'cue.terms';
  target: number;
  direction: DiceDirection;
};

export type DiceCue = DiceRollCue | DiceTermsCue;

/** A bet being placed. */
export interface DicePendingBet {
  amountCents: number;
  target: number;
  direction: DiceDirection;
}

export interface DiceContext {
  /** The amount field as typed (pt-BR decimal comma). */
  amountText: string;
  target: number;
  direction: DiceDirection;
  turbo: boolean;
  /** Why the last bet attempt was refused before calling the server. */
  problem: AmountProblem | null;
  /** Why the last bet failed. */
  failure: BetFailure | null;
  pending: DicePendingBet | null;
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

export type DiceEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setTerms'; target: number; direction: DiceDirection }
  | { type: 'player.setTurbo'; turbo: boolean }
  | { type: 'player.setAutoConfig'; config: AutoBetConfig }
  | { type: 'player.bet' }
  | { type: 'player.autoStart' }
  | { type: 'player.autoStop' }
  | { type: 'scene.cueDone'; cue: string };

export interface DiceInput {
  amountText?: string;
  target?: number;
  direction?: DiceDirection;
  turbo?: boolean;
}

/** Target and direction a new table starts with: over 50.50, a 49.5% chance (2× at 1% edge). */
export const DICE_DEFAULT_TERMS = { target: 50.5, direction: 'over' as DiceDirection };

/** True when the terms are a bet the server accepts (0.01%–98% chance, two decimals). */
export function isValidDiceTerms(target: number, direction: DiceDirection): boolean {
  if (!Number.isFinite(target) || Math.round(target * 100) / 100 !== target) return false;
  const chance = diceChance(target, direction);
  return chance >= 0.01 && chance <= 98;
}

const pendingFromContext = (context: DiceContext, amountCents: number): DicePendingBet => ({
  amountCents,
  target: context.target,
  direction: context.direction,
});

const keyBody = (p: DicePendingBet) => ({ amount: p.amountCents, target: p.target, direction: p.direction });

export const diceMachine = setup({
  types: {
    context: {} as DiceContext,
    events: {} as DiceEvent,
    input: {} as DiceInput,
    emitted: {} as DiceCue,
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
    hasTermsProblem: ({ context }) => !isValidDiceTerms(context.target, context.direction),
    isManual: ({ context }) => context.auto === null,
    isAutoRunning: ({ context }) => context.auto !== null && !context.turbo,
    isAutoTurboRunning: ({ context }) => context.auto !== null && context.turbo,
    /** Bets and edits are taken between rounds, and never while auto-bet drives the table. */
    canEdit: and(['isManual', not(stateIn('#dice.round.placing')), not(stateIn('#dice.round.playing'))]),
    isRollDone: ({ event }) => event.type === 'scene.cueDone' && event.cue === 'cue.roll',
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
    flagTermsProblem: assign({ problem: 'checkInput' as AmountProblem }),
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
    emitTerms: emit(({ context }) => ({
      type: 'cue.terms' as const,
      target: context.target,
      direction: context.direction,
    })),
    emitRoll: emit(({ context }): DiceRollCue => {
      const bet = context.bet!;
      const roll = (bet.outcome as { roll: number }).roll;
      const pending = context.pending!;
      return {
        type: 'cue.roll',
        roll,
        target: pending.target,
        direction: pending.direction,
        win: bet.win,
        multiplier: bet.multiplier,
        payout: bet.payout,
      };
    }),
  },
}).createMachine({
  id: 'dice',
  context: ({ input }) => ({
    amountText: input.amountText ?? '1,00',
    target: input.target ?? DICE_DEFAULT_TERMS.target,
    direction: input.direction ?? DICE_DEFAULT_TERMS.direction,
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
    'player.setTerms': {
      guard: 'canEdit',
      actions: [
        assign({ target: ({ event }) => event.target, direction: ({ event }) => event.direction }),
        'emitTerms',
      ],
    },
    'player.setAutoConfig': {
      guard: 'canEdit',
      actions: assign({ autoConfig: ({ event }) => event.config }),
    },
    'player.bet': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { guard: 'hasTermsProblem', actions: 'flagTermsProblem' },
      { target: '#dice.round.placing', actions: 'prepareBet' },
    ],
    'player.autoStart': [
      { guard: not('canEdit') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { guard: 'hasTermsProblem', actions: 'flagTermsProblem' },
      { target: '#dice.round.placing', actions: ['startAuto', 'prepareBet'] },
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
              terms: {
                game: 'dice' as const,
                target: context.pending!.target,
                direction: context.pending!.direction,
              },
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
              target: '#dice.failed',
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
              target: '#dice.failed',
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
          description: 'The scene rolls the server’s result.',
          entry: 'emitRoll',
          on: { 'scene.cueDone': { guard: 'isRollDone', target: 'settled' } },
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
