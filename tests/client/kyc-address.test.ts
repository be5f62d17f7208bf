import { describe, expect, it } from 'vitest';
import { maskCep } from '../../src/shell/wallet/kyc-address';

describe('the CEP as the player types it', () => {
  it.each([
    ['0131', '0131'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['01310-100', '01310-100'],
    ['01.310-100 9', '01310-100'],
    ['abc', ''],
  ])('%s reads %s', (typed, shown) => expect(maskCep(typed)).toBe(shown));
});
