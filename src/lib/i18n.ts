import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../../assets/locales/en_US.json';
import ptBR from '../../assets/locales/pt_BR.json';
import { DEFAULT_LANGUAGE, toLanguageKey, type LanguageKey } from '../../domain/languages';
import { readItem, writeItem } from '../services/storage';

/**
 * Every text of the interface comes from `assets/locales/<lang>.json`. pt_BR is the default and the
 * reference; a stored language without a locale file falls back to it. The files are small, so they
 * are bundled rather than fetched: the first paint never waits for a translation.
 */

const resources = {
  pt_BR: { translation: ptBR },
  en_US: { translation: enUS },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ptBR };
  }
}

/** Languages that have a locale file, in the order the language picker shows them. */
export const UI_LANGUAGES = Object.keys(resources) as (keyof typeof resources)[];
export type UiLanguage = (typeof UI_LANGUAGES)[number];

function toUiLanguage(key: LanguageKey): UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(key) ? (key as UiLanguage) : 'pt_BR';
}

/** `pt_BR` → `pt-BR`, for the document's `lang` attribute and Intl formatters. */
export function bcp47(key: string): string {
  return key.replace('_', '-');
}

const initial = toUiLanguage(toLanguageKey(readItem('lang')));

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = bcp47(initial);

/** Switches the interface and the `lang` header to `key`, and remembers it. */
export async function setLanguage(key: UiLanguage): Promise<void> {
  writeItem('lang', key);
  await i18n.changeLanguage(key);
  if (typeof document !== 'undefined') document.documentElement.lang = bcp47(key);
}

/** The language the interface is showing. */
export function currentLanguage(): UiLanguage {
  return toUiLanguage(toLanguageKey(i18n.language));
}

export default i18n;
