import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { BET_TIMEOUT_MS, activeLeafPath } from '../../../src/machines/games/bet-actors';
import { doubleMachine, type DoubleMachineCue } from '../../../src/machines/games/double.machine';
import {
  ROUND_RESYNC_MS,
  type RoundBetInput as DoubleBetInput,
  type RoundGameEvent as DoubleEvent,
} from '../../../src/machines/games/round-game';
import { ApiError } from '../../../src/services/api-client';
import type { RoundBet, RoundState, RoundStateBet } from '../../../src/services/rounds-api';

const OPENS = '2026-03-14T12:00:00.000Z';
const CLOSES = '2026-03-14T12:00:15.000Z';
const ROLLS = '2026-03-14T12:00:16.000Z';

/** A state answer: the round `double-7` in `phase`, with two finished rounds and the player's bets. */
function stateOf(
  phase: 'betting' | 'rolling' | 'complete' | null,
  extra: { result?: number; myBets?: RoundStateBet[]; serverTime?: string } = {},
): RoundState {
  return {
    game: 'double',
    round: phase
      ? {
          roundId: 'double-7',
          number: 7,
          phase,
          opensAt: OPENS,
          closesAt: CLOSES,
          rollsAt: ROLLS,
          completesAt: ROLLS,
          result: extra.result ?? null,
          previousHash: 'h'.repeat(64),
          hash: phase === 'betting' ? null : 'f'.repeat(64),
          totals: { red: 12.5 },
        }
      : null,
    recent: [
      ...(extra.result !== undefined
        ? [{ roundId: 'double-7', number: 7, result: extra.result, hash: 'a'.repeat(64) }]
        : []),
      { roundId: 'double-6', number: 6, result: 3, hash: 'a'.repeat(64) },
      { roundId: 'double-5', number: 5, result: 0, hash: 'a'.repeat(64) },
    ],
    myBets: extra.myBets ?? [],
    serverTime: extra.serverTime ?? new Date().toISOString(),
  };
}

type BetAnswer = 'ok' | Error | 'hang';

/**
 * The machine with a faked state call, a faked room (the test pushes server events through
 * `server`), scripted bet answers and a scene that finishes each cue at once.
 */
