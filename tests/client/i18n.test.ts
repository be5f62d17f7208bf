import { afterEach, describe, expect, it } from 'vitest';
import i18n, { currentLanguage, setLanguage, UI_LANGUAGES } from '../../src/lib/i18n';

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
