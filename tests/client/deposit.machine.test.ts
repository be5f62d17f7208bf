import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { PrePayResult, PriceItem } from '../../domain/schemas/wallet.schema';
import {
  depositMachine,
  initialPackage,
  visiblePackages,
  type DepositInput,
  type DepositNotice,
  type DepositSelection,
} from '../../src/machines/deposit.machine';
import { paymentOrderMachine, STATUS_POLL_MS } from '../../src/machines/payment-order.machine';
import { ApiError } from '../../src/services/api-client';
import type { DepositVariant, PrePayRequest } from '../../src/services/wallet-api';

const pkg = (pkgId: string, price: number, gift = 0, sort = price): PriceItem => ({
  pkgId,
  price,
  gift,
  sort,
  curreny: 'BRL',
});

const BRL = [pkg('BRL1', 30), pkg('BRL2', 50), pkg('BRL3', 100), pkg('BRL4', 200), pkg('BRL5', 500)];
const OFFER = [pkg('BT1', 30, 6), pkg('BT2', 50, 12), pkg('BT3', 100, 30), pkg('BT4', 200, 70)];

const ORDER: PrePayResult = { orderId: 'D1', payNo: 'TX1', url: '/sandbox-psp/checkout/TX1' };

const serverRefusal = () =>
  new ApiError('Esta oferta não está mais disponível', 400, 400, '/prePay', 'server');
const noAnswer = () => new ApiError('Internet lenta', null, null, '/prePay', 'timeout');

interface Fakes {
  prices?: PriceItem[] | Error;
  prePay?: (PrePayResult | Error)[];
  statuses?: string[];
}

