import { afterEach, describe, expect, it } from 'vitest';
import ptBR from '../../assets/locales/pt_BR.json';
import { FIRST_PAGE_TEXTS, splitTexts, type Texts } from '../../src/lib/first-page-texts';
import i18n, { currentLanguage, laterTexts, setLanguage, UI_LANGUAGES } from '../../src/lib/i18n';

describe('interface languages', () => {
  afterEach(async () => {
    await setLanguage('pt_BR');
  });

  it('bundles only pt_BR; another language is fetched when chosen, then shown', async () => {
    expect(UI_LANGUAGES[0]).toBe('pt_BR');
    expect(UI_LANGUAGES).toContain('en_US');
    expect(i18n.hasResourceBundle('en_US', 'translation')).toBe(false);
    expect(i18n.t('footer.language')).toBe('Idioma');

    await setLanguage('en_US');

    expect(i18n.hasResourceBundle('en_US', 'translation')).toBe(true);
    expect(currentLanguage()).toBe('en_US');
    expect(i18n.t('footer.language')).toBe('Language');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('lang')).toBe('en_US');
  });
});

/** Every key path of `texts` with its text. */
function leaves(texts: Texts, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

describe("pt_BR's two parts", () => {
  it('are the whole file between them, each text in exactly one', () => {
    const { first, later } = splitTexts(ptBR, FIRST_PAGE_TEXTS);
    const all = leaves(ptBR);
    const parts = [...leaves(first), ...leaves(later)];
    expect(parts).toHaveLength(all.length);
    expect(new Map(parts)).toEqual(new Map(all));
  });

  it("take a path's wildcard for every key at its level", () => {
    const texts = { games: { open: 'Abrir', dice: { name: 'Dice', rules: 'r' }, mines: { name: 'Mines' } } };
    expect(splitTexts(texts, ['games.*.name'])).toEqual({
      first: { games: { dice: { name: 'Dice' }, mines: { name: 'Mines' } } },
      later: { games: { open: 'Abrir', dice: { rules: 'r' } } },
    });
  });

  it('leave most of the texts to the pages that load later', () => {
    const { first } = splitTexts(ptBR, FIRST_PAGE_TEXTS);
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(ptBR).length / 3);
  });

  it('shows a later text once the rest has been added', async () => {
    await laterTexts();
    expect(i18n.t('wallet.title')).toBe(ptBR.wallet.title);
  });
});