function start(state: RoundState | (() => RoundState), answers: BetAnswer[] = ['ok']) {
  const calls = {
    placeBet: vi.fn<(input: DoubleBetInput) => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
    loadState: vi.fn<() => void>(),
  };
  let push: ((event: DoubleEvent) => void) | null = null;
  let n = 0;
  const machine = doubleMachine.provide({
    actors: {
      loadState: fromPromise<RoundState>(async () => {
        calls.loadState();
        return typeof state === 'function' ? state() : state;
      }),
      roomEvents: fromCallback<DoubleEvent>(({ sendBack }) => {
        push = sendBack;
        return () => (push = null);
      }),
      placeBet: fromPromise<RoundBet, DoubleBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<RoundBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return { betId: `B${n}`, roundId: input.roundId, pick: input.pick, amount: input.amountCents / 100 };
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, { input: {} });
  const cues: DoubleMachineCue[] = [];
  actor.on('*', (cue) => {
    cues.push(cue);
    queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const phase = () => activeLeafPath((actor.getSnapshot().value as { round: unknown }).round);
  const server = (event: DoubleEvent) => push!(event);
  return { actor, calls, cues, phase, server };
}

const refusal = (message: string, status = 400) =>
  new ApiError(message, status, status === 9999 ? 402 : 400, '/api/app/game/double/bet', 'server');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('double machine: following the round', () => {
  it('a late joiner mid-betting bets at once in the open round, on several colours', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('betting');
    expect(run.cues).toContainEqual({
      type: 'cue.betting',
      roundId: 'double-7',
      closesAt: Date.parse(CLOSES),
    });
    expect(run.actor.getSnapshot().context.round?.totals).toEqual({ red: 12.5 });

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.setPick', pick: 'white' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    const inputs = run.calls.placeBet.mock.calls.map((c) => c[0]);
    expect(inputs.map((i) => [i.roundId, i.pick, i.amountCents])).toEqual([
      ['double-7', 'red', 100],
      ['double-7', 'white', 100],
    ]);
    expect(inputs[0]!.idempotencyKey).not.toBe(inputs[1]!.idempotencyKey);
    expect(run.actor.getSnapshot().context.bets.map((b) => b.pick)).toEqual(['red', 'white']);
  });

  it('settles the player’s bets with the result, rolls it and asks for the server’s balance', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.server({ type: 'server.bets', roundId: 'double-7', totals: { red: 13.5 } });
    expect(run.actor.getSnapshot().context.round?.totals).toEqual({ red: 13.5 });

    run.server({ type: 'server.closed', roundId: 'double-7' });
    expect(run.phase()).toBe('closed');
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);

    run.server({ type: 'server.result', roundId: 'double-7', result: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('complete');
    expect(run.cues).toContainEqual({ type: 'cue.roll', roundId: 'double-7', tile: 4 });
    expect(run.cues).toContainEqual({ type: 'cue.result', roundId: 'double-7', tile: 4, win: true });
    expect(run.actor.getSnapshot().context.bets[0]!.outcome).toEqual({ win: true, payout: 2 });
    expect(
      run.actor
        .getSnapshot()
        .context.recent.slice(0, 3)
        .map((r) => r.result),
    ).toEqual([4, 3, 0]);
    expect(run.calls.refreshBalance).toHaveBeenCalled();

    run.server({ type: 'server.balance', balance: 101 });
    expect(run.calls.publishBalance).toHaveBeenCalledWith(101);

    run.server({ type: 'server.opened', roundId: 'double-8', closesAt: CLOSES, rollsAt: ROLLS });
    expect(run.phase()).toBe('betting');
    expect(run.actor.getSnapshot().context.bets).toEqual([]);
  });

  it('a loss settles with no payout', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.server({ type: 'server.result', roundId: 'double-7', result: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.bets[0]!.outcome).toEqual({ win: false, payout: 0 });
    expect(run.cues).toContainEqual({ type: 'cue.result', roundId: 'double-7', tile: 9, win: false });
  });

  it('joining mid-roll waits for the next round and shows the last results', async () => {
    const run = start(stateOf('rolling'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('waiting');
    expect(run.cues).toContainEqual({ type: 'cue.history', results: [3, 0] });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet).not.toHaveBeenCalled();
  });

  it('a phase that hears nothing asks for the state again within 15 s', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.loadState).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ROUND_RESYNC_MS);
    expect(run.calls.loadState).toHaveBeenCalledTimes(2);
    expect(run.phase()).toBe('betting');
  });

  it('a cancelled round refunds the player’s bets and asks for the balance', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.server({ type: 'server.cancelled', roundId: 'double-7' });
    expect(run.phase()).toBe('cancelled');
    expect(run.actor.getSnapshot().context.bets[0]!.outcome).toBe('refunded');
    expect(run.cues).toContainEqual({ type: 'cue.cancelled', roundId: 'double-7' });
    expect(run.calls.refreshBalance).toHaveBeenCalled();
  });
});

describe('double machine: refused bets', () => {
  it('a bet that reaches the server after the close shows the server’s message', async () => {
    const run = start(stateOf('betting'), [refusal('Apostas encerradas para esta rodada')]);
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.failure).toEqual({
      kind: 'server',
      message: 'Apostas encerradas para esta rodada',
    });
    expect(run.actor.getSnapshot().context.bets).toEqual([]);
    expect(run.calls.refreshBalance).toHaveBeenCalled();
  });

  it('insufficient funds (9999) is its own failure kind', async () => {
    const run = start(stateOf('betting'), [refusal('Saldo insuficiente', 9999)]);
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'insufficientFunds' });
  });

  it('a bet without an answer times out after 15 s and a retry keeps its key', async () => {
    const run = start(stateOf('betting'), ['hang', 'ok']);
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS);
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'timeout' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, retry] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(retry).toBe(first);
  });

  it("refuses an empty amount with 'fill in bet amount' without calling the server", async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.setAmount', text: '' });
    run.actor.send({ type: 'player.bet' });
    expect(run.actor.getSnapshot().context.problem).toBe('fillBetAmount');
    expect(run.calls.placeBet).not.toHaveBeenCalled();
  });
});

