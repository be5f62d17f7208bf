import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WithdrawLimits } from '../../domain/schemas/wallet.schema';
import '../../src/lib/i18n';
import {
  isValidAccount,
  usdtEstimate,
  withdrawMachine,
  type WithdrawInput,
  type WithdrawNotice,
} from '../../src/machines/withdraw.machine';
import { ApiError } from '../../src/services/api-client';
import type { WithdrawPayload, WithdrawResult } from '../../src/services/wallet-api';
import { withdrawNoticeText } from '../../src/shell/wallet/wallet-notices';

const OWN_CPF = '52998224725';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

function limits(patch: Partial<WithdrawLimits> = {}): WithdrawLimits {
  return {
    limitAmount: 50,
    number: 3,
    unlimited: false,
    lock: false,
    wdAmount: 100,
    usdtRate: 5.5,
    serviceAmount: 0.02,
    maxAmount: 10000,
    cardInfo: { CHANNEL: ['CPF', 'CNPJ'] },
    cash: 100,
    turnoverRequired: 0,
    turnoverLeft: 0,
    dailyLeft: 5000,
    ...patch,
  };
}

const SAVED_CPF = { ifsc: OWN_CPF, payCardNo: OWN_CPF, name: 'Ana Souza', whatsapp: '11987654321' };

const RESULT: WithdrawResult = {
  id: 'W1',
  status: '00',
  amount: 60,
  fee: 1.2,
  waitsForApproval: false,
  message: 'Solicitação de saque bem-sucedida!',
};

interface Fakes {
  limits?: WithdrawLimits | Error;
  withdraw?: (WithdrawResult | Error)[];
}

