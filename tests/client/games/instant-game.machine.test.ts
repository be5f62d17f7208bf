import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { doubleColor, doubleMultiplier } from '../../../domain/games/rules';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import {
  chanceOf,
  clampTarget,
  readDecimal,
  showChance,
  targetForChance,
} from '../../../src/games/limbo/limbo-inputs';
import { DEFAULT_AUTO_BET, type AutoBetConfig } from '../../../src/machines/games/auto-bet';
import {
  AUTO_BET_PAUSE_MS,
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  activeLeafPath,
  type InstantBetInput,
} from '../../../src/machines/games/bet-actors';
import { diceMachine, type DiceCue, type DiceTerms } from '../../../src/machines/games/dice.machine';
import type { InstantGameMachine } from '../../../src/machines/games/instant-game';
import {
  isValidLimboTarget,
  limboMachine,
  type LimboCue,
  type LimboTerms,
} from '../../../src/machines/games/limbo.machine';
import {
  rowDoubleMachine,
  type RowDoubleMachineCue,
  type RowDoubleTerms,
} from '../../../src/machines/games/row-double.machine';
import type { InstantBetTerms } from '../../../src/services/games-api';
import { ApiError } from '../../../src/services/api-client';

/**
 * DICE, LIMBO and ROWDOUBLE are one machine (`instant-game.ts`) with three configurations: the same
 * suite runs over each with that game's terms, its server's rule and the cues its scene expects;
 * what only one game does is tested after it.
 */

/** How one game is played in the suite. */
interface InstantGameCase<T, C extends { type: string }> {
  name: 'dice' | 'limbo' | 'rowDouble';
  machine: InstantGameMachine<T, C>;
  /** A settled answer like the server's for `outcome` (roll, result or tile) on the bet's terms. */
  settle: (input: InstantBetInput, outcome: number, balance: number) => SettledBet;
  /** A new table's terms and their request. */
  defaultTerms: T;
  defaultRequest: InstantBetTerms;
  /** Other valid terms, their request and the cue that shows them on the table (if any). */
  otherTerms: T;
  otherRequest: InstantBetTerms;
  otherTermsCues: C[];
  /** Terms the server refuses. */
  invalidTerms: T[];
  /** Outcomes that win and lose on a new table's terms, and what a R$ 1,00 win pays. */
  win: number;
  lose: number;
  winPayout: number;
  /** Every cue of a won and of a lost bet of R$ 1,00 on a new table's terms, in order. */
  winCues: C[];
  loseCues: C[];
  /** The cues sent before the server answers. */
  betCues: C[];
  /** The playback states, each with the cue that ends it. */
  playback: { state: string; awaits: string }[];
}

type Answer = { outcome: number; balance: number } | Error | 'hang';

// Reel tiles: 0 white, 1–7 red, 8–14 black.
const RED = 1;
const BLACK = 8;
const WHITE = 0;

const answerOf = (gameCode: string, input: InstantBetInput, outcome: object, balance: number) => ({
  betId: `B${Math.random()}`,
  gameCode,
  amount: input.amountCents / 100,
  balance,
  outcome,
  fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
});

const DICE: InstantGameCase<DiceTerms, DiceCue> = {
  name: 'dice',
  machine: diceMachine,
  settle: (input, roll, balance) => {
    const terms = input.terms as DiceTerms;
    const win = terms.direction === 'over' ? roll > terms.target : roll < terms.target;
    return {
      ...answerOf('SE0002', input, { roll }, balance),
      multiplier: win ? 1.98 : 0,
      payout: win ? Math.floor(input.amountCents * 1.98) / 100 : 0,
      win,
    };
  },
  defaultTerms: { target: 50.5, direction: 'over' },
  defaultRequest: { game: 'dice', target: 50.5, direction: 'over' },
  otherTerms: { target: 25, direction: 'under' },
  otherRequest: { game: 'dice', target: 25, direction: 'under' },
  otherTermsCues: [{ type: 'cue.terms', target: 25, direction: 'under' }],
  invalidTerms: [
    { target: 1.99, direction: 'over' },
    { target: 50.555, direction: 'over' },
    { target: 0.005, direction: 'under' },
  ],
  win: 75.2,
  lose: 10,
  winPayout: 1.98,
  winCues: [
    {
      type: 'cue.roll',
      roll: 75.2,
      target: 50.5,
      direction: 'over',
      win: true,
      multiplier: 1.98,
      payout: 1.98,
    },
  ],
  loseCues: [
    { type: 'cue.roll', roll: 10, target: 50.5, direction: 'over', win: false, multiplier: 0, payout: 0 },
  ],
  betCues: [],
  playback: [{ state: 'round.playing', awaits: 'cue.roll' }],
};

