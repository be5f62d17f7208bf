import { and, assign, emit, enqueueActions, fromPromise, not, or, setup, stateIn } from 'xstate';
import { MINES_TILES } from '../../../domain/games/rules';
import { ApiError } from '../../services/api-client';
import { keyAfterFailure, type ActionKey } from '../../services/idempotency';
import {
  cashOutMines,
  fetchOpenMines,
  revealMinesTile,
  startMinesGame,
  type MinesGame,
  type MinesReveal,
} from '../../services/mines-api';
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
 * One MINES table (design/games.md): bet → reveal tiles one at a time → cash out (or a mine ends
 * it). Each call carries a fresh Idempotency-Key (the same key again only to retry an unanswered
 * call); reveals send the step the server expects, so a double tap cannot reveal twice. The
 * server's answers become cues for the scene (`cue.*`, queued there; the machine waits for the
 * last one's `scene.cueDone`), and the balance is always the one the server answered. On start
 * the table asks `inPlay` and resumes an open game. Auto-bet is not offered for Mines: a round
 * needs the player's picks, and a fixed tile pattern is left for later.
 */

/** The cues the Mines scene plays (the scene's `MinesCue`; built here from the server's answers). */
export type MinesCue =
  | { type: 'cue.reset'; mines: number; revealed?: readonly number[] }
  | { type: 'cue.setInteractive'; interactive: boolean }
  | { type: 'cue.pending'; tile: number }
  | { type: 'cue.reveal'; tile: number; kind: 'gem' | 'mine'; multiplier?: number }
  | { type: 'cue.revealAll'; mines: readonly number[] }
  | { type: 'cue.cashout'; multiplier: number; payout: number }
  | { type: 'cue.bust'; tile: number };

/** A new (or resumed) board with its gems so far; taps on while the game is open. */
export function cuesForStart(game: MinesGame): MinesCue[] {
  const open = game.status === 'open';
  return [
    { type: 'cue.reset', mines: game.mines, revealed: open ? game.revealed : [] },
    { type: 'cue.setInteractive', interactive: open },
  ];
}

/** The end of a game: taps off, then the bust or the cash-out banner with the whole board. */
function cuesForEnd(game: MinesGame): MinesCue[] {
  const mines = game.outcome?.mines ?? [];
  const last = game.revealed[game.revealed.length - 1] ?? 12;
  if (game.status === 'busted') {
    return [
      { type: 'cue.setInteractive', interactive: false },
      { type: 'cue.bust', tile: last },
      { type: 'cue.revealAll', mines },
    ];
  }
  return [
    { type: 'cue.setInteractive', interactive: false },
    { type: 'cue.revealAll', mines },
    { type: 'cue.cashout', multiplier: game.multiplier, payout: game.payout },
  ];
}

/** A reveal: the tile, then the end of the game when it was a mine or the last gem. */
export function cuesForReveal(answer: MinesReveal): MinesCue[] {
  const tile: MinesCue = answer.mine
    ? { type: 'cue.reveal', tile: answer.tile, kind: 'mine' }
    : { type: 'cue.reveal', tile: answer.tile, kind: 'gem', multiplier: answer.multiplier };
  return answer.status === 'open' ? [tile] : [tile, ...cuesForEnd(answer)];
}

/** A cash-out: the rest of the board, then the banner. */
export function cuesForCashout(game: MinesGame): MinesCue[] {
  return cuesForEnd(game);
}

/** A face-down tile chosen at random (for "pick a random tile"); null when none is left. */
export function randomHiddenTile(
  revealed: readonly number[],
  random: () => number = Math.random,
): number | null {
  const hidden = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !revealed.includes(i));
  return hidden.length === 0 ? null : hidden[Math.floor(random() * hidden.length)]!;
}

/** The mines count a new table starts with. */
export const MINES_DEFAULT_COUNT = 3;

export interface MinesContext {
  /** The amount field as typed (pt-BR decimal comma). */
  amountText: string;
  /** Mines on the next board (1–24). */
  mines: number;
  turbo: boolean;
  /** Why the last bet attempt was refused before calling the server. */
  problem: AmountProblem | null;
  /** Why the last call failed. */
  failure: BetFailure | null;
  /** The game on the table as the server last answered it. */
  game: MinesGame | null;
  /** The tile whose reveal is on its way. */
  pendingTile: number | null;
  /** The cue whose `scene.cueDone` ends the current show. */
  awaitCue: MinesCue['type'] | null;
  /** Cash balance from the server's last answer. */
  balance: number | null;
  key: ActionKey | null;
  /** True when the game on the table was resumed from `inPlay`. */
  resumed: boolean;
}

