import { and, assign, emit, not, setup, stateIn } from 'xstate';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import type { InstantBetTerms } from '../../services/games-api';
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
 * The machine of an instant table (DICE, LIMBO, ROWDOUBLE; design/games.md), built once per game
 * by `createInstantGameMachine`. The player sets an amount and the game's terms and bets; the
 * machine places the bet with a fresh Idempotency-Key, plays the server's answer back through the
 * scene (one state per playback step, each awaiting its cue's `scene.cueDone`), then takes the
 * balance the server answered. Auto-bet runs inside the same machine so its stop rules are tested
 * with the round they follow. The games differ only in their terms, their request and their cues.
 */

/** A bet being placed: its stake and the terms it was placed with. */
export interface InstantPendingBet<T> {
  amountCents: number;
  terms: T;
}

/** The context of an instant table; `T` is the game's terms (DICE's target and direction, …). */
export interface InstantGameContext<T> {
  /** The amount field as typed (pt-BR decimal comma). */
  amountText: string;
  terms: T;
  turbo: boolean;
  /** Why the last bet attempt was refused before calling the server. */
  problem: AmountProblem | null;
  /** Why the last bet failed. */
  failure: BetFailure | null;
  pending: InstantPendingBet<T> | null;
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

export type InstantGameEvent<T> =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setTerms'; terms: T }
  | { type: 'player.setTurbo'; turbo: boolean }
  | { type: 'player.setAutoConfig'; config: AutoBetConfig }
  | { type: 'player.bet' }
  | { type: 'player.autoStart' }
  | { type: 'player.autoStop' }
  | { type: 'scene.cueDone'; cue: string };

export interface InstantGameInput<T> {
  amountText?: string;
  terms?: T;
  turbo?: boolean;
}

/** One step of playing a settled bet back: a state under `round` that emits cues and awaits one. */
export interface InstantPlayStep<T, C extends { type: string }> {
  /** The state's name (`round.playing`); the HUD's `data-state` shows it. */
  state: string;
  description: string;
  /** The cues played on entry, in order, from the server's answer and the bet's terms. */
  cues: readonly ((bet: SettledBet, terms: T) => C)[];
  /** The cue whose `scene.cueDone` ends the step. */
  awaits: C['type'];
}

/** How one instant game differs from the others. */
export interface InstantGameSpec<T, C extends { type: string }> {
  /** The machine's id (the state ids `#<id>.round.placing`). */
  id: string;
  /** The terms a new table starts with. */
  defaultTerms: T;
  /** The game's part of the bet request (the amount and the key are the machine's). */
  request: (terms: T) => InstantBetTerms;
  /** False for terms the server refuses: the bet is stopped with 'checkInput' before any call. */
  isValidTerms: (terms: T) => boolean;
  /** The cue that shows new terms on the table (not awaited); none when the table shows no terms. */
  termsCue?: (terms: T) => C;
  /** The cue that clears the last result when a bet is sent (not awaited). */
  betCue?: C;
  /** The steps that play a settled bet, in order; the balance moves after the last. */
  playback: readonly [InstantPlayStep<T, C>, ...InstantPlayStep<T, C>[]];
}

/** The stop reason after a failure: 'error' when an auto-bet run was going on. */
const stopOnError = <T>({ context }: { context: InstantGameContext<T> }) =>
  context.auto ? ('error' as AutoBetStop) : context.autoStop;

/** The stake in the amount field (0 when it is not one; the guards have refused it by then). */
const stakeCents = (text: string) => {
  const read = readAmount(text);
  return read.ok ? read.cents : 0;
};

/** The states that play a settled bet back, one per step, each going on to the next (the last to `settled`). */
function playbackStates<T, C extends { type: string }>(playback: InstantGameSpec<T, C>['playback']) {
  return Object.fromEntries(
    playback.map((step, i) => {
      const next = playback[i + 1]?.state ?? 'settled';
      const state = {
        description: step.description,
        tags: ['busy'],
        entry: step.cues.map((_, cue) => ({ type: 'emitCue' as const, params: { step: i, cue } })),
        on: {
          'scene.cueDone': {
            guard: { type: 'isCueDone' as const, params: { cue: step.awaits } },
            target: next,
          },
        },
        after: { cueTimeout: { target: next, description: 'A stuck scene never holds the round.' } },
      };
      return [step.state, state];
    }),
  );
}

/** The implementations of an instant game's machine: its types, the bet actor, delays, guards, actions. */
function instantGameSetup<T, C extends { type: string }>(spec: InstantGameSpec<T, C>) {
  const { id, playback } = spec;
  // The bet's fingerprint is its request: the same bet retried after an unknown outcome keeps its key.
  const keyOf = (previous: ActionKey | null, p: InstantPendingBet<T>) =>
    betKey(previous, { ...spec.request(p.terms), amount: p.amountCents });
  const busyStates = ['placing', ...playback.map((step) => step.state)];

  return setup({
    types: {
      context: {} as InstantGameContext<T>,
      events: {} as InstantGameEvent<T>,
      input: {} as InstantGameInput<T>,
      emitted: {} as C,
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
      hasTermsProblem: ({ context }) => !spec.isValidTerms(context.terms),
      isManual: ({ context }) => context.auto === null,
      isAutoRunning: ({ context }) => context.auto !== null && !context.turbo,
      isAutoTurboRunning: ({ context }) => context.auto !== null && context.turbo,
      /** Bets and edits are taken between rounds, and never while auto-bet drives the table. */
      canEdit: and(['isManual', ...busyStates.map((state) => not(stateIn(`#${id}.round.${state}`)))]),
      isCueDone: ({ event }, params: { cue: string }) =>
        event.type === 'scene.cueDone' && event.cue === params.cue,
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
      flagTermsProblem: assign({ problem: 'checkInput' as AmountProblem }),
      prepareBet: assign(({ context }) => {
        const pending = { amountCents: stakeCents(context.amountText), terms: context.terms };
        return { pending, key: keyOf(context.key, pending), problem: null, failure: null };
      }),
      startAuto: assign(({ context }) => ({
        auto: startAutoBet(context.autoConfig, stakeCents(context.amountText)),
        autoStop: null,
      })),
      prepareAutoBet: assign(({ context }) => {
        const cents = context.auto?.nextCents ?? 0;
        const pending = { amountCents: cents, terms: context.terms };
        return {
          amountText: amountText(cents),
          pending,
          key: keyOf(null, pending),
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
      emitTerms: emit(({ context }) => spec.termsCue!(context.terms)),
      emitBet: emit(() => spec.betCue!),
      emitCue: emit(({ context }, params: { step: number; cue: number }) =>
        playback[params.step]!.cues[params.cue]!(context.bet!, context.pending!.terms),
      ),
    },
  });
}

/** Builds an instant game's machine: the same bet, playback and auto-bet for every instant game. */
export function createInstantGameMachine<T, C extends { type: string }>(spec: InstantGameSpec<T, C>) {
  const { id, playback } = spec;
  return instantGameSetup(spec).createMachine({
    id,
    context: ({ input }) => ({
      amountText: input.amountText ?? '1,00',
      terms: input.terms ?? spec.defaultTerms,
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
          assign({ terms: ({ event }) => event.terms, problem: null }),
          ...(spec.termsCue ? (['emitTerms'] as const) : []),
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
        { target: `#${id}.round.placing`, actions: 'prepareBet' },
      ],
      'player.autoStart': [
        { guard: not('canEdit') },
        { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
        { guard: 'hasTermsProblem', actions: 'flagTermsProblem' },
        { target: `#${id}.round.placing`, actions: ['startAuto', 'prepareBet'] },
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
            tags: ['busy'],
            entry: spec.betCue ? 'emitBet' : [],
            invoke: {
              src: 'placeBet',
              input: ({ context }) => ({
                terms: spec.request(context.pending!.terms),
                amountCents: context.pending!.amountCents,
                idempotencyKey: context.key!.key,
              }),
              onDone: {
                target: playback[0].state,
                actions: assign({
                  bet: ({ event }) => event.output,
                  balance: ({ event }) => event.output.balance,
                  key: null,
                }),
              },
              onError: {
                target: `#${id}.failed`,
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
                target: `#${id}.failed`,
                description: 'No answer in time: the key is kept so a retry cannot bet twice.',
                actions: [
                  assign({ failure: { kind: 'timeout' } as BetFailure, auto: null, autoStop: stopOnError }),
                  'refreshBalance',
                ],
              },
            },
          },
          ...playbackStates(playback),
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
}

/** An instant game's machine, as the tables and tests take it. */
export type InstantGameMachine<T, C extends { type: string }> = ReturnType<
  typeof createInstantGameMachine<T, C>
>;
