import { describe, expect, it } from 'vitest';
import { centsToBrl, formatBrl, parseAmount } from '../../domain/money';

describe('parseAmount', () => {
  it.each([
    [12, 1200],
    [12.5, 1250],
    ['100', 10000],
    ['12.50', 1250],
    ['0.01', 1],
    [0.1, 10],
    ['999999999999.99', 99999999999999],
  ])('reads %j as %i centavos', (input, cents) => {
    expect(parseAmount(input, Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, cents });
  });

  it.each([
    '1e2',
    '0x10',
    '+5',
    '-5',
    ' 5',
    '5 ',
    '5.',
    '.5',
    '0.001',
    '12.345',
    '01',
    'NaN',
    'Infinity',
    '',
    '1,50',
    NaN,
    Infinity,
    -1,
    1e21,
    0.001,
    null,
    undefined,
    true,
    {},
    [],
    '9'.repeat(400),
    2 ** 53 + 1,
  ])('refuses %j', (input) => {
    expect(parseAmount(input).ok).toBe(false);
  });

  it('refuses zero and amounts above the bound', () => {
    expect(parseAmount(0)).toEqual({ ok: false, reason: 'range' });
    expect(parseAmount('0.00')).toEqual({ ok: false, reason: 'range' });
    expect(parseAmount(10.01, 1000)).toEqual({ ok: false, reason: 'range' });
    expect(parseAmount(10, 1000)).toEqual({ ok: true, cents: 1000 });
  });
});

describe('money display', () => {
  it('shows two decimals in the Brazilian format with R$', () => {
    expect(formatBrl(123456)).toBe('R$ 1.234,56');
    expect(formatBrl(5)).toBe('R$ 0,05');
    expect(centsToBrl(1250)).toBe(12.5);
  });
});
