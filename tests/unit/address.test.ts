import { describe, expect, it } from 'vitest';
import { addressKey } from '../../domain/address';
import { kycAddressSchema } from '../../domain/schemas/kyc.schema';

const base = {
  cep: '80010-000',
  street: 'Rua das Flores',
  number: '120',
  complement: 'Apto 12',
  district: 'Centro',
  city: 'Curitiba',
  uf: 'PR',
};
/** The key of an address as the server would keep it (parsed first, as the route does). */
const keyOf = (change: Partial<typeof base>) =>
  addressKey(kycAddressSchema.parse({ ...base, cep: '80010-100', ...change }));

describe('which addresses are one home (multi-accounting, red-team review)', () => {
  it.each([
    ['a leading zero', { number: '0120' }],
    ['full-width digits', { number: '１２０' }],
    ['"ap. 12"', { complement: 'ap. 12' }],
    ['"Apartamento 12"', { complement: 'Apartamento 12' }],
    ['a Cyrillic look-alike in the complement', { complement: 'Аpto 12' }],
    ['a zero-width joiner in the number', { number: '12\u200d0' }],
    ['another spelling of the street', { street: 'R. das Flores' }],
  ])('%s is the same home', (_, change) => expect(keyOf(change)).toBe(keyOf({})));

  it.each([
    ['another flat', { complement: 'Apto 13' }],
    ['another house', { number: '122' }],
    ['no flat', { complement: '' }],
  ])('%s is another home', (_, change) => expect(keyOf(change)).not.toBe(keyOf({})));

  it('on a CEP that covers a whole town, or a house without a number, the street tells homes apart', () => {
    const farm = (street: string, number = 'S/N') =>
      keyOf({ cep: '38400-000', street, number, complement: '' });
    expect(farm('Estrada do Sítio')).not.toBe(farm('Rodovia BR 050'));
    expect(farm('Estrada do Sítio', 's/n')).toBe(farm('Estrada do Sitio'));
    expect(keyOf({ cep: '38400-000', street: 'Rua A' })).not.toBe(
      keyOf({ cep: '38400-000', street: 'Rua B' }),
    );
  });
});

describe('what an address line accepts', () => {
  it.each([
    ['a control character', { street: 'Rua \u001b[31mX' }],
    ['a Hangul filler for a number', { number: '\u3164' }],
    ['a braille blank for a number', { number: '\u2800' }],
    ['a word for a number', { number: 'cento' }],
    ['a tag character only', { district: '\udb40\udc41\udb40\udc42' }],
    ['markup', { street: 'Rua <b>X</b>' }],
  ])('%s is refused', (_, change) =>
    expect(kycAddressSchema.safeParse({ ...base, ...change }).success).toBe(false),
  );

  it.each([
    ['S/N', { number: 'S/N' }],
    ['120A', { number: '120A' }],
    ['an apostrophe and º', { street: "Rua D'Ávila nº 2" }],
    ['a bidi isolate, dropped', { street: 'Rua \u2066X\u2069' }],
  ])('%s is accepted', (_, change) =>
    expect(kycAddressSchema.safeParse({ ...base, ...change }).success).toBe(true),
  );
});
