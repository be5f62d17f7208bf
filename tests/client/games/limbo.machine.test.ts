import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { DEFAULT_AUTO_BET, type AutoBetConfig } from '../../../src/machines/games/auto-bet';
import {
  AUTO_BET_PAUSE_MS,
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  activeLeafPath,
  type InstantBetInput,
} from '../../../src/machines/games/bet-actors';
import { isValidLimboTarget, limboMachine, type LimboCue } from '../../../src/machines/games/limbo.machine';
import { ApiError } from '../../../src/services/api-client';
import {
  chanceOf,
  clampTarget,
  readDecimal,
  showChance,
  targetForChance,
} from '../../../src/games/limbo/limbo-inputs';

/** A settled LIMBO answer like the server's: a win when result ≥ target, paying stake × target. */
function settled(input: InstantBetInput, result: number, balance: number): SettledBet {
  const { target } = input.terms as { target: number };
  const win = result >= target;
  return {
    betId: `B${Math.random()}`,
    gameCode: 'SE0004',
    amount: input.amountCents / 100,
    multiplier: win ? target : 0,
    payout: win ? Math.floor(input.amountCents * target) / 100 : 0,
    win,
    balance,
    outcome: { result },
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
  };
}

type Answer = { result: number; balance: number } | Error | 'hang';

/**
 * The machine with a scripted bet actor (one answer per bet, the last repeats), a scene that
 * finishes every cue at once unless `sceneHangs`, and spies for the host's actions.
 */