export type MinesEvent =
  | { type: 'player.setAmount'; text: string }
  | { type: 'player.setMines'; mines: number }
  | { type: 'player.setTurbo'; turbo: boolean }
  | { type: 'player.bet' }
  | { type: 'player.pick'; tile: number }
  | { type: 'player.cashOut' }
  | { type: 'scene.cueDone'; cue: string };

export interface MinesInput {
  amountText?: string;
  mines?: number;
  turbo?: boolean;
}

/** What the start actor gets. */
export interface MinesStartInput {
  amountCents: number;
  mines: number;
  idempotencyKey: string;
}
/** What the reveal actor gets. */
export interface MinesRevealInput {
  gameId: string;
  tile: number;
  step: number;
  idempotencyKey: string;
}
/** What the cash-out actor gets. */
export interface MinesCashOutInput {
  gameId: string;
  idempotencyKey: string;
}

/** True when a count is one the server accepts. */
export function isValidMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= 1 && mines <= 24;
}

const isOpen = (game: MinesGame | null | undefined): game is MinesGame => game?.status === 'open';

export const minesMachine = setup({
  types: {
    context: {} as MinesContext,
    events: {} as MinesEvent,
    input: {} as MinesInput,
    emitted: {} as MinesCue,
  },
  actors: {
    loadOpenGame: fromPromise<MinesGame | null>(() => fetchOpenMines()),
    startGame: fromPromise<MinesGame, MinesStartInput>(({ input }) =>
      startMinesGame(input.amountCents / 100, input.mines, input.idempotencyKey),
    ),
    revealTile: fromPromise<MinesReveal, MinesRevealInput>(({ input }) =>
      revealMinesTile({ gameId: input.gameId, tile: input.tile, step: input.step }, input.idempotencyKey),
    ),
    cashOut: fromPromise<MinesGame, MinesCashOutInput>(({ input }) =>
      cashOutMines(input.gameId, input.idempotencyKey),
    ),
  },
  delays: {
    callTimeout: BET_TIMEOUT_MS,
    cueTimeout: CUE_TIMEOUT_MS,
  },
  guards: {
    hasAmountProblem: ({ context }) => !readAmount(context.amountText).ok,
    hasCountProblem: ({ context }) => !isValidMinesCount(context.mines),
    /** A tap counts once, on a face-down tile of the open game. */
    canPick: ({ context, event }) =>
      event.type === 'player.pick' &&
      isOpen(context.game) &&
      Number.isInteger(event.tile) &&
      event.tile >= 0 &&
      event.tile < MINES_TILES &&
      !context.game.revealed.includes(event.tile),
    hasGem: ({ context }) => isOpen(context.game) && context.game.step >= 1,
    isGameOpen: ({ context }) => isOpen(context.game),
    isGameBusted: ({ context }) => context.game?.status === 'busted',
    isAwaitedCue: ({ context, event }) => event.type === 'scene.cueDone' && event.cue === context.awaitCue,
    /** Another tab (or a lost answer) already opened a game: resume it rather than fail. */
    isOpenGameConflict: ({ event }) =>
      'error' in event && event.error instanceof ApiError && event.error.httpStatus === 409,
    /** Bets and edits are taken only between games. */
    isBetweenGames: or([
      stateIn('#mines.idle'),
      stateIn('#mines.failed'),
      stateIn('#mines.round.settled'),
      stateIn('#mines.round.busted'),
    ]),
  },
  actions: {
    /** The shell shows the server's balance (header and HUD); provided by the host. */
    publishBalance: (_, _params: { balance: number }) => undefined,
    /** Asks the server for the balance after a call whose outcome is unknown; provided by the host. */
    refreshBalance: () => undefined,
    flagAmountProblem: assign({
      problem: ({ context }) => {
        const read = readAmount(context.amountText);
        return read.ok ? 'checkInput' : read.problem;
      },
    }),
    flagCountProblem: assign({ problem: 'checkInput' as AmountProblem }),
    prepareBet: assign(({ context }) => {
      const read = readAmount(context.amountText);
      const body = { bet: read.ok ? read.cents : 0, mines: context.mines };
      return { key: betKey(context.key, body), problem: null, failure: null, resumed: false };
    }),
    prepareReveal: assign(({ context, event }) => {
      const tile = (event as { tile: number }).tile;
      const body = { reveal: context.game!.gameId, tile, step: context.game!.step };
      return { pendingTile: tile, key: betKey(context.key, body), failure: null };
    }),
    prepareCashOut: assign(({ context }) => ({
      key: betKey(context.key, { cashout: context.game!.gameId }),
      failure: null,
    })),
    /** Plays a list of cues; the show ends with the last one's `scene.cueDone`. */
    show: enqueueActions<
      MinesContext,
      MinesEvent,
      { cues: MinesCue[] },
      MinesEvent,
      never,
      never,
      never,
      never,
      MinesCue
    >(({ enqueue }, params) => {
      for (const cue of params.cues) enqueue.emit(cue);
    }),
    awaitLast: assign((_, params: { cues: MinesCue[] }) => ({
      awaitCue: params.cues[params.cues.length - 1]?.type ?? null,
    })),
    takeGame: assign((_, params: { game: MinesGame }) => ({
      game: params.game,
      balance: params.game.balance,
      pendingTile: null,
      key: null,
    })),
    failCall: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      return error === undefined
        ? { failure: { kind: 'timeout' } as BetFailure }
        : { failure: betFailureOf(error), key: keyAfterFailure(context.key, error) };
    }),
  },
}).createMachine({
  id: 'mines',
  context: ({ input }) => ({
    amountText: input.amountText ?? '1,00',
    mines: input.mines ?? MINES_DEFAULT_COUNT,
    turbo: input.turbo ?? false,
    problem: null,
    failure: null,
    game: null,
    pendingTile: null,
    awaitCue: null,
    balance: null,
    key: null,
    resumed: false,
  }),
  initial: 'resuming',
  on: {
    'player.setTurbo': { actions: assign({ turbo: ({ event }) => event.turbo }) },
    'player.setAmount': {
      guard: 'isBetweenGames',
      actions: assign({ amountText: ({ event }) => event.text, problem: null }),
    },
    'player.setMines': {
      guard: 'isBetweenGames',
      actions: assign({ mines: ({ event }) => event.mines, problem: null }),
    },
    'player.bet': [
      { guard: not('isBetweenGames') },
      { guard: 'hasAmountProblem', actions: 'flagAmountProblem' },
      { guard: 'hasCountProblem', actions: 'flagCountProblem' },
      { target: '#mines.round.placing', actions: 'prepareBet' },
    ],
  },
  states: {
    resuming: {
      description: 'Asks the server for an open game (`inPlay`) and resumes it after a reload.',
      invoke: {
        src: 'loadOpenGame',
        onDone: [
          {
            guard: ({ event }) => isOpen(event.output),
            target: 'round.playing',
            actions: [
              { type: 'takeGame', params: ({ event }) => ({ game: event.output! }) },
              assign({
                resumed: true,
                amountText: ({ event }) => event.output!.amount.toFixed(2).replace('.', ','),
                mines: ({ event }) => event.output!.mines,
              }),
              { type: 'show', params: ({ event }) => ({ cues: cuesForStart(event.output!) }) },
            ],
          },
          { target: 'idle' },
        ],
        onError: {
          target: 'idle',
          description: 'No answer: the table starts empty; a bet would meet the open game.',
        },
      },
      after: { callTimeout: { target: 'idle' } },
    },
    idle: {
      description: 'No game on the table; the player sets the amount and mines, and bets.',
    },
    round: {
      initial: 'placing',
      states: {
        placing: {
          description: 'The bet call is on its way; the board is fixed by the seeds when it lands.',
          invoke: {
            src: 'startGame',
            input: ({ context }) => {
              const read = readAmount(context.amountText);
              return {
                amountCents: read.ok ? read.cents : 0,
                mines: context.mines,
                idempotencyKey: context.key!.key,
              };
            },
            onDone: {
              target: 'playing',
              actions: [
                { type: 'takeGame', params: ({ event }) => ({ game: event.output }) },
                { type: 'publishBalance', params: ({ event }) => ({ balance: event.output.balance }) },
                { type: 'show', params: ({ event }) => ({ cues: cuesForStart(event.output) }) },
              ],
            },
            onError: [
              { guard: 'isOpenGameConflict', target: '#mines.syncing', actions: 'failCall' },
              { target: '#mines.failed', actions: ['failCall', 'refreshBalance'] },
            ],
          },
          after: {
            callTimeout: {
              target: '#mines.failed',
              description: 'No answer in time: the key is kept so a retry cannot bet twice.',
              actions: ['failCall', 'refreshBalance'],
            },
          },
        },
        playing: {
          description: 'The game is open: the player reveals a tile or cashes out.',
          on: {
            'player.pick': {
              guard: 'canPick',
              target: 'revealing',
              actions: [
                'prepareReveal',
                emit(({ event }) => ({ type: 'cue.pending' as const, tile: event.tile })),
              ],
            },
            'player.cashOut': { guard: 'hasGem', target: 'cashingOut', actions: 'prepareCashOut' },
          },
        },
        revealing: {
          description: 'The reveal is on its way with the expected step; more taps are ignored.',
          invoke: {
            src: 'revealTile',
            input: ({ context }) => ({
              gameId: context.game!.gameId,
              tile: context.pendingTile!,
              step: context.game!.step,
              idempotencyKey: context.key!.key,
            }),
            onDone: {
              target: 'showing',
              actions: [
                { type: 'takeGame', params: ({ event }) => ({ game: event.output }) },
                { type: 'awaitLast', params: ({ event }) => ({ cues: cuesForReveal(event.output) }) },
                { type: 'show', params: ({ event }) => ({ cues: cuesForReveal(event.output) }) },
              ],
            },
            onError: { target: '#mines.syncing', actions: 'failCall' },
          },
          after: { callTimeout: { target: '#mines.syncing', actions: 'failCall' } },
        },
        cashingOut: {
          description: 'The cash-out is on its way.',
          invoke: {
            src: 'cashOut',
            input: ({ context }) => ({ gameId: context.game!.gameId, idempotencyKey: context.key!.key }),
            onDone: {
              target: 'showing',
              actions: [
                { type: 'takeGame', params: ({ event }) => ({ game: event.output }) },
                { type: 'awaitLast', params: ({ event }) => ({ cues: cuesForCashout(event.output) }) },
                { type: 'show', params: ({ event }) => ({ cues: cuesForCashout(event.output) }) },
              ],
            },
            onError: { target: '#mines.syncing', actions: 'failCall' },
          },
          after: { callTimeout: { target: '#mines.syncing', actions: 'failCall' } },
        },
        showing: {
          description: 'The scene plays the server’s answer; the round goes on when it is done.',
          on: {
            'scene.cueDone': [
              { guard: and(['isAwaitedCue', 'isGameOpen']), target: 'playing' },
              { guard: and(['isAwaitedCue', 'isGameBusted']), target: 'busted' },
              { guard: 'isAwaitedCue', target: 'settled' },
            ],
          },
          after: {
            cueTimeout: [
              { guard: 'isGameOpen', target: 'playing' },
              { guard: 'isGameBusted', target: 'busted' },
              { target: 'settled' },
            ],
          },
        },
        settled: {
          description: 'Cashed out (or every gem found); the balance is the server’s.',
          entry: { type: 'publishBalance', params: ({ context }) => ({ balance: context.balance! }) },
        },
        busted: {
          description: 'A mine ended the game; the balance is the server’s.',
          entry: { type: 'publishBalance', params: ({ context }) => ({ balance: context.balance! }) },
        },
      },
    },
    syncing: {
      description: 'A move failed or went unanswered: the server says whether the game is still open.',
      invoke: {
        src: 'loadOpenGame',
        onDone: [
          {
            guard: ({ event }) => isOpen(event.output),
            target: 'round.playing',
            actions: [
              { type: 'takeGame', params: ({ event }) => ({ game: event.output! }) },
              { type: 'show', params: ({ event }) => ({ cues: cuesForStart(event.output!) }) },
            ],
          },
          {
            target: 'failed',
            description: 'The game ended meanwhile (or never opened): the board is cleared.',
            actions: [
              assign({ game: null, pendingTile: null }),
              emit({ type: 'cue.setInteractive', interactive: false } as const),
              'refreshBalance',
            ],
          },
        ],
        onError: { target: 'failed', actions: 'refreshBalance' },
      },
      after: { callTimeout: { target: 'failed', actions: 'refreshBalance' } },
    },
    failed: {
      description: 'The last call failed; the player may bet again.',
    },
  },
});