function start(input: Partial<WithdrawInput> = {}, fakes: Fakes = {}) {
  const calls = {
    loadLimits: vi.fn(),
    withdraw: vi.fn<(payload: WithdrawPayload, key: string) => void>(),
    refreshBalance: vi.fn(),
    notify: vi.fn<(notice: WithdrawNotice) => void>(),
    closePopup: vi.fn(),
    goHome: vi.fn(),
  };
  let attempt = 0;
  const machine = withdrawMachine.provide({
    actors: {
      loadLimits: fromPromise<WithdrawLimits>(async () => {
        calls.loadLimits();
        const answer = fakes.limits ?? limits();
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      withdraw: fromPromise<WithdrawResult, { payload: WithdrawPayload; idempotencyKey: string }>(
        async ({ input: { payload, idempotencyKey } }) => {
          calls.withdraw(payload, idempotencyKey);
          const answers = fakes.withdraw ?? [RESULT];
          const answer = answers[Math.min(attempt++, answers.length - 1)]!;
          if (answer instanceof Error) throw answer;
          return answer;
        },
      ),
      refreshBalance: fromPromise<void>(async () => {
        calls.refreshBalance();
      }),
    },
    actions: {
      notify: (_, notice) => calls.notify(notice),
      closePopup: () => calls.closePopup(),
      goHome: () => calls.goHome(),
    },
  });
  const actor = createActor(machine, { input: { balance: 100, holderName: 'Ana Souza', ...input } }).start();
  /** The text the player saw last. */
  const lastText = () => {
    const notice = calls.notify.mock.lastCall?.[0];
    return notice ? withdrawNoticeText(notice).text : null;
  };
  return { actor, calls, lastText };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withdraw: limits and accounts', () => {
  it('starts on the first offered type that has a saved account, with its details', async () => {
    const run = start(
      {},
      {
        limits: limits({
          cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CNPJ: { ...SAVED_CPF, payCardNo: '11222333000181' } },
        }),
      },
    );
    await settle();

    const { context } = run.actor.getSnapshot();
    expect(context.method).toBe('CNPJ');
    expect(context.drafts.CNPJ.payCardNo).toBe('11222333000181');
    expect(context.drafts.CPF).toEqual({ payCardNo: '', name: 'Ana Souza', whatsapp: '' });
  });

  it('fills a new account with the registered CPF and phone instead of asking again (issue 18, item 12)', async () => {
    const run = start({ holderCpf: '529.982.247-25', holderPhone: '(11) 98765-4321' });
    await settle();
    const { drafts } = run.actor.getSnapshot().context;
    expect(drafts.CPF).toEqual({
      payCardNo: '529.982.247-25',
      name: 'Ana Souza',
      whatsapp: '(11) 98765-4321',
    });
    // A CNPJ is the company's, not the player's: only the phone and name carry over.
    expect(drafts.CNPJ).toEqual({ payCardNo: '', name: 'Ana Souza', whatsapp: '(11) 98765-4321' });
    // A saved account wins over the registration.
    const saved = start(
      { holderCpf: '529.982.247-25', holderPhone: '(11) 98765-4321' },
      { limits: limits({ cardInfo: { CHANNEL: ['CPF'], CPF: SAVED_CPF } }) },
    );
    await settle();
    expect(saved.actor.getSnapshot().context.drafts.CPF.payCardNo).toBe(SAVED_CPF.payCardNo);
  });

  it('offers USDT only when the server does (lx 20)', async () => {
    const run = start();
    await settle();

    run.actor.send({ type: 'player.selectMethod', method: 'USDT' });
    expect(run.actor.getSnapshot().context.method).toBe('CPF');

    const usdt = start({}, { limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ', 'USDT'] } }) });
    await settle();
    usdt.actor.send({ type: 'player.selectMethod', method: 'USDT' });
    expect(usdt.actor.getSnapshot().context.method).toBe('USDT');
  });

  it('offers a retry when the limits cannot be loaded', async () => {
    const run = start({}, { limits: new Error('offline') });
    await settle();
    expect(run.actor.getSnapshot().matches('failed')).toBe(true);

    run.actor.send({ type: 'player.retry' });
    await settle();
    expect(run.calls.loadLimits).toHaveBeenCalledTimes(2);
  });
});

describe('withdraw: the amount field', () => {
  it('caps the amount to the balance as it is typed', async () => {
    const run = start({ balance: 80.5 });
    await settle();

    run.actor.send({ type: 'player.changeAmount', amount: '1000' });
    expect(run.actor.getSnapshot().context.amount).toBe('80,50');
    // The form says why the field holds less than was typed; a decimal cut to two places is no cap.
    expect(run.actor.getSnapshot().context.capped).toBe(true);
    run.actor.send({ type: 'player.changeAmount', amount: '60,559' });
    expect(run.actor.getSnapshot().context.amount).toBe('60,55');
    expect(run.actor.getSnapshot().context.capped).toBe(false);
    run.actor.send({ type: 'player.changeAmount', amount: 'R$ 7.5' });
    expect(run.actor.getSnapshot().context.amount).toBe('7,5');
  });

  it('lowers a typed amount when the balance drops below it', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount: '90' });

    run.actor.send({ type: 'session.balanceChanged', balance: 40 });

    expect(run.actor.getSnapshot().context.amount).toBe('40');
    expect(run.actor.getSnapshot().context.capped).toBe(true);
    // A balance that rises again cuts nothing: the field no longer says it was lowered.
    run.actor.send({ type: 'session.balanceChanged', balance: 500 });
    expect(run.actor.getSnapshot().context.amount).toBe('40');
    expect(run.actor.getSnapshot().context.capped).toBe(false);
  });

  it("'Tudo' fills in what can be withdrawn, never above the balance", async () => {
    const run = start({ balance: 120 }, { limits: limits({ wdAmount: 75.25 }) });
    await settle();

    run.actor.send({ type: 'player.useAll' });

    expect(run.actor.getSnapshot().context.amount).toBe('75,25');
  });
});