describe('double machine: arriving, reloading and reconnecting', () => {
  const mine = (status: RoundStateBet['status'], payout: number | null): RoundStateBet => ({
    betId: 'B-old',
    roundId: 'double-7',
    pick: 'black',
    amount: 5,
    status,
    payout,
  });

  it('a reload during betting shows the player’s open bets of the round, and settles them', async () => {
    const run = start(stateOf('betting', { myBets: [mine('open', null)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.bets).toEqual([
      { betId: 'B-old', pick: 'black', amount: 5, outcome: null },
    ]);
    run.server({ type: 'server.result', roundId: 'double-7', result: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.bets[0]!.outcome).toEqual({ win: true, payout: 10 });
    expect(run.cues).toContainEqual({ type: 'cue.result', roundId: 'double-7', tile: 9, win: true });
  });

  it('a reload after the result shows the player’s bets settled as the server recorded them', async () => {
    const run = start(stateOf('complete', { result: 9, myBets: [mine('settled', 10)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('waiting');
    const { round, bets } = run.actor.getSnapshot().context;
    expect(round).toMatchObject({ roundId: 'double-7', result: 9 });
    expect(bets).toEqual([{ betId: 'B-old', pick: 'black', amount: 5, outcome: { win: true, payout: 10 } }]);
    expect(run.cues).toContainEqual({ type: 'cue.history', results: [9, 3, 0] });
  });

  it('a refunded bet of a cancelled round shows as refunded after a reload', async () => {
    const state = stateOf('complete', { result: 2, myBets: [mine('cancelled', 5)] });
    const run = start(state);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.bets[0]!.outcome).toBe('refunded');
  });

  it('a socket reconnect asks for the state again and catches up with a result it missed', async () => {
    let answer = stateOf('betting');
    const run = start(() => answer);
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    // The socket dropped through the close and the result; the server settled the bet.
    answer = stateOf('complete', {
      result: 1,
      myBets: [{ ...mine('settled', 0), betId: 'B1', pick: 'red' }],
    });
    answer.myBets[0]!.payout = 2;
    run.server({ type: 'server.joined' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.loadState).toHaveBeenCalledTimes(2);
    expect(run.phase()).toBe('waiting');
    expect(run.actor.getSnapshot().context.bets).toEqual([
      { betId: 'B1', pick: 'red', amount: 5, outcome: { win: true, payout: 2 } },
    ]);
  });

  it('counts down on the server’s clock: closesAt is moved by the clock difference', async () => {
    const serverAhead = new Date(Date.now() + 3_000).toISOString();
    const run = start(stateOf('betting', { serverTime: serverAhead }));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.cues).toContainEqual({
      type: 'cue.betting',
      roundId: 'double-7',
      closesAt: Date.parse(CLOSES) - 3_000,
    });
  });
});

describe('double machine: a round opening while the last one is on screen', () => {
  it('is not lost: betting on it starts as soon as the result has been shown', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    // The next round opens while the reel is still rolling (the scene answers only afterwards).
    run.server({ type: 'server.result', roundId: 'double-7', result: 4 });
    expect(run.phase()).toBe('rolling');
    run.server({ type: 'server.opened', roundId: 'double-8', closesAt: CLOSES, rollsAt: ROLLS });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('betting');
    expect(run.actor.getSnapshot().context.round?.roundId).toBe('double-8');
    expect(run.cues.map((c) => c.type)).toEqual([
      'cue.history',
      'cue.betting',
      'cue.roll',
      'cue.result',
      'cue.history',
      'cue.betting',
    ]);
  });
});
