import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  paymentOrderMachine,
  STATUS_POLL_MS,
  type PaymentNotice,
} from '../../src/machines/payment-order.machine';
import { setSocketFactory, syncSocket } from '../../src/services/socket';
import { FakeSocket } from './support';

/**
 * The machine with a scripted `getStatus` (one answer per call, the last one repeats) and a
 * `paySuccess` stream the test plays by hand.
 */
function start(answers: (string | Error)[] = ['00']) {
  const calls = {
    getStatus: vi.fn<(input: { orderId: string; quiet: boolean }) => void>(),
    notify: vi.fn<(message: PaymentNotice) => void>(),
  };
  let paySuccess: (() => void) | null = null;
  let answer = 0;
  const machine = paymentOrderMachine.provide({
    actors: {
      getStatus: fromPromise<string, { orderId: string; quiet: boolean }>(async ({ input }) => {
        calls.getStatus(input);
        const next = answers[Math.min(answer++, answers.length - 1)]!;
        if (next instanceof Error) throw next;
        return next;
      }),
      paySuccessEvents: fromCallback<EventObject, { orderId: string }>(({ sendBack }) => {
        paySuccess = () => sendBack({ type: 'server.paySuccess' });
        return () => {
          paySuccess = null;
        };
      }),
    },
    actions: { notify: (_, params) => calls.notify(params.message) },
  });
  const actor = createActor(machine, { input: { orderId: 'D1' } }).start();
  return { actor, calls, paySuccess: () => paySuccess?.() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('payment order: background polls', () => {
  it('looks at the order quietly every few seconds and settles it paid on 10', async () => {
    const run = start(['00', '99', '10']);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS - 1);
    expect(run.calls.getStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.calls.getStatus).toHaveBeenCalledWith({ orderId: 'D1', quiet: true });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 2);

    expect(run.calls.getStatus).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'status' });
    expect(run.calls.notify).not.toHaveBeenCalled();
  });

  it.each(['01', '-01'])('ends the order cancelled when a poll answers %s', async (status) => {
    const run = start([status]);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);

    expect(run.actor.getSnapshot().output).toEqual({ result: 'cancelled' });
    expect(run.actor.getSnapshot().context.status).toBe(status);
  });

  it.each(['00', '99', '-99'])('keeps waiting without a word while a poll answers %s', async (status) => {
    const run = start([status]);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 3);

    expect(run.calls.getStatus).toHaveBeenCalledTimes(3);
    expect(run.actor.getSnapshot().status).toBe('active');
    expect(run.calls.notify).not.toHaveBeenCalled();
  });

  it('tries again at the next tick when a poll fails', async () => {
    const run = start([new Error('offline'), '10']);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    expect(run.actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);

    expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'status' });
  });
});

describe('payment order: the payment-success event', () => {
  it('settles the order paid at once, without waiting for a poll', () => {
    const run = start();

    run.paySuccess();

    expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'socket' });
    expect(run.actor.getSnapshot().context.status).toBe('10');
    expect(run.calls.getStatus).not.toHaveBeenCalled();
  });

  it('is heard while a check is on its way too', async () => {
    const run = start(['00']);
    run.actor.send({ type: 'player.check' });

    run.paySuccess();
    await vi.advanceTimersByTimeAsync(0);

    expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'socket' });
    expect(run.calls.notify).not.toHaveBeenCalled();
  });
});

describe("payment order: the player's check ('Concluir recarga')", () => {
  it('asks out loud and settles paid on 10', async () => {
    const run = start(['10']);

    run.actor.send({ type: 'player.check' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.calls.getStatus).toHaveBeenCalledWith({ orderId: 'D1', quiet: false });
    expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'status' });
  });

  it.each(['01', '-01'])('ends the order cancelled on %s', async (status) => {
    const run = start([status]);

    run.actor.send({ type: 'player.check' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.actor.getSnapshot().output).toEqual({ result: 'cancelled' });
  });

  it.each(['99', '-99', '00'])(
    "sets the order as waiting (00) and says 'Recarregado' on %s, then keeps watching",
    async (status) => {
      const run = start([status, '10']);

      run.actor.send({ type: 'player.check' });
      await vi.advanceTimersByTimeAsync(0);

      expect(run.calls.notify).toHaveBeenCalledWith('recharged');
      expect(run.actor.getSnapshot().context.status).toBe('00');
      expect(run.actor.getSnapshot().matches({ watching: 'idle' })).toBe(true);
      await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
      expect(run.actor.getSnapshot().output).toEqual({ result: 'paid', via: 'status' });
    },
  );

  it('goes back to watching when the check fails', async () => {
    const run = start([new Error('offline')]);

    run.actor.send({ type: 'player.check' });
    await vi.advanceTimersByTimeAsync(0);

    expect(run.actor.getSnapshot().matches({ watching: 'idle' })).toBe(true);
    expect(run.calls.notify).not.toHaveBeenCalled();
  });
});

describe('payment order: the real socket subscription', () => {
  afterEach(() => {
    syncSocket(null);
    setSocketFactory(null);
  });

  it("reacts to this order's paySuccess only", () => {
    const sockets: FakeSocket[] = [];
    setSocketFactory((options) => {
      const socket = new FakeSocket(options as Record<string, unknown>);
      sockets.push(socket);
      return socket as unknown as Socket;
    });
    syncSocket('tok');
    const machine = paymentOrderMachine.provide({
      actors: { getStatus: fromPromise<string, { orderId: string; quiet: boolean }>(async () => '00') },
    });
    const actor = createActor(machine, { input: { orderId: 'D7' } }).start();

    sockets[0]!.serverSends('paySuccess', { orderId: 'D6', czflag: 1 });
    expect(actor.getSnapshot().status).toBe('active');
    sockets[0]!.serverSends('paySuccess', { orderId: 'D7', czflag: 1 });

    expect(actor.getSnapshot().output).toEqual({ result: 'paid', via: 'socket' });
  });
});