describe('withdraw: the checks of section 5, in order, with their texts', () => {
  async function submitWith(patch: Partial<WithdrawLimits>, amount: string, balance = 100) {
    const run = start(
      { balance },
      { limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CPF: SAVED_CPF }, ...patch }) },
    );
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount });
    run.actor.send({ type: 'player.submit' });
    return run;
  }

  it.each([
    [
      'a game bill being generated, before anything else',
      { lock: true, number: 0, wdAmount: 0 },
      '',
      'Você tem uma partida em andamento. Termine-a e tente sacar de novo.',
    ],
    [
      'no withdrawals left today',
      { number: 0, wdAmount: 0 },
      '',
      'Você já fez todos os saques permitidos hoje. Tente novamente amanhã.',
    ],
    ['nothing withdrawable', { wdAmount: 0 }, '', 'Você ainda não tem saldo disponível para saque.'],
    ['an empty amount', {}, '', 'O valor mínimo de saque é R$ 50.'],
    ['an amount below the minimum', {}, '49,99', 'O valor mínimo de saque é R$ 50.'],
    ['a minimum with cents', { limitAmount: 50.5 }, '50', 'O valor mínimo de saque é R$ 50,50.'],
    [
      'an amount above what can be withdrawn',
      { wdAmount: 80 },
      '90',
      'Você pode sacar no máximo R$ 80 agora.',
    ],
    [
      'a withdrawable amount with cents',
      { wdAmount: 80.5 },
      '81',
      'Você pode sacar no máximo R$ 80,50 agora.',
    ],
  ] as const)('refuses %s', async (_, patch, amount, text) => {
    const run = await submitWith(patch, amount);

    expect(run.lastText()).toBe(text);
    expect(withdrawNoticeText(run.calls.notify.mock.lastCall![0]).alert).toBe(true);
    expect(run.calls.withdraw).not.toHaveBeenCalled();
    expect(run.actor.getSnapshot().matches('editing')).toBe(true);
  });

  it("does not count withdrawals when the level has no daily cap ('ilimitado')", async () => {
    const run = await submitWith({ number: 0, unlimited: true }, '60');
    await settle();

    expect(run.calls.withdraw).toHaveBeenCalledTimes(1);
  });
});