/** LIMBO's rule: a win when result ≥ target, paying stake × target. */
const LIMBO: InstantGameCase<LimboTerms, LimboCue> = {
  name: 'limbo',
  machine: limboMachine,
  settle: (input, result, balance) => {
    const { target } = input.terms as LimboTerms;
    const win = result >= target;
    return {
      ...answerOf('SE0004', input, { result }, balance),
      multiplier: win ? target : 0,
      payout: win ? Math.floor(input.amountCents * target) / 100 : 0,
      win,
    };
  },
  defaultTerms: { target: 2 },
  defaultRequest: { game: 'limbo', target: 2 },
  otherTerms: { target: 10.5 },
  otherRequest: { game: 'limbo', target: 10.5 },
  otherTermsCues: [{ type: 'cue.target', target: 10.5 }],
  invalidTerms: [{ target: 1 }, { target: 1.005 }, { target: 1_000_001 }],
  win: 3.82,
  lose: 1.15,
  winPayout: 2,
  winCues: [
    { type: 'cue.roll', result: 3.82, target: 2, win: true },
    { type: 'cue.settle', result: 3.82, win: true },
  ],
  loseCues: [
    { type: 'cue.roll', result: 1.15, target: 2, win: false },
    { type: 'cue.settle', result: 1.15, win: false },
  ],
  betCues: [],
  playback: [{ state: 'round.playing', awaits: 'cue.settle' }],
};

/** ROWDOUBLE's rule: the tile's colour decides the win. */
const ROW_DOUBLE: InstantGameCase<RowDoubleTerms, RowDoubleMachineCue> = {
  name: 'rowDouble',
  machine: rowDoubleMachine,
  settle: (input, tile, balance) => {
    const { color } = input.terms as RowDoubleTerms;
    const win = doubleColor(tile) === color;
    const multiplier = win ? doubleMultiplier(color) : 0;
    return {
      ...answerOf('SE0008', input, { tile }, balance),
      multiplier,
      payout: (input.amountCents * multiplier) / 100,
      win,
    };
  },
  defaultTerms: { color: 'red' },
  defaultRequest: { game: 'rowdouble', color: 'red' },
  otherTerms: { color: 'black' },
  otherRequest: { game: 'rowdouble', color: 'black' },
  otherTermsCues: [],
  invalidTerms: [],
  win: RED,
  lose: BLACK,
  winPayout: 2,
  winCues: [
    { type: 'cue.reset' },
    { type: 'cue.roll', tile: RED, win: true, betId: expect.any(String) },
    { type: 'cue.settle', tile: RED, win: true, multiplier: 2 },
  ],
  loseCues: [
    { type: 'cue.reset' },
    { type: 'cue.roll', tile: BLACK, win: false, betId: expect.any(String) },
    { type: 'cue.settle', tile: BLACK, win: false, multiplier: 0 },
  ],
  betCues: [{ type: 'cue.reset' }],
  playback: [
    { state: 'round.playing', awaits: 'cue.roll' },
    { state: 'round.showing', awaits: 'cue.settle' },
  ],
};

/**
 * The game's machine with a scripted bet actor (one answer per bet, the last repeats), a scene that
 * finishes every cue at once unless `sceneHangs`, and spies for the host's actions.
 */
