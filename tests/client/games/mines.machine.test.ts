import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BET_TIMEOUT_MS, CUE_TIMEOUT_MS, activeLeafPath } from '../../../src/machines/games/bet-actors';
import {
  minesMachine,
  randomHiddenTile,
  type MinesCashOutInput,
  type MinesCue,
  type MinesRevealInput,
  type MinesStartInput,
} from '../../../src/machines/games/mines.machine';
import { ApiError } from '../../../src/services/api-client';
import type { MinesGame, MinesReveal } from '../../../src/services/mines-api';

/** The board of these tests: 3 mines at tiles 0, 1 and 2. */
const MINES = [0, 1, 2];

/** A little server: one game at a time, reveals checked against the step, like mines.service.ts. */
function fakeServer(open: MinesGame | null = null) {
  let game: MinesGame | null = open;
  let balance = 100;
  const view = (patch: Partial<MinesGame>): MinesGame => ({ ...game!, ...patch });
  return {
    start(input: MinesStartInput): MinesGame {
      balance -= input.amountCents / 100;
      game = {
        gameId: `B${Math.random()}`,
        gameCode: 'SE0001',
        status: 'open',
        mines: input.mines,
        step: 0,
        revealed: [],
        amount: input.amountCents / 100,
        multiplier: 1,
        nextMultiplier: 1.125,
        payout: 0,
        fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
        balance,
      };
      return game;
    },
    reveal(input: MinesRevealInput): MinesReveal {
      if (!game || game.status !== 'open' || input.step !== game.step)
        throw new ApiError('Jogada fora de ordem', 409, 409, '/api/app/game/mines/reveal', 'server');
      const mine = MINES.includes(input.tile);
      const revealed = [...game.revealed, input.tile];
      const step = mine ? game.step : game.step + 1;
      game = mine
        ? view({ status: 'busted', revealed, multiplier: 0, payout: 0, outcome: { mines: MINES } })
        : view({ step, revealed, multiplier: 1 + step / 8, nextMultiplier: 1 + (step + 1) / 8 });
      return { ...game, mine, tile: input.tile, balance };
    },
    cashOut(): MinesGame {
      const payout = Math.round(game!.amount * game!.multiplier * 100) / 100;
      balance += payout;
      game = view({ status: 'cashed', payout, outcome: { mines: MINES }, balance });
      return game;
    },
    inPlay: () => (game?.status === 'open' ? { ...game, balance } : null),
  };
}

type Step = 'ok' | 'hang' | Error;

/**
 * The machine with faked actors over the little server (`script` makes a call hang or fail),
 * a scene that finishes every cue at once unless `sceneHangs`, and spies for the host's actions.
 */
