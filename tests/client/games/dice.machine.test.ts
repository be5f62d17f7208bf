import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { ApiError } from '../../../src/services/api-client';
import { DEFAULT_AUTO_BET, type AutoBetConfig } from '../../../src/machines/games/auto-bet';
import {
  AUTO_BET_PAUSE_MS,
  BET_TIMEOUT_MS,
  CUE_TIMEOUT_MS,
  activeLeafPath,
  type InstantBetInput,
} from '../../../src/machines/games/bet-actors';
import { diceMachine, type DiceCue } from '../../../src/machines/games/dice.machine';

/** A settled DICE answer like the server's. */
function settled(input: InstantBetInput, roll: number, balance: number): SettledBet {
  const terms = input.terms as { target: number; direction: 'over' | 'under' };
  const win = terms.direction === 'over' ? roll > terms.target : roll < terms.target;
  const amount = input.amountCents / 100;
  const multiplier = win ? 1.98 : 0;
  return {
    betId: `B${Math.random()}`,
    gameCode: 'SE0002',
    amount,
    multiplier,
    payout: win ? Math.floor(input.amountCents * 1.98) / 100 : 0,
    win,
    balance,
    outcome: { roll },
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
  };
}

type Answer = { roll: number; balance: number } | Error | 'hang';

/**
 * The machine with a scripted bet actor (one answer per bet, the last repeats), a scene that
 * finishes every cue at once unless `sceneHangs`, and spies for the host's actions.
 */
