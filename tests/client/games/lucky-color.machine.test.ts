import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { BET_TIMEOUT_MS, activeLeafPath } from '../../../src/machines/games/bet-actors';
import {
  luckyColorMachine,
  luckyPayoutMultiplier,
  type LuckyColorMachineCue,
} from '../../../src/machines/games/lucky-color.machine';
import type { RoundBetInput, RoundGameEvent } from '../../../src/machines/games/round-game';
import { ApiError } from '../../../src/services/api-client';
import type { RoundBet, RoundState, RoundStateBet } from '../../../src/services/rounds-api';

const OPENS = '2026-03-14T12:00:00.000Z';
const CLOSES = '2026-03-14T12:00:50.000Z';

/** A state answer: period `luckycolor-12` in `phase`, with two finished periods. */
function stateOf(
  phase: 'betting' | 'rolling' | 'complete',
  extra: { result?: number; myBets?: RoundStateBet[] } = {},
): RoundState {
  return {
    game: 'luckycolor',
    round: {
      roundId: 'luckycolor-12',
      number: 12,
      phase,
      opensAt: OPENS,
      closesAt: CLOSES,
      rollsAt: CLOSES,
      completesAt: CLOSES,
      result: extra.result ?? null,
      previousHash: 'h'.repeat(64),
      hash: phase === 'betting' ? null : 'f'.repeat(64),
      totals: {},
    },
    recent: [
      { roundId: 'luckycolor-11', number: 11, result: 5, hash: 'a'.repeat(64) },
      { roundId: 'luckycolor-10', number: 10, result: 8, hash: 'a'.repeat(64) },
    ],
    myBets: extra.myBets ?? [],
    serverTime: new Date().toISOString(),
  };
}

type BetAnswer = 'ok' | Error | 'hang';