function start<T, C extends { type: string }>(
  game: InstantGameCase<T, C>,
  answers: Answer[],
  options: { sceneHangs?: boolean; amount?: string; terms?: T } = {},
) {
  const calls = {
    placeBet: vi.fn<(input: InstantBetInput) => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
  };
  const cues: C[] = [];
  let n = 0;
  const machine = game.machine.provide({
    actors: {
      placeBet: fromPromise<SettledBet, InstantBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<SettledBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return game.settle(input, answer.outcome, answer.balance);
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, {
    input: { amountText: options.amount ?? '1,00', terms: options.terms },
  });
  actor.on('*', (cue) => {
    cues.push(cue);
    if (!options.sceneHangs) queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const state = () => activeLeafPath(actor.getSnapshot().value);
  const context = () => actor.getSnapshot().context;
  return { actor, calls, cues, state, context };
}

const serverError = (game: { name: string }, status: number, httpStatus: number, message: string) =>
  new ApiError(message, status, httpStatus, `/api/app/game/${game.name.toLowerCase()}/bet`, 'server');

const autoConfig = (patch: Partial<AutoBetConfig>): AutoBetConfig => ({ ...DEFAULT_AUTO_BET, ...patch });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The suite every instant game passes. */
function describeInstantGame<T, C extends { type: string }>(game: InstantGameCase<T, C>) {
  const { win, lose } = game;

  describe(`${game.name} machine: one round`, () => {
    it('places the bet with a fresh key, plays the server’s answer and takes the balance of a win', async () => {
      const run = start(game, [{ outcome: win, balance: 101 }]);
      run.actor.send({ type: 'player.bet' });
      expect(run.state()).toBe('round.placing');
      await vi.advanceTimersByTimeAsync(0);

      expect(run.state()).toBe('round.settled');
      const input = run.calls.placeBet.mock.calls[0]![0];
      expect(input).toEqual({
        terms: game.defaultRequest,
        amountCents: 100,
        idempotencyKey: input.idempotencyKey,
      });
      expect(input.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
      expect(run.cues).toEqual(game.winCues);
      expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
      expect(run.context().bet).toMatchObject({ win: true, payout: game.winPayout });
    });

    it('plays a loss the same way and each bet gets its own key', async () => {
      const run = start(game, [{ outcome: lose, balance: 99 }]);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);

      expect(run.state()).toBe('round.settled');
      expect(run.context().bet?.win).toBe(false);
      expect(run.cues).toEqual([...game.loseCues, ...game.loseCues]);
      const [first, second] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
      expect(first).not.toBe(second);
      expect(run.calls.publishBalance).toHaveBeenLastCalledWith(99);
    });

    it('waits for each awaited cue before the balance moves; a stuck scene is skipped after the cue timeout', async () => {
      const run = start(game, [{ outcome: win, balance: 101 }], { sceneHangs: true });
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      for (const step of game.playback) {
        expect(run.state()).toBe(step.state);
        // The scene finishing any other cue (LIMBO's climb, ROWDOUBLE's reset) does not end the step.
        for (const cue of run.cues)
          if (cue.type !== step.awaits) run.actor.send({ type: 'scene.cueDone', cue: cue.type });
        expect(run.state()).toBe(step.state);
        expect(run.calls.publishBalance).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
      }
      expect(run.state()).toBe('round.settled');
      expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
    });

    it('new terms are shown on the table and bet', async () => {
      const run = start(game, [{ outcome: win, balance: 110 }]);
      run.actor.send({ type: 'player.setTerms', terms: game.otherTerms });
      expect(run.cues).toEqual(game.otherTermsCues);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.calls.placeBet.mock.calls[0]![0].terms).toEqual(game.otherRequest);
    });

    it("refuses an empty amount with 'fill in bet amount', a bad one and bad terms with 'check the input'", () => {
      for (const amount of ['', ' ']) {
        const empty = start(game, [{ outcome: win, balance: 1 }], { amount });
        empty.actor.send({ type: 'player.bet' });
        expect(empty.state()).toBe('ready');
        expect(empty.context().problem).toBe('fillBetAmount');
        expect(empty.calls.placeBet).not.toHaveBeenCalled();
      }
      for (const amount of ['0', '1,234', 'abc']) {
        const bad = start(game, [{ outcome: win, balance: 1 }], { amount });
        bad.actor.send({ type: 'player.bet' });
        expect(bad.context().problem).toBe('checkInput');
        expect(bad.calls.placeBet).not.toHaveBeenCalled();
      }
      for (const terms of game.invalidTerms) {
        const bad = start(game, [{ outcome: win, balance: 1 }], { terms });
        bad.actor.send({ type: 'player.bet' });
        expect(bad.context().problem).toBe('checkInput');
        expect(bad.calls.placeBet).not.toHaveBeenCalled();
      }
    });

    it('ignores a second bet and new terms while the first bet is being placed', async () => {
      const run = start(game, ['hang']);
      run.actor.send({ type: 'player.bet' });
      run.actor.send({ type: 'player.setTerms', terms: game.otherTerms });
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
      expect(run.calls.placeBet.mock.calls[0]![0].terms).toEqual(game.defaultRequest);
      expect(run.context().terms).toEqual(game.defaultTerms);
    });
  });

  describe(`${game.name} machine: failures`, () => {
    it('a server refusal ends in failed with its message, forgets the key and refreshes the balance', async () => {
      const run = start(game, [
        serverError(game, 400, 400, 'Aposta mínima: R$ 0,10'),
        { outcome: win, balance: 5 },
      ]);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);

      expect(run.state()).toBe('failed');
      expect(run.context().failure).toEqual({ kind: 'server', message: 'Aposta mínima: R$ 0,10' });
      expect(run.context().key).toBeNull();
      expect(run.calls.refreshBalance).toHaveBeenCalled();
      expect(run.calls.publishBalance).not.toHaveBeenCalled();
      expect(run.cues).toEqual(game.betCues);

      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.state()).toBe('round.settled');
    });

    it('insufficient funds (9999) is its own failure kind and moves no balance', async () => {
      const run = start(game, [serverError(game, 9999, 402, 'Saldo insuficiente')]);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.state()).toBe('failed');
      expect(run.context().failure).toEqual({ kind: 'insufficientFunds' });
      expect(run.calls.publishBalance).not.toHaveBeenCalled();
    });

    it('a bet without an answer times out after 15 s and a retry reuses its key', async () => {
      const run = start(game, ['hang', { outcome: win, balance: 3 }]);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS - 1);
      expect(run.state()).toBe('round.placing');
      await vi.advanceTimersByTimeAsync(1);

      expect(run.state()).toBe('failed');
      expect(run.context().failure).toEqual({ kind: 'timeout' });
      expect(run.calls.refreshBalance).toHaveBeenCalled();

      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      const [first, retry] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
      expect(retry).toBe(first);
      expect(run.state()).toBe('round.settled');
    });

    it('a network error keeps the key too, but a changed bet gets a new one', async () => {
      const path = `/api/app/game/${game.name.toLowerCase()}/bet`;
      const lost = new ApiError('Internet lenta', null, null, path, 'network');
      const run = start(game, [lost, { outcome: win, balance: 3 }]);
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.context().key).not.toBeNull();

      run.actor.send({ type: 'player.setAmount', text: '2,00' });
      run.actor.send({ type: 'player.bet' });
      await vi.advanceTimersByTimeAsync(0);
      const [first, changed] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
      expect(changed).not.toBe(first);
    });
  });

  describe(`${game.name} machine: auto-bet`, () => {
    async function auto(answers: Answer[], patch: Partial<AutoBetConfig>, terms?: T) {
      const run = start(game, answers);
      if (terms) run.actor.send({ type: 'player.setTerms', terms });
      run.actor.send({ type: 'player.setAutoConfig', config: autoConfig(patch) });
      run.actor.send({ type: 'player.autoStart' });
      await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 40);
      return run;
    }

    it('plays the number of bets asked for on the chosen terms, then stops', async () => {
      const run = await auto([{ outcome: lose, balance: 50 }], { count: 3 }, game.otherTerms);
      expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
      expect(run.calls.placeBet.mock.calls.map((c) => c[0].terms)).toEqual(Array(3).fill(game.otherRequest));
      expect(run.context().autoStop).toBe('count');
      expect(run.state()).toBe('round.settled');
    });

    it('on loss increases by X% and on win goes back to the base amount', async () => {
      const answers = [lose, lose, win].map((outcome) => ({ outcome, balance: 50 }));
      const run = await auto(answers, { count: 4, onLoss: { mode: 'increase', percent: 100 } });
      expect(run.calls.placeBet.mock.calls.map((c) => c[0].amountCents)).toEqual([100, 200, 400, 100]);
      expect(run.context().amountText).toBe('1,00');
    });

    it('stops on net profit', async () => {
      // Each win nets R$ 0,98 (DICE) or R$ 1,00; the stop at R$ 1,50 comes after the second win.
      const run = await auto([{ outcome: win, balance: 50 }], { count: 0, stopProfitCents: 150 });
      expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
      expect(run.context().autoStop).toBe('profit');
    });

    it('stops on net loss', async () => {
      const run = await auto([{ outcome: lose, balance: 50 }], { count: 0, stopLossCents: 300 });
      expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
      expect(run.context().autoStop).toBe('loss');
    });

    it('stops on a single win above a value', async () => {
      const answers = [lose, lose, win, lose].map((outcome) => ({ outcome, balance: 50 }));
      const run = await auto(answers, { count: 0, stopSingleWinCents: 50 });
      expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
      expect(run.context().autoStop).toBe('singleWin');
    });

    it('stops on any error', async () => {
      const answers = [{ outcome: lose, balance: 50 }, serverError(game, 400, 400, 'Jogo indisponível')];
      const run = await auto(answers, { count: 0 });
      expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
      expect(run.state()).toBe('failed');
      expect(run.context().autoStop).toBe('error');
    });

    it('stops when the player asks, after the bet in flight settles', async () => {
      const run = start(game, [{ outcome: lose, balance: 50 }]);
      run.actor.send({ type: 'player.setAutoConfig', config: autoConfig({ count: 0 }) });
      run.actor.send({ type: 'player.autoStart' });
      run.actor.send({ type: 'player.autoStop' });
      await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 5);
      expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
      expect(run.state()).toBe('round.settled');
      expect(run.context().autoStop).toBe('player');
    });

    it('does not take edits while auto-bet runs, neither during a bet nor between bets', async () => {
      const run = start(game, [{ outcome: lose, balance: 50 }, 'hang']);
      run.actor.send({ type: 'player.setAutoConfig', config: autoConfig({ count: 0 }) });
      run.actor.send({ type: 'player.autoStart' });
      const edit = () => {
        run.actor.send({ type: 'player.setAmount', text: '9,00' });
        run.actor.send({ type: 'player.setTerms', terms: game.otherTerms });
        run.actor.send({ type: 'player.setAutoConfig', config: autoConfig({ count: 1 }) });
        expect(run.context().amountText).toBe('1,00');
        expect(run.context().terms).toEqual(game.defaultTerms);
        expect(run.context().autoConfig).toEqual(autoConfig({ count: 0 }));
      };
      edit();
      await vi.advanceTimersByTimeAsync(0);
      expect(run.state()).toBe('round.settled');
      edit();
    });
  });
}