describe('withdraw: sending', () => {
  it('sends at once when amount, type and account are filled, then says so, goes home and closes', async () => {
    const run = start({}, { limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CPF: SAVED_CPF } }) });
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount: '60' });

    run.actor.send({ type: 'player.submit' });
    await settle();

    const [payload, key] = run.calls.withdraw.mock.calls[0]!;
    expect(payload).toEqual({
      payCardBank: 'CPF',
      payCardNo: OWN_CPF,
      ifsc: OWN_CPF,
      name: 'Ana Souza',
      amount: 60,
      whatsapp: '11987654321',
    });
    expect(key).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(run.lastText()).toBe('Solicitação de saque bem-sucedida!');
    expect(run.calls.goHome).toHaveBeenCalledTimes(1);
    expect(run.calls.closePopup).toHaveBeenCalledTimes(1);
    expect(run.calls.refreshBalance).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('opens the account overlay first when the account is missing, and sends once it is complete', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount: '60' });
    run.actor.send({ type: 'player.submit' });
    expect(run.actor.getSnapshot().matches('account')).toBe(true);

    const texts: (string | null)[] = [];
    const save = () => {
      run.actor.send({ type: 'player.saveAccount' });
      texts.push(run.lastText());
    };
    save();
    run.actor.send({ type: 'player.changeAccount', field: 'payCardNo', value: '123.456.789-00' });
    save();
    run.actor.send({ type: 'player.changeAccount', field: 'payCardNo', value: '529.982.247-25' });
    run.actor.send({ type: 'player.changeAccount', field: 'name', value: '  ' });
    save();
    run.actor.send({ type: 'player.changeAccount', field: 'name', value: 'Ana Souza' });
    save();
    expect(texts).toEqual([
      'Informe a chave Pix (CPF)',
      'Chave PIX ou endereço inválido',
      'Informe o nome do titular',
      'Informe o WhatsApp',
    ]);
    expect(run.calls.withdraw).not.toHaveBeenCalled();

    run.actor.send({ type: 'player.changeAccount', field: 'whatsapp', value: '(11) 98765-4321' });
    run.actor.send({ type: 'player.saveAccount' });
    await settle();

    expect(run.calls.withdraw.mock.calls[0]![0]).toMatchObject({
      payCardNo: OWN_CPF,
      name: 'Ana Souza',
      whatsapp: '11987654321',
    });
  });

  it('saves an edited account without sending anything', async () => {
    const run = start({}, { limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CPF: SAVED_CPF } }) });
    await settle();

    run.actor.send({ type: 'player.editAccount' });
    run.actor.send({ type: 'player.changeAccount', field: 'whatsapp', value: '(21) 99999-0000' });
    run.actor.send({ type: 'player.saveAccount' });

    expect(run.actor.getSnapshot().matches('editing')).toBe(true);
    expect(run.actor.getSnapshot().context.drafts.CPF.whatsapp).toBe('(21) 99999-0000');
    expect(run.calls.withdraw).not.toHaveBeenCalled();
  });

  it('sends a USDT withdrawal with the address and the rate as ifsc, no holder name needed', async () => {
    const run = start({}, { limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ', 'USDT'] } }) });
    await settle();
    run.actor.send({ type: 'player.selectMethod', method: 'USDT' });
    run.actor.send({ type: 'player.changeAmount', amount: '55' });
    run.actor.send({ type: 'player.submit' });
    run.actor.send({ type: 'player.changeAccount', field: 'payCardNo', value: ` ${TRC20} ` });
    run.actor.send({ type: 'player.changeAccount', field: 'whatsapp', value: '11987654321' });
    run.actor.send({ type: 'player.saveAccount' });
    await settle();

    expect(run.calls.withdraw.mock.calls[0]![0]).toMatchObject({
      payCardBank: 'USDT',
      payCardNo: TRC20,
      ifsc: '5.5',
      amount: 55,
    });
  });

  it('goes back to the form after a refusal and makes a new key for the next attempt', async () => {
    const refusal = new ApiError(
      'Você ainda não tem saldo disponível para saque.',
      400,
      400,
      '/withdraw',
      'server',
    );
    const run = start(
      {},
      {
        limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CPF: SAVED_CPF } }),
        withdraw: [refusal, RESULT],
      },
    );
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount: '60' });
    run.actor.send({ type: 'player.submit' });
    await settle();
    expect(run.actor.getSnapshot().matches('editing')).toBe(true);

    run.actor.send({ type: 'player.submit' });
    await settle();

    const [first, second] = run.calls.withdraw.mock.calls.map(([, key]) => key);
    expect(first).not.toBe(second);
  });

  it('keeps the key for a retry of the same request that got no answer', async () => {
    const timeout = new ApiError('Internet lenta', null, null, '/withdraw', 'timeout');
    const run = start(
      {},
      {
        limits: limits({ cardInfo: { CHANNEL: ['CPF', 'CNPJ'], CPF: SAVED_CPF } }),
        withdraw: [timeout, RESULT],
      },
    );
    await settle();
    run.actor.send({ type: 'player.changeAmount', amount: '60' });
    run.actor.send({ type: 'player.submit' });
    await settle();
    run.actor.send({ type: 'player.submit' });
    await settle();

    const [first, second] = run.calls.withdraw.mock.calls.map(([, key]) => key);
    expect(first).toBe(second);
  });
});

describe('withdraw: helpers', () => {
  it('estimates the USDT received as amount ÷ rate − 1, never below zero', () => {
    expect(usdtEstimate(110, 5.5)).toBeCloseTo(19);
    expect(usdtEstimate(3, 5.5)).toBe(0);
    expect(usdtEstimate(100, 0)).toBe(0);
  });

  it('checks account numbers by type', () => {
    expect(isValidAccount('CPF', '529.982.247-25')).toBe(true);
    expect(isValidAccount('CPF', '529.982.247-26')).toBe(false);
    expect(isValidAccount('CNPJ', '11.222.333/0001-81')).toBe(true);
    expect(isValidAccount('USDT', TRC20)).toBe(true);
    expect(isValidAccount('USDT', '0xabc')).toBe(false);
  });
});
