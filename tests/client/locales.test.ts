import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEYS } from '../../domain/languages';
import { PT_MARKET_WORDS } from '../../domain/sports/market-words';

/**
 * Every language file must carry every text of pt_BR (the reference): a missing key shows pt_BR to a
 * player who chose another language, an extra key is a typo nobody reads, and a lost `{{placeholder}}`
 * drops an amount or a name from the sentence.
 */

type Tree = { [key: string]: string | Tree };

// Read as text and parsed here: the JSON modules themselves are the objects i18next was given, and
// it adds the console's texts into those objects when the console loads.
const files = import.meta.glob<string>('../../assets/locales/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const locales: Record<string, Tree> = Object.fromEntries(
  Object.entries(files).map(([path, text]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), JSON.parse(text)]),
);
const reference = locales.pt_BR as Tree;

/** Flattens a locale tree to `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** i18next's plural suffixes (Intl.PluralRules categories). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The categories i18next selects for whole counts in `lang` (pt's `many` only applies to 1e6-style exponents). */
function pluralCategories(lang: string): string[] {
  const rules = new Intl.PluralRules(lang.replace('_', '-'));
  const used = new Set<string>(['other']);
  for (let n = 0; n <= 1000; n += 1) used.add(rules.select(n));
  return [...used].sort();
}

/** pt_BR's keys as `lang` needs them: a plural group of pt_BR becomes the group with `lang`'s categories. */
function expectedKeys(lang: string): Map<string, string> {
  const expected = new Map<string, string>();
  for (const key of flatten(reference).keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) expected.set(key, key);
    else
      for (const category of pluralCategories(lang)) {
        // pt_BR's `_other` text is the one whose placeholders every form of `lang` must keep.
        const target = `${base}_${category}`;
        if (!expected.has(target) || key.endsWith('_other')) expected.set(target, key);
      }
  }
  return expected;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '');

/** Every language of the specification that names a real language (nr_NR does not: docs/decisions.md). */
const TRANSLATED = LANGUAGE_KEYS.filter((key) => key !== 'nr_NR');

describe('locale files', () => {
  it('exist for every language of the specification', () => {
    expect(Object.keys(locales).sort()).toEqual([...TRANSLATED].sort());
  });

  it("pt_BR's market words are the server's, so a name reads the same before and after the page builds it", () => {
    // The server stores names built from PT_MARKET_WORDS; other languages build them from their
    // sports.markets, whose keys follow pt_BR's.
    expect((reference.sports as Tree).markets).toEqual(PT_MARKET_WORDS);
  });

  it('pt_BR has no empty text', () => {
    expect([...flatten(reference)].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(TRANSLATED)('%s: the side menu names each page as the page titles itself', (lang) => {
    // A player who taps "Bônus" and lands on "Promoções" wonders where they are (issue 18).
    const texts = flatten(locales[lang] ?? {});
    const pairs = [
      ['settings.home', 'pages.home.title'],
      ['settings.bonuses', 'pages.bonuspage.title'],
      ['settings.vip', 'pages.vip.title'],
      ['settings.history', 'pages.gameMess.title'],
      ['settings.promotions', 'pages.gamebouns.title'],
    ];
    for (const [label, title] of pairs) expect(texts.get(label!), `${lang} ${label}`).toBe(texts.get(title!));
  });

  describe.each(TRANSLATED.filter((lang) => lang !== 'pt_BR'))('%s', (lang) => {
    const texts = flatten(locales[lang] ?? {});
    const expected = expectedKeys(lang);

    it("has exactly pt_BR's keys (with its own plural forms)", () => {
      const missing = [...expected.keys()]
        .filter((key) => !texts.has(key))
        .map((key) => `${lang} lacks ${key}`);
      const extra = [...texts.keys()]
        .filter((key) => !expected.has(key))
        .map((key) => `${lang} has extra ${key}`);
      expect([...missing, ...extra]).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...texts].filter(([, text]) => text.trim() === '').map(([key]) => `${lang} ${key}`);
      expect(empty).toEqual([]);
    });

    it("keeps every placeholder of pt_BR's text", () => {
      const ref = flatten(reference);
      const lost: string[] = [];
      for (const [key, source] of expected) {
        const text = texts.get(key);
        if (text === undefined) continue;
        for (const name of placeholders(ref.get(source) ?? '')) {
          if (!placeholders(text).includes(name)) lost.push(`${lang} ${key} lacks {{${name}}}`);
        }
      }
      expect(lost).toEqual([]);
    });
  });
});

/** The operator console's own texts (src/admin/locales): pt_BR, the reference, and en_US. */
describe('operator console texts', () => {
  const consoleFiles = import.meta.glob<string>('../../src/admin/locales/*.json', {
    eager: true,
    query: '?raw',
    import: 'default',
  });
  const byLang: Record<string, Tree> = Object.fromEntries(
    Object.entries(consoleFiles).map(([path, text]) => [
      path.replace(/^.*\/(\w+)\.json$/, '$1'),
      JSON.parse(text),
    ]),
  );

  it('exist in pt_BR and en_US only, with the same keys and placeholders', () => {
    expect(Object.keys(byLang).sort()).toEqual(['en_US', 'pt_BR']);
    const pt = flatten(byLang.pt_BR ?? {});
    const en = flatten(byLang.en_US ?? {});
    const problems: string[] = [];
    for (const [key, text] of pt) {
      const other = en.get(key);
      if (other === undefined) problems.push(`en_US lacks ${key}`);
      else if (other.trim() === '' || text.trim() === '') problems.push(`empty ${key}`);
      else
        for (const name of placeholders(text))
          if (!placeholders(other).includes(name)) problems.push(`en_US ${key} lacks {{${name}}}`);
    }
    for (const key of en.keys()) if (!pt.has(key)) problems.push(`en_US has extra ${key}`);
    expect(problems).toEqual([]);
  });

  it("never ride in the player's locale files", () => {
    expect(
      Object.entries(locales)
        .filter(([, tree]) => 'admin' in tree)
        .map(([lang]) => lang),
    ).toEqual([]);
  });
});