describeInstantGame(DICE);
describeInstantGame(LIMBO);
describeInstantGame(ROW_DOUBLE);

describe('row double machine: the colour', () => {
  it('bets the chosen colour, rolls, shows the result and takes the balance of a 14× win', async () => {
    const run = start(ROW_DOUBLE, [{ outcome: WHITE, balance: 113 }]);
    run.actor.send({ type: 'player.setTerms', terms: { color: 'white' } });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    expect(run.calls.placeBet.mock.calls[0]![0]).toMatchObject({
      terms: { game: 'rowdouble', color: 'white' },
      amountCents: 100,
    });
    expect(run.cues.map((c) => c.type)).toEqual(['cue.reset', 'cue.roll', 'cue.settle']);
    expect(run.cues).toContainEqual({ type: 'cue.settle', tile: WHITE, win: true, multiplier: 14 });
    expect(run.calls.publishBalance).toHaveBeenCalledWith(113);
  });
});

describe('limbo linked inputs', () => {
  it('target and chance follow each other under the edge, within 1,01×–1.000.000×', () => {
    expect(chanceOf(2, 0.01)).toBeCloseTo(49.5, 10);
    expect(targetForChance(49.5, 0.01)).toBe(2);
    expect(targetForChance(99, 0.01)).toBe(1.01);
    expect(targetForChance(0.0000001, 0.01)).toBe(1_000_000);
    expect(clampTarget(1.234)).toBe(1.23);
    expect(isValidLimboTarget(clampTarget(0.5))).toBe(true);
    expect(showChance(chanceOf(1_000_000, 0.01))).toBe('0,000099');
    expect(readDecimal('1.000,50')).toBe(1000.5);
    expect(readDecimal('2.5')).toBe(2.5);
    expect(readDecimal('2,')).toBeNaN();
  });
});
