import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import '../../src/lib/i18n';
import { RESEND_AFTER_MS, transferMachine, type TransferNotice } from '../../src/machines/transfer.machine';
import type { TransferRequest, TransferResult } from '../../src/services/wallet-api';
import { transferNoticeText } from '../../src/shell/wallet/wallet-notices';

function start(fakes: { transfer?: TransferResult | Error } = {}) {
  const calls = {
    sendCode: vi.fn(),
    transfer: vi.fn<(request: TransferRequest, key: string) => void>(),
    refreshBalance: vi.fn(),
    notify: vi.fn<(notice: TransferNotice) => void>(),
  };
  const machine = transferMachine.provide({
    actors: {
      sendCode: fromPromise<string>(async () => {
        calls.sendCode();
        return 'Enviado com sucesso';
      }),
      transfer: fromPromise<TransferResult, { request: TransferRequest; idempotencyKey: string }>(
        async ({ input }) => {
          calls.transfer(input.request, input.idempotencyKey);
          const answer = fakes.transfer ?? {
            id: 'T1',
            amount: input.request.amount,
            to: input.request.username,
          };
          if (answer instanceof Error) throw answer;
          return answer;
        },
      ),
      refreshBalance: fromPromise<void>(async () => {
        calls.refreshBalance();
      }),
    },
    actions: { notify: (_, notice) => calls.notify(notice) },
  });
  const actor = createActor(machine, { input: { balance: 100 } }).start();
  const lastText = () => {
    const notice = calls.notify.mock.lastCall?.[0];
    return notice ? transferNoticeText(notice) : null;
  };
  return { actor, calls, lastText };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('transfer', () => {
  it('asks for the amount, then the recipient, then the e-mail code (spec 5)', () => {
    const run = start();
    const texts: (string | null)[] = [];
    const submit = () => {
      run.actor.send({ type: 'player.submit' });
      texts.push(run.lastText());
    };

    submit();
    run.actor.send({ type: 'player.changeAmount', amount: '25' });
    submit();
    run.actor.send({ type: 'player.changeUsername', username: 'Bia@Example.com ' });
    submit();
    run.actor.send({ type: 'player.changeCode', code: '12a3' });
    submit();

    expect(texts).toEqual([
      'Por favor, insira o valor da transferência',
      'Por favor, insira o nome de usuário do destinatário',
      'Por favor, insira o código de verificação do e-mail',
      'Por favor, insira o código de verificação do e-mail',
    ]);
    expect(run.calls.transfer).not.toHaveBeenCalled();
  });

  it('sends the transfer with a key, says so, clears the form and refreshes the balance', async () => {
    const run = start();
    run.actor.send({ type: 'player.changeAmount', amount: '250' });
    run.actor.send({ type: 'player.changeUsername', username: 'Bia@Example.com' });
    run.actor.send({ type: 'player.changeCode', code: '123456' });

    run.actor.send({ type: 'player.submit' });
    await settle();

    const [request, key] = run.calls.transfer.mock.calls[0]!;
    expect(request).toEqual({ username: 'bia@example.com', amount: 100, code: '123456' });
    expect(key).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(run.lastText()).toBe('Transferência de R$ 100,00 para bia@example.com concluída');
    expect(run.actor.getSnapshot().context).toMatchObject({ amount: '', username: '', code: '' });
    expect(run.calls.refreshBalance).toHaveBeenCalledTimes(1);
  });

  it('mails a code, then waits a minute before another can be asked for', async () => {
    const run = start();

    run.actor.send({ type: 'player.sendCode' });
    await settle();
    expect(run.lastText()).toBe('Código enviado para o seu e-mail');
    run.actor.send({ type: 'player.sendCode' });
    expect(run.calls.sendCode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RESEND_AFTER_MS);
    run.actor.send({ type: 'player.sendCode' });
    await settle();

    expect(run.calls.sendCode).toHaveBeenCalledTimes(2);
  });
});