function start(
  options: {
    open?: MinesGame | null;
    script?: Partial<Record<'start' | 'reveal' | 'cashOut' | 'inPlay', Step[]>>;
    sceneHangs?: boolean;
  } = {},
) {
  const server = fakeServer(options.open ?? null);
  const script = options.script ?? {};
  const calls = {
    start: vi.fn<(input: MinesStartInput) => void>(),
    reveal: vi.fn<(input: MinesRevealInput) => void>(),
    cashOut: vi.fn<(input: MinesCashOutInput) => void>(),
    inPlay: vi.fn<() => void>(),
    publishBalance: vi.fn<(balance: number) => void>(),
    refreshBalance: vi.fn<() => void>(),
  };
  const answer = <T>(name: keyof typeof script, run: () => T): Promise<T> => {
    const step = script[name]?.shift() ?? 'ok';
    if (step === 'hang') return new Promise<T>(() => undefined);
    if (step instanceof Error) return Promise.reject(step);
    return Promise.resolve().then(run);
  };
  const machine = minesMachine.provide({
    actors: {
      loadOpenGame: fromPromise<MinesGame | null>(() => {
        calls.inPlay();
        return answer('inPlay', () => server.inPlay());
      }),
      startGame: fromPromise<MinesGame, MinesStartInput>(({ input }) => {
        calls.start(input);
        return answer('start', () => server.start(input));
      }),
      revealTile: fromPromise<MinesReveal, MinesRevealInput>(({ input }) => {
        calls.reveal(input);
        return answer('reveal', () => server.reveal(input));
      }),
      cashOut: fromPromise<MinesGame, MinesCashOutInput>(({ input }) => {
        calls.cashOut(input);
        return answer('cashOut', () => server.cashOut());
      }),
    },
    actions: {
      publishBalance: (_, params) => calls.publishBalance(params.balance),
      refreshBalance: () => calls.refreshBalance(),
    },
  });
  const actor = createActor(machine, { input: { amountText: '10,00', mines: 3 } });
  const cues: MinesCue[] = [];
  actor.on('*', (cue) => {
    cues.push(cue);
    if (!options.sceneHangs) queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  const state = () => activeLeafPath(actor.getSnapshot().value);
  const context = () => actor.getSnapshot().context;
  return { actor, calls, cues, state, context, server };
}

/** A table with a game just placed (3 mines at 0–2, R$ 10). */
async function placed(options: Parameters<typeof start>[0] = {}) {
  const run = start(options);
  await vi.advanceTimersByTimeAsync(0);
  run.actor.send({ type: 'player.bet' });
  await vi.advanceTimersByTimeAsync(0);
  return run;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('mines machine: a game', () => {
  it('asks inPlay first, then places the bet with a fresh key and opens a new board', async () => {
    const run = await placed();
    expect(run.calls.inPlay).toHaveBeenCalledTimes(1);
    expect(run.state()).toBe('round.playing');
    const input = run.calls.start.mock.calls[0]![0];
    expect(input).toMatchObject({ amountCents: 1000, mines: 3 });
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(run.cues).toEqual([
      { type: 'cue.reset', mines: 3, revealed: [] },
      { type: 'cue.setInteractive', interactive: true },
    ]);
    // The stake is debited at once: the table shows the server's balance after it.
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(90);
  });

  it('a gem plays its reveal and the game goes on with the next step', async () => {
    const run = await placed();
    run.actor.send({ type: 'player.pick', tile: 12 });
    expect(run.state()).toBe('round.revealing');
    expect(run.cues).toContainEqual({ type: 'cue.pending', tile: 12 });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.playing');
    expect(run.calls.reveal.mock.calls[0]![0]).toMatchObject({ tile: 12, step: 0 });
    expect(run.cues).toContainEqual({ type: 'cue.reveal', tile: 12, kind: 'gem', multiplier: 1.125 });
    expect(run.context().game?.step).toBe(1);

    run.actor.send({ type: 'player.pick', tile: 13 });
    await vi.advanceTimersByTimeAsync(0);
    const [first, second] = run.calls.reveal.mock.calls.map((c) => c[0]);
    expect(second).toMatchObject({ tile: 13, step: 1 });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('a mine busts the game: the board shows every mine and the balance is the server’s', async () => {
    const run = await placed();
    run.actor.send({ type: 'player.pick', tile: 1 });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.busted');
    expect(run.cues.slice(-4)).toEqual([
      { type: 'cue.reveal', tile: 1, kind: 'mine' },
      { type: 'cue.setInteractive', interactive: false },
      { type: 'cue.bust', tile: 1 },
      { type: 'cue.revealAll', mines: MINES },
    ]);
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(90);

    // Another game can start at once.
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    expect(run.calls.start).toHaveBeenCalledTimes(2);
  });

  it('cashes out after a gem: banner with the server’s payout, then settled with its balance', async () => {
    const run = await placed();
    run.actor.send({ type: 'player.cashOut' });
    expect(run.state()).toBe('round.playing');
    expect(run.calls.cashOut).not.toHaveBeenCalled();

    run.actor.send({ type: 'player.pick', tile: 20 });
    await vi.advanceTimersByTimeAsync(0);
    run.actor.send({ type: 'player.cashOut' });
    expect(run.state()).toBe('round.cashingOut');
    await vi.advanceTimersByTimeAsync(0);

    expect(run.state()).toBe('round.settled');
    expect(run.cues.slice(-1)).toEqual([{ type: 'cue.cashout', multiplier: 1.125, payout: 11.25 }]);
    expect(run.calls.publishBalance).toHaveBeenLastCalledWith(101.25);
  });

  it('a duplicate tap (or a tap on a revealed tile) is ignored: one reveal call', async () => {
    const run = await placed({ script: { reveal: ['ok', 'hang'] } });
    run.actor.send({ type: 'player.pick', tile: 12 });
    run.actor.send({ type: 'player.pick', tile: 12 });
    run.actor.send({ type: 'player.pick', tile: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.reveal).toHaveBeenCalledTimes(1);

    run.actor.send({ type: 'player.pick', tile: 12 });
    expect(run.state()).toBe('round.playing');
    run.actor.send({ type: 'player.pick', tile: 25 });
    expect(run.state()).toBe('round.playing');
    expect(run.calls.reveal).toHaveBeenCalledTimes(1);
  });

  it('waits for the scene before the board takes taps again; a stuck scene is skipped', async () => {
    const run = await placed({ sceneHangs: true });
    run.actor.send({ type: 'player.pick', tile: 12 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.showing');
    run.actor.send({ type: 'scene.cueDone', cue: 'cue.pending' });
    expect(run.state()).toBe('round.showing');
    run.actor.send({ type: 'scene.cueDone', cue: 'cue.reveal' });
    expect(run.state()).toBe('round.playing');

    run.actor.send({ type: 'player.pick', tile: 0 });
    await vi.advanceTimersByTimeAsync(CUE_TIMEOUT_MS);
    expect(run.state()).toBe('round.busted');
  });
});

describe('mines machine: resume and failures', () => {
  it('resumes an open game from inPlay with its gems, amount and mines', async () => {
    const open: MinesGame = {
      gameId: 'B1',
      gameCode: 'SE0001',
      status: 'open',
      mines: 5,
      step: 2,
      revealed: [10, 11],
      amount: 2.5,
      multiplier: 1.5,
      nextMultiplier: 1.9,
      payout: 0,
      fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 4 },
      balance: 100,
    };
    const run = start({ open });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    expect(run.context()).toMatchObject({ resumed: true, amountText: '2,50', mines: 5 });
    expect(run.cues).toEqual([
      { type: 'cue.reset', mines: 5, revealed: [10, 11] },
      { type: 'cue.setInteractive', interactive: true },
    ]);
    run.actor.send({ type: 'player.bet' });
    expect(run.calls.start).not.toHaveBeenCalled();

    run.actor.send({ type: 'player.pick', tile: 20 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.calls.reveal.mock.calls[0]![0]).toMatchObject({ gameId: 'B1', tile: 20, step: 2 });
  });

  it('without an open game (or without an answer) the table starts idle', async () => {
    const run = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('idle');
    const lost = start({ script: { inPlay: ['hang'] } });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS);
    expect(lost.state()).toBe('idle');
  });

  it('insufficient funds (9999) fails the bet and changes nothing', async () => {
    const broke = new ApiError('Saldo insuficiente', 9999, 402, '/api/app/game/mines/bet', 'server');
    const run = await placed({ script: { start: [broke] } });
    expect(run.state()).toBe('failed');
    expect(run.context().failure).toEqual({ kind: 'insufficientFunds' });
    expect(run.context().game).toBeNull();
    expect(run.calls.publishBalance).not.toHaveBeenCalled();
  });

  it('a bet without an answer times out after 15 s; the retry reuses its key', async () => {
    const run = await placed({ script: { start: ['hang'] } });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS);
    expect(run.state()).toBe('failed');
    expect(run.context().failure).toEqual({ kind: 'timeout' });
    expect(run.calls.refreshBalance).toHaveBeenCalled();

    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    const [first, retry] = run.calls.start.mock.calls.map((c) => c[0].idempotencyKey);
    expect(retry).toBe(first);
    expect(run.state()).toBe('round.playing');
  });

  it('an open game elsewhere (409 on bet) is resumed instead of failing', async () => {
    const conflict = new ApiError('Jogo em aberto', 409, 409, '/api/app/game/mines/bet', 'server');
    const run = start({ script: { start: [conflict] } });
    await vi.advanceTimersByTimeAsync(0);
    // Another tab opens a game after this table asked inPlay.
    const other = run.server.start({ amountCents: 500, mines: 4, idempotencyKey: 'k' });
    run.actor.send({ type: 'player.bet' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    expect(run.context().game?.gameId).toBe(other.gameId);
    expect(run.cues.at(-2)).toEqual({ type: 'cue.reset', mines: 4, revealed: [] });
  });

  it('a server error or a lost answer on a reveal asks inPlay and goes on with the server’s game', async () => {
    const refused = new ApiError('Erro do servidor', 500, 500, '/api/app/game/mines/reveal', 'server');
    const run = await placed({ script: { reveal: [refused, 'hang'] } });
    run.actor.send({ type: 'player.pick', tile: 12 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('round.playing');
    expect(run.context().failure).toEqual({ kind: 'server', message: 'Erro do servidor' });
    expect(run.calls.inPlay).toHaveBeenCalledTimes(2);

    run.actor.send({ type: 'player.pick', tile: 12 });
    await vi.advanceTimersByTimeAsync(BET_TIMEOUT_MS);
    expect(run.context().failure).toEqual({ kind: 'timeout' });
    expect(run.state()).toBe('round.playing');
    expect(run.calls.inPlay).toHaveBeenCalledTimes(3);
  });

  it('a game that ended meanwhile clears the board and refreshes the balance', async () => {
    const gone = new ApiError('Jogo encerrado', 409, 409, '/api/app/game/mines/cashout', 'server');
    const run = await placed({ script: { cashOut: [gone], inPlay: ['ok', 'ok'] } });
    run.actor.send({ type: 'player.pick', tile: 12 });
    await vi.advanceTimersByTimeAsync(0);
    run.server.cashOut();
    run.actor.send({ type: 'player.cashOut' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.state()).toBe('failed');
    expect(run.context().game).toBeNull();
    expect(run.cues.at(-1)).toEqual({ type: 'cue.setInteractive', interactive: false });
    expect(run.calls.refreshBalance).toHaveBeenCalled();
  });

  it('pick a random tile chooses only face-down tiles', () => {
    const revealed = Array.from({ length: 24 }, (_, i) => i);
    expect(randomHiddenTile(revealed)).toBe(24);
    expect(randomHiddenTile([...revealed, 24])).toBeNull();
    expect(randomHiddenTile([], () => 0.999)).toBe(24);
  });
});