/** The machine with a faked state call and room, scripted bet answers and a scene that finishes each cue at once. */
function start(state: RoundState, answers: BetAnswer[] = ['ok']) {
  const calls = {
    placeBet: vi.fn<(input: RoundBetInput) => void>(),
    refreshBalance: vi.fn<() => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
  };
  let push: ((event: RoundGameEvent) => void) | null = null;
  let n = 0;
  const machine = luckyColorMachine.provide({
    actors: {
      loadState: fromPromise<RoundState>(async () => state),
      roomEvents: fromCallback<RoundGameEvent>(({ sendBack }) => {
        push = sendBack;
        return () => (push = null);
      }),
      placeBet: fromPromise<RoundBet, RoundBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<RoundBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return { betId: `L${n}`, roundId: input.roundId, pick: input.pick, amount: input.amountCents / 100 };
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, { input: {} });
  const cues: LuckyColorMachineCue[] = [];
  actor.on('*', (cue) => {
    cues.push(cue);
    queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const phase = () => activeLeafPath((actor.getSnapshot().value as { round: unknown }).round);
  const server = (event: RoundGameEvent) => push!(event);
  const context = () => actor.getSnapshot().context;
  return { actor, calls, cues, phase, server, context };
}

const refusal = (message: string, status = 400) =>
  new ApiError(message, status, status === 9999 ? 402 : 400, '/api/app/game/luckycolor/bet', 'server');

/** Places bets on `picks` (the amount field's 1,00) and waits for the answers. */
async function betOn(run: ReturnType<typeof start>, picks: string[]) {
  for (const pick of picks) {
    run.actor.send({ type: 'player.setPick', pick });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lucky color machine: a period', () => {
  it('pays the table of games.md: pure colour 2×, its violet digit 1.7×, violet 4.85×, digit 9.7×, big/small 1.94×', () => {
    expect(luckyPayoutMultiplier('green', 3)).toBe(2);
    expect(luckyPayoutMultiplier('green', 5)).toBe(1.7);
    expect(luckyPayoutMultiplier('red', 0)).toBe(1.7);
    expect(luckyPayoutMultiplier('violet', 0)).toBe(4.85);
    expect(luckyPayoutMultiplier('7', 7)).toBe(9.7);
    expect(luckyPayoutMultiplier('big', 5)).toBe(1.94);
    expect(luckyPayoutMultiplier('small', 5)).toBe(0);
  });

  it('a win: bets on several picks in the open period, the draw settles them and asks for the balance', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('betting');
    expect(run.cues).toContainEqual({
      type: 'cue.period',
      periodId: 'luckycolor-12',
      closesAt: Date.parse(CLOSES),
    });
    expect(run.cues).toContainEqual({
      type: 'cue.history',
      periods: [
        { periodId: 'luckycolor-11', digit: 5 },
        { periodId: 'luckycolor-10', digit: 8 },
      ],
    });

    await betOn(run, ['green', '5', 'small']);
    const inputs = run.calls.placeBet.mock.calls.map((c) => c[0]);
    expect(inputs.map((i) => [i.roundId, i.pick, i.amountCents])).toEqual([
      ['luckycolor-12', 'green', 100],
      ['luckycolor-12', '5', 100],
      ['luckycolor-12', 'small', 100],
    ]);
    expect(new Set(inputs.map((i) => i.idempotencyKey)).size).toBe(3);

    run.server({ type: 'server.closed', roundId: 'luckycolor-12' });
    expect(run.phase()).toBe('closed');
    run.server({ type: 'server.result', roundId: 'luckycolor-12', result: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.cues).toContainEqual({ type: 'cue.draw', periodId: 'luckycolor-12', digit: 5 });
    expect(run.cues).toContainEqual({ type: 'cue.result', periodId: 'luckycolor-12', digit: 5, win: true });
    expect(run.context().bets.map((b) => b.outcome)).toEqual([
      { win: true, payout: 1.7 },
      { win: true, payout: 9.7 },
      { win: false, payout: 0 },
    ]);
    expect(run.phase()).toBe('complete');
    expect(run.calls.refreshBalance).toHaveBeenCalled();
    expect(run.context().recent[0]).toEqual({ roundId: 'luckycolor-12', result: 5 });

    run.server({ type: 'server.balance', balance: 110.4 });
    expect(run.calls.publishBalance).toHaveBeenCalledWith(110.4);
  });

  it('a loss settles with no payout and the scene hears the loss', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    await betOn(run, ['violet']);
    run.server({ type: 'server.result', roundId: 'luckycolor-12', result: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.context().bets[0]!.outcome).toEqual({ win: false, payout: 0 });
    expect(run.cues).toContainEqual({ type: 'cue.result', periodId: 'luckycolor-12', digit: 2, win: false });
  });

  it('without a bet the result carries no outcome', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.server({ type: 'server.result', roundId: 'luckycolor-12', result: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.cues).toContainEqual({ type: 'cue.result', periodId: 'luckycolor-12', digit: 2, win: null });
  });

  it('a reload after the draw shows the player’s bets as the server settled them', async () => {
    const run = start(
      stateOf('rolling', {
        result: 7,
        myBets: [
          { betId: 'L9', roundId: 'luckycolor-12', pick: '7', amount: 2, status: 'settled', payout: 19.4 },
          { betId: 'L8', roundId: 'luckycolor-11', pick: 'red', amount: 1, status: 'settled', payout: 0 },
        ],
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('waiting');
    expect(run.context().bets).toEqual([
      { betId: 'L9', pick: '7', amount: 2, outcome: { win: true, payout: 19.4 } },
    ]);
  });
});

describe('lucky color machine: refused and lost bets', () => {
  it('a bet after the close is not sent, and one the server refuses as closed shows its message', async () => {
    const run = start(stateOf('betting'), [refusal('Opção não disponível para apostas', 409)]);
    await vi.advanceTimersByTimeAsync(0);
    await betOn(run, ['red']);
    expect(run.context().failure).toEqual({ kind: 'server', message: 'Opção não disponível para apostas' });
    expect(run.context().bets).toEqual([]);
    expect(run.calls.refreshBalance).toHaveBeenCalledTimes(1);

    run.server({ type: 'server.closed', roundId: 'luckycolor-12' });
    await betOn(run, ['green']);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
  });

  it('a server error keeps the table going: the next bet in the period is placed', async () => {
    const run = start(stateOf('betting'), [refusal('Erro interno', 500), 'ok']);
    await vi.advanceTimersByTimeAsync(0);
    await betOn(run, ['big']);
    expect(run.context().failure).toEqual({ kind: 'server', message: 'Erro interno' });
    expect(run.actor.getSnapshot().matches({ bet: 'idle' })).toBe(true);
    await betOn(run, ['big']);
    expect(run.context().failure).toBeNull();
    expect(run.context().bets).toHaveLength(1);
  });

  it('insufficient funds (9999) is its own failure kind and places nothing', async () => {
    const run = start(stateOf('betting'), [refusal('Saldo insuficiente', 9999)]);
    await vi.advanceTimersByTimeAsync(0);
    await betOn(run, ['3']);
    expect(run.context().failure).toEqual({ kind: 'insufficientFunds' });
    expect(run.context().bets).toEqual([]);
  });

  it('a bet without an answer times out after 15 s; the retry keeps its idempotency key', async () => {
    const run = start(stateOf('betting'), ['hang', 'ok']);
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS - 1);
    expect(run.context().failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.context().failure).toEqual({ kind: 'timeout' });
    expect(run.calls.refreshBalance).toHaveBeenCalled();
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, retry] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(retry).toBe(first);
  });

  it("refuses a malformed amount with 'check the input' without calling the server", async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.setAmount', text: '1,2,3' });
    run.actor.send({ type: 'player.bet' });
    expect(run.context().problem).toBe('checkInput');
    expect(run.calls.placeBet).not.toHaveBeenCalled();
  });
});

describe('lucky color machine: a period the player sits out', () => {
  it('does not ask for the balance (no loading flash every period)', async () => {
    const run = start(stateOf('betting'));
    await vi.advanceTimersByTimeAsync(0);
    run.server({ type: 'server.result', roundId: 'luckycolor-12', result: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.phase()).toBe('complete');
    expect(run.calls.refreshBalance).not.toHaveBeenCalled();
  });
});