/** The machine with fake requests and spies for everything it asks of the view. */
function start(input: Partial<DepositInput> = {}, fakes: Fakes = {}) {
  const calls = {
    loadPrices: vi.fn<(variant: DepositVariant) => void>(),
    prePay: vi.fn<(request: PrePayRequest) => void>(),
    getStatus: vi.fn<(quiet: boolean) => void>(),
    refreshUser: vi.fn(),
    alertNoAmount: vi.fn(),
    openKyc: vi.fn<(selection: DepositSelection) => void>(),
    notify: vi.fn<(message: DepositNotice) => void>(),
    recordPayment: vi.fn<(params: { order: PrePayResult | null; amount: number }) => void>(),
    closePopup: vi.fn(),
    goHome: vi.fn(),
  };
  let paySuccess: (() => void) | null = null;
  let prePayCall = 0;
  let statusCall = 0;
  const statuses = fakes.statuses ?? ['00'];
  const machine = depositMachine.provide({
    actors: {
      loadPrices: fromPromise<PriceItem[], { variant: DepositVariant }>(async ({ input: { variant } }) => {
        calls.loadPrices(variant);
        const prices = fakes.prices ?? BRL;
        if (prices instanceof Error) throw prices;
        return prices;
      }),
      prePay: fromPromise<PrePayResult, PrePayRequest>(async ({ input: request }) => {
        calls.prePay(request);
        const answers = fakes.prePay ?? [ORDER];
        const answer = answers[Math.min(prePayCall++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      refreshUser: fromPromise<void>(async () => {
        calls.refreshUser();
      }),
      paymentOrder: paymentOrderMachine.provide({
        actors: {
          getStatus: fromPromise<string, { orderId: string; quiet: boolean }>(
            async ({ input: { quiet } }) => {
              calls.getStatus(quiet);
              return statuses[Math.min(statusCall++, statuses.length - 1)]!;
            },
          ),
          paySuccessEvents: fromCallback<EventObject, { orderId: string }>(({ sendBack }) => {
            paySuccess = () => sendBack({ type: 'server.paySuccess' });
            return () => {
              paySuccess = null;
            };
          }),
        },
      }),
    },
    actions: {
      alertNoAmount: () => calls.alertNoAmount(),
      openKyc: (_, selection) => calls.openKyc(selection),
      notify: (_, params) => calls.notify(params.message),
      recordPayment: (_, params) => calls.recordPayment({ order: params.order, amount: params.amount }),
      closePopup: () => calls.closePopup(),
      goHome: () => calls.goHome(),
    },
  });
  const actor = createActor(machine, {
    input: { variant: 'BRL', kycVerified: true, isApp: false, resume: null, ...input },
  }).start();
  return {
    actor,
    calls,
    paySuccess: () => paySuccess?.(),
    isPolling: () => paySuccess !== null,
  };
}

type Run = ReturnType<typeof start>;

/** Lets the fake requests settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function reachPayment(run: Run) {
  await settle();
  run.actor.send({ type: 'player.confirm' });
  run.actor.send({ type: 'player.pay' });
  await settle();
  expect(run.actor.getSnapshot().matches({ payment: 'frame' })).toBe(true);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('deposit: the plans', () => {
  it("loads its variant's packages, keeps the first four in order and selects R$ 100", async () => {
    const run = start({ variant: 'BTBRL' }, { prices: [...OFFER].reverse() });
    await settle();

    const { context } = run.actor.getSnapshot();
    expect(run.calls.loadPrices).toHaveBeenCalledWith('BTBRL');
    expect(context.packages.map((p) => p.price)).toEqual([30, 50, 100, 200]);
    expect(context.pkgId).toBe('BT3');
    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
  });

  it('shows only the first four packages of a longer list', () => {
    expect(visiblePackages(BRL).map((p) => p.pkgId)).toEqual(['BRL1', 'BRL2', 'BRL3', 'BRL4']);
  });

  it('selects nothing when no package costs R$ 100', () => {
    expect(initialPackage([pkg('A', 20), pkg('B', 50)], null)).toBeNull();
    expect(initialPackage([pkg('A', 20), pkg('B', 50)], { pkgId: 'B', wantsGift: true })).toBe('B');
  });

  it("alerts 'select the amount' instead of confirming without a package", async () => {
    const run = start({}, { prices: [pkg('A', 20), pkg('B', 50)] });
    await settle();

    run.actor.send({ type: 'player.confirm' });

    expect(run.calls.alertNoAmount).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    const run = start({}, { prices: new Error('offline') });
    await settle();
    expect(run.actor.getSnapshot().matches('failed')).toBe(true);

    run.actor.send({ type: 'player.retry' });
    await settle();

    expect(run.calls.loadPrices).toHaveBeenCalledTimes(2);
  });
});

describe('deposit: confirm and prepay', () => {
  it('goes pick → confirm → confirm-to-pay → prepay with the chosen package and a key', async () => {
    const run = start({ isApp: true });
    await settle();

    run.actor.send({ type: 'player.select', pkgId: 'BRL4' });
    run.actor.send({ type: 'player.confirm' });
    expect(run.actor.getSnapshot().matches('confirming')).toBe(true);
    run.actor.send({ type: 'player.back' });
    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();

    const request = run.calls.prePay.mock.calls[0]![0];
    expect(request).toMatchObject({ pkgId: 'BRL4', gift: false, isApp: true });
    expect(request.idempotencyKey).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(run.actor.getSnapshot().context.order).toEqual(ORDER);
    expect(run.actor.getSnapshot().matches({ payment: 'frame' })).toBe(true);
  });

  it("deposits the player's own amount: the amount goes with prePay/custom, and survives the identity form", async () => {
    const run = start({ kycVerified: false });
    await settle();
    // Nothing usable typed yet: the same alert as no package.
    run.actor.send({ type: 'player.custom', amount: null });
    run.actor.send({ type: 'player.confirm' });
    expect(run.calls.alertNoAmount).toHaveBeenCalledTimes(1);

    run.actor.send({ type: 'player.custom', amount: 75.5 });
    run.actor.send({ type: 'player.confirm' });
    expect(run.calls.openKyc).toHaveBeenCalledWith({ pkgId: 'custom', wantsGift: true, amount: 75.5 });

    // Back from the identity form, the flow resumes with the typed amount and pays it.
    const resumed = start({ kycVerified: true, resume: { pkgId: 'custom', wantsGift: true, amount: 75.5 } });
    await settle();
    expect(resumed.actor.getSnapshot().matches('confirming')).toBe(true);
    resumed.actor.send({ type: 'player.pay' });
    await settle();
    expect(resumed.calls.prePay.mock.calls[0]![0]).toMatchObject({
      pkgId: 'custom',
      amount: 75.5,
      gift: false,
    });

    // Picking a package again forgets the typed amount.
    const other = start();
    await settle();
    other.actor.send({ type: 'player.custom', amount: 80 });
    other.actor.send({ type: 'player.select', pkgId: 'BRL2' });
    other.actor.send({ type: 'player.confirm' });
    other.actor.send({ type: 'player.pay' });
    await settle();
    expect(other.calls.prePay.mock.calls[0]![0]).not.toHaveProperty('amount');
    expect(other.calls.prePay.mock.calls[0]![0]).toMatchObject({ pkgId: 'BRL2' });
  });

  it("takes the package's bonus unless the player turns it down", async () => {
    const run = start({ variant: 'BTBRL' }, { prices: OFFER, prePay: [serverRefusal(), ORDER] });
    await settle();

    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();
    run.actor.send({ type: 'player.toggleGift', wantsGift: false });
    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();

    expect(run.calls.prePay.mock.calls.map(([r]) => r.gift)).toEqual([true, false]);
  });

  it('drops the key after a server refusal, so the next attempt is a new action', async () => {
    const run = start({}, { prePay: [serverRefusal(), ORDER] });
    await settle();

    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();
    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();

    const [first, second] = run.calls.prePay.mock.calls.map(([r]) => r.idempotencyKey);
    expect(first).not.toBe(second);
  });

  it('reuses the key when the same plan is retried after no answer, and not for another plan', async () => {
    const run = start({}, { prePay: [noAnswer(), noAnswer(), ORDER] });
    await settle();

    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();
    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();
    run.actor.send({ type: 'player.select', pkgId: 'BRL1' });
    run.actor.send({ type: 'player.confirm' });
    run.actor.send({ type: 'player.pay' });
    await settle();

    const keys = run.calls.prePay.mock.calls.map(([r]) => r.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('deposit: the KYC gate', () => {
  it('opens the identity form with the selection when kyc is not 1', async () => {
    const run = start({ kycVerified: false });
    await settle();

    run.actor.send({ type: 'player.select', pkgId: 'BRL2' });
    run.actor.send({ type: 'player.confirm' });

    expect(run.calls.openKyc).toHaveBeenCalledWith({ pkgId: 'BRL2', wantsGift: true });
    expect(run.actor.getSnapshot().matches('awaitingKyc')).toBe(true);
    expect(run.calls.prePay).not.toHaveBeenCalled();
  });

  it('continues to confirm-to-pay once the identity is verified', async () => {
    const run = start({ kycVerified: false });
    await settle();
    run.actor.send({ type: 'player.confirm' });

    run.actor.send({ type: 'session.kycChanged', verified: true });

    expect(run.actor.getSnapshot().matches('confirming')).toBe(true);
  });

  it('comes back from the form straight to confirm-to-pay with the resumed plan', async () => {
    const run = start({ kycVerified: true, resume: { pkgId: 'BRL4', wantsGift: false } });
    await settle();

    expect(run.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ pkgId: 'BRL4', wantsGift: false, resume: null });
  });

  it('keeps the resumed plan selected but waits when the identity is still not verified', async () => {
    const run = start({ kycVerified: false, resume: { pkgId: 'BRL4', wantsGift: true } });
    await settle();

    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
    expect(run.actor.getSnapshot().context.pkgId).toBe('BRL4');
    expect(run.calls.openKyc).not.toHaveBeenCalled();
  });
});

describe('deposit: paying', () => {
  it('closes the frame into the wait overlay and reopens it', async () => {
    const run = start();
    await reachPayment(run);

    run.actor.send({ type: 'player.closeFrame' });
    expect(run.actor.getSnapshot().matches({ payment: 'waitOverlay' })).toBe(true);
    run.actor.send({ type: 'player.reopenFrame' });

    expect(run.actor.getSnapshot().matches({ payment: 'frame' })).toBe(true);
  });

  it("on paySuccess: closes the frame, says 'sucesso', clears the order, sets the pay time, closes and goes home", async () => {
    const run = start();
    await reachPayment(run);

    run.paySuccess();
    await settle();

    const snapshot = run.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(run.calls.notify).toHaveBeenCalledWith('paid');
    expect(run.calls.recordPayment).toHaveBeenCalledWith({ order: ORDER, amount: 100 });
    expect(snapshot.context.order).toBeNull();
    expect(snapshot.context.paidAt).toBe(Date.now());
    expect(run.calls.closePopup).toHaveBeenCalledTimes(1);
    expect(run.calls.goHome).toHaveBeenCalledTimes(1);
    expect(run.calls.refreshUser).not.toHaveBeenCalled();
  });

  it("on 'Concluir recarga' answered 10: refreshes the user info, closes and goes home", async () => {
    const run = start({}, { statuses: ['10'] });
    await reachPayment(run);
    run.actor.send({ type: 'player.closeFrame' });

    run.actor.send({ type: 'player.complete' });
    await settle();

    expect(run.calls.getStatus).toHaveBeenCalledWith(false);
    expect(run.calls.refreshUser).toHaveBeenCalledTimes(1);
    expect(run.calls.closePopup).toHaveBeenCalledTimes(1);
    expect(run.calls.goHome).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('a poll answering 10 settles the deposit the same way', async () => {
    const run = start({}, { statuses: ['10'] });
    await reachPayment(run);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);

    expect(run.calls.getStatus).toHaveBeenCalledWith(true);
    expect(run.calls.refreshUser).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('resets the order and closes the overlay when the order is cancelled (01)', async () => {
    const run = start({}, { statuses: ['01'] });
    await reachPayment(run);
    run.actor.send({ type: 'player.closeFrame' });

    run.actor.send({ type: 'player.complete' });
    await settle();

    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
    expect(run.actor.getSnapshot().context.order).toBeNull();
    expect(run.calls.notify).toHaveBeenCalledWith('orderCancelled');
    expect(run.calls.closePopup).not.toHaveBeenCalled();
  });

  it("gives the order up on 'Cancelar recarga' and stops watching it", async () => {
    const run = start();
    await reachPayment(run);
    run.actor.send({ type: 'player.closeFrame' });

    run.actor.send({ type: 'player.cancelRecharge' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 2);

    expect(run.actor.getSnapshot().matches('picking')).toBe(true);
    expect(run.actor.getSnapshot().context.order).toBeNull();
    expect(run.isPolling()).toBe(false);
    expect(run.calls.getStatus).not.toHaveBeenCalled();
  });

  it("keeps a player who recharged from a game at the table: 'Recarga bem-sucedida…', no trip home", async () => {
    const run = start({ variant: 'INSBRL' });
    await reachPayment(run);

    run.paySuccess();
    await settle();

    expect(run.calls.notify).toHaveBeenCalledWith('gamePaid');
    expect(run.calls.closePopup).toHaveBeenCalledTimes(1);
    expect(run.calls.goHome).not.toHaveBeenCalled();
  });
});