function start(answers: Answer[], options: { sceneHangs?: boolean; amount?: string } = {}) {
  const calls = {
    placeBet: vi.fn<(input: InstantBetInput) => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
  };
  const cues: DiceCue[] = [];
  let n = 0;
  const machine = diceMachine.provide({
    actors: {
      placeBet: fromPromise<SettledBet, InstantBetInput>(async ({ input }) => {
        calls.placeBet(input);
        const answer = answers[Math.min(n++, answers.length - 1)]!;
        if (answer === 'hang') return new Promise<SettledBet>(() => undefined);
        if (answer instanceof Error) throw answer;
        return settled(input, answer.roll, answer.balance);
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
    if (!options.sceneHangs && cue.type === 'cue.roll') {
      queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
    }
  });
  actor.start();
  const state = () => activeLeafPath(actor.getSnapshot().value);
  return { actor, calls, cues, state };
}

const serverError = (status: number, httpStatus: number, message = 'Saldo insuficiente') =>
  new ApiError(message, status, httpStatus, '/api/app/game/dice/bet', 'server');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('dice machine: one round', () => {
  it('places the bet with a fresh key, plays the roll and takes the balance of a win', async () => {
    const run = start([{ roll: 75.2, balance: 100.98 }]);
    run.actor.send({ type: 'player.bet' });
    expect(run.state()).toBe('round.placing');
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    const input = run.calls.placeBet.mock.calls[0]![0];
    expect(input).toMatchObject({
      terms: { game: 'dice', target: 50.5, direction: 'over' },
      amountCents: 100,
    });
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(run.cues).toContainEqual(
      expect.objectContaining({ type: 'cue.roll', roll: 75.2, win: true, multiplier: 1.98 }),
    );
    expect(run.calls.publishBalance).toHaveBeenCalledWith(100.98);
    expect(run.actor.getSnapshot().context.bet?.win).toBe(true);
  });

  it('plays a loss the same way and each bet gets its own key', async () => {
    const run = start([{ roll: 10, balance: 99 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    expect(run.actor.getSnapshot().context.bet?.win).toBe(false);
    expect(run.cues.filter((c) => c.type === 'cue.roll')).toHaveLength(2);
    const [first, second] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(first).not.toBe(second);
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(99);
  });

  it('waits for the scene before settling, and a stuck scene is skipped after the cue timeout', async () => {
    const run = start([{ roll: 75, balance: 101 }], { sceneHangs: true });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    expect(run.calls.publishBalance).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
    expect(run.state()).toBe('round.settled');
    expect(run.calls.publishBalance).toHaveBeenCalledWith(101);
  });

  it("refuses an empty amount with 'fill in bet amount' and a bad one with 'check the input'", () => {
    const empty = start([{ roll: 1, balance: 1 }], { amount: '' });
    empty.actor.send({ type: 'player.bet' });
    expect(empty.state()).toBe('ready');
    expect(empty.actor.getSnapshot().context.problem).toBe('fillBetAmount');

    for (const text of ['0', '1,234', 'abc']) {
      const bad = start([{ roll: 1, balance: 1 }], { amount: text });
      bad.actor.send({ type: 'player.bet' });
      expect(bad.actor.getSnapshot().context.problem).toBe('checkInput');
      expect(bad.calls.placeBet).not.toHaveBeenCalled();
    }
  });

  it('ignores a second bet while the first is being placed', async () => {
    const run = start(['hang']);
    run.actor.send({ type: 'player.bet' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
  });
});

describe('dice machine: failures', () => {
  it('a server refusal ends in failed with its message, forgets the key and refreshes the balance', async () => {
    const run = start([serverError(400, 400, 'Aposta mínima: R$ 0.10'), { roll: 80, balance: 5 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toEqual({
      kind: 'server',
      message: 'Aposta mínima: R$ 0.10',
    });
    expect(run.actor.getSnapshot().context.key).toBeNull();
    expect(run.calls.refreshBalance).toHaveBeenCalled();

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.settled');
  });

  it('insufficient funds (9999) is its own failure kind', async () => {
    const run = start([serverError(9999, 402)]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.failure).toEqual({ kind: 'insufficientFunds' });
    expect(run.calls.publishBalance).not.toHaveBeenCalled();
  });

  it('a bet without an answer times out after 15 s and a retry reuses its key', async () => {
    const run = start(['hang', { roll: 90, balance: 3 }]);
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

  it('a network error keeps the key too, but a changed bet gets a new one', async () => {
    const lost = new ApiError('Internet lenta', null, null, '/api/app/game/dice/bet', 'network');
    const run = start([lost, { roll: 90, balance: 3 }]);
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.key).not.toBeNull();

    run.actor.send({ type: 'player.setAmount', text: '2,00' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, changed] = run.calls.placeBet.mock.calls.map((c) => c[0].idempotencyKey);
    expect(changed).not.toBe(first);
  });
});

describe('dice machine: auto-bet', () => {
  const config = (patch: Partial<AutoBetConfig>): AutoBetConfig => ({ ...DEFAULT_AUTO_BET, ...patch });

  async function auto(answers: Answer[], patch: Partial<AutoBetConfig>, amount = '1,00') {
    const run = start(answers, { amount });
    run.actor.send({ type: 'player.setAutoConfig', config: config(patch) });
    run.actor.send({ type: 'player.autoStart' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 40);
    return run;
  }

  it('plays the number of bets asked for, then stops', async () => {
    const run = await auto([{ roll: 10, balance: 50 }], { count: 3 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('count');
    expect(run.state()).toBe('round.settled');
  });

  it('on loss increases by X% and on win goes back to the base amount', async () => {
    const losses = [10, 10, 80].map((roll) => ({ roll, balance: 50 }));
    const run = await auto(losses, { count: 4, onLoss: { mode: 'increase', percent: 100 } });
    expect(run.calls.placeBet.mock.calls.map((c) => c[0].amountCents)).toEqual([100, 200, 400, 100]);
    expect(run.actor.getSnapshot().context.amountText).toBe('1,00');
  });

  it('stops on net profit', async () => {
    // Each win at 1.98× nets R$ 0,98; the stop at R$ 1,50 comes after the second win.
    const run = await auto([{ roll: 90, balance: 50 }], { count: 0, stopProfitCents: 150 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
    expect(run.actor.getSnapshot().context.autoStop).toBe('profit');
  });

  it('stops on net loss', async () => {
    const run = await auto([{ roll: 10, balance: 50 }], { count: 0, stopLossCents: 300 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('loss');
  });

  it('stops on a single win above a value', async () => {
    const rolls = [10, 10, 90, 10].map((roll) => ({ roll, balance: 50 }));
    const run = await auto(rolls, { count: 0, stopSingleWinCents: 50 });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().context.autoStop).toBe('singleWin');
  });

  it('stops on any error', async () => {
    const run = await auto([{ roll: 10, balance: 50 }, serverError(400, 400, 'Jogo indisponível')], {
      count: 0,
    });
    expect(run.calls.placeBet).toHaveBeenCalledTimes(2);
    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.autoStop).toBe('error');
  });

  it('stops when the player asks, after the bet in flight settles', async () => {
    const run = start([{ roll: 10, balance: 50 }]);
    run.actor.send({ type: 'player.setAutoConfig', config: config({ count: 0 }) });
    run.actor.send({ type: 'player.autoStart' });
    run.actor.send({ type: 'player.autoStop' });
    await vi.advanceTimersByTimeAsync(AUTO_BET_PAUSE_MS * 5);
    expect(run.calls.placeBet).toHaveBeenCalledTimes(1);
    expect(run.state()).toBe('round.settled');
    expect(run.actor.getSnapshot().context.autoStop).toBe('player');
  });

  it('does not take edits while auto-bet runs', async () => {
    const run = start(['hang']);
    run.actor.send({ type: 'player.autoStart' });
    run.actor.send({ type: 'player.setAmount', text: '9,00' });
    expect(run.actor.getSnapshot().context.amountText).toBe('1,00');
  });
});
