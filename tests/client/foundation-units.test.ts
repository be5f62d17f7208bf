import { beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../assets/locales/en_US.json';
import ptBR from '../../assets/locales/pt_BR.json';
import { abbreviateCount, formatMultiplier, maskCpf, maskPhone } from '../../src/lib/format';
import { dateTimeFormat, numberFormat } from '../../src/lib/intl';
import { layoutFor, rootFontSize } from '../../src/lib/layout-mode';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { computeDeviceId, deviceId, deviceType, sha256Hex } from '../../src/lib/device';
import { clearAll, readItem, writeItem } from '../../src/lib/storage';
import { captureLandingParams, parseLandingPath } from '../../src/shell/app/landing';

beforeEach(() => localStorage.clear());

describe('landing paths', () => {
  it.each([
    ['/yABCD', { kind: 'invite', code: 'ABCD' }],
    ['/yAmigo2026Trevo1', { kind: 'invite', code: 'Amigo2026Trevo1' }],
    ['/zgoAbc_123-xyz', { kind: 'handoff', code: 'Abc_123-xyz' }],
  ])('recognises %s', (path, expected) => {
    expect(parseLandingPath(path)).toEqual(expected);
  });

  it.each(['/yABC', '/yABCDEFGHIJKLMNOPQ', '/y-abc', '/zgoshort', '/home2', '/yABCD/x', '/'])(
    'sends %s to /',
    (path) => {
      expect(parseLandingPath(path)).toBeNull();
    },
  );

  it('stores app mode and the pixel id from the query', () => {
    expect(captureLandingParams('?isapp=1&pixelid=px_77')).toBe(true);
    expect(readItem('isapp')).toBe('1');
    expect(readItem('pixelId')).toBe('px_77');
    expect(captureLandingParams('?isapp=0')).toBe(true);
    expect(readItem('isapp')).toBe('0');
    expect(captureLandingParams('?foo=1')).toBe(false);
  });
});

describe('storage', () => {
  it('logout clears the player but keeps the device settings', () => {
    for (const key of [
      'token',
      'pixelId',
      'apiKey',
      'userInfo',
      'lang',
      'yqm',
      'isapp',
      'deviceId',
    ] as const) {
      writeItem(key, `v-${key}`);
    }
    clearAll();
    expect(['token', 'pixelId', 'userInfo', 'yqm'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(readItem('lang')).toBe('v-lang');
    expect(readItem('isapp')).toBe('v-isapp');
    expect(readItem('apiKey')).toBe('v-apiKey');
    expect(readItem('deviceId')).toBe('v-deviceId');
  });
});

describe('device', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile', 'app'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'app'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'app'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0', 'web'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', 'web'],
  ])('%s is %s', (ua, type) => {
    expect(deviceType(ua)).toBe(type);
  });

  it('fingerprints the browser as a stable sha256 hex digest', async () => {
    expect(await computeDeviceId()).toMatch(/^[0-9a-f]{64}$/);
    expect(await computeDeviceId()).toBe(await computeDeviceId());
    // A salt tells two browsers with identical properties apart.
    expect(await computeDeviceId('a')).not.toBe(await computeDeviceId('b'));
  });

  it('hashes with Web Crypto, or with JavaScript where the page is not a secure context', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(await sha256Hex('abc')).toBe(abc);
    expect(await sha256Hex('ação|390')).toBe(bytesToHex(sha256(utf8ToBytes('ação|390'))));
    // Without Web Crypto's digest (plain http away from localhost) the same digest comes from code.
    const subtle = vi.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as never);
    try {
      expect(await sha256Hex('abc')).toBe(abc);
    } finally {
      subtle.mockRestore();
    }
  });

  it('draws a new device id for a browser without one, and keeps it', async () => {
    localStorage.removeItem('deviceId');
    // Requests sent together on a first visit carry one id.
    const [first, same] = await Promise.all([deviceId(), deviceId()]);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(same).toBe(first);
    expect(await deviceId()).toBe(first);
    localStorage.removeItem('deviceId');
    // Same properties, another browser: another id.
    expect(await deviceId()).not.toBe(first);
  });
});

