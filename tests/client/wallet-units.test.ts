import { parseAmount } from '../../src/shell/wallet/custom-amount';
import { describe, expect, it } from 'vitest';
import {
  amountInputCents,
  formatCountdown,
  formatPercent,
  normaliseAmountInput,
  parseAmountInput,
  plainBrl,
} from '../../src/lib/format';
import { VIP_TABLE } from '../../src/lib/vip-table';
import { ApiError } from '../../src/services/api-client';
import {
  isOutcomeUnknown,
  keyAfterFailure,
  keyForAction,
  newIdempotencyKey,
} from '../../src/services/idempotency';
import ptBR from '../../assets/locales/pt_BR.json';

describe('idempotency keys', () => {
  it('makes keys the server accepts (1–64 visible ASCII characters), a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('keeps the key of an unanswered action for the same request only', () => {
    const first = keyForAction(null, '{"pkgId":"BRL3"}');
    expect(keyForAction(first, '{"pkgId":"BRL3"}')).toBe(first);
    expect(keyForAction(first, '{"pkgId":"BRL4"}').key).not.toBe(first.key);
  });

  it('keeps a key only when the outcome of the call is unknown', () => {
    const key = keyForAction(null, 'x');
    const answered = new ApiError(
      'Você ainda não tem saldo disponível para saque.',
      400,
      400,
      '/withdraw',
      'server',
    );
    expect(isOutcomeUnknown(answered)).toBe(false);
    expect(keyAfterFailure(key, answered)).toBeNull();
    for (const unknown of [
      new ApiError('Internet lenta', null, null, '/withdraw', 'timeout'),
      new ApiError('Internet lenta', null, null, '/withdraw', 'network'),
      new ApiError('Erro interno', 500, 500, '/withdraw', 'server'),
      new ApiError('Requisição em andamento', 409, 409, '/withdraw', 'server', {
        status: 409,
        message: 'Requisição em andamento, aguarde',
        data: { running: true },
      }),
    ]) {
      expect(keyAfterFailure(key, unknown)).toBe(key);
    }
    // A refusal the server recorded under the key (a 409 like the odds having changed): a retry
    // is a new action, or it would only replay the refusal.
    const refused = new ApiError(
      'As odds mudaram. Confira a nova cotação',
      409,
      409,
      '/sports/bet',
      'server',
    );
    expect(keyAfterFailure(key, refused)).toBeNull();
    expect(isOutcomeUnknown(new Error('bug'))).toBe(false);
  });
});

describe('money inputs and displays', () => {
  it('writes amounts the way the server writes them in its limit messages', () => {
    expect(plainBrl(50)).toBe('50');
    expect(plainBrl(80.5)).toBe('80,50');
    expect(plainBrl(1234.56)).toBe('1234,56');
  });

  it('keeps digits and one decimal comma with two decimals, capped when asked', () => {
    expect(normaliseAmountInput('0060')).toBe('60');
    expect(normaliseAmountInput('60.5')).toBe('60,5');
    expect(normaliseAmountInput('60,555')).toBe('60,55');
    expect(normaliseAmountInput('6,0,5')).toBe('6,05');
    expect(normaliseAmountInput(',5')).toBe('0,5');
    expect(normaliseAmountInput('abc')).toBe('');
    expect(normaliseAmountInput('150', 99.9)).toBe('99,90');
    expect(normaliseAmountInput('50', 99.9)).toBe('50');
  });

  it('reads an amount field', () => {
    expect(parseAmountInput('60,50')).toBe(60.5);
    expect(parseAmountInput('60,')).toBe(60);
    expect(parseAmountInput('')).toBeNaN();
    expect(amountInputCents('0,1')).toBe(10);
    expect(amountInputCents('')).toBeNull();
  });

  it('counts down in HH:MM:SS and shows fractions as percentages', () => {
    expect(formatCountdown(86_400_000)).toBe('24:00:00');
    expect(formatCountdown(61_500)).toBe('00:01:02');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatPercent(0.02)).toBe('2%');
    expect(formatPercent(0.015)).toBe('1,5%');
  });
});

describe('wallet texts and tables', () => {
  it("keeps the specification's Portuguese texts exactly", () => {
    expect(ptBR.dict.selectRechargeAmount).toBe('Por favor, selecione o montante de recarga');
    expect(ptBR.kyc.warning).toBe(
      'Por favor, assegure-se da veracidade das informações acima para garantir a segurança dos seus fundos.',
    );
    expect(ptBR.kyc.done).toBe('Terminar');
    expect(ptBR.deposit.paid).toBe('sucesso');
    expect(ptBR.deposit.gamePaid).toBe('Recarga bem-sucedida, continue fazendo apostas');
    expect(ptBR.payment.recharged).toBe('Recarregado');
    expect(ptBR.testAccount.copied).toBe('A cópia foi bem-sucedida');
    expect([ptBR.deposit.hoursValue, ptBR.withdraw.unlimited]).toEqual(['00:00-24:00', 'ilimitado']);
  });

  it('has VIP 0 to 12 with five values each', () => {
    expect(VIP_TABLE.map((row) => row.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const row of VIP_TABLE) expect(Object.keys(row)).toHaveLength(6);
  });
});

describe('"Outro valor" reads an amount as a Brazilian types it', () => {
  it.each([
    ['75', 75],
    ['75,5', 75.5],
    ['75,50', 75.5],
    ['75.50', 75.5],
    ['R$ 1.500', 1500],
    ['1.500,25', 1500.25],
    [' 200 ', 200],
  ])('%s is %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });
  it.each(['', '0', '12,345', '1,2,3', 'abc', '-5', '1e3'])('%s is no amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});