function start(answers: Answer[], options: { sceneHangs?: boolean; amount?: string; target?: number } = {}) {
  const calls = {
    placeBet: vi.fn<(input: InstantBetInput) => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
  };
  const cues: LimboCue[] = [];
  let n = 0;
  const machine = limboMachine.provide({
    actors: {
      placeBet: fromPromise<SettledBet, InstantBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<SettledBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return settled(input, answer.result, answer.balance);
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, {
    input: { amountText: options.amount ?? '1,00', target: options.target },
  });
  actor.on('*', (cue) => {
    cues.push(cue);
    if (!options.sceneHangs) queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const state = () => activeLeafPath(actor.getSnapshot().value);
  return { actor, calls, cues, state };
}

const serverError = (status: number, httpStatus: number, message: string) =>
  new ApiError(message, status, httpStatus, '/api/app/game/limbo/bet', 'server');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('limbo machine: one round', () => {
  it('places the bet with a fresh key, climbs to the result, settles and takes the balance of a win', async () => {
    const run = start([{ result: 3.82, balance: 101 }]);
    run.actor.send({ type: 'player.bet' });
    expect(run.state()).toBe('round.placing');
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    const input = run.calls.placeBet.mock.calls[0]![0];
    expect(input).toMatchObject({ terms: { game: 'limbo', target: 2 }, amountCents: 100 });
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(run.cues.map((c) => c.type)).toEqual(['cue.roll', 'cue.settle']);
    expect(run.cues[0]).toEqual({ type: 'cue.roll', result: 3.82, target: 2, win: true });
    expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
    expect(run.actor.getSnapshot().context.bet?.payout).toBe(2);
  });

  it('plays a loss the same way and each bet gets its own key', async () => {
    const run = start([{ result: 1.15, balance: 99 }], { target: 5 });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    expect(run.actor.getSnapshot().context.bet?.win).toBe(false);
    expect(run.cues.filter((c) => c.type === 'cue.settle')).toEqual([
      { type: 'cue.settle', result: 1.15, win: false },
      { type: 'cue.settle', result: 1.15, win: false },
    ]);
    const [first, second] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(first).not.toBe(second);
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(99);
  });

  it('waits for the settle cue, not the climb; a stuck scene is skipped after the cue timeout', async () => {
    const run = start([{ result: 7, balance: 101 }], { sceneHangs: true });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'scene.cueDone', cue: 'cue.roll' });
    expect(run.state()).toBe('round.playing');
    expect(run.calls.publishBalance).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
    expect(run.state()).toBe('round.settled');
    expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
  });

  it('a new target is shown on the table and bet; an invalid one is refused before the server', async () => {
    const run = start([{ result: 20, balance: 110 }]);
    run.actor.send({ type: 'player.setTarget', target: 10.5 });
    expect(run.cues).toContainEqual({ type: 'cue.target', target: 10.5 });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet.mock.calls[0]![0].terms).toEqual({ game: 'limbo', target: 10.5 });

    for (const target of [1, 1.005, 1_000_001]) {
      const bad = start([{ result: 2, balance: 1 }], { target });
      bad.actor.send({ type: 'player.bet' });
      expect(bad.actor.getSnapshot().context.problem).toBe('checkInput');
      expect(bad.calls.placeBet).not.toHaveBeenCalled();
    }
  });

  it("refuses an empty amount with 'fill in bet amount' and ignores a second bet in flight", async () => {
    const empty = start([{ result: 1, balance: 1 }], { amount: ' ' });
    empty.actor.send({ type: 'player.bet' });
    expect(empty.state()).toBe('ready');
    expect(empty.actor.getSnapshot().context.problem).toBe('fillBetAmount');

    const run = start(['hang']);
    run.actor.send({ type: 'player.bet' });
    run.actor.send({ type: 'player.bet' });
    run.actor.send({ type: 'player.setTarget', target: 50 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().context.target).toBe(2);
  });
});

describe('limbo machine: failures', () => {
  it('a server refusal ends in failed with its message, forgets the key and refreshes the balance', async () => {
    const run = start([serverError(400, 400, 'Alvo inválido'), { result: 3, balance: 5 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'server', message: 'Alvo inválido' });
    expect(run.actor.getSnapshot().context.key).toBeNull();
    expect(run.calls.refreshBalance).toHaveBeenCalled();
    expect(run.calls.publishBalance).not.toHaveBeenCalled();

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.settled');
  });

  it('insufficient funds (9999) is its own failure kind', async () => {
    const run = start([serverError(9999, 402, 'Saldo insuficiente')]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'insufficientFunds' });
    expect(run.calls.publishBalance).not.toHaveBeenCalled();
  });

  it('a bet without an answer times out after 15 s and a retry reuses its key', async () => {
    const run = start(['hang', { result: 2.5, balance: 3 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS - 1);
    expect(run.state()).toBe('round.placing');
    await vi.advanceTimersByTimeAsync(1);

    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'timeout' });
    expect(run.calls.refreshBalance).toHaveBeenCalled();

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, retry] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(retry).toBe(first);
    expect(run.state()).toBe('round.settled');
  });
});

describe('limbo machine: auto-bet', () => {
  const config = (patch: Partial<AutoBetConfig>): AutoBetConfig => ({ ...DEFAULT_AUTO_BET, ...patch });

  async function auto(answers: Answer[], patch: Partial<AutoBetConfig>, target = 2) {
    const run = start(answers, { target });
    run.actor.send({ type: 'player.setAutoConfig', config: config(patch) });
    run.actor.send({ type: 'player.autoStart' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 40);
    return run;
  }

  it('plays the number of bets asked for, then stops', async () => {
    const run = await auto([{ result: 1.2, balance: 50 }], { count: 3 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('count');
    expect(run.state()).toBe('round.settled');
  });

  it('on loss increases by X% and on win goes back to the base amount', async () => {
    const results = [1.1, 1.1, 9].map((result) => ({ result, balance: 50 }));
    const run = await auto(results, { count: 4, onLoss: { mode: 'increase', percent: 100 } });
    expect(run.calls.placeBet.mock.calls.map((c) => c[0].amountCents)).toEqual([100, 200, 400, 100]);
    expect(run.actor.getSnapshot().context.amountText).toBe('1,00');
  });

  it('stops on net profit', async () => {
    // Each win at 2× nets R$ 1,00; the stop at R$ 1,50 comes after the second win.
    const run = await auto([{ result: 5, balance: 50 }], { count: 0, stopProfitCents: 150 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
    expect(run.actor.getSnapshot().context.autoStop).toBe('profit');
  });

  it('stops on net loss', async () => {
    const run = await auto([{ result: 1, balance: 50 }], { count: 0, stopLossCents: 300 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('loss');
  });

  it('stops on a single win above a value', async () => {
    const results = [1.5, 1.5, 4, 1.5].map((result) => ({ result, balance: 50 }));
    const run = await auto(results, { count: 0, stopSingleWinCents: 50 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('singleWin');
  });

  it('stops on any error, and on the player’s stop after the bet in flight settles', async () => {
    const failing = await auto([{ result: 1, balance: 50 }, serverError(400, 400, 'Jogo indisponível')], {
      count: 0,
    });
    expect(failing.calls.placeBet).toHaveBeenCalledTimes(2);
    expect(failing.state()).toBe('failed');
    expect(failing.actor.getSnapshot().context.autoStop).toBe('error');

    const run = start([{ result: 1, balance: 50 }]);
    run.actor.send({ type: 'player.setAutoConfig', config: config({ count: 0 }) });
    run.actor.send({ type: 'player.autoStart' });
    run.actor.send({ type: 'player.autoStop' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 5);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
    expect(run.state()).toBe('round.settled');
    expect(run.actor.getSnapshot().context.autoStop).toBe('player');
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