describe('layout (spec 9)', () => {
  it('sets the root font to width / 3.93 on mobile and width / 120 on the web', () => {
    expect(rootFontSize(layoutFor(393, true), 393)).toBeCloseTo(100);
    expect(rootFontSize(layoutFor(390, false), 390)).toBeCloseTo(390 / 3.93);
    expect(rootFontSize(layoutFor(1440, false), 1440)).toBeCloseTo(12);
  });

  it('keeps the narrow fixed width on app devices, even on a wide screen', () => {
    const tablet = layoutFor(1024, true);
    expect(tablet.mode).toBe('mobile');
    expect(rootFontSize(tablet, 1024)).toBeCloseTo(480 / 3.93);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K+'],
    [1999, '1,9K+'],
    [12_345, '12,3K+'],
    [123_456, '123K+'],
    [2_500_000, '2,5M+'],
    [3_000_000_000, '3B+'],
  ])('abbreviates %d as %s', (value, text) => {
    expect(abbreviateCount(value)).toBe(text);
  });

  it("abbreviates in the reader's locale, with one formatter per locale and options", () => {
    expect(abbreviateCount(1_999, 'en-US')).toBe('1.9K+');
    expect(abbreviateCount(999, 'en-US')).toBe('999');
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 })).toBe(
      numberFormat('pt-BR', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 })).not.toBe(
      numberFormat('pt-BR', { maximumFractionDigits: 0 }),
    );
    expect(numberFormat('pt-BR', {})).not.toBe(numberFormat('en-US', {}));
    const hm = { hour: '2-digit', minute: '2-digit' } as const;
    expect(dateTimeFormat('pt-BR', hm)).toBe(dateTimeFormat('pt-BR', { ...hm }));
    expect(dateTimeFormat('pt-BR', hm).format(new Date(2026, 0, 2, 9, 5))).toBe('09:05');
  });

  it("prints a multiplier cut to the cent, in pt-BR or the reader's locale", () => {
    expect(formatMultiplier(1.2857)).toBe('1,28×');
    expect(formatMultiplier(1429.969)).toBe('1.429,96×');
    expect(formatMultiplier(1.999, 'en-US')).toBe('1.99×');
    expect(formatMultiplier(2, 'ru-RU')).toBe('2,00×');
  });

  it('masks a CPF and a mobile number while typing', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
  });
});

describe('locale files', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

  it('en_US has exactly the keys of pt_BR, none empty', () => {
    // Plural forms follow each language's rules (pt_BR may add `_zero`): locales.test.ts checks
    // them per language; here every text is there under its base key.
    const base = (list: string[]) =>
      [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base(keys(enUS))).toEqual(base(keys(ptBR)));
    const values = (v: unknown): string[] =>
      v && typeof v === 'object' ? Object.values(v).flatMap(values) : [String(v)];
    expect(values(ptBR).filter((v) => v.trim() === '')).toEqual([]);
    expect(values(enUS).filter((v) => v.trim() === '')).toEqual([]);
  });

  it("keeps the specification's Portuguese texts exactly", () => {
    expect(ptBR.dict.loginFirst).toBe('Por favor, faça login primeiro');
    expect(ptBR.common.understood).toBe('Eu entendi');
    expect(ptBR.auth.acceptTerms).toBe('Por favor, aceite os termos de serviço');
    expect(ptBR.auth.verify).toBe('Por favor verifique');
    expect(ptBR.reset.incomplete).toBe('Por favor, preencha as informações completamente！');
    expect(ptBR.auth.loginTab).toBe('Autenticar-se');
    expect(ptBR.auth.registerTab).toBe('Cadastre-se');
    expect([
      ptBR.menu.deposit,
      ptBR.menu.withdraw,
      ptBR.menu.account,
      ptBR.menu.vip,
      ptBR.menu.records,
      ptBR.menu.changePassword,
      ptBR.menu.logout,
    ]).toEqual(['Depósito', 'Retirar', 'Conta', 'Nível VIP', 'Registros', 'Mudar senha', 'Sair']);
    expect(ptBR.footer.copyright).toBe('Trevo © 2019-2026');
  });
});
