import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, passwordProblem, suggestEmails } from '../../domain/identity';
import { levelImageIndex } from '../../domain/codes';
import { translate } from '../../domain/messages';

describe('CPF and CNPJ', () => {
  it('accepts CPFs with valid check digits, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247255')).toBe(false);
    expect(isValidCpf('abc.def.ghi-jk')).toBe(false);
  });
  it('checks CNPJ digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});

describe('password policy', () => {
  it('wants 8 to 64 characters and no common password', () => {
    expect(passwordProblem('curta')).toBe('length');
    expect(passwordProblem('x'.repeat(65))).toBe('length');
    expect(passwordProblem('Password123')).toBe('common');
    expect(passwordProblem('Flamengo1')).toBe('common');
    expect(passwordProblem('Trevo#Forte2026')).toBeNull();
    expect(passwordProblem('🍀🍀🍀🍀🍀🍀🍀🍀')).toBeNull();
  });
});

describe('e-mail suggestions', () => {
  it('completes the domain the player started typing', () => {
    expect(suggestEmails('ana@g')).toEqual(['ana@gmail.com']);
    expect(suggestEmails('ana')).toContain('ana@hotmail.com');
    expect(suggestEmails('ana@gmail.com')).toEqual([]);
    expect(suggestEmails('@x')).toEqual([]);
  });
});

describe('codes and messages', () => {
  it('caps the level image index above 23 to the first image', () => {
    expect(levelImageIndex(23)).toBe(23);
    expect(levelImageIndex(24)).toBe(0);
  });
  it('keeps the specification texts exactly and fills parameters', () => {
    expect(translate('resetIncomplete', 'pt_BR')).toBe('Por favor, preencha as informações completamente！');
    expect(translate('loginRequired', 'pt_BR')).toBe('Por favor, faça login primeiro');
    expect(translate('tooManyAttempts', 'en_US', { seconds: 8 })).toBe('Too many attempts. Try again in 8 s');
    expect(translate('ok', 'ja_JP')).toBe('sucesso');
  });
});
