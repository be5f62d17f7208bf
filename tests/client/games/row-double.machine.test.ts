import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { doubleColor, doubleMultiplier } from '../../../domain/games/rules';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { DEFAULT_AUTO_BET } from '../../../src/machines/games/auto-bet';
import {
  AUTO_BET_PAUSE_MS,
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  activeLeafPath,
  type InstantBetInput,
} from '../../../src/machines/games/bet-actors';
import { rowDoubleMachine, type RowDoubleMachineCue } from '../../../src/machines/games/row-double.machine';
import { ApiError } from '../../../src/services/api-client';

/** A settled ROWDOUBLE answer like the server's: the tile's colour decides the win. */
function settled(input: InstantBetInput, tile: number, balance: number): SettledBet {
  const color = (input.terms as { color: 'red' | 'black' | 'white' }).color;
  const win = doubleColor(tile) === color;
  const multiplier = win ? doubleMultiplier(color) : 0;
  return {
    betId: `B${Math.random()}`,
    gameCode: 'SE0008',
    amount: input.amountCents / 100,
    multiplier,
    payout: (input.amountCents * multiplier) / 100,
    win,
    balance,
    outcome: { tile },
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
  };
}

type Answer = { tile: number; balance: number } | Error | 'hang';

/** The machine with a scripted bet actor (the last answer repeats) and a scene that answers at once. */
function start(answers: Answer[], options: { sceneHangs?: boolean; amount?: string } = {}) {
  const calls = {
    placeBet: vi.fn<(input: InstantBetInput) => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
  };
  const cues: RowDoubleMachineCue[] = [];
  let n = 0;
  const machine = rowDoubleMachine.provide({
    actors: {
      placeBet: fromPromise<SettledBet, InstantBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<SettledBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return settled(input, answer.tile, answer.balance);
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, { input: { amountText: options.amount ?? '1,00' } });
  actor.on('*', (cue) => {
    cues.push(cue);
    if (!options.sceneHangs) queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const state = () => activeLeafPath(actor.getSnapshot().value);
  return { actor, calls, cues, state };
}

const serverError = (status: number, httpStatus: number, message: string) =>
  new ApiError(message, status, httpStatus, '/api/app/game/rowdouble/bet', 'server');

// Reel tiles: 0 white, 1–7 red, 8–14 black.
const RED = 1;
const BLACK = 8;
const WHITE = 0;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('row double machine: one bet', () => {
  it('bets the chosen colour with a fresh key, rolls, shows the result and takes the balance of a win', async () => {
    const run = start([{ tile: WHITE, balance: 113 }]);
    run.actor.send({ type: 'player.setColor', color: 'white' });
    run.actor.send({ type: 'player.bet' });
    expect(run.state()).toBe('round.placing');
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    const input = run.calls.placeBet.mock.calls[0]![0];
    expect(input).toMatchObject({ terms: { game: 'rowdouble', color: 'white' }, amountCents: 100 });
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(run.cues.map((c) => c.type)).toEqual(['cue.reset', 'cue.roll', 'cue.settle']);
    expect(run.cues).toContainEqual({ type: 'cue.settle', tile: WHITE, win: true, multiplier: 14 });
    expect(run.calls.publishBalance).toHaveBeenCalledWith(113);
  });

  it('plays a loss and each bet gets its own key', async () => {
    const run = start([{ tile: BLACK, balance: 99 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.actor.getSnapshot().context.bet?.win).toBe(false);
    expect(run.cues).toContainEqual({ type: 'cue.settle', tile: BLACK, win: false, multiplier: 0 });
    const [first, second] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(first).not.toBe(second);
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(99);
  });

  it('holds the balance until the scene has shown the result; a stuck scene is skipped', async () => {
    const run = start([{ tile: RED, balance: 101 }], { sceneHangs: true });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
    expect(run.state()).toBe('round.showing');
    expect(run.calls.publishBalance).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
    expect(run.state()).toBe('round.settled');
    expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
  });

  it('does not change colour or bet again while a bet plays', async () => {
    const run = start(['hang']);
    run.actor.send({ type: 'player.bet' });
    run.actor.send({ type: 'player.setColor', color: 'black' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().context.color).toBe('red');
  });

  it("refuses an empty amount with 'fill in bet amount'", () => {
    const run = start([{ tile: RED, balance: 1 }], { amount: '' });
    run.actor.send({ type: 'player.bet' });
    expect(run.state()).toBe('ready');
    expect(run.actor.getSnapshot().context.problem).toBe('fillBetAmount');
    expect(run.calls.placeBet).not.toHaveBeenCalled();
  });
});

describe('row double machine: failures', () => {
  it('a server error ends in failed with its message and refreshes the balance', async () => {
    const run = start([serverError(400, 400, 'Jogo indisponível'), { tile: RED, balance: 5 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'server', message: 'Jogo indisponível' });
    expect(run.calls.refreshBalance).toHaveBeenCalled();
    expect(run.cues.map((c) => c.type)).toEqual(['cue.reset']);

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.settled');
  });

  it('insufficient funds (9999) is its own failure kind and moves no balance', async () => {
    const run = start([serverError(9999, 402, 'Saldo insuficiente')]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'insufficientFunds' });
    expect(run.calls.publishBalance).not.toHaveBeenCalled();
  });

  it('a bet without an answer times out after 15 s and a retry reuses its key', async () => {
    const run = start(['hang', { tile: RED, balance: 3 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS - 1);
    expect(run.state()).toBe('round.placing');
    await vi.advanceTimersByTimeAsync(1);
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'timeout' });

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, retry] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(retry).toBe(first);
    expect(run.state()).toBe('round.settled');
  });
});

describe('row double machine: auto-bet', () => {
  it('plays the number of bets asked for on the chosen colour, then stops', async () => {
    const run = start([{ tile: BLACK, balance: 50 }]);
    run.actor.send({ type: 'player.setColor', color: 'black' });
    run.actor.send({ type: 'player.setAutoConfig', config: { ...DEFAULT_AUTO_BET, count: 3 } });
    run.actor.send({ type: 'player.autoStart' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 20);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.calls.placeBet.mock.calls.every((c) => c[0].terms.game === 'rowdouble')).toBe(true);
    expect(run.actor.getSnapshot().context.autoStop).toBe('count');
  });

  it('stops on any error', async () => {
    const run = start([{ tile: RED, balance: 50 }, serverError(400, 400, 'Jogo indisponível')]);
    run.actor.send({ type: 'player.setAutoConfig', config: { ...DEFAULT_AUTO_BET, count: 0 } });
    run.actor.send({ type: 'player.autoStart' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 20);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.autoStop).toBe('error');
  });
});
