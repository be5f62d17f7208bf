import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../../domain/messages';

/**
 * One word family for taking money out, in Brazilian usage: "sacar" / "saque". A player met
 * "Retirar", "Sacar" and "Saque" for the same act. "Retirar" stays only where the specification
 * names it (the myPop button, and the wallet popup's tab that button opens).
 */

/** Portugal's and other families' words for a withdrawal or a cash-out. */
const OTHER_WORDS = /\b(retir|levant|resgat)/i;
/** The texts that keep the specification's "Retirar". */
const SPEC_TEXTS = new Set(['menu.withdraw', 'wallet.withdrawTab']);

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

describe('the words for a withdrawal', () => {
  it("are 'sacar' / 'saque' in the Portuguese texts, the specification's 'Retirar' aside", () => {
    const texts = flatten(JSON.parse(readFileSync('assets/locales/pt_BR.json', 'utf8')) as Tree);
    const others = texts.filter(([key, text]) => OTHER_WORDS.test(text) && !SPEC_TEXTS.has(key));
    expect(others).toEqual([]);
    expect(texts.filter(([key]) => SPEC_TEXTS.has(key)).map(([, text]) => text)).toEqual([
      'Retirar',
      'Retirar',
    ]);
  });

  it("are 'sacar' / 'saque' in the server's Portuguese messages", () => {
    const source = readFileSync('domain/messages.ts', 'utf8');
    const keys = [...source.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]!).filter(isMessageKey);
    const others = keys
      .map((key) => [key, translate(key, 'pt_BR')])
      .filter(([, text]) => OTHER_WORDS.test(text!));
    expect(others).toEqual([]);
    expect(translate('minesNoGem', 'pt_BR')).toBe('Revele ao menos uma casa antes de sacar');
  });
});
